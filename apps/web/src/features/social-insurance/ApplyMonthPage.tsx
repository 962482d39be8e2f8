import { APPLY_STATUSES, type ApplyListItem, type ApplyMonthEntity } from '@wfsaas/contracts';
import { Button, Col, DatePicker, Empty, Flex, Form, Row, Select, Spin, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { int, month, type FiltersOf } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { chinaMonth } from '../payroll/payroll-format.ts';
import { effectiveEntity, entityParam } from './current-entity.ts';
import { applyDetailPath, applyStatusLabel, applyStatusTone, createdId, deadlineText } from './si-format.ts';
import { SI_PERMISSIONS as P, siCalls, useApplyMonth, useApplyPage, useInvalidateSi } from './si.api.ts';
import { useCurrentEntity } from './use-current-entity.ts';

const BOARD = { month };
const NO_DEFAULTS = {};
const LIST = { entityId: int, month, status: int };

/** /socialTrusteeship/progressReporting/applyMonth (进度速查): each entity's declaration of a month, then every declaration. */
export default function ApplyMonthPage() {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[P.applyEdit] === true;
  const [stored] = useCurrentEntity();
  const board = useListQuery({ name: 'apply-board', schema: BOARD, defaults: NO_DEFAULTS, prefix: 'board' });
  // without a chosen month the server answers the first month still open for declaration
  const view = useApplyMonth(board.filters.month?.format('YYYY-MM'));
  const boardMonth = view.data?.month ?? board.filters.month?.format('YYYY-MM') ?? chinaMonth();
  // a remembered entity that no longer exists filters nothing
  const current = effectiveEntity(stored, view.data ? view.data.entities.map((e) => ({ id: e.entityId })) : null);
  const listDefaults = useMemo(() => (current ? { entityId: current } : {}), [current]);
  const query = useListQuery({ name: 'applies', schema: LIST, defaults: listDefaults });
  const { entityId, month: m, status } = query.filters;
  const page = useApplyPage({ ...query.page, entityId: entityParam(entityId), month: m?.format('YYYY-MM'), status });
  const invalidate = useInvalidateSi();
  const create = useAction((e: ApplyMonthEntity) => siCalls.createApply(e.entityId, e.month), {
    invalidate,
    onSuccess: (r) => {
      const id = createdId(r);
      if (id !== null) void navigate(applyDetailPath(id));
    },
  });

  const entities = view.data?.entities ?? [];
  const entityOptions = [{ value: 0, label: '全部主体' }, ...entities.map((e) => ({ value: e.entityId, label: e.entityName }))];
  const cards = [...entities].sort((a, b) => Number(b.entityId === current) - Number(a.entityId === current));

  const columns: TableColumnsType<ApplyListItem> = [
    { title: '主体', dataIndex: 'entityName', width: 200, ellipsis: true, render: (v: string, r) => <Link to={applyDetailPath(r.id)}>{v}</Link> },
    { title: '城市', dataIndex: 'city', width: 80 },
    { title: '申报月份', dataIndex: 'month', width: 100 },
    { title: '状态', dataIndex: 'status', width: 110, render: (v: number) => <StatusTag tone={applyStatusTone(v)}>{applyStatusLabel(v)}</StatusTag> },
    { title: '人数', dataIndex: 'lineCount', width: 70, align: 'right' },
    { title: '成功', dataIndex: 'succeeded', width: 70, align: 'right' },
    { title: '失败', dataIndex: 'failed', width: 70, align: 'right', render: (v: number) => <span style={{ color: v > 0 ? '#cf1322' : undefined }}>{v}</span> },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: formatDateTime },
    { title: '提交人', dataIndex: 'submittedBy', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '操作', key: 'actions', width: 80, fixed: 'right', render: (_: unknown, r) => <Link to={applyDetailPath(r.id)}>查看</Link> },
  ];

  return (
    <Flex vertical gap={16} className="apply-month-page">
      <PageHeader title="进度速查" description="每个参保主体每月一次申报：增员、减员、调基、补缴在截止日前提交，并导入社保网站的办理结果。" />
      <Panel
        title={`${boardMonth} 各主体申报进度`}
        extra={<DatePicker picker="month" format="YYYY-MM" allowClear={false} value={dayjs(`${boardMonth}-01`)} onChange={(d) => d && board.search({ month: d })} className="apply-board-month" />}
      >
        <Spin spinning={view.isFetching && !view.data}>
          {cards.length === 0 && !view.isFetching ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无参保主体，请先在选择参保主体中新增" />
          ) : (
            <Row gutter={[16, 16]} className="apply-cards">
              {cards.map((e) => (
                <Col key={e.entityId} xs={24} md={12} xl={8}>
                  <EntityCard
                    e={e}
                    current={e.entityId === current}
                    canEdit={canEdit}
                    starting={create.pendingArgs?.[0].entityId === e.entityId}
                    onStart={() => (e.applyId !== null ? void navigate(applyDetailPath(e.applyId)) : void create.run(e))}
                  />
                </Col>
              ))}
            </Row>
          )}
        </Spin>
      </Panel>
      <Panel bodyStyle={{ paddingBottom: 0 }}>
        <QueryForm<FiltersOf<typeof LIST>> name="apply-query" values={query.filters} onSearch={query.search}>
          <Form.Item name="entityId" label="参保主体">
            <Select options={entityOptions} placeholder="全部主体" />
          </Form.Item>
          <Form.Item name="month" label="申报月份">
            <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" options={APPLY_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel title="申报记录">
        <ListTable<ApplyListItem, typeof LIST> query={query} rowKey="id" className="apply-table" scroll={{ x: 1080 }} columns={columns} result={page} empty="暂无申报记录" />
      </Panel>
    </Flex>
  );
}

