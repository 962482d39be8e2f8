import type { SheetDetailView } from '@wfsaas/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Flex, Input, Result, Spin, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { text } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { formatItemValue, runStatusTone, summaryColumns, type SummaryColumn } from './payroll-format.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useSheet } from './payroll.api.ts';
import { BankFileExportButton } from './BankFileExportButton.tsx';
import { usePayrollExport } from './use-payroll-export.tsx';

const SCHEMA = { keyword: text };

type Row = SheetDetailView['list'][number];
const money = (v: string) => <span className="money">{formatMoney(v)}</span>;
const SUMMARY: Record<Exclude<SummaryColumn, 'gross'>, TableColumnsType<Row>[number]> = {
  siEmployee: { title: '社保个人', dataIndex: 'siEmployee', width: 110, align: 'right', render: money },
  hfEmployee: { title: '公积金个人', dataIndex: 'hfEmployee', width: 110, align: 'right', render: money },
  tax: { title: '个税', dataIndex: 'tax', width: 110, align: 'right', render: money },
  net: { title: '实发工资', dataIndex: 'net', width: 120, align: 'right', fixed: 'right', render: (v: string) => <strong className="money">{formatMoney(v)}</strong> },
};

/** /generationexpend/mitWagesprisedetal/:payslipId (工资表详情): a submitted sheet with every employee's items. */
export default function SheetDetailPage() {
  const { payslipId } = useParams();
  const query = useListQuery({ name: 'sheet', schema: SCHEMA, pageSize: 20 });
  const detail = useSheet({ payslipId: Number(payslipId), ...query.params });
  const exports = usePayrollExport();
  const { map } = usePermissions();
  // the payroll sheet export is the run read permission's (算薪); the bank file is this page's own
  const canExportSheet = map[P.runRead] === true;
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const d = detail.data;
  if (!d) return <Result status="404" title="工资表不存在" subTitle="该工资表可能不属于当前公司，或批次还没有提交。" />;
  const s = d.sheet;
  const columns: TableColumnsType<Row> = [
    { title: '工号', dataIndex: 'employeeNo', width: 110, fixed: 'left', render: (v: string | null) => v ?? '—' },
    { title: '姓名', dataIndex: 'name', width: 100, fixed: 'left' },
    { title: '部门', dataIndex: 'departmentName', width: 120, ellipsis: true, render: (v: string | null) => v ?? '—' },
    ...d.items.map((it) => ({
      title: it.name,
      key: `item:${it.name}`,
      width: Math.max(96, it.name.length * 14 + 32),
      align: 'right' as const,
      render: (_: unknown, r: Row) => <span className="money">{formatItemValue(r.values[it.name], it.category)}</span>,
    })),
    // the figures the group's items do not already show
    ...summaryColumns(d.items, ['siEmployee', 'hfEmployee', 'tax', 'net']).map((k) => SUMMARY[k]),
  ];
  const width = columns.reduce((a, c) => a + (typeof c.width === 'number' ? c.width : 100), 0);
  const t = s.totals;
  return (
    <Flex vertical gap={16} className="sheet-detail-page">
      <PageHeader
        title={`${s.groupName} ${s.month} 工资表`}
        description={<StatusTag tone={runStatusTone(s.status)}>{s.statusLabel}</StatusTag>}
        extra={
          <>
            <Link to="/generationexpend/payslipList">
              <Button>返回</Button>
            </Link>
            {s.payslipBatchId !== null && (
              <Link to={`/gzt-vite/payslipDetails/${s.payslipBatchId}`}>
                <Button>查看工资条</Button>
              </Link>
            )}
            {canExportSheet && (
              <Button icon={<DownloadOutlined />} className="sheet-export" loading={exports.pending === 'sheet'} onClick={() => void exports.start('sheet', () => payrollCalls.exportSheet(s.id))}>
                导出工资表
              </Button>
            )}
            <BankFileExportButton type="primary" icon runId={s.id} exports={exports} pendingKey="bank" className="sheet-export-bank" />
          </>
        }
      />
      <Panel>
        <Descriptions
          size="small"
          column={4}
          items={[
            { key: 'h', label: '人数', children: t ? `${t.headcount} 人` : '—' },
            { key: 'g', label: '应发合计', children: formatMoney(t?.gross) },
            { key: 'tax', label: '个税合计', children: formatMoney(t?.tax) },
            { key: 'n', label: '实发合计', children: formatMoney(t?.net) },
            { key: 'si', label: '社保个人', children: formatMoney(t?.siEmployee) },
            { key: 'hf', label: '公积金个人', children: formatMoney(t?.hfEmployee) },
            { key: 'sie', label: '社保单位', children: formatMoney(t?.siEmployer) },
            { key: 'sub', label: '提交时间', children: formatDateTime(s.submittedAt) },
          ]}
        />
      </Panel>
      <Panel title="工资明细" extra={<Input.Search allowClear placeholder="按姓名/工号查找" style={{ width: 240 }} className="sheet-search" defaultValue={query.filters.keyword} onSearch={(v) => query.search({ keyword: v })} />}>
        <ListTable<Row, typeof SCHEMA>
          rowKey="employeeId"
          size="small"
          bordered
          scroll={{ x: width }}
          query={query}
          result={{ data: { data: d.list, pageMessage: d.pageMessage }, isFetching: detail.isFetching }}
          columns={columns}
          empty="没有符合条件的员工"
        />
      </Panel>
    </Flex>
  );
}
