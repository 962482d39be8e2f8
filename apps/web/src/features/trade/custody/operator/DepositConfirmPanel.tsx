import { DEPOSIT_STATUS, DEPOSIT_STATUSES, type OperatorDepositRow } from '@wfsaas/contracts';
import { App, Button, Form, Image, Input, Space, Tabs, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { formatDate, formatDateTime, formatMoney } from '../../../../app/ui/format.ts';
import { FormModal } from '../../../../app/ui/FormOverlay.tsx';
import { int } from '../../../../app/ui/list-query.ts';
import { ListTable } from '../../../../app/ui/ListTable.tsx';
import { Panel } from '../../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../../app/ui/use-action.ts';
import { useListQuery } from '../../../../app/ui/use-list-query.ts';
import { depositTone } from '../custody-format.ts';
import { operatorCalls, useInvalidateOperatorDeposits, useOperatorDeposits } from '../custody.api.ts';

/** 充值确认 (platform operators): deposits every company registered, checked against the bank statement, then confirmed or rejected. */

const SCHEMA = { status: int };
const DEFAULTS = { status: DEPOSIT_STATUS.pending };

export default function DepositConfirmPanel() {
  const { modal } = App.useApp();
  const query = useListQuery({ name: 'op-deposits', schema: SCHEMA, defaults: DEFAULTS, prefix: 'dep' });
  const list = useOperatorDeposits(query.params);
  const invalidate = useInvalidateOperatorDeposits();
  const confirm = useAction((r: OperatorDepositRow) => operatorCalls.confirm(r.companyId, r.id), { success: '已确认到账', invalidate });
  const reject = useAction((r: OperatorDepositRow, reason: string) => operatorCalls.reject(r.companyId, r.id, reason), { success: '已驳回', invalidate, onSuccess: () => setRejecting(null) });
  const [rejecting, setRejecting] = useState<OperatorDepositRow | null>(null);
  const [proof, setProof] = useState<string | null>(null);
  useEffect(() => () => void (proof && URL.revokeObjectURL(proof)), [proof]);
  const [loadingProof, setLoadingProof] = useState<number | null>(null);
  const showProof = async (r: OperatorDepositRow) => {
    setLoadingProof(r.id);
    try {
      const { blob } = await operatorCalls.proof(r.companyId, r.id);
      setProof(URL.createObjectURL(blob));
    } catch {
      // the request client has shown the failure
    } finally {
      setLoadingProof(null);
    }
  };
  const askConfirm = (r: OperatorDepositRow) =>
    modal.confirm({
      title: '确认充值到账',
      content: `已在银行流水中核对到「${r.companyName}」的转账：流水号 ${r.reference}，金额 ${formatMoney(r.amount)}，付款账户 ${r.payerName}？确认后计入该企业托管账户余额。`,
      okText: '确认到账',
      cancelText: '取消',
      onOk: () => confirm.run(r),
    });
  const pending = query.filters.status === DEPOSIT_STATUS.pending;
  const columns: TableColumnsType<OperatorDepositRow> = [
    { title: '企业', dataIndex: 'companyName', width: 220, ellipsis: true },
    { title: '流水号', dataIndex: 'reference', width: 180 },
    { title: '充值金额', dataIndex: 'amount', width: 140, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '付款账户名', dataIndex: 'payerName', width: 200, ellipsis: true },
    { title: '转账日期', dataIndex: 'transferDate', width: 110, render: formatDate },
    { title: '登记时间', dataIndex: 'createdAt', width: 150, render: formatDateTime },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number, r) => <StatusTag tone={depositTone(v)}>{r.statusLabel}</StatusTag> },
    ...(pending ? [] : [{ title: '驳回原因', dataIndex: 'rejectReason', width: 200, ellipsis: true, render: (v: string | null) => v ?? '—' }]),
    {
      title: '操作',
      key: 'actions',
      width: pending ? 190 : 90,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap={false}>
          {r.proofFileId ? (
            <Button type="link" size="small" loading={loadingProof === r.id} onClick={() => void showProof(r)}>
              凭证
            </Button>
          ) : (
            <span style={{ color: 'rgba(0,0,0,0.45)', padding: '0 7px' }}>无凭证</span>
          )}
          {r.status === DEPOSIT_STATUS.pending && (
            <>
              <Button type="link" size="small" className="deposit-confirm" loading={confirm.pendingArgs?.[0]?.id === r.id} onClick={() => askConfirm(r)}>
                确认到账
              </Button>
              <Button type="link" size="small" danger className="deposit-reject" onClick={() => setRejecting(r)}>
                驳回
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Panel title="充值确认" className="deposit-confirm-panel" bodyStyle={{ paddingTop: 8 }}>
      <Tabs activeKey={String(query.filters.status ?? DEPOSIT_STATUS.pending)} onChange={(k) => query.search({ status: Number(k) })} items={DEPOSIT_STATUSES.map((s) => ({ key: String(s.value), label: s.label }))} />
      <ListTable<OperatorDepositRow, typeof SCHEMA> rowKey={(r) => `${r.companyId}-${r.id}`} className="op-deposit-table" query={query} columns={columns} result={list} empty={pending ? '暂无待确认的充值' : '暂无记录'} scroll={{ x: 1300 }} />
      {proof && <Image style={{ display: 'none' }} src={proof} preview={{ open: true, onOpenChange: (v) => !v && setProof(null) }} />}
      <FormModal<{ reason: string }>
        title="驳回充值"
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        okText="驳回"
        okDanger
        okClassName="deposit-reject-submit"
        intro={rejecting && <p style={{ marginTop: 0 }}>{`${rejecting.companyName}：流水号 ${rejecting.reference}，${formatMoney(rejecting.amount)}。驳回后该笔充值作废，企业可核对后重新登记。`}</p>}
        onSubmit={(v) => reject.run(rejecting!, v.reason.trim())}
      >
        <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }, { max: 200, message: '驳回原因不能超过200个字符' }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：银行流水中未找到该笔转账" />
        </Form.Item>
      </FormModal>
    </Panel>
  );
}
