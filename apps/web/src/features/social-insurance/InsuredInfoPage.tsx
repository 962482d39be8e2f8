import { INSURED_STATUSES, type InsuredView, type InsuredWarning } from '@wfsaas/contracts';
import { Alert, Button, Collapse, DatePicker, Flex, Form, Input, List, Select, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCanOpen, usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDate, formatMoney } from '../../app/ui/format.ts';
import { int, month, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { formatRate } from '../payroll/payroll-format.ts';
import { effectiveEntity, entityParam } from './current-entity.ts';
import { AnnualDrawer, HistoryDrawer, RegisterDrawer, type EntityChoice } from './InsuredDrawers.tsx';
import { APPLY_MONTH_PATH, insuredStatusLabel, insuredStatusTone } from './si-format.ts';
import { SI_PERMISSIONS as P, useEntities, useInsuredPage, useInsuredWarnings } from './si.api.ts';
import { useCurrentEntity } from './use-current-entity.ts';

const SCHEMA = { entityId: int, status: int, month, keyword: text };
const money = (v: string) => <span className="money">{formatMoney(v)}</span>;

/** /taxReturn/insuranceInformation (员工参保信息): each employee's insurance, its history, the warnings, 补录 and 年度调基. */
export default function InsuredInfoPage() {
  const { map } = usePermissions();
  const canOpen = useCanOpen();
  const canEdit = map[P.insuredEdit] === true;
  const canPick = map.staffRoll === true;
  const [stored] = useCurrentEntity();
  // the entity list is selectInsured's; without it the choices are the entities this page has shown
  const listed = useEntities(map[P.entityRead] === true);
  const current = effectiveEntity(stored, listed.data ?? null);
  const defaults = useMemo(() => (current ? { entityId: current } : {}), [current]);
  const query = useListQuery({ name: 'insured', schema: SCHEMA, defaults });
  const { entityId, status, month: m, keyword } = query.filters;
  const page = useInsuredPage({ ...query.page, entityId: entityParam(entityId), status, month: m?.format('YYYY-MM'), keyword: keyword?.trim() || undefined });
  const warnings = useInsuredWarnings();
  const [seen, setSeen] = useState<Map<number, string>>(new Map());
  const rows = page.data?.data;
  const unseen = (rows ?? []).filter((r) => seen.get(r.entityId) !== r.entityName);
  if (unseen.length > 0) setSeen((cur) => new Map([...cur, ...unseen.map((r) => [r.entityId, r.entityName] as const)]));
  const entities: EntityChoice[] = useMemo(
    () => (listed.data ? listed.data.map((e) => ({ value: e.id, label: e.name })) : [...seen].map(([value, label]) => ({ value, label }))),
    [listed.data, seen],
  );
  const [history, setHistory] = useState<InsuredView | null>(null);
  const [registering, setRegistering] = useState(false);
  const [annualOpen, setAnnualOpen] = useState(false);

  const columns: TableColumnsType<InsuredView> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 90, fixed: 'left' },
    { title: '工号', dataIndex: 'employeeNo', key: 'employeeNo', width: 90, render: (v: string | null) => v ?? '—' },
    { title: '部门', dataIndex: 'departmentName', key: 'departmentName', width: 120, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '证件号码', dataIndex: 'idNumberMasked', key: 'idNumberMasked', width: 170, render: (v: string | null) => v ?? '—' },
    { title: '参保主体', dataIndex: 'entityName', key: 'entityName', width: 170, ellipsis: true },
    { title: '状态', dataIndex: 'status', key: 'status', width: 95, render: (v: number) => <StatusTag tone={insuredStatusTone(v)}>{insuredStatusLabel(v)}</StatusTag> },
    { title: '城市', dataIndex: 'city', key: 'city', width: 70 },
    { title: '社保基数', dataIndex: 'siBase', key: 'siBase', width: 115, align: 'right', render: money },
    { title: '公积金基数', dataIndex: 'hfBase', key: 'hfBase', width: 115, align: 'right', render: money },
    { title: '比例', dataIndex: 'hfRate', key: 'hfRate', width: 65, align: 'right', render: (v: string) => formatRate(v) },
    { title: '起始月', dataIndex: 'startMonth', key: 'startMonth', width: 85 },
    { title: '截止月', dataIndex: 'endMonth', key: 'endMonth', width: 85, render: (v: string | null) => v ?? '—' },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button type="link" size="small" className="insured-history" onClick={() => setHistory(r)}>
          变更记录
        </Button>
      ),
    },
  ];

  return (
    <ListScreen<InsuredView, typeof SCHEMA>
      className="insured-info-page"
      title="员工参保信息"
      description="员工在各参保主体的社保、公积金基数与状态；入职、离职、调薪生成的申报办理成功后在此更新。"
      extra={
        canEdit && (
          <>
            <Button className="annual-open" onClick={() => setAnnualOpen(true)}>
              年度调基
            </Button>
            {canPick && (
              <Button type="primary" className="register-open" onClick={() => setRegistering(true)}>
                补录参保
              </Button>
            )}
          </>
        )
      }
      query={query}
      formName="insured-query"
      fields={
        <>
          <Form.Item name="entityId" label="参保主体">
            <Select options={[{ value: 0, label: '全部主体' }, ...entities]} placeholder="全部主体" />
          </Form.Item>
          <Form.Item name="status" label="参保状态">
            <Select allowClear placeholder="全部" options={INSURED_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item name="month" label="参保月份">
            <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} placeholder="该月在保" />
          </Form.Item>
          <Form.Item name="keyword" label="员工">
            <Input allowClear placeholder="姓名或工号" />
          </Form.Item>
        </>
      }
      aboveTable={<WarningsPanel warnings={warnings.data ?? []} canOpen={canOpen} />}
      table={{ rowKey: 'employeeId', className: 'insured-table', scroll: { x: 1440 }, columns, result: page, empty: '暂无参保信息', chooser: { list: 'insured' } }}
    >
      <HistoryDrawer employee={history} onClose={() => setHistory(null)} />
      <RegisterDrawer open={registering} entities={entities} entityId={entityParam(entityId) ?? null} onClose={() => setRegistering(false)} />
      <AnnualDrawer open={annualOpen} entities={entities} entityId={entityParam(entityId) ?? null} onClose={() => setAnnualOpen(false)} />
    </ListScreen>
  );
}

