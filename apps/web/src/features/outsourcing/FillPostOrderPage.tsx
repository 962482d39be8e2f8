import { PlusOutlined } from '@ant-design/icons';
import { ORDER_STATUSES, type OrderRow } from '@wfsaas/contracts';
import { App, Button, Col, Flex, Form, Input, InputNumber, Progress, Row, Select, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDate, formatMoney } from '../../app/ui/format.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { int, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { DateText } from '../employees/pickers.tsx';
import { toOrderSave, type OrderValues } from './labour-form.ts';
import { approvalTag, canAcceptOrder, canCancelOrder, fillText, orderDetailPath, orderStatusLabel, orderStatusTone, postKindColor, postKindLabel, raisedByLabel } from './labour-format.ts';
import { LabourReasonModal } from './LabourDialogs.tsx';
import { LabourClientSelect, LabourPostSelect, useLabourClient } from './LabourPickers.tsx';
import { OS_PERMISSIONS as P, labourCalls, useInvalidateLabour, useOrderPage } from './os-labour.api.ts';

const SCHEMA = { clientId: int, status: int, keyword: text };

/** /outsourcingLabor/outsourceOrder/fillPostOrder (补岗工单): the clients' requests for workers, taken on and filled by onboarding. */
export default function FillPostOrderPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[P.orderEdit] === true;
  const query = useListQuery({ name: 'os-orders', schema: SCHEMA });
  const { clientId, status, keyword } = query.filters;
  const page = useOrderPage({ ...query.page, clientId, status, keyword: keyword?.trim() || undefined });
  const invalidate = useInvalidateLabour();
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<OrderRow | null>(null);
  const accept = useAction((r: OrderRow) => labourCalls.acceptOrder(r.id), { success: '已接单', invalidate });
  const cancel = useAction((r: OrderRow, reason: string) => labourCalls.cancelOrder(r.id, reason), { success: '工单已取消', invalidate, onSuccess: () => setCancelling(null) });

  const columns: TableColumnsType<OrderRow> = [
    { title: '工单编号', dataIndex: 'orderNo', key: 'orderNo', width: 150, fixed: 'left', render: (v: string, r) => <Link to={orderDetailPath(r.id, v)}>{v}</Link> },
    { title: '用工单位', dataIndex: 'clientName', key: 'clientName', width: 180, ellipsis: true },
    {
      title: '岗位',
      dataIndex: 'post',
      key: 'post',
      width: 170,
      render: (v: string, r) => (
        <Flex gap={4} align="center" wrap>
          <span>{v}</span>
          <Tag color={postKindColor(r.postKind)}>{postKindLabel(r.postKind)}</Tag>
        </Flex>
      ),
    },
    {
      title: '需求/已到岗',
      key: 'fill',
      width: 130,
      render: (_: unknown, r) => {
        const f = fillText(r.filled, r.headcount);
        return (
          <div className="order-fill">
            <div>{f.text}</div>
            <Progress percent={f.percent} size="small" showInfo={false} />
          </div>
        );
      },
    },
    { title: '薪资标准', dataIndex: 'pay', key: 'pay', width: 120, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '期望到岗', dataIndex: 'startDate', key: 'startDate', width: 110, render: (v: string) => formatDate(v) },
    { title: '来源', dataIndex: 'raisedBy', key: 'raisedBy', width: 110, render: raisedByLabel },
    {
      title: '审批',
      dataIndex: 'approval',
      key: 'approval',
      width: 140,
      render: (v: number) => {
        const t = approvalTag(v);
        return t ? <StatusTag tone={t.tone}>{t.text}</StatusTag> : '—';
      },
    },
    { title: '状态', dataIndex: 'status', key: 'status', width: 100, render: (v: number) => <StatusTag tone={orderStatusTone(v)}>{orderStatusLabel(v)}</StatusTag> },
    { title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', width: 110, render: (v: string) => formatDate(v) },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Flex gap={4}>
          {canEdit && canAcceptOrder(r) && (
            <Button
              type="link"
              size="small"
              className="order-accept"
              loading={accept.pendingArgs?.[0] === r}
              onClick={() => modal.confirm({ title: '确认接单?', content: `接单后工单进入招聘中，可按该工单为人员办理入职（${r.clientName} · ${r.post} ${r.headcount} 人）。`, okText: '确定', cancelText: '取消', onOk: () => accept.run(r) })}
            >
              接单
            </Button>
          )}
          {canEdit && canCancelOrder(r) && (
            <Button type="link" size="small" danger className="order-cancel" onClick={() => setCancelling(r)}>
              取消
            </Button>
          )}
          <Link to={orderDetailPath(r.id, r.orderNo)} className="order-view" style={{ padding: '0 7px', lineHeight: '24px' }}>
            查看
          </Link>
        </Flex>
      ),
    },
  ];

  return (
    <ListScreen<OrderRow, typeof SCHEMA>
      className="fill-post-order-page"
      title="补岗工单"
      description="用工单位的用人需求：接单后招聘，按工单办理入职的人员计入已到岗人数，到齐后工单自动完成。"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} className="order-add" onClick={() => setAdding(true)}>
            新建补岗单
          </Button>
        )
      }
      query={query}
      formName="os-orders"
      fields={
        <>
          <Form.Item name="clientId" label="用工单位">
            <LabourClientSelect placeholder="全部" />
          </Form.Item>
          <Form.Item name="status" label="工单状态">
            <Select allowClear placeholder="全部" options={ORDER_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item name="keyword" label="关键词">
            <Input allowClear maxLength={50} placeholder="工单编号或岗位" />
          </Form.Item>
        </>
      }
      table={{
        rowKey: 'id',
        className: 'order-table',
        columns,
        result: page,
        scroll: { x: 1500 },
        chooser: { list: 'os-orders' },
        empty: canEdit ? '暂无补岗工单，点击新建补岗单录入用工单位的用人需求' : '暂无补岗工单',
      }}
    >
      <OrderDrawer open={adding} onClose={() => setAdding(false)} />
      <LabourReasonModal
        open={cancelling !== null}
        title={`取消补岗工单 · ${cancelling?.orderNo ?? ''}`}
        label="取消原因"
        placeholder="如：用工单位需求取消"
        okText="取消工单"
        okDanger
        onClose={() => setCancelling(null)}
        onSubmit={(reason) => cancel.run(cancelling!, reason)}
      />
    </ListScreen>
  );
}

