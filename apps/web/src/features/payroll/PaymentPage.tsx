import type { PaymentView } from '@wfsaas/contracts';
import { DatePicker, Form, Input, Select, Tooltip, type TableColumnsType } from 'antd';
import { formatDate, formatMoney } from '../../app/ui/format.ts';
import { int, month, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { usePaymentPage, useSheetPage } from './payroll.api.ts';
import { BankFileExportButton } from './BankFileExportButton.tsx';
import { usePayrollExport } from './use-payroll-export.tsx';

const SCHEMA = { month, runId: int, keyword: text };

/** /generationexpend/payroll (发放记录): what each employee is paid from submitted sheets; the bank transfer file. */
export default function PaymentPage() {
  const query = useListQuery({ name: 'payments', schema: SCHEMA });
  const { month: m, runId, keyword } = query.params;
  const page = usePaymentPage({ ...query.page, month: m?.format('YYYY-MM'), runId, keyword });
  const sheets = useSheetPage({ pageNum: 1, pageSize: 100 });
  const exports = usePayrollExport();
  const sheet = sheets.data?.data.find((s) => s.id === runId);

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
    <ListScreen<PaymentView, typeof SCHEMA>
      className="payment-page"
      title="发放记录"
      description="已提交工资表的每人实发金额与收款账户；选择工资表后可导出银行代发文件（在下载中心生成）。"
      extra={
        <Tooltip title={sheet ? undefined : '请先在查询条件中选择工资表'}>
          <BankFileExportButton type="primary" runId={sheet?.id} exports={exports} pendingKey="bank" className="export-bank" />
        </Tooltip>
      }
      query={query}
      formName="payment-query"
      fields={
        <>
          <Form.Item name="month" label="工资月份">
            <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="runId" label="工资表">
            <Select allowClear placeholder="全部" loading={sheets.isLoading} options={(sheets.data?.data ?? []).map((s) => ({ value: s.id, label: `${s.month} ${s.groupName}` }))} />
          </Form.Item>
          <Form.Item name="keyword" label="员工">
            <Input allowClear placeholder="姓名/工号" />
          </Form.Item>
        </>
      }
      table={{ rowKey: (r) => `${r.runId}-${r.employeeId}`, scroll: { x: 1110 }, columns, result: page, empty: '暂无发放记录，提交工资表后在此查看' }}
    />
  );
}
