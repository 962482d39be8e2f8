import type { PaymentView } from '@wfsaas/contracts';
import { DatePicker, Empty, Flex, Form, Input, Select, Table, Tooltip, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatDate, formatMoney } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { usePaymentPage, useSheetPage, type PaymentPageQuery } from './payroll.api.ts';
import { BankFileExportButton } from './BankFileExportButton.tsx';
import { usePayrollExport } from './use-payroll-export.tsx';

/** /generationexpend/payroll (发放记录): what each employee is paid from submitted sheets; the bank transfer file. */
export default function PaymentPage() {
  const [form] = Form.useForm<{ month?: Dayjs | null; runId?: number; keyword?: string }>();
  const [query, setQuery] = useState<PaymentPageQuery>({ pageNum: 1, pageSize: 10 });
  const page = usePaymentPage(query);
  const sheets = useSheetPage({ pageNum: 1, pageSize: 100 });
  const exports = usePayrollExport();
  const sheet = sheets.data?.data.find((s) => s.id === query.runId);

  const columns: TableColumnsType<PaymentView> = [
    { title: '工资月份', dataIndex: 'month', width: 100 },
    { title: '工资表', dataIndex: 'groupName', width: 160, ellipsis: true },
    { title: '工号', dataIndex: 'employeeNo', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '开户银行', dataIndex: 'bankName', width: 180, ellipsis: true, render: (v: string | null) => v ?? <span style={{ color: '#d46b08' }}>未填写</span> },
    { title: '银行账号', dataIndex: 'bankAccountMasked', width: 200, render: (v: string | null) => v ?? <span style={{ color: '#d46b08' }}>未填写</span> },
    { title: '实发金额', dataIndex: 'amount', width: 130, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '发放日期', dataIndex: 'payDate', width: 120, render: formatDate },
  ];

  return (
    <Flex vertical gap={16} className="payment-page">
      <PageHeader
        title="发放记录"
        description="已提交工资表的每人实发金额与收款账户；选择工资表后可导出银行代发文件（在下载中心生成）。"
        extra={
          <Tooltip title={sheet ? undefined : '请先在查询条件中选择工资表'}>
            <BankFileExportButton type="primary" runId={sheet?.id} exports={exports} pendingKey="bank" className="export-bank" />
          </Tooltip>
        }
      />
      <Panel>
        <QueryForm form={form} name="payment-query" onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, month: v.month ? v.month.format('YYYY-MM') : undefined, runId: v.runId, keyword: v.keyword?.trim() || undefined }))}>
          <Form.Item name="month" label="工资月份">
            <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="runId" label="工资表">
            <Select allowClear placeholder="全部" loading={sheets.isLoading} options={(sheets.data?.data ?? []).map((s) => ({ value: s.id, label: `${s.month} ${s.groupName}` }))} />
          </Form.Item>
          <Form.Item name="keyword" label="员工">
            <Input allowClear placeholder="姓名/工号" />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel>
        <Table<PaymentView>
          rowKey={(r) => `${r.runId}-${r.employeeId}`}
          size="middle"
          scroll={{ x: 1110 }}
          loading={page.isFetching}
          dataSource={page.data?.data ?? []}
          columns={columns}
          pagination={serverPagination(query, page.data?.pageMessage, (n) => setQuery((q) => ({ ...q, ...n })))}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无发放记录，提交工资表后在此查看" /> }}
        />
      </Panel>
    </Flex>
  );
}
