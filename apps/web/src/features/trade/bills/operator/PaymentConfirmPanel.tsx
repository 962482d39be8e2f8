import { BILL_STATUSES, type OperatorBillRow } from '@wfsaas/contracts';
import { App, Button, Form, Image, Input, Modal, Select, Space, Switch, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDate, formatDateTime, formatMoney } from '../../../../app/ui/format.ts';
import { FormModal } from '../../../../app/ui/FormOverlay.tsx';
import { StatusTag } from '../../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../../app/ui/use-action.ts';
import { billStatusLabel, billStatusTone, billTypeLabel } from '../bill-format.ts';
import { operatorCalls, useInvalidateOperatorBills, useOperatorBills } from '../bills.api.ts';

type Reasoned = { kind: 'reject' | 'suspend'; row: OperatorBillRow };

/** The platform's bills of every company: confirm or reject transfers (proof shown), release statements, suspend and resume. */
export default function PaymentConfirmPanel() {
  const { modal } = App.useApp();
  const [q, setQ] = useState({ pageNum: 1, pageSize: 10, status: -1, awaitingOnly: true });
  const list = useOperatorBills(q);
  const invalidate = useInvalidateOperatorBills();
  const [proofUrl, setProofUrl] = useState<string | null>(null);
  const [reasoned, setReasoned] = useState<Reasoned | null>(null);
  const confirm = useAction((r: OperatorBillRow) => operatorCalls.confirm(r.companyId, r.pendingPaymentId!), { success: '已确认到账，账单已付款', invalidate });
  const reject = useAction((r: OperatorBillRow, reason: string) => operatorCalls.reject(r.companyId, r.pendingPaymentId!, reason), { success: '已驳回转账', invalidate, onSuccess: () => setReasoned(null) });
  const suspend = useAction((r: OperatorBillRow, reason: string) => operatorCalls.suspend(r.companyId, r.id, reason), { success: '账单已暂停', invalidate, onSuccess: () => setReasoned(null) });
  const simple = useAction((call: (c: number, b: number) => Promise<unknown>, r: OperatorBillRow) => call(r.companyId, r.id), { success: '操作成功', invalidate });

  const viewProof = async (r: OperatorBillRow) => {
    const file = await operatorCalls.proof(r.companyId, r.pendingPaymentId!);
    setProofUrl(URL.createObjectURL(file.blob));
  };
  const closeProof = () => {
    if (proofUrl) URL.revokeObjectURL(proofUrl);
    setProofUrl(null);
  };
  const askConfirm = (r: OperatorBillRow) =>
    modal.confirm({ title: '确认到账', content: `确认已收到「${r.companyName}」的转账 ${formatMoney(r.amount)}（流水号 ${r.pendingReference}）？确认后账单变为已付款。`, okText: '确认到账', cancelText: '取消', onOk: () => confirm.run(r) });

  const columns: TableColumnsType<OperatorBillRow> = [
    { title: '企业', dataIndex: 'companyName', width: 200, ellipsis: true },
    { title: '账单编号', dataIndex: 'billNo', width: 140 },
    { title: '账单名称', dataIndex: 'title', ellipsis: true },
    { title: '类型', key: 'type', width: 130, render: (_: unknown, r) => billTypeLabel(r) },
    { title: '金额', dataIndex: 'amount', width: 110, align: 'right', render: (v: string) => formatMoney(v) },
    { title: '付款截止日', dataIndex: 'dueDate', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number) => <StatusTag tone={billStatusTone(v)}>{billStatusLabel(v)}</StatusTag> },
    { title: '转账流水号', dataIndex: 'pendingReference', width: 150, render: (v: string | null) => v ?? '—' },
    { title: '生成时间', dataIndex: 'createdAt', width: 150, render: formatDateTime },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          {r.pendingPaymentId !== null && (
            <>
              <Button type="link" size="small" onClick={() => void viewProof(r)}>查看凭证</Button>
              <Button type="link" size="small" className="op-confirm-transfer" loading={confirm.pendingArgs?.[0] === r} onClick={() => askConfirm(r)}>确认到账</Button>
              <Button type="link" size="small" danger onClick={() => setReasoned({ kind: 'reject', row: r })}>驳回</Button>
            </>
          )}
          {r.status === 1 && <Button type="link" size="small" onClick={() => void simple.run(operatorCalls.release, r)}>发布</Button>}
          {r.status === 2 && r.billType === 1 && <Button type="link" size="small" onClick={() => void simple.run(operatorCalls.regenerate, r)}>重新生成</Button>}
          {(r.status === 3 || r.status === 6) && r.pendingPaymentId === null && <Button type="link" size="small" onClick={() => setReasoned({ kind: 'suspend', row: r })}>暂停</Button>}
          {r.status === 7 && <Button type="link" size="small" onClick={() => void simple.run(operatorCalls.resume, r)}>恢复</Button>}
          {[10, 11, 12].includes(r.status) && <Button type="link" size="small" onClick={() => void simple.run(operatorCalls.retry, r)}>重试</Button>}
        </Space>
      ),
    },
  ];

  return (
    <div className="payment-confirm-panel">
      <Space style={{ marginBottom: 12 }} wrap>
        <span>状态</span>
        <Select style={{ width: 140 }} value={q.status} onChange={(status) => setQ({ ...q, status, pageNum: 1 })} options={[{ value: -1, label: '全部' }, ...BILL_STATUSES.map((s) => ({ value: s.value, label: s.label }))]} />
        <Switch checked={q.awaitingOnly} onChange={(awaitingOnly) => setQ({ ...q, awaitingOnly, pageNum: 1 })} />
        <span>仅看待确认转账</span>
      </Space>
      <Table<OperatorBillRow>
        rowKey={(r) => `${r.companyId}-${r.id}`}
        size="small"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 1500 }}
        locale={{ emptyText: q.awaitingOnly ? '暂无待确认的转账' : '暂无账单' }}
        pagination={{ current: q.pageNum, pageSize: q.pageSize, total: list.data?.pageMessage.total ?? 0, showTotal: (t) => `共 ${t} 条`, onChange: (pageNum, pageSize) => setQ({ ...q, pageNum, pageSize }) }}
      />
      <Modal title="付款凭证" open={proofUrl !== null} onCancel={closeProof} footer={null} width={640}>
        {proofUrl && <Image src={proofUrl} alt="付款凭证" width="100%" preview={false} />}
      </Modal>
      <FormModal<{ reason: string }>
        title={reasoned?.kind === 'reject' ? '驳回转账' : '暂停账单'}
        open={reasoned !== null}
        onClose={() => setReasoned(null)}
        okDanger
        okText={reasoned?.kind === 'reject' ? '驳回' : '暂停'}
        onSubmit={(v) => (reasoned!.kind === 'reject' ? reject.run(reasoned!.row, v.reason) : suspend.run(reasoned!.row, v.reason))}
      >
        <Form.Item name="reason" label={reasoned?.kind === 'reject' ? '驳回原因' : '暂停原因'} rules={[{ required: true, whitespace: true, message: '请填写原因' }, { max: 500 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </FormModal>
    </div>
  );
}
