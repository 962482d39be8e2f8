import type { DismissDetail, DismissLineView } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Flex, Result, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDate, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { toReplaceHandle, toResignHandle } from './labour-form.ts';
import { approvalTag, DISMISS_LIST_PATH, dismissStatusLabel, dismissStatusTone, idParam, isLineOpen, raisedByLabel } from './labour-format.ts';
import { LabourPlacementModal, LabourReasonModal } from './LabourDialogs.tsx';
import { OS_PERMISSIONS as P, labourCalls, useDismissDetail, useInvalidateLabour } from './os-labour.api.ts';

/** /outsourcingLabor/outsourceOrder/dismissOrderDetail/:id/:name (减员工单详情): each returned worker and what became of them. */
export default function DismissOrderDetailPage() {
  const { id: raw } = useParams();
  const id = idParam(raw);
  const detail = useDismissDetail(id);
  const navigate = useNavigate();
  if (id !== null && detail.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!detail.data)
    return (
      <Result
        status="404"
        title="减员工单不存在"
        subTitle="该工单可能不属于当前公司，或地址有误。"
        extra={
          <Button type="primary" onClick={() => navigate(DISMISS_LIST_PATH)}>
            返回减员工单
          </Button>
        }
      />
    );
  return <DismissView dismissal={detail.data} refreshing={detail.isFetching} />;
}

function DismissView({ dismissal: d, refreshing }: { dismissal: DismissDetail; refreshing: boolean }) {
  const { map } = usePermissions();
  const canEdit = map[P.dismissEdit] === true;
  const invalidate = useInvalidateLabour();
  const [replacing, setReplacing] = useState<DismissLineView | null>(null);
  const [resigning, setResigning] = useState<DismissLineView | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const replace = useAction((line: DismissLineView, terms: Parameters<typeof toReplaceHandle>[2]) => labourCalls.handleDismiss(toReplaceHandle(d.id, line.placementId, terms)), {
    success: '已重新派遣',
    invalidate,
    onSuccess: () => setReplacing(null),
  });
  const resign = useAction((line: DismissLineView, remark: string) => labourCalls.handleDismiss(toResignHandle(d.id, line.placementId, remark)), {
    success: '已发起离职办理',
    invalidate,
    onSuccess: () => setResigning(null),
  });
  const cancel = useAction((reason: string) => labourCalls.cancelDismiss(d.id, reason), { success: '工单已取消', invalidate, onSuccess: () => setCancelling(false) });
  const open = d.status === 1 || d.status === 2;
  const waiting = d.approval === 1;
  const approval = approvalTag(d.approval);

  const columns: TableColumnsType<DismissLineView> = [
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '工号', dataIndex: 'employeeNo', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '原岗位', dataIndex: 'post', width: 140 },
    {
      title: '处理结果',
      key: 'outcome',
      width: 260,
      render: (_: unknown, l) =>
        l.outcome === null ? (
          <StatusTag tone="pending">待处理</StatusTag>
        ) : (
          <Flex gap={6} align="center" wrap>
            <Tag color={l.outcome === 'replace' ? 'blue' : 'volcano'}>{l.outcome === 'replace' ? '重新派遣' : '办理离职'}</Tag>
            {l.outcomeText && <span>{l.outcomeText}</span>}
          </Flex>
        ),
    },
    { title: '处理时间', dataIndex: 'handledAt', width: 150, render: (v: string | null) => formatDateTime(v) },
    ...(canEdit && open && !waiting
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 170,
            fixed: 'right' as const,
            render: (_: unknown, l: DismissLineView) =>
              isLineOpen(l, d.status) && (
                <Flex gap={4}>
                  <Button type="link" size="small" className="line-replace" onClick={() => setReplacing(l)}>
                    重新派遣
                  </Button>
                  <Button type="link" size="small" danger className="line-resign" onClick={() => setResigning(l)}>
                    办理离职
                  </Button>
                </Flex>
              ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16} className="dismiss-detail-page">
      <PageHeader
        title={`减员工单 ${d.orderNo}`}
        description={
          <Flex gap={12} wrap align="center">
            <StatusTag tone={dismissStatusTone(d.status)}>{dismissStatusLabel(d.status)}</StatusTag>
            {approval && <StatusTag tone={approval.tone}>{approval.text}</StatusTag>}
            <span>
              {d.clientName} · {raisedByLabel(d.raisedBy)}于 {formatDateTime(d.createdAt)}
            </span>
          </Flex>
        }
        extra={
          canEdit &&
          d.status === 1 && (
            <Button danger className="dismiss-cancel" onClick={() => setCancelling(true)}>
              取消工单
            </Button>
          )
        }
      />
      {waiting && open && <Alert type="warning" showIcon title="该工单等待用工单位审批，审批同意后才能处理退回人员。" />}
      <Panel>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          className="dismiss-facts"
          items={[
            { key: 'client', label: '用工单位', children: d.clientName },
            { key: 'last', label: '最后工作日', children: formatDate(d.lastDay) },
            { key: 'count', label: '已处理/人数', children: `${d.handledCount}/${d.workerCount}` },
            { key: 'reason', label: '退工原因', span: 'filled', children: d.reason },
            ...(d.cancelReason ? [{ key: 'cancel', label: '取消原因', span: 'filled' as const, children: d.cancelReason }] : []),
          ]}
        />
      </Panel>
      <Panel title="退回人员">
        <Table<DismissLineView>
          rowKey="placementId"
          size="middle"
          className="dismiss-lines"
          loading={refreshing}
          columns={columns}
          dataSource={d.lines}
          scroll={{ x: 920 }}
          pagination={false}
          locale={{ emptyText: '该工单没有退回人员' }}
        />
      </Panel>
      <LabourPlacementModal
        open={replacing !== null}
        title={`重新派遣 · ${replacing?.name ?? ''}`}
        full={false}
        intro={<Alert type="info" showIcon style={{ marginBottom: 16 }} title={`原派驻 ${d.clientName} · ${replacing?.post ?? ''}，最后工作日 ${formatDate(d.lastDay)}。新的派驻按所选用工单位的方案和协议期限办理。`} />}
        onClose={() => setReplacing(null)}
        onSubmit={(terms) => replace.run(replacing!, terms)}
      />
      <LabourReasonModal
        open={resigning !== null}
        title={`办理离职 · ${resigning?.name ?? ''}`}
        label="备注"
        required={false}
        placeholder="如：本人不接受转派"
        okText="发起离职"
        okDanger
        intro={<Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`将以最后工作日 ${formatDate(d.lastDay)} 为该员工发起离职办理。`} />}
        onClose={() => setResigning(null)}
        onSubmit={(remark) => resign.run(resigning!, remark)}
      />
      <LabourReasonModal open={cancelling} title={`取消减员工单 · ${d.orderNo}`} label="取消原因" okText="取消工单" okDanger onClose={() => setCancelling(false)} onSubmit={(reason) => cancel.run(reason)} />
    </Flex>
  );
}
