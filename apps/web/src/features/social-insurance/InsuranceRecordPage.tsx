import type { RecordItemView, RecordRowView, RecordSummaryView } from '@wfsaas/contracts';
import { App, Button, Col, DatePicker, Flex, Form, Input, Row, Select, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { int, month, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { chinaMonth } from '../payroll/payroll-format.ts';
import { usePayrollExport } from '../payroll/use-payroll-export.tsx';
import { effectiveEntity, entityParam } from './current-entity.ts';
import type { EntityChoice } from './InsuredDrawers.tsx';
import { ReconcileModal, ReconcileResultModal } from './ReconcileDialogs.tsx';
import { reconcileState } from './si-format.ts';
import { SI_PERMISSIONS as P, siCalls, useEntities, useInvalidateSi, useRecordPage, useRecordSummary } from './si.api.ts';
import { useCurrentEntity } from './use-current-entity.ts';

const SCHEMA = { month, entityId: int, keyword: text };
const money = (v: string) => <span className="money">{formatMoney(v)}</span>;

type SummaryEntity = RecordSummaryView['entities'][number];

/** /taxReturn/insuranceRecord (参保记录): a month's contributions per entity and person, the export, reconciliation with the bill. */
export default function InsuranceRecordPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[P.recordEdit] === true;
  const [stored] = useCurrentEntity();
  const listed = useEntities(map[P.entityRead] === true);
  const current = effectiveEntity(stored, listed.data ?? null);
  const defaults = useMemo(() => ({ month: dayjs(chinaMonth()), ...(current ? { entityId: current } : {}) }), [current]);
  const query = useListQuery({ name: 'records', schema: SCHEMA, defaults });
  const m = (query.filters.month ?? dayjs(chinaMonth())).format('YYYY-MM');
  const entityId = entityParam(query.filters.entityId);
  const summary = useRecordSummary(m);
  const page = useRecordPage({ ...query.page, month: m, entityId, keyword: query.filters.keyword?.trim() || undefined });
  const entities: EntityChoice[] = useMemo(() => {
    const out = new Map<number, string>();
    for (const e of listed.data ?? []) out.set(e.id, e.name);
    for (const e of summary.data?.entities ?? []) out.set(e.entityId, e.entityName);
    return [...out].map(([value, label]) => ({ value, label }));
  }, [listed.data, summary.data]);
  const invalidate = useInvalidateSi();
  const exporter = usePayrollExport();
  const generate = useAction(() => siCalls.generateRecords(m, entityId), { success: '缴费记录已生成', invalidate });
  const reconcile = useAction((id: number, file: File) => siCalls.reconcile(id, m, file), { invalidate });
  const [reconciling, setReconciling] = useState(false);
  const [viewing, setViewing] = useState<{ entityId: number; entityName: string; month: string } | null>(null);
  const s = summary.data;

  const columns: TableColumnsType<RecordRowView> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 100, fixed: 'left' },
    { title: '工号', dataIndex: 'employeeNo', key: 'employeeNo', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '参保主体', dataIndex: 'entityName', key: 'entityName', width: 180, ellipsis: true },
    { title: '险种', key: 'items', width: 260, ellipsis: true, render: (_: unknown, r) => r.items.map((i) => i.name).join('、') || '—' },
    { title: '单位合计', dataIndex: 'employer', key: 'employer', width: 120, align: 'right', render: money },
    { title: '个人合计', dataIndex: 'employee', key: 'employee', width: 120, align: 'right', render: money },
    { title: '合计', dataIndex: 'total', key: 'total', width: 120, align: 'right', render: money },
  ];

  return (
    <ListScreen<RecordRowView, typeof SCHEMA>
      className="insurance-record-page"
      title="参保记录"
      description="每月按参保信息生成的社保、公积金缴费记录；导入社保网站的缴费账单逐人逐险种对账。"
      extra={
        <>
          <Button className="record-export" loading={exporter.pending === 'records'} onClick={() => void exporter.start('records', () => siCalls.exportRecords(m, entityId))}>
            导出
          </Button>
          {canEdit && (
            <Button className="reconcile-open" onClick={() => setReconciling(true)}>
              导入账单对账
            </Button>
          )}
          {canEdit && (
            <Button
              type="primary"
              className="record-generate"
              loading={generate.pending}
              onClick={() =>
                s?.generatedAt
                  ? modal.confirm({ title: `重新生成${m}缴费记录?`, content: `已于 ${formatDateTime(s.generatedAt)} 生成，重新生成将按当前参保信息覆盖。`, okText: '确定', cancelText: '取消', onOk: () => generate.run() })
                  : void generate.run()
              }
            >
              生成缴费记录
            </Button>
          )}
        </>
      }
      query={query}
      formName="record-query"
      fields={
        <>
          <Form.Item name="month" label="缴费月份">
            <DatePicker picker="month" format="YYYY-MM" allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="entityId" label="参保主体">
            <Select options={[{ value: 0, label: '全部主体' }, ...entities]} placeholder="全部主体" />
          </Form.Item>
          <Form.Item name="keyword" label="员工">
            <Input allowClear placeholder="姓名或工号" />
          </Form.Item>
        </>
      }
      aboveTable={s && <SummaryCards summary={s} onView={(e) => setViewing({ entityId: e.entityId, entityName: e.entityName, month: s.month })} />}
      table={{
        rowKey: 'employeeId',
        className: 'record-table',
        scroll: { x: 1000 },
        columns,
        result: page,
        empty: s?.generatedAt ? '没有符合条件的缴费记录' : '本月尚未生成缴费记录，点击生成缴费记录',
        expandable: { expandedRowRender: (r) => <ItemsTable items={r.items} /> },
      }}
    >
      <ReconcileModal open={reconciling} month={m} entities={entities} entityId={entityId ?? null} onClose={() => setReconciling(false)} onImport={reconcile.run} />
      <ReconcileResultModal target={viewing} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}

