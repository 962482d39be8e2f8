import { PlusOutlined } from '@ant-design/icons';
import { WORK_ORDER_CATEGORIES, WORK_ORDER_EDIT, WORK_ORDER_STATUSES, type WorkOrderView } from '@wfsaas/contracts';
import { Button, Flex, Form, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCanOpen, usePermissions } from '../../../app/routing/PermissionContext.ts';
import { formatDateTime } from '../../../app/ui/format.ts';
import { int, oneOf, text } from '../../../app/ui/list-query.ts';
import { ListScreen } from '../../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useListQuery } from '../../../app/ui/use-list-query.ts';
import { NewWorkOrderDrawer } from './NewWorkOrderDrawer.tsx';
import { workOrderDetailPath, workOrderStatusTone } from './work-order-format.ts';
import { useWorkOrderCounts, useWorkOrderPage } from './work-orders.api.ts';

const TABS = [{ key: 'all', label: '全部' }, ...WORK_ORDER_STATUSES.map((s) => ({ key: String(s.value), label: s.label }))];
const SCHEMA = { tab: oneOf(TABS.map((t) => t.key)), keyword: text, category: int };

/** /orderManagement (工单管理): the company's tickets to the platform, by status, with 新建工单. */
export default function WorkOrderListPage() {
  const { map } = usePermissions();
  const canEdit = map[WORK_ORDER_EDIT] === true;
  const canOpenDetail = useCanOpen()('managementDetail');
  const query = useListQuery({ name: 'work-orders', schema: SCHEMA, defaults: { tab: 'all' } });
  const { tab, keyword, category } = query.filters;
  const page = useWorkOrderPage({ ...query.page, status: !tab || tab === 'all' ? undefined : Number(tab), keyword: keyword || undefined, category });
  const counts = useWorkOrderCounts();
  const [adding, setAdding] = useState(false);
  const tabCounts = counts.data ? { all: counts.data.all, ...counts.data.byStatus } : undefined;

  const columns: TableColumnsType<WorkOrderView> = [
    { title: '工单编号', dataIndex: 'orderNo', key: 'orderNo', width: 150, fixed: 'left', render: (v: string, r) => (canOpenDetail ? <Link to={workOrderDetailPath(r)}>{v}</Link> : v) },
    {
      title: '标题',
      dataIndex: 'title',
      key: 'title',
      width: 280,
      ellipsis: true,
      render: (v: string, r) => (
        <Flex gap={6} align="center">
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{v}</span>
          {r.locked && <Tag>已锁定</Tag>}
        </Flex>
      ),
    },
    { title: '类型', dataIndex: 'categoryLabel', key: 'categoryLabel', width: 110 },
    { title: '状态', dataIndex: 'status', key: 'status', width: 100, render: (v: number, r) => <StatusTag tone={workOrderStatusTone(v)}>{r.statusLabel}</StatusTag> },
    { title: '沟通', dataIndex: 'messageCount', key: 'messageCount', width: 80, align: 'right', render: (v: number) => `${v} 条` },
    { title: '提交人', dataIndex: 'createdByName', key: 'createdByName', width: 140, ellipsis: true },
    { title: '联系电话', dataIndex: 'contactPhone', key: 'contactPhone', width: 130, render: (v: string) => v || '—' },
    { title: '评价', dataIndex: 'rating', key: 'rating', width: 110, render: (v: number | null) => (v ? <Typography.Text style={{ color: '#faad14' }}>{'★'.repeat(v)}</Typography.Text> : '—') },
    { title: '提交时间', dataIndex: 'createdAt', key: 'createdAt', width: 160, render: (v: string) => formatDateTime(v) },
    { title: '更新时间', dataIndex: 'updatedAt', key: 'updatedAt', width: 160, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_: unknown, r) =>
        canOpenDetail ? (
          <Link to={workOrderDetailPath(r)} className="work-order-open">
            查看
          </Link>
        ) : null,
    },
  ];

  return (
    <ListScreen<WorkOrderView, typeof SCHEMA>
      className="work-order-page"
      title="工单管理"
      description="使用中遇到问题、需要咨询或有建议，可以提交工单，平台客服会在工单中回复；处理完毕后请确认并评价。"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} className="work-order-add" onClick={() => setAdding(true)}>
            新建工单
          </Button>
        )
      }
      query={query}
      formName="work-order-query"
      fields={
        <>
          <Form.Item name="keyword" label="关键词">
            <Input allowClear placeholder="工单编号或标题" maxLength={60} />
          </Form.Item>
          <Form.Item name="category" label="工单类型">
            <Select allowClear placeholder="全部" options={WORK_ORDER_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))} />
          </Form.Item>
        </>
      }
      tabs={{ filter: 'tab', items: TABS, counts: tabCounts, className: 'work-order-tabs' }}
      table={{
        rowKey: 'id',
        className: 'work-order-table',
        columns,
        result: page,
        scroll: { x: 1500 },
        chooser: { list: 'work-orders' },
        empty: canEdit ? '暂无工单，遇到问题可点击新建工单' : '暂无工单',
      }}
    >
      <NewWorkOrderDrawer open={adding} onClose={() => setAdding(false)} />
    </ListScreen>
  );
}
