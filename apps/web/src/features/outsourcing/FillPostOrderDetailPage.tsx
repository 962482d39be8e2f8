import type { OrderDetail, PlacementRow } from '@wfsaas/contracts';
import { App, Button, Descriptions, Empty, Flex, Progress, Result, Spin, Table, Tabs, Tag, Timeline, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCanOpen, usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDate, formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import {
  approvalTag,
  canAcceptOrder,
  canCancelOrder,
  fillText,
  idParam,
  isOrderOpen,
  onboardingStartPath,
  ORDER_LIST_PATH,
  orderStatusLabel,
  orderStatusTone,
  phoneText,
  placementStatusLabel,
  placementStatusTone,
  postKindColor,
  postKindLabel,
  raisedByLabel,
} from './labour-format.ts';
import { LabourReasonModal } from './LabourDialogs.tsx';
import { OS_PERMISSIONS as P, labourCalls, useInvalidateLabour, useOrderDetail } from './os-labour.api.ts';

/** /outsourcingLabor/outsourceOrder/fillPostOrderDetail/:id/:name (补岗工单详情): the order, the workers placed against it, its history. */
export default function FillPostOrderDetailPage() {
  const { id: raw } = useParams();
  const id = idParam(raw);
  const detail = useOrderDetail(id);
  const navigate = useNavigate();
  if (id !== null && detail.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!detail.data)
    return (
      <Result
        status="404"
        title="补岗工单不存在"
        subTitle="该工单可能不属于当前公司，或地址有误。"
        extra={
          <Button type="primary" onClick={() => navigate(ORDER_LIST_PATH)}>
            返回补岗工单
          </Button>
        }
      />
    );
  return <OrderView order={detail.data} refreshing={detail.isFetching} />;
}

function OrderView({ order: o, refreshing }: { order: OrderDetail; refreshing: boolean }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canOpen = useCanOpen();
  const canEdit = map[P.orderEdit] === true;
  const canOnboard = map[P.onboardingEdit] === true && canOpen('initiateOnboarding');
  const invalidate = useInvalidateLabour();
  const [cancelling, setCancelling] = useState(false);
  const accept = useAction(() => labourCalls.acceptOrder(o.id), { success: '已接单', invalidate });
  const cancel = useAction((reason: string) => labourCalls.cancelOrder(o.id, reason), { success: '工单已取消', invalidate, onSuccess: () => setCancelling(false) });
  const fill = fillText(o.filled, o.headcount);
  const approval = approvalTag(o.approval);

  const columns: TableColumnsType<PlacementRow> = [
    { title: '姓名', dataIndex: 'name', width: 90 },
    { title: '工号', dataIndex: 'employeeNo', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '手机', dataIndex: 'mobile', width: 130, render: phoneText },
    { title: '到岗日期', dataIndex: 'startDate', width: 110, render: (v: string) => formatDate(v) },
    { title: '派驻结束', dataIndex: 'endDate', width: 110, render: (v: string) => formatDate(v) },
    { title: '方案', dataIndex: 'planName', width: 140, ellipsis: true },
    { title: '合同状态', dataIndex: 'contractStatusText', width: 110, render: (v: string | null) => v ?? '未发起' },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <StatusTag tone={placementStatusTone(v)}>{placementStatusLabel(v)}</StatusTag> },
  ];

  return (
    <Flex vertical gap={16} className="order-detail-page">
      <PageHeader
        title={`补岗工单 ${o.orderNo}`}
        description={
          <Flex gap={12} wrap align="center">
            <StatusTag tone={orderStatusTone(o.status)}>{orderStatusLabel(o.status)}</StatusTag>
            {approval && <StatusTag tone={approval.tone}>{approval.text}</StatusTag>}
            <span>
              {o.clientName} · {o.post} · {raisedByLabel(o.raisedBy)}于 {formatDateTime(o.createdAt)}
            </span>
          </Flex>
        }
        extra={
          <>
            {canEdit && canAcceptOrder(o) && (
              <Button type="primary" className="order-accept" loading={accept.pending} onClick={() => modal.confirm({ title: '确认接单?', content: '接单后工单进入招聘中，可按该工单办理入职。', okText: '确定', cancelText: '取消', onOk: () => accept.run() })}>
                接单
              </Button>
            )}
            {canOnboard && isOrderOpen(o) && (
              <Button type="primary" className="order-onboard" onClick={() => navigate(onboardingStartPath(o.clientId, o.id))}>
                为该工单办理入职
              </Button>
            )}
            {canEdit && canCancelOrder(o) && (
              <Button danger className="order-cancel" onClick={() => setCancelling(true)}>
                取消工单
              </Button>
            )}
          </>
        }
      />
      <Panel>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          className="order-facts"
          items={[
            { key: 'client', label: '用工单位', children: o.clientName },
            {
              key: 'post',
              label: '岗位',
              children: (
                <span>
                  {o.post} <Tag color={postKindColor(o.postKind)}>{postKindLabel(o.postKind)}</Tag>
                </span>
              ),
            },
            {
              key: 'fill',
              label: '需求/已到岗',
              children: (
                <Flex gap={8} align="center" style={{ minWidth: 160 }} className="order-fill">
                  <span>{fill.text}</span>
                  <Progress percent={fill.percent} size="small" style={{ width: 120, margin: 0 }} />
                </Flex>
              ),
            },
            { key: 'pay', label: '薪资标准', children: `${formatMoney(o.pay)} / 月` },
            { key: 'start', label: '期望到岗', children: formatDate(o.startDate) },
            { key: 'source', label: '来源', children: raisedByLabel(o.raisedBy) },
            { key: 'req', label: '岗位要求', span: 'filled', children: <span style={{ whiteSpace: 'pre-wrap' }}>{o.requirements || '—'}</span> },
            ...(o.cancelReason ? [{ key: 'cancel', label: '取消原因', span: 'filled' as const, children: o.cancelReason }] : []),
          ]}
        />
      </Panel>
      <Panel>
        <Tabs
          items={[
            {
              key: 'placements',
              label: `到岗人员 ${o.placements.length}`,
              children: (
                <Table<PlacementRow>
                  rowKey="id"
                  size="middle"
                  className="order-placements"
                  loading={refreshing}
                  columns={columns}
                  dataSource={o.placements}
                  scroll={{ x: 960 }}
                  pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 条` }}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={isOrderOpen(o) ? '暂无到岗人员，点击为该工单办理入职' : '该工单没有到岗人员'} /> }}
                />
              ),
            },
            {
              key: 'history',
              label: '操作记录',
              children:
                o.history.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" />
                ) : (
                  <Timeline
                    className="order-history"
                    items={o.history.map((h, i) => ({
                      key: i,
                      content: (
                        <span>
                          <b>{h.action}</b>
                          <span style={{ color: 'rgba(0,0,0,0.45)', marginInlineStart: 8 }}>
                            {h.by} · {formatDateTime(h.at)}
                          </span>
                        </span>
                      ),
                    }))}
                  />
                ),
            },
          ]}
        />
      </Panel>
      <LabourReasonModal open={cancelling} title={`取消补岗工单 · ${o.orderNo}`} label="取消原因" placeholder="如：用工单位需求取消" okText="取消工单" okDanger onClose={() => setCancelling(false)} onSubmit={(reason) => cancel.run(reason)} />
    </Flex>
  );
}
