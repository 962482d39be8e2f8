import { DownloadOutlined } from '@ant-design/icons';
import { ITEM_TYPE, RUN_STATUS, type ContributionLineView, type ExplainStep, type RunResultView, type RunView } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Form, Input, Modal, Space, Spin, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { formatMoney } from '../../app/ui/format.ts';
import { Panel } from '../../app/ui/Panel.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { changePercent, formatItemValue, formatRate, summaryColumns, type SummaryColumn } from './payroll-format.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, runWrite, useExplain, useInvalidatePayroll, useRunResults, type ResultsQuery } from './payroll.api.ts';
import { RunFrame } from './RunFrame.tsx';
import { usePayrollExport } from './use-payroll-export.tsx';
import { runStepPath } from './run-steps.ts';

const money = (v: string | null | undefined) => <span className="money">{formatMoney(v)}</span>;

/** /fzsxapp/calculateSalaryDetail/:id (审核结果): every employee's items and totals; a click explains one. */
export default function RunResultsPage() {
  return <RunFrame step="review">{(run) => <ResultsStep run={run} />}</RunFrame>;
}

function ResultsStep({ run }: { run: RunView }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState<ResultsQuery>({ runId: run.id, pageNum: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState('');
  const [viewing, setViewing] = useState<RunResultView | null>(null);
  const [editing, setEditing] = useState<RunResultView | null>(null);
  const results = useRunResults(query);
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
              onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
            />
            <span>
              <Switch size="small" checked={query.onlyErrors === true} onChange={(v) => setQuery((q) => ({ ...q, pageNum: 1, onlyErrors: v || undefined }))} /> 只看出错
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
        <Table<RunResultView>
          rowKey="employeeId"
          size="small"
          className="run-results"
          bordered
          scroll={{ x: width }}
          loading={results.isFetching}
          dataSource={results.data?.list ?? []}
          columns={columns}
          onRow={(r) => ({ onDoubleClick: () => setViewing(r) })}
          pagination={serverPagination(query, results.data?.pageMessage, (n) => setQuery((q) => ({ ...q, ...n })))}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query.keyword || query.onlyErrors ? '没有符合条件的员工' : '暂无计算结果，请先计算薪资'} /> }}
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