const muted = { color: 'rgba(0,0,0,0.45)' } as const;

/** One entity's declaration of the month: deadline, counts, status and the way in. */
function EntityCard({ e, current, canEdit, starting, onStart }: { e: ApplyMonthEntity; current: boolean; canEdit: boolean; starting: boolean; onStart: () => void }) {
  const due = deadlineText(e.daysLeft);
  const open = e.applyId !== null;
  const draft = open && e.status === 0;
  const settled = e.status !== null && e.status >= 1;
  const counts: [string, number, string?][] = [
    ['待申报', e.toDeclare],
    ['已提交', e.submitted],
    ['成功', e.succeeded, '#389e0d'],
    ['失败', e.failed, e.failed > 0 ? '#cf1322' : undefined],
  ];
  return (
    <div className="apply-card" data-entity={e.entityName} style={{ border: `1px solid ${current ? '#91caff' : '#f0f0f0'}`, borderRadius: 8, padding: 16, height: '100%' }}>
      <Flex justify="space-between" align="start" gap={8}>
        <div style={{ minWidth: 0 }}>
          <div style={{ fontWeight: 600, fontSize: 15 }}>
            {e.entityName} {current && <Tag color="green">当前</Tag>}
          </div>
          <div style={muted}>{e.city}</div>
        </div>
        <StatusTag tone={applyStatusTone(e.status)}>{applyStatusLabel(e.status)}</StatusTag>
      </Flex>
      <div style={{ margin: '12px 0' }}>
        <span style={muted}>截止日期 </span>
        {e.deadline}
        {!settled && (
          <span className="apply-deadline" style={{ marginInlineStart: 8, color: due.overdue ? '#cf1322' : e.daysLeft <= 3 ? '#d46b08' : undefined }}>
            {due.text}
          </span>
        )}
      </div>
      <Row gutter={8}>
        {counts.map(([label, n, color]) => (
          <Col span={6} key={label}>
            <div style={muted}>{label}</div>
            <div style={{ fontSize: 20, fontWeight: 600, color }} data-count={label}>
              {n}
            </div>
          </Col>
        ))}
      </Row>
      <Flex justify="end" style={{ marginTop: 12 }}>
        {open && !draft ? (
          <Button onClick={onStart} className="apply-view">
            查看
          </Button>
        ) : !open && due.overdue ? (
          <span style={muted} className="apply-closed">
            已过截止日，本月未申报的人员在下月申报中补缴
          </span>
        ) : canEdit ? (
          <Button type="primary" loading={starting} onClick={onStart} className="apply-start">
            办理申报
          </Button>
        ) : open ? (
          <Button onClick={onStart} className="apply-view">
            查看
          </Button>
        ) : (
          <span style={muted}>未办理</span>
        )}
      </Flex>
    </div>
  );
}