const WARNING_TITLES: Record<InsuredWarning['kind'], string> = { notInsured: '在职未参保', leftInsured: '已离职仍在保' };

/** 在职未参保 / 已离职仍在保: each person with a way to the roster file and to this month's declaration. */
function WarningsPanel({ warnings, canOpen }: { warnings: readonly InsuredWarning[]; canOpen: (name: string) => boolean }) {
  if (warnings.length === 0) return null;
  const groups = (['notInsured', 'leftInsured'] as const).map((k) => ({ kind: k, items: warnings.filter((w) => w.kind === k) })).filter((g) => g.items.length > 0);
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 16 }}
      className="insured-warnings"
      items={[
        {
          key: 'warnings',
          label: (
            <Flex gap={8} align="center">
              <span>参保提醒</span>
              {groups.map((g) => (
                <Tag key={g.kind} color={g.kind === 'notInsured' ? 'orange' : 'red'}>
                  {WARNING_TITLES[g.kind]} {g.items.length}
                </Tag>
              ))}
            </Flex>
          ),
          children: (
            <Flex vertical gap={12}>
              {groups.map((g) => (
                <div key={g.kind}>
                  <Alert type={g.kind === 'notInsured' ? 'warning' : 'error'} showIcon title={`${WARNING_TITLES[g.kind]}（${g.items.length}人）`} style={{ marginBottom: 8 }} />
                  <List
                    size="small"
                    dataSource={g.items}
                    renderItem={(w) => (
                      <List.Item
                        actions={[
                          canOpen('staffRoll') && (
                            <Link key="file" to={`/staffRoll?file=${w.employeeId}`}>
                              员工档案
                            </Link>
                          ),
                          canOpen('applyMonth') && (
                            <Link key="apply" to={APPLY_MONTH_PATH}>
                              {w.kind === 'notInsured' ? '去办理增员' : '去办理减员'}
                            </Link>
                          ),
                        ].filter(Boolean)}
                      >
                        <span>
                          <b>{w.name}</b>
                          {w.employeeNo ? `（${w.employeeNo}）` : ''}
                          <span style={{ color: 'rgba(0,0,0,0.45)', marginInlineStart: 8 }}>
                            {w.kind === 'notInsured' ? '入职日期' : '最后工作日'} {formatDate(w.date)}
                            {w.entityName ? ` · ${w.entityName}` : ''}
                          </span>
                          <span style={{ marginInlineStart: 8 }}>{w.message}</span>
                        </span>
                      </List.Item>
                    )}
                  />
                </div>
              ))}
            </Flex>
          ),
        },
      ]}
    />
  );
}
