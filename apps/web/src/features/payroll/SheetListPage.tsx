import type { SheetView } from '@wfsaas/contracts';
import { DatePicker, Form, Space, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { month } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { addMoney } from './payroll-format.ts';
import { useSheetPage } from './payroll.api.ts';
import { BankFileExportButton } from './BankFileExportButton.tsx';
import { usePayrollExport } from './use-payroll-export.tsx';

const money = (pick: (r: SheetView) => string | undefined) => (_: unknown, r: SheetView) => <span className="money">{formatMoney(pick(r))}</span>;

const SCHEMA = { month };

/** /generationexpend/payslipList (工资表列表): submitted payroll sheets. */
export default function SheetListPage() {
  const query = useListQuery({ name: 'sheets', schema: SCHEMA });
  const page = useSheetPage({ ...query.page, month: query.filters.month?.format('YYYY-MM') });
  const exports = usePayrollExport();

  const columns: TableColumnsType<SheetView> = [
    { title: '工资月份', dataIndex: 'month', width: 100 },
    { title: '工资表', dataIndex: 'groupName', width: 150, ellipsis: true, render: (v: string, r) => <Link to={`/generationexpend/mitWagesprisedetal/${r.id}`}>{v}</Link> },
    { title: '人数', key: 'h', width: 70, align: 'right', render: (_: unknown, r) => r.totals?.headcount ?? '—' },
    { title: '应发合计', key: 'g', width: 120, align: 'right', render: money((r) => r.totals?.gross) },
    { title: '社保公积金个人', key: 's', width: 130, align: 'right', render: (_: unknown, r) => <span className="money">{r.totals ? formatMoney(addMoney(r.totals.siEmployee, r.totals.hfEmployee)) : '—'}</span> },
    { title: '个税合计', key: 't', width: 110, align: 'right', render: money((r) => r.totals?.tax) },
    { title: '实发合计', key: 'n', width: 120, align: 'right', render: money((r) => r.totals?.net) },
    { title: '提交时间', dataIndex: 'submittedAt', width: 140, render: formatDateTime },
    {
      title: '操作',
      key: 'a',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap={false}>
          <Link to={`/generationexpend/mitWagesprisedetal/${r.id}`}>查看</Link>
          <BankFileExportButton type="link" size="small" runId={r.id} exports={exports} pendingKey={`bank:${r.id}`} className="sheet-export-bank" />
        </Space>
      ),
    },
  ];

  return (
    <ListScreen<SheetView, typeof SCHEMA>
      className="sheet-list-page"
      title="工资表列表"
      description="已提交的工资表，可查看明细、导出银行代发文件。"
      query={query}
      formName="sheet-query"
      fields={
        <Form.Item name="month" label="工资月份">
          <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
        </Form.Item>
      }
      table={{ rowKey: 'id', scroll: { x: 1140 }, columns, result: page, empty: '暂无工资表，薪资批次锁定并提交后在此生成' }}
    />
  );
}
