import { DownloadOutlined } from '@ant-design/icons';
import { ITEM_TYPE, RUN_STATUS, type RunResultView, type RunView } from '@wfsaas/contracts';
import { Alert, Button, Flex, Input, Space, Switch, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatMoney } from '../../app/ui/format.ts';
import { bool, text } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { ExplainDrawer } from './ExplainDrawer.tsx';
import { InputEditModal } from './InputEditModal.tsx';
import { changePercent, formatItemValue, summaryColumns, type SummaryColumn } from './payroll-format.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useRunResults } from './payroll.api.ts';
import { RunFrame } from './RunFrame.tsx';
import { usePayrollExport } from './use-payroll-export.tsx';
import { runStepPath } from './run-steps.ts';

const SCHEMA = { keyword: text, onlyErrors: bool };

const money = (v: string | null | undefined) => <span className="money">{formatMoney(v)}</span>;

/** /fzsxapp/calculateSalaryDetail/:id (审核结果): every employee's items and totals; a click explains one. */
export default function RunResultsPage() {
  return <RunFrame step="review">{(run) => <ResultsStep run={run} />}</RunFrame>;
}

function ResultsStep({ run }: { run: RunView }) {
  const navigate = useNavigate();
  const query = useListQuery({ name: 'results', schema: SCHEMA, pageSize: 20 });
  const { keyword: searched, onlyErrors } = query.params;
  const [keyword, setKeyword] = useState(searched ?? '');
  const [viewing, setViewing] = useState<RunResultView | null>(null);
  const [editing, setEditing] = useState<RunResultView | null>(null);
  const results = useRunResults({ runId: run.id, ...query.page, keyword: searched, onlyErrors: onlyErrors || undefined });
  const items = results.data?.items ?? [];
  const { map } = usePermissions();
  const inputNames = items.filter((i) => i.type === ITEM_TYPE.input).map((i) => i.name);
  const canEditInputs = map[P.runEdit] === true && inputNames.length > 0 && run.status !== RUN_STATUS.calculating && run.status < RUN_STATUS.locked;
  const exports = usePayrollExport();
  // the sheet is exported once calculated: 待审核, 已锁定 or 已提交
  const canExport = run.status >= RUN_STATUS.calculated;

  const SUMMARY: Record<SummaryColumn, TableColumnsType<RunResultView>[number]> = {
    gross: { title: '应发合计', dataIndex: 'gross', width: 120, align: 'right', render: money },
    siEmployee: { title: '社保个人', dataIndex: 'siEmployee', width: 110, align: 'right', render: money },
    hfEmployee: { title: '公积金个人', dataIndex: 'hfEmployee', width: 110, align: 'right', render: money },
    tax: { title: '个税', dataIndex: 'tax', width: 110, align: 'right', render: money },
    net: { title: '实发工资', dataIndex: 'net', width: 120, align: 'right', render: (v: string) => <strong className="money">{formatMoney(v)}</strong> },
  };
  const columns: TableColumnsType<RunResultView> = [
    { title: '工号', dataIndex: 'employeeNo', width: 110, fixed: 'left', render: (v: string | null) => v ?? '—' },
    {
      title: '姓名',
      dataIndex: 'name',
      width: 100,
      fixed: 'left',
      render: (v: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} className="result-explain" onClick={() => setViewing(r)}>
          {v}
        </Button>
      ),
    },
    { title: '部门', dataIndex: 'departmentName', width: 120, ellipsis: true, render: (v: string | null) => v ?? '—' },
    ...items.map((it) => ({
      title: it.name,
      key: `item:${it.name}`,
      width: Math.max(96, it.name.length * 14 + 32),
      align: 'right' as const,
      render: (_: unknown, r: RunResultView) => <span className="money">{formatItemValue(r.values[it.name], it.category)}</span>,
    })),
    // the figures the group's items do not already show
    ...summaryColumns(items, ['gross', 'siEmployee', 'hfEmployee', 'tax', 'net']).map((k) => SUMMARY[k]),
    { title: '上月实发', dataIndex: 'lastNet', width: 120, align: 'right', render: money },
    {
      title: '较上月',
      key: 'diff',
      width: 150,
      align: 'right',
      render: (_: unknown, r) => {
        if (r.netDiff === null) return '—';
        const pct = changePercent(r.net, r.lastNet);
        const neg = r.netDiff.startsWith('-');
        return (
          <span className="money" style={{ color: neg ? '#cf1322' : r.netDiff === '0.00' ? undefined : '#389e0d' }}>
            {neg ? '' : '+'}
            {formatMoney(r.netDiff)}
            {pct && <span style={{ color: 'rgba(0,0,0,0.45)', marginInlineStart: 4 }}>({pct})</span>}
          </span>
        );
      },
    },
    {
      title: '状态',
      key: 'state',
      width: canEditInputs ? 150 : 100,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          {stateTag(r)}
          {canEditInputs && (
            <Button type="link" size="small" className="result-edit" onClick={() => setEditing(r)}>
              修改
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const width = columns.reduce((s, c) => s + (typeof c.width === 'number' ? c.width : 100), 0);

  return (
    <Flex vertical gap={16}>
      <Panel
        title="计算结果"
        extra={
          <Flex gap={16} align="center">
            <Input.Search
              allowClear
              placeholder="姓名/工号"
              style={{ width: 220 }}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => query.search({ keyword: v })}
            />
            <span>
              <Switch size="small" checked={onlyErrors === true} onChange={(v) => query.search({ onlyErrors: v || undefined })} /> 只看出错
            </span>
            <Tooltip title={canExport ? '全部员工的各工资项与合计，在下载中心生成' : '计算完成后可导出工资表'}>
              <Button icon={<DownloadOutlined />} className="run-export" disabled={!canExport} loading={exports.pending === 'sheet'} onClick={() => void exports.start('sheet', () => payrollCalls.exportSheet(run.id))}>
                导出工资表
              </Button>
            </Tooltip>
          </Flex>
        }
      >
        {run.status === RUN_STATUS.awaitingCalculation && run.calculatedAt && <Alert type="warning" showIcon message="导入数据已修改，以下为上次计算的结果，请在「计算薪资」中重新计算。" style={{ marginBottom: 16 }} />}
        {run.status < RUN_STATUS.calculated && run.status !== RUN_STATUS.calculating && !run.calculatedAt && <Alert type="info" showIcon message="本批次还没有计算，请先在「计算薪资」中开始计算。" style={{ marginBottom: 16 }} />}
        <ListTable<RunResultView, typeof SCHEMA>
          rowKey="employeeId"
          size="small"
          className="run-results"
          bordered
          scroll={{ x: width }}
          query={query}
          result={{ data: results.data && { data: results.data.list, pageMessage: results.data.pageMessage }, isFetching: results.isFetching }}
          columns={columns}
          onRow={(r) => ({ onDoubleClick: () => setViewing(r) })}
          empty={searched || onlyErrors ? '没有符合条件的员工' : '暂无计算结果，请先计算薪资'}
        />
        <Typography.Text type="secondary">点击员工姓名查看每一项的计算过程。</Typography.Text>
      </Panel>
      <Flex justify="space-between">
        <Button onClick={() => navigate(runStepPath('calculate', run.id))}>上一步：计算薪资</Button>
        <Button type="primary" className="run-next" onClick={() => navigate(runStepPath('submit', run.id))}>
          下一步：锁定提交
        </Button>
      </Flex>
      <ExplainDrawer runId={run.id} row={viewing} categories={new Map(items.map((i) => [i.name, i.category]))} onClose={() => setViewing(null)} />
      <InputEditModal runId={run.id} row={editing} names={inputNames} onClose={() => setEditing(null)} />
    </Flex>
  );
}

function stateTag(r: RunResultView) {
  if (r.error)
    return (
      <Tooltip title={r.error}>
        <Tag color="error">计算出错</Tag>
      </Tooltip>
    );
  if (r.warnings.length)
    return (
      <Tooltip title={r.warnings.join('；')}>
        <Tag color="warning">需关注</Tag>
      </Tooltip>
    );
  return <Tag color="success">正常</Tag>;
}
