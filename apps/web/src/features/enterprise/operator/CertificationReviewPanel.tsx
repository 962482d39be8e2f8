import type { OperatorCertificationRow, OperatorPaymentRow } from '@wfsaas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Image, Input, Modal, Segmented, Space, Table, Tabs, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { EMPTY_TEXT, formatDateTime, formatMoney } from '../../../app/ui/format.ts';
import { FormModal } from '../../../app/ui/FormOverlay.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { certificationTone, paymentTone } from '../enterprise-format.ts';
import { operatorCalls } from '../enterprise.api.ts';

const KEY = ['operator', 'certification'] as const;

function LicenceViewer({ row, onClose }: { row: OperatorCertificationRow | null; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!row) return;
    let made: string | null = null;
    void operatorCalls.licence(row.companyId, row.id).then(
      (r) => {
        made = URL.createObjectURL(r.blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [row]);
  return (
    <Modal title={row ? `营业执照 · ${row.companyName}` : ''} open={row !== null} onCancel={onClose} footer={null} width={720}>
      {url ? <Image src={url} alt="营业执照" style={{ maxWidth: '100%' }} /> : <div style={{ padding: 40, textAlign: 'center' }}>加载中…</div>}
    </Modal>
  );
}

function Submissions() {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [status, setStatus] = useState<number | undefined>(1);
  const [viewing, setViewing] = useState<OperatorCertificationRow | null>(null);
  const [rejecting, setRejecting] = useState<OperatorCertificationRow | null>(null);
  const list = useQuery({ queryKey: [...KEY, 'list', status], queryFn: () => operatorCalls.list(status), staleTime: 0 });
  const invalidate = () => qc.invalidateQueries({ queryKey: KEY });
  const approve = useAction((r: OperatorCertificationRow) => operatorCalls.approve(r.companyId, r.id), { success: '已通过认证', invalidate });
  const reject = useAction((r: OperatorCertificationRow, reason: string) => operatorCalls.reject(r.companyId, r.id, reason), { success: '已驳回', invalidate, onSuccess: () => setRejecting(null) });
  const columns: TableColumnsType<OperatorCertificationRow> = [
    { title: '企业', dataIndex: 'companyName' },
    { title: '统一社会信用代码', dataIndex: 'creditCode', render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '法定代表人', key: 'legal', render: (_, r) => `${r.legalName}（${r.legalIdNumber}）` },
    { title: '手机号', dataIndex: 'legalPhone' },
    { title: '提交时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    { title: '状态', dataIndex: 'statusLabel', render: (v: string, r) => <StatusTag tone={certificationTone(r.status)}>{v}</StatusTag> },
    { title: '驳回原因', dataIndex: 'rejectReason', render: (v: string | null) => v ?? EMPTY_TEXT },
    {
      title: '操作',
      key: 'actions',
      render: (_, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => setViewing(r)}>
            查看执照
          </Button>
          {r.status === 1 ? (
            <>
              <Button type="link" size="small" onClick={() => modal.confirm({ title: '通过认证', content: `确认「${r.companyName}」的营业执照与填写的信息一致，通过认证吗？`, onOk: () => approve.run(r) })}>
                通过
              </Button>
              <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
                驳回
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Segmented<number | 'all'> value={status ?? 'all'} onChange={(v) => setStatus(v === 'all' ? undefined : v)} options={[{ value: 1, label: '待审核' }, { value: 2, label: '已通过' }, { value: 3, label: '未通过' }, { value: 'all', label: '全部' }]} style={{ marginBottom: 12 }} />
      <Table<OperatorCertificationRow> rowKey={(r) => `${r.companyId}-${r.id}`} className="operator-certification-table" columns={columns} dataSource={list.data ?? []} loading={list.isLoading} pagination={false} locale={{ emptyText: '暂无认证申请' }} />
      <LicenceViewer row={viewing} onClose={() => setViewing(null)} />
      <FormModal<{ reason: string }> title={`驳回认证 · ${rejecting?.companyName ?? ''}`} open={rejecting !== null} onClose={() => setRejecting(null)} okDanger okText="驳回" onSubmit={(v) => reject.run(rejecting!, v.reason)}>
        <Form.Item name="reason" label="驳回原因（企业可见）" rules={[{ required: true, min: 2, message: '请填写驳回原因' }]}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </FormModal>
    </>
  );
}

function Payments() {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [status, setStatus] = useState<number | undefined>(0);
  const list = useQuery({ queryKey: [...KEY, 'payments', status], queryFn: () => operatorCalls.payments(status), staleTime: 0 });
  const executed = useAction((r: OperatorPaymentRow) => operatorCalls.executed(r.companyId, r.id), { success: '已标记为已打款', invalidate: () => qc.invalidateQueries({ queryKey: KEY }) });
  const columns: TableColumnsType<OperatorPaymentRow> = [
    { title: '企业', dataIndex: 'companyName' },
    { title: '户名', dataIndex: 'accountName' },
    { title: '开户银行', dataIndex: 'bankName' },
    { title: '账号', dataIndex: 'accountNumber' },
    { title: '金额', dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
    { title: '发起时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    { title: '打款时间', dataIndex: 'executedAt', render: (v: string | null) => formatDateTime(v) },
    { title: '状态', dataIndex: 'statusLabel', render: (v: string, r) => <StatusTag tone={paymentTone(r.status)}>{v}</StatusTag> },
    {
      title: '操作',
      key: 'actions',
      render: (_, r) =>
        r.status === 0 ? (
          <Button type="link" size="small" onClick={() => modal.confirm({ title: '标记已打款', content: `请确认已通过网银向「${r.accountName}」${r.bankName} ${r.accountNumber} 转入 ${formatMoney(r.amount)}。`, onOk: () => executed.run(r) })}>
            标记已打款
          </Button>
        ) : (
          EMPTY_TEXT
        ),
    },
  ];
  return (
    <>
      <Segmented<number | 'all'> value={status ?? 'all'} onChange={(v) => setStatus(v === 'all' ? undefined : v)} options={[{ value: 0, label: '待打款' }, { value: 1, label: '已打款' }, { value: 2, label: '已验证' }, { value: 3, label: '已锁定' }, { value: 'all', label: '全部' }]} style={{ marginBottom: 12 }} />
      <Table<OperatorPaymentRow> rowKey={(r) => `${r.companyId}-${r.id}`} className="operator-payment-table" columns={columns} dataSource={list.data ?? []} loading={list.isLoading} pagination={false} locale={{ emptyText: '暂无打款记录' }} />
    </>
  );
}

/** 企业认证审核 for platform operators: licence submissions to review, and verification transfers to make by hand. */
export default function CertificationReviewPanel() {
  return (
    <Panel title="企业认证审核" className="certification-review-panel">
      <Tabs
        items={[
          { key: 'licence', label: '营业执照认证', children: <Submissions /> },
          { key: 'payment', label: '对公打款验证', children: <Payments /> },
        ]}
      />
    </Panel>
  );
}
