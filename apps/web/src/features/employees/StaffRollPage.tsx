import { ControlOutlined, DeleteOutlined, DownloadOutlined, DownOutlined, ImportOutlined, PlusOutlined, UpOutlined } from '@ant-design/icons';
import type { EmployeeListItem } from '@wfsaas/contracts';
import { App, Button, Flex, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { bool, day, int, ints, oneOf, range, text, type FiltersOf } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { BatchMoveModal } from './BatchMoveModal.tsx';
import { CustomFieldsDrawer } from './CustomFieldsDrawer.tsx';
import { EmployeeFileDrawer } from './EmployeeFileDrawer.tsx';
import { employeeCalls, STAFF_ROLL_EDIT, useEmployeeForm, useInvalidateEmployees, useRosterCount, useRosterPage } from './employees.api.ts';
import { rosterColumns } from './roster-columns.tsx';
import { applyFieldColumns } from '../implement/system-config/field-settings.ts';
import { useVisibleFields } from '../implement/system-config/system-config.api.ts';
import { rosterQueryFields, usePositionRankOptions } from './RosterQueryFields.tsx';
import { compactCustom, customFilterCodec, fileIdFromSearch, filterableWidgets, ROSTER_TABS, rosterColumnsWith, rosterRequest, rosterTabCodec, todayIso, type RosterFilterValues, type RosterRequest, type RosterTab } from './roster.ts';

const SCHEMA = {
  keyword: text,
  departmentId: int,
  positionId: int,
  rankId: int,
  status: ints,
  employmentType: ints,
  hireDate: range(day),
  includeSubDepartments: bool,
  custom: customFilterCodec,
  labourContract: oneOf(['none'] as const),
  tab: rosterTabCodec,
};
type QueryValues = FiltersOf<typeof SCHEMA>;
const DEFAULTS: QueryValues = { tab: 'all', includeSubDepartments: true };

function toFilterValues(v: QueryValues): RosterFilterValues {
  const [from, to] = v.hireDate ?? [null, null];
  return { ...v, hireDate: from || to ? [from ? from.format('YYYY-MM-DD') : '', to ? to.format('YYYY-MM-DD') : ''] : null };
}

function hasExpandedFilter(v: QueryValues): boolean {
  return Boolean(v.rankId || v.status?.length || v.employmentType?.length || v.hireDate || v.labourContract || (v.custom && Object.keys(v.custom).length > 0));
}

function TabLabel({ label, body }: { label: string; body: RosterRequest | null }) {
  const count = useRosterCount(body);
  const n = body === null ? 0 : count.data;
  return (
    <span>
      {label}
      {n !== undefined && <span style={{ marginInlineStart: 6, color: 'rgba(0,0,0,0.45)' }}>{n}</span>}
    </span>
  );
}

/** /staffRoll (在职花名册): the active roster with filters, status tabs, a column chooser and batch actions. */
export default function StaffRollPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[STAFF_ROLL_EDIT] === true;
  const [params, setParams] = useSearchParams();
  const query = useListQuery({ name: 'staffRoll', schema: SCHEMA, defaults: DEFAULTS });
  const tab: RosterTab = query.filters.tab ?? 'all';
  const fileId = fileIdFromSearch(`?${params.toString()}`);
  // 字段设置 opens over the roster (?settings=fields, so /employeeManage can link to it)
  const fieldSettingsOpen = canEdit && params.get('settings') === 'fields';
  // a link that filters by a field of the expanded form (the service board's) opens with it shown
  const [expanded, setExpanded] = useState(() => hasExpandedFilter(query.filters));
  const [selected, setSelected] = useState<number[]>([]);
  const [moving, setMoving] = useState<number[]>([]);
  const customForm = useEmployeeForm();
  const widgets = useMemo(() => filterableWidgets(customForm.data?.widgetList ?? []), [customForm.data]);
  const fieldSettings = useVisibleFields().data;
  const columnChoices = useMemo(() => applyFieldColumns(rosterColumnsWith(widgets), fieldSettings), [widgets, fieldSettings]);
  const { positionOptions, rankOptions } = usePositionRankOptions();
  const filters = toFilterValues(query.filters);
  const body = rosterRequest(filters, tab, widgets);
  const list = useRosterPage(body ? { ...query.page, ...body } : null);
  const invalidate = useInvalidateEmployees();
  const total = body ? (list.data?.pageMessage.total ?? 0) : 0;

  const setParam = (name: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const openFile = (id: number | null) => setParam('file', id ? String(id) : null);
  const openFieldSettings = (open: boolean) => setParam('settings', open ? 'fields' : null);

  const removeAction = useAction(employeeCalls.remove, { success: '删除成功', invalidate, onSuccess: (_, ids) => setSelected((s) => s.filter((x) => !ids.includes(x))) });
  const remove = (ids: number[]) =>
    confirmDelete(modal, () => removeAction.run(ids), ids.length > 1 ? `将删除选中的 ${ids.length} 名员工（档案归档保存，不再出现在花名册中）。` : '员工档案将归档保存，不再出现在花名册中。');

  const exportAction = useAction(employeeCalls.exportRoster, {
    onSuccess: () =>
      message.success({
        key: 'roster-export',
        duration: 6,
        content: (
          <span>
            已开始导出，完成后可在
            <a onClick={() => navigate('/downloadCenter')} className="go-download-center" style={{ marginInline: 4 }}>
              下载中心
            </a>
            下载
          </span>
        ),
      }),
  });
  const exportRoster = () => {
    const request = body ?? rosterRequest({}, 'all', widgets)!;
    void exportAction.run(selected.length > 0 ? { ...request, ids: selected } : request);
  };

  const columns = rosterColumns(columnChoices, widgets, todayIso(), {
    canEdit,
    open: openFile,
    edit: (id) => navigate(`/newemployee/1?id=${id}`),
    move: (id) => setMoving([id]),
    remove: (id) => remove([id]),
  });

  const setTab = (k: string) => {
    setSelected([]);
    query.search({ tab: k as RosterTab });
  };
  const search = (v: QueryValues) => {
    setSelected([]);
    query.search({
      keyword: v.keyword,
      departmentId: v.departmentId ?? undefined,
      positionId: v.positionId ?? undefined,
      rankId: v.rankId ?? undefined,
      status: v.status,
      employmentType: v.employmentType,
      hireDate: v.hireDate ?? undefined,
      includeSubDepartments: v.includeSubDepartments ?? true,
      custom: compactCustom(v.custom),
      labourContract: v.labourContract ?? undefined,
    });
  };

  const batchBar = (
    <Flex align="center" gap={12} style={{ background: '#e6f4ff', border: '1px solid #91caff', borderRadius: 6, padding: '4px 16px', flex: 1 }} className="batch-bar">
      <span>已选择 {selected.length} 人</span>
      {canEdit && (
        <Button size="small" onClick={() => setMoving(selected)}>
          批量调整部门
        </Button>
      )}
      {canEdit && (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
          删除
        </Button>
      )}
      <Button size="small" type="link" onClick={() => setSelected([])}>
        取消选择
      </Button>
    </Flex>
  );

  return (
    <Flex vertical gap={16} className="staff-roll">
      <PageHeader
        title="在职花名册"
        description="公司在职、待入职和待离职的员工；点击姓名查看员工档案。"
        extra={
          <>
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/newemployee/1')}>
                新增
              </Button>
            )}
            {canEdit && (
              <Button icon={<ImportOutlined />} onClick={() => navigate('/staffRoll/importTemplate/employee')}>
                导入
              </Button>
            )}
            <Button icon={<DownloadOutlined />} loading={exportAction.pending} onClick={exportRoster} className="export-roster">
              导出
            </Button>
            {canEdit && (
              <Button icon={<ControlOutlined />} onClick={() => openFieldSettings(true)} className="open-field-settings">
                字段设置
              </Button>
            )}
          </>
        }
        footer={
          <Tabs
            activeKey={tab}
            onChange={setTab}
            className="roster-tabs"
            tabBarStyle={{ marginBottom: 0 }}
            items={ROSTER_TABS.map((t) => ({ key: t.key, label: <TabLabel label={t.label} body={rosterRequest(filters, t.key, widgets)} /> }))}
          />
        }
      />
      <Panel bodyStyle={{ paddingBottom: 8 }}>
        <QueryForm<QueryValues> name="roster" values={query.filters} onSearch={search}>
          {rosterQueryFields(expanded, widgets, positionOptions, rankOptions)}
        </QueryForm>
        <Flex justify="flex-end">
          <Button type="link" size="small" onClick={() => setExpanded((x) => !x)} className="toggle-filters">
            {expanded ? (
              <>
                收起 <UpOutlined />
              </>
            ) : (
              <>
                展开 <DownOutlined />
              </>
            )}
          </Button>
        </Flex>
      </Panel>
      <Panel bodyStyle={{ paddingTop: 16 }}>
        <ListTable<EmployeeListItem, typeof SCHEMA>
          query={query}
          result={{ data: body ? list.data : undefined, isFetching: list.isFetching }}
          rowKey="id"
          className="roster-table"
          columns={columns}
          scroll={{ x: 'max-content' }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), fixed: 'left' }}
          empty="暂无员工，点击新增或导入"
          chooser={{ list: 'staffRoll', choices: columnChoices }}
          toolbar={selected.length > 0 ? batchBar : <span style={{ color: 'rgba(0,0,0,0.45)' }}>共 {total} 名员工</span>}
        />
      </Panel>
      <BatchMoveModal
        ids={moving}
        onClose={() => setMoving([])}
        onDone={() => {
          setMoving([]);
          setSelected([]);
          void invalidate();
        }}
      />
      <EmployeeFileDrawer employeeId={fileId} onClose={() => openFile(null)} />
      <CustomFieldsDrawer open={fieldSettingsOpen} onClose={() => openFieldSettings(false)} />
    </Flex>
  );
}