function ItemsTable({ items }: { items: readonly RecordItemView[] }) {
  return (
    <Table<RecordItemView>
      size="small"
      rowKey="key"
      pagination={false}
      className="record-items"
      style={{ maxWidth: 640 }}
      dataSource={[...items]}
      columns={[
        { title: '险种', dataIndex: 'name', width: 140 },
        { title: '缴费基数', dataIndex: 'base', width: 130, align: 'right', render: money },
        { title: '单位', dataIndex: 'employer', width: 120, align: 'right', render: money },
        { title: '个人', dataIndex: 'employee', width: 120, align: 'right', render: money },
      ]}
    />
  );
}

const muted = { color: 'rgba(0,0,0,0.45)' } as const;

/** Each entity's month: headcount, employer and employee totals, reconciliation state; then the company total. */
function SummaryCards({ summary, onView }: { summary: RecordSummaryView; onView: (e: SummaryEntity) => void }) {
  const figures = (f: { headcount: number; employer: string; employee: string; total: string }) => (
    <Row gutter={8} style={{ marginTop: 8 }}>
      <Col span={4}>
        <div style={muted}>人数</div>
        <b>{f.headcount}</b>
      </Col>
      <Col span={7}>
        <div style={muted}>单位合计</div>
        <b className="money">{formatMoney(f.employer)}</b>
      </Col>
      <Col span={6}>
        <div style={muted}>个人合计</div>
        <b className="money">{formatMoney(f.employee)}</b>
      </Col>
      <Col span={7}>
        <div style={muted}>合计</div>
        <b className="money">{formatMoney(f.total)}</b>
      </Col>
    </Row>
  );
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} className="record-summary">
      {summary.entities.map((e) => {
        const state = reconcileState(e.reconciled, e.differences);
        return (
          <Col key={e.entityId} xs={24} md={12} xl={8}>
            <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 16 }} className="record-summary-card" data-entity={e.entityName}>
              <Flex justify="space-between" align="center" gap={8}>
                <b>
                  {e.entityName} <span style={muted}>{e.city}</span>
                </b>
                {e.reconciled === null ? (
                  <StatusTag tone={state.tone}>{state.text}</StatusTag>
                ) : (
                  <a onClick={() => onView(e)} className="reconcile-view">
                    <StatusTag tone={state.tone}>{state.text}</StatusTag>
                  </a>
                )}
              </Flex>
              {figures(e)}
            </div>
          </Col>
        );
      })}
      <Col xs={24} md={12} xl={8}>
        <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 16, background: '#fafafa' }} className="record-summary-total">
          <Flex justify="space-between">
            <b>全部主体合计</b>
            <span style={muted}>{summary.generatedAt ? `生成于 ${formatDateTime(summary.generatedAt)}` : '尚未生成'}</span>
          </Flex>
          {figures(summary.total)}
        </div>
      </Col>
    </Row>
  );
}
