import type { ContributionLineView, ExplainStep, RunResultView } from '@wfsaas/contracts';
import { Alert, Descriptions, Drawer, Empty, Flex, Spin, Table, Tag, Typography } from 'antd';
import { formatMoney } from '../../app/ui/format.ts';
import { formatItemValue, formatRate } from './payroll-format.ts';
import { useExplain } from './payroll.api.ts';

const money = (v: string | null | undefined) => <span className="money">{formatMoney(v)}</span>;

const KIND_LABEL: Record<ExplainStep['kind'], string> = { input: '导入项', salary: '档案月薪', system: '系统项', formula: '公式项' };

/** 计算过程: every item of one employee with its formula and inputs, the contributions and the withholding. */
export function ExplainDrawer({ runId, row, categories, onClose }: { runId: number; row: RunResultView | null; categories: ReadonlyMap<string, string>; onClose: () => void }) {
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
