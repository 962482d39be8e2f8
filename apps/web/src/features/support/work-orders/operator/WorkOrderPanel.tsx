import type { OpWorkOrderDetail, OpWorkOrderView } from '@wfsaas/contracts';
import { WORK_ORDER_STATUSES } from '@wfsaas/contracts';
import { App, Badge, Button, Descriptions, Drawer, Flex, Input, Rate, Segmented, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../../app/ui/format.ts';
import { StatusTag } from '../../../../app/ui/StatusTag.tsx';
import { serverPagination } from '../../../../app/ui/table.ts';
import { useAction } from '../../../../app/ui/use-action.ts';
import { FileLinks, MessageThread, ReplyBox } from '../Conversation.tsx';
import { workOrderStatusTone } from '../work-order-format.ts';
import { operatorWorkOrderCalls, useInvalidateOperatorWorkOrders, useOperatorWorkOrderCounts, useOperatorWorkOrderDetail, useOperatorWorkOrderPage } from '../work-orders.api.ts';

type Ref = { companyId: number; id: number };

/** 平台运营 · 工单处理: every company's tickets (open ones first: 待受理, then those awaiting a reply, oldest first); open one to answer it. */
export default function WorkOrderPanel() {
  const [status, setStatus] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const page = useOperatorWorkOrderPage({ ...paging, status, keyword: keyword.trim() || undefined });
  const counts = useOperatorWorkOrderCounts();
  const [opened, setOpened] = useState<Ref | null>(null);
  const c = counts.data;
  const choices = [{ value: 0, label: `未完结 ${c?.open ?? ''}`.trim() }, ...WORK_ORDER_STATUSES.map((s) => ({ value: s.value, label: `${s.label} ${c?.byStatus[String(s.value)] ?? ''}`.trim() }))];

  const columns: TableColumnsType<OpWorkOrderView> = [
    { title: '企业', dataIndex: 'companyName', width: 180, ellipsis: true },
    { title: '工单编号', dataIndex: 'orderNo', width: 140 },
    {
      title: '标题',
      dataIndex: 'title',
      width: 240,
      ellipsis: true,
      render: (v: string, r) => (
        <Space size={4}>
          {r.awaitingPlatform && r.status <= 3 && <Badge status="error" />}
          <span>{v}</span>
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'categoryLabel', width: 90 },
    { title: '状态', dataIndex: 'status', width: 140, render: (v: number, r) => (
      <Space size={4}>
        <StatusTag tone={workOrderStatusTone(v)}>{r.statusLabel}</StatusTag>
        {r.locked && <Tag color="red">已锁定</Tag>}
      </Space>
    ) },
    { title: '待平台回复', dataIndex: 'awaitingPlatform', width: 90, render: (v: boolean, r) => (v && r.status <= 3 ? <Typography.Text type="danger">待回复</Typography.Text> : '—') },
    { title: '提交人', dataIndex: 'createdByName', width: 130, ellipsis: true },
    { title: '提交时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button type="link" size="small" className="op-work-order-open" onClick={() => setOpened({ companyId: r.companyId, id: r.id })}>
          处理
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} className="work-order-panel">
      <Flex gap={12} wrap align="center" justify="space-between">
        <Segmented
          value={status}
          options={choices}
          onChange={(v) => {
            setStatus(Number(v));
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        <Space>
          {c && c.awaitingPlatform > 0 && <Typography.Text type="danger">{c.awaitingPlatform} 个工单待平台回复</Typography.Text>}
          <Input.Search allowClear placeholder="企业名称、工单编号或标题" style={{ width: 260 }} onSearch={(v) => { setKeyword(v); setPaging((p) => ({ ...p, pageNum: 1 })); }} />
        </Space>
      </Flex>
      <Table<OpWorkOrderView>
        rowKey={(r) => `${r.companyId}-${r.id}`}
        className="op-work-order-table"
        columns={columns}
        dataSource={page.data?.data ?? []}
        loading={page.isFetching}
        scroll={{ x: 1240 }}
        pagination={serverPagination(paging, page.data?.pageMessage, setPaging)}
        locale={{ emptyText: status === 0 ? '暂无待处理的工单' : '暂无工单' }}
      />
      <Drawer title="工单处理" open={opened !== null} onClose={() => setOpened(null)} size={760} destroyOnHidden className="op-work-order-drawer">
        {opened && <TicketDrawerBody at={opened} />}
      </Drawer>
    </Flex>
  );
}

function TicketDrawerBody({ at }: { at: Ref }) {
  const { modal } = App.useApp();
  const detail = useOperatorWorkOrderDetail(at);
  const invalidate = useInvalidateOperatorWorkOrders();
  const accept = useAction(() => operatorWorkOrderCalls.accept(at), { success: '已受理', invalidate });
  const resolve = useAction(() => operatorWorkOrderCalls.resolve(at), { success: '已标记为已解决，等待企业确认', invalidate });
  const close = useAction(() => operatorWorkOrderCalls.close(at), { success: '工单已关闭', invalidate });
  const lock = useAction((locked: boolean) => operatorWorkOrderCalls.lock(at, locked), { success: (r) => (r.locked ? '工单已锁定' : '工单已解锁'), invalidate });
  const reply = useAction((content: string, files: File[]) => operatorWorkOrderCalls.reply(at, content, files), { success: '回复已发送', invalidate });
  const download = useAction((f: Parameters<typeof operatorWorkOrderCalls.download>[1]) => operatorWorkOrderCalls.download(at, f));
  const w: OpWorkOrderDetail | undefined = detail.data;
  if (!w) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const can = (a: OpWorkOrderDetail['actions'][number]) => w.actions.includes(a);
  return (
    <Flex vertical gap={16} className="op-work-order-detail">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <Typography.Text strong>{w.orderNo}</Typography.Text>
          <StatusTag tone={workOrderStatusTone(w.status)}>{w.statusLabel}</StatusTag>
          {w.locked && <Tag color="red">已锁定</Tag>}
        </Space>
        <Space>
          {can('accept') && (
            <Button type="primary" className="op-work-order-accept" loading={accept.pending} onClick={() => void accept.run()}>
              受理
            </Button>
          )}
          {can('resolve') && (
            <Button type="primary" className="op-work-order-resolve" loading={resolve.pending} onClick={() => modal.confirm({ title: '标记为已解决？', content: '工单将进入待确认，由企业确认问题是否解决。', okText: '确定', cancelText: '取消', onOk: () => resolve.run() })}>
              标记已解决
            </Button>
          )}
          {can('close') && (
            <Button className="op-work-order-close" loading={close.pending} onClick={() => modal.confirm({ title: '关闭工单？', content: '关闭后企业不能再回复，如有问题需新建工单。', okText: '关闭工单', cancelText: '取消', onOk: () => close.run() })}>
              关闭
            </Button>
          )}
          {(w.status <= 3 || w.locked) && (
            <Button className="op-work-order-lock" loading={lock.pending} onClick={() => void lock.run(!w.locked)}>
              {w.locked ? '解锁' : '锁定'}
            </Button>
          )}
        </Space>
      </Flex>
      <Descriptions
        size="small"
        column={2}
        bordered
        items={[
          { key: 'company', label: '企业', children: w.companyName },
          { key: 'category', label: '工单类型', children: w.categoryLabel },
          { key: 'title', label: '标题', span: 'filled', children: w.title },
          { key: 'by', label: '提交人', children: w.createdByName },
          { key: 'phone', label: '联系电话', children: w.contactPhone || '—' },
          { key: 'at', label: '提交时间', children: formatDateTime(w.createdAt) },
          { key: 'related', label: '关联记录', children: w.related ? `${w.related.typeLabel}：${w.related.label}` : '—' },
          { key: 'desc', label: '问题描述', span: 'filled', children: <div style={{ whiteSpace: 'pre-wrap' }}>{w.description}</div> },
          ...(w.files.length > 0 ? [{ key: 'files', label: '附件', span: 'filled' as const, children: <FileLinks files={w.files} onDownload={(f) => void download.run(f)} /> }] : []),
          ...(w.rating !== null ? [{ key: 'rating', label: '企业评价', span: 'filled' as const, children: <Space><Rate disabled value={w.rating} />{w.ratingComment}</Space> }] : []),
        ]}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        沟通记录
      </Typography.Title>
      <MessageThread messages={w.messages} viewer="operator" onDownload={(f) => void download.run(f)} />
      {can('reply') && <ReplyBox onSend={(content, files) => reply.run(content, files)} placeholder={w.status === 1 ? '回复企业（回复即受理工单）' : '回复企业'} />}
    </Flex>
  );
}