/** 修改导入项: one employee's input items, typed by hand; the run then needs a new calculation. */
function InputEditModal({ runId, row, names, onClose }: { runId: number; row: RunResultView | null; names: string[]; onClose: () => void }) {
  const [form] = Form.useForm<Record<string, string>>();
  const invalidate = useInvalidatePayroll();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={row !== null}
      title={row ? `修改 ${row.name} 的导入项` : ''}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        if (!row) return;
        const v = await form.validateFields();
        const values = Object.fromEntries(names.map((n) => [n, String(v[n] ?? '').trim() || '0']));
        setBusy(true);
        try {
          const done = await runWrite(() => payrollCalls.saveInput(runId, row.employeeId, values), '保存成功，请重新计算', invalidate, toastSuccess);
          if (done !== undefined) onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false} className="input-edit-form" initialValues={Object.fromEntries(names.map((n) => [n, row?.values[n] ?? '']))}>
        {names.map((n) => (
          <Form.Item key={n} name={n} label={n} rules={[{ pattern: /^-?\d{1,12}(\.\d{1,4})?$/, message: `${n}应为数字` }]}>
            <Input placeholder="未填写按0计算" />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

const KIND_LABEL: Record<ExplainStep['kind'], string> = { input: '导入项', salary: '档案月薪', system: '系统项', formula: '公式项' };

function ExplainDrawer({ runId, row, categories, onClose }: { runId: number; row: RunResultView | null; categories: ReadonlyMap<string, string>; onClose: () => void }) {
  const explain = useExplain(runId, row?.employeeId ?? null);
  const x = explain.data;
  return (
    <Drawer title={row ? `${row.name} 的计算过程` : ''} open={row !== null} onClose={onClose} size={760} destroyOnHidden className="explain-drawer">
      {row && (
        <Descriptions
          size="small"
          bordered
          column={3}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'g', label: '应发合计', children: formatMoney(row.gross) },
            { key: 't', label: '个税', children: formatMoney(row.tax) },
            { key: 'n', label: '实发工资', children: <strong>{formatMoney(row.net)}</strong> },
          ]}
        />
      )}
      {row?.error && <Alert type="error" showIcon message={row.error} style={{ marginBottom: 16 }} />}
      {explain.isLoading ? (
        <Spin style={{ display: 'block', margin: '40px auto' }} />
      ) : !x ? (
        <Empty description="计算过程暂时无法读取" />
      ) : (
        <Flex vertical gap={20}>
          <section>
            <Typography.Title level={5}>工资项目</Typography.Title>
            <Table<ExplainStep>
              rowKey="name"
              size="small"
              pagination={false}
              className="explain-steps"
              dataSource={x.steps}
              columns={[
                { title: '项目', dataIndex: 'name', width: 120 },
                { title: '类型', dataIndex: 'kind', width: 80, render: (v: ExplainStep['kind']) => KIND_LABEL[v] },
                {
                  title: '公式与取值',
                  key: 'how',
                  render: (_: unknown, s) => (
                    <Flex vertical gap={4}>
                      {s.formula && <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{s.formula}</code>}
                      {s.inputs.length > 0 && (
                        <div>
                          {s.inputs.map((i) => (
                            <Tag key={i.name} style={{ marginBottom: 2 }}>
                              {i.name} = {i.value}
                            </Tag>
                          ))}
                        </div>
                      )}
                      {s.note && <Typography.Text type="secondary">{s.note}</Typography.Text>}
                    </Flex>
                  ),
                },
                { title: '结果', dataIndex: 'result', width: 120, align: 'right', render: (v: string, st) => <span className="money">{formatItemValue(v, categories.get(st.name) ?? 'other')}</span> },
              ]}
            />
          </section>
          {x.contributions.length > 0 && (
            <section>
              <Typography.Title level={5}>社保公积金</Typography.Title>
              <Table<ContributionLineView>
                rowKey="key"
                size="small"
                pagination={false}
                dataSource={x.contributions}
                columns={[
                  { title: '险种', dataIndex: 'name', width: 150 },
                  { title: '缴费基数', dataIndex: 'base', align: 'right', render: money },
                  { title: '个人比例', dataIndex: 'employeeRate', align: 'right', render: ratePercent },
                  { title: '个人缴纳', dataIndex: 'employee', align: 'right', render: money },
                  { title: '单位比例', dataIndex: 'employerRate', align: 'right', render: ratePercent },
                  { title: '单位缴纳', dataIndex: 'employer', align: 'right', render: money },
                ]}
              />
            </section>
          )}
          {x.taxLines.length > 0 && (
            <section className="explain-tax">
              <Typography.Title level={5}>个税（累计预扣法）</Typography.Title>
              <Descriptions size="small" bordered column={2} items={x.taxLines.map((l, i) => ({ key: String(i), label: l.label, children: <span className="money">{l.value}</span> }))} />
            </section>
          )}
          {x.withholding.length > 0 && (
            <section>
              <Typography.Title level={5}>本年各月预扣</Typography.Title>
              <Table
                rowKey="month"
                size="small"
                pagination={false}
                dataSource={x.withholding}
                columns={[
                  { title: '月份', dataIndex: 'month', width: 70, render: (m: number) => `${m}月` },
                  { title: '累计收入', dataIndex: 'income', align: 'right', render: money },
                  { title: '累计应纳税所得额', dataIndex: 'taxableIncome', align: 'right', render: money },
                  { title: '税率', dataIndex: 'rate', align: 'right', render: ratePercent },
                  { title: '速算扣除数', dataIndex: 'quickDeduction', align: 'right', render: money },
                  { title: '累计应纳税额', dataIndex: 'cumulativeTax', align: 'right', render: money },
                  { title: '本月预扣', dataIndex: 'tax', align: 'right', render: money },
                ]}
              />
            </section>
          )}
        </Flex>
      )}
    </Drawer>
  );
}

function ratePercent(v: string): string {
  return formatRate(v);
}
