import { INVOICE_STATUSES, type OpInvoiceRequestView } from '@wfsaas/contracts';
import { Button, Flex, Form, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EMPTY_TEXT, formatDateTime, formatMoney } from '../../../../app/ui/format.ts';
import { FilePick } from '../../../../app/ui/FilePick.tsx';
import { FormModal } from '../../../../app/ui/FormOverlay.tsx';
import { StatusTag } from '../../../../app/ui/StatusTag.tsx';
import { serverPagination } from '../../../../app/ui/table.ts';
import { useAction } from '../../../../app/ui/use-action.ts';
import { DateText } from '../../../employees/pickers.tsx';
import { invoiceStatusTone } from '../invoice-format.ts';
import { operatorInvoiceCalls, useInvalidateOperatorInvoices, useOperatorInvoicePage } from '../invoices.api.ts';

type IssueValues = { invoiceNo: string; invoiceDate: string; file: File | null };

function PdfPick({ value, onChange }: { value?: File | null; onChange?: (f: File | null) => void }) {
  return (
    <FilePick accept=".pdf" value={value ?? null} onChange={(f) => onChange?.(f)}>
      选择文件
    </FilePick>
  );
}

/** 平台运营 · 开票: every company's invoice requests, oldest first; issue one with its PDF, or reject it with a reason. */
export default function InvoiceIssuePanel() {
  const [status, setStatus] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const page = useOperatorInvoicePage({ ...paging, status, keyword: keyword.trim() || undefined });
  const invalidate = useInvalidateOperatorInvoices();
  const [issuing, setIssuing] = useState<OpInvoiceRequestView | null>(null);
  const [rejecting, setRejecting] = useState<OpInvoiceRequestView | null>(null);
  const issue = useAction((r: OpInvoiceRequestView, v: IssueValues) => operatorInvoiceCalls.issue(r.companyId, r.id, v.invoiceNo, v.invoiceDate, v.file!), { success: '已开票', invalidate, onSuccess: () => setIssuing(null) });
  const reject = useAction((r: OpInvoiceRequestView, reason: string) => operatorInvoiceCalls.reject(r.companyId, r.id, reason), { success: '已驳回', invalidate, onSuccess: () => setRejecting(null) });
  const download = useAction((r: OpInvoiceRequestView) => operatorInvoiceCalls.download(r));

  const columns: TableColumnsType<OpInvoiceRequestView> = [
    { title: '企业', dataIndex: 'companyName', width: 200, ellipsis: true },
    { title: '申请编号', dataIndex: 'requestNo', width: 140 },
    { title: '发票类型', dataIndex: 'typeLabel', width: 120 },
    {
      title: '抬头与税号',
      key: 'title',
      width: 260,
      render: (_: unknown, r) => (
        <div style={{ fontSize: 12 }}>
          <div>{r.titleName}</div>
          <div>{r.taxNo}</div>
          {r.type === 2 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.address} {r.phone} / {r.bank} {r.account}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: (v: string) => formatMoney(v) },
    { title: '账单', key: 'bills', width: 180, render: (_: unknown, r) => r.bills.map((b) => b.billNo).join('、') || EMPTY_TEXT },
    { title: '接收邮箱', dataIndex: 'email', width: 180, ellipsis: true },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number, r) => <StatusTag tone={invoiceStatusTone(v)}>{r.statusLabel}</StatusTag> },
    { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          {r.status === 1 && (
            <>
              <Button type="link" size="small" className="op-invoice-issue" onClick={() => setIssuing(r)}>
                开票
              </Button>
              <Button type="link" size="small" danger className="op-invoice-reject" onClick={() => setRejecting(r)}>
                驳回
              </Button>
            </>
          )}
          {r.hasFile && (
            <Button type="link" size="small" loading={download.pendingArgs?.[0] === r} onClick={() => void download.run(r)}>
              下载
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} className="invoice-issue-panel">
      <Space wrap>
        <Select
          value={status}
          style={{ width: 140 }}
          onChange={(v) => {
            setStatus(v);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
          options={INVOICE_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
        />
        <Input.Search allowClear placeholder="企业名称" style={{ width: 240 }} onSearch={(v) => { setKeyword(v); setPaging((p) => ({ ...p, pageNum: 1 })); }} />
      </Space>
      <Table<OpInvoiceRequestView>
        rowKey={(r) => `${r.companyId}-${r.id}`}
        className="op-invoice-table"
        columns={columns}
        dataSource={page.data?.data ?? []}
        loading={page.isFetching}
        scroll={{ x: 1600 }}
        pagination={serverPagination(paging, page.data?.pageMessage, setPaging)}
        locale={{ emptyText: status === 1 ? '暂无待开票的申请' : '暂无开票申请' }}
      />
      <FormModal<IssueValues>
        title={issuing ? `开票 · ${issuing.companyName} ${formatMoney(issuing.amount)}` : '开票'}
        open={issuing !== null}
        onClose={() => setIssuing(null)}
        values={{ invoiceDate: dayjs().format('YYYY-MM-DD'), file: null }}
        onSubmit={(v) => issue.run(issuing!, v)}
        okText="确认开票"
        okClassName="op-invoice-issue-ok"
      >
        <Form.Item name="invoiceNo" label="发票号码" rules={[{ required: true, message: '请输入发票号码' }, { pattern: /^[0-9A-Za-z]{8,20}$/, message: '发票号码应为8–20位字母或数字' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="invoiceDate" label="开票日期" rules={[{ required: true, message: '请选择开票日期' }]}>
          <DateText />
        </Form.Item>
        <Form.Item name="file" label="电子发票（PDF）" rules={[{ required: true, message: '请选择电子发票文件' }]}>
          <PdfPick />
        </Form.Item>
      </FormModal>
      <FormModal<{ reason: string }> title="驳回开票申请" open={rejecting !== null} onClose={() => setRejecting(null)} onSubmit={(v) => reject.run(rejecting!, v.reason)} okDanger okText="驳回">
        <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }]}>
          <Input.TextArea maxLength={200} rows={3} placeholder="企业将看到此原因，账单可以重新申请" />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