/** 新建补岗单: the client, one of its posts, how many, the pay and the start date. */
function OrderDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<OrderValues>();
  const clientId = Form.useWatch('clientId', form);
  const client = useLabourClient(clientId);
  const invalidate = useInvalidateLabour();
  const save = useAction((v: OrderValues) => labourCalls.saveOrder(toOrderSave(v)), { success: '保存成功', invalidate, onSuccess: onClose });
  return (
    <FormDrawer<OrderValues>
      title="新建补岗单"
      open={open}
      form={form}
      width={600}
      onClose={onClose}
      onSubmit={save.run}
      values={{ headcount: 1, startDate: dayjs().add(7, 'day').format('YYYY-MM-DD') }}
      okClassName="order-save"
      formProps={{ className: 'order-form' }}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="clientId" label="用工单位" rules={[{ required: true, message: '请选择用工单位' }]}>
            <LabourClientSelect onPick={() => form.setFieldValue('post', null)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="post" label="岗位" rules={[{ required: true, message: '请选择岗位' }]}>
            <LabourPostSelect client={client} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="headcount" label="需求人数" rules={[{ required: true, message: '请填写需求人数' }]}>
            <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} suffix="人" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="pay" label="薪资标准（元/月）" rules={[{ required: true, message: '请填写薪资标准' }]}>
            <InputNumber min={0} max={999_999_999} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="startDate" label="期望到岗日期" rules={[{ required: true, message: '请选择期望到岗日期' }]}>
            <DateText />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="requirements" label="岗位要求" rules={[{ max: 1000, message: '岗位要求不能超过1000个字' }]}>
            <Input.TextArea rows={4} maxLength={1000} showCount placeholder="如：年龄18-45岁，能适应两班倒，有叉车证优先" />
          </Form.Item>
        </Col>
      </Row>
    </FormDrawer>
  );
}
