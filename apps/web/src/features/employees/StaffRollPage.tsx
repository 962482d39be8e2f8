import { ControlOutlined, DeleteOutlined, DownloadOutlined, DownOutlined, ImportOutlined, PlusOutlined, SettingOutlined, UpOutlined } from '@ant-design/icons';
import { EMPLOYEE_STATUSES, EMPLOYMENT_TYPES, type EmployeeListItem } from '@wfsaas/contracts';
import { App, Button, Checkbox, DatePicker, Dropdown, Empty, Flex, Form, Input, Modal, Popover, Select, Table, Tabs, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { pageAfterRemoval, serverPagination, type PageQuery } from '../../app/ui/table.ts';
import { CustomFieldsDrawer } from './CustomFieldsDrawer.tsx';
import { EmployeeFileDrawer } from './EmployeeFileDrawer.tsx';
import { employeeCalls, STAFF_ROLL_EDIT, useEmployeeForm, useInvalidateEmployees, usePositionOptions, useRankOptions, useRosterCount, useRosterPage } from './employees.api.ts';
import { CustomFilterInput, DepartmentTreeSelect } from './pickers.tsx';
import {
  columnStorageKey,
  customColumnKey,
  customValueText,
  departmentLabel,
  fileIdFromSearch,
  filterableWidgets,
  formatTenure,
  loadVisibleColumns,
  parseRosterTab,
  ROSTER_TABS,
  rosterColumnsWith,
  rosterRequest,
  saveVisibleColumns,
  statusTone,
  todayIso,
  type RosterColumn,
  type RosterFilterValues,
  type RosterRequest,
  type RosterTab,
} from './roster.ts';

type QueryValues = Omit<RosterFilterValues, 'hireDate'> & { hireDate?: [Dayjs | null, Dayjs | null] | null };

function toFilterValues(v: QueryValues): RosterFilterValues {
  const [from, to] = v.hireDate ?? [null, null];
  return { ...v, hireDate: from || to ? [from ? from.format('YYYY-MM-DD') : '', to ? to.format('YYYY-MM-DD') : ''] : null };
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

function ColumnChooser({ columns, visible, onChange }: { columns: readonly RosterColumn[]; visible: string[]; onChange: (v: string[]) => void }) {
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="显示列"
      content={
        <Checkbox.Group value={visible} onChange={(v) => onChange(v)} className="column-chooser">
          <Flex vertical gap={6} style={{ maxHeight: 360, overflowY: 'auto', paddingInlineEnd: 8 }}>
            {columns.map((c) => (
              <Checkbox key={c.key} value={c.key} disabled={c.locked}>
                {c.title}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      }
    >
      <Button icon={<SettingOutlined />} className="column-chooser-button">
        列设置
      </Button>
    </Popover>
  );
}

function MoveModal({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDepartmentId(null), [ids]);
  return (
    <Modal
      title={ids.length > 1 ? `批量调整部门（${ids.length} 人）` : '调整部门'}
      open={ids.length > 0}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !departmentId, loading: busy }}
      onOk={async () => {
        if (!departmentId) return;
        setBusy(true);
        try {
          await employeeCalls.batchMove(ids, departmentId);
          toastSuccess('操作成功');
          onDone();
        } catch {
          /* shown by the request client */
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="目标部门" required>
          <DepartmentTreeSelect value={departmentId} onChange={setDepartmentId} placeholder="请选择目标部门" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /staffRoll (在职花名册): the active roster with filters, status tabs, a column chooser and batch actions. */
export default function StaffRollPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[STAFF_ROLL_EDIT] === true;
  const { companyId, userInfo } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = parseRosterTab(params.get('tab'));
  const fileId = fileIdFromSearch(`?${params.toString()}`);
  // 字段设置 opens over the roster (?settings=fields, so /employeeManage can link to it)
  const fieldSettingsOpen = canEdit && params.get('settings') === 'fields';
  const [form] = Form.useForm<QueryValues>();
  const [filters, setFilters] = useState<RosterFilterValues>({});
  const [expanded, setExpanded] = useState(false);
  const [paging, setPaging] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [moving, setMoving] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const storageKey = columnStorageKey(userInfo?.sysUser.userId ?? null, companyId);
  const customForm = useEmployeeForm();
  const widgets = useMemo(() => filterableWidgets(customForm.data?.widgetList ?? []), [customForm.data]);
  const columnChoices = useMemo(() => rosterColumnsWith(widgets), [widgets]);
  const [visible, setVisible] = useState<string[]>(() => loadVisibleColumns(window.localStorage, storageKey));
  // custom columns become choosable once the form definition is loaded
  useEffect(() => setVisible(loadVisibleColumns(window.localStorage, storageKey, columnChoices)), [storageKey, columnChoices]);
  // the position and rank filters read the organisation API (positionRank): only for those granted it
  const positions = usePositionOptions(map.positionRank === true);
  const ranks = useRankOptions(map.positionRank === true);
  const body = rosterRequest(filters, tab, widgets);
  const list = useRosterPage(body ? { ...paging, ...body } : null);
  const invalidate = useInvalidateEmployees();
  const rows = body ? (list.data?.data ?? []) : [];
  const total = body ? (list.data?.pageMessage.total ?? 0) : 0;
  const today = todayIso();

  const setTab = (k: string) => {
    setSelected([]);
    setPaging((p) => ({ ...p, pageNum: 1 }));
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (k === 'all') next.delete('tab');
        else next.set('tab', k);
        return next;
      },
      { replace: true },
    );
  };
  const openFile = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('file', String(id));
      else next.delete('file');
      return next;
    });

  const openFieldSettings = (open: boolean) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (open) next.set('settings', 'fields');
      else next.delete('settings');
      return next;
    });

  const remove = (ids: number[]) =>
    confirmDelete(
      modal,
      async () => {
        await employeeCalls.remove(ids);
        toastSuccess('删除成功');
        setSelected((s) => s.filter((x) => !ids.includes(x)));
        setPaging((p) => pageAfterRemoval(p, total, ids.length));
        await invalidate();
      },
      ids.length > 1 ? `将删除选中的 ${ids.length} 名员工（档案归档保存，不再出现在花名册中）。` : '员工档案将归档保存，不再出现在花名册中。',
    );

  const exportRoster = async () => {
    const request = body ?? rosterRequest({}, 'all', widgets)!;
    setExporting(true);
    try {
      await employeeCalls.exportRoster(selected.length > 0 ? { ...request, ids: selected } : request);
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
      });
    } catch {
      /* shown by the request client */
    } finally {
      setExporting(false);
    }
  };

  const allColumns: Record<string, TableColumnsType<EmployeeListItem>[number]> = {
    name: {
      title: '姓名',
      dataIndex: 'name',
      fixed: 'left',
      width: 110,
      render: (v: string, r) => (
        <a onClick={() => openFile(r.id)} className="employee-name">
          {v}
        </a>
      ),
    },
    employeeNo: { title: '工号', dataIndex: 'employeeNo', width: 110, render: (v: string | null) => v ?? EMPTY_TEXT },
    department: { title: '部门', key: 'department', width: 180, ellipsis: true, render: (_: unknown, r) => departmentLabel(r) },
    position: { title: '岗位', dataIndex: 'positionName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    rank: { title: '职级', dataIndex: 'rankName', width: 90, render: (v: string | null) => v ?? EMPTY_TEXT },
    mobile: { title: '手机号', dataIndex: 'mobileMasked', width: 130, render: (v: string) => v || EMPTY_TEXT },
    idNumber: { title: '证件号码', dataIndex: 'idNumberMasked', width: 190, render: (v: string) => v || EMPTY_TEXT },
    employmentType: { title: '用工类型', dataIndex: 'employmentTypeName', width: 100, render: (v: string) => v || EMPTY_TEXT },
    status: { title: '员工状态', dataIndex: 'status', width: 100, render: (_: unknown, r) => <StatusTag tone={statusTone(r.status)}>{r.statusName}</StatusTag> },
    hireDate: { title: '入职日期', dataIndex: 'hireDate', width: 110, render: (v: string | null) => formatDate(v) },
    tenure: { title: '司龄', key: 'tenure', width: 100, render: (_: unknown, r) => formatTenure(r.hireDate, today, r.leaveDate) },
    gender: { title: '性别', dataIndex: 'genderName', width: 70, render: (v: string) => v || EMPTY_TEXT },
    costCenter: { title: '成本中心', dataIndex: 'costCenterName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    workLocation: { title: '工作地点', dataIndex: 'workLocation', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    probationEndDate: { title: '试用期结束', dataIndex: 'probationEndDate', width: 110, render: (v: string | null) => formatDate(v) },
  };
  const customColumn = (key: string): TableColumnsType<EmployeeListItem>[number] => {
    const w = widgets.find((x) => customColumnKey(x.key) === key)!;
    return { title: w.label, width: 140, ellipsis: true, render: (_: unknown, r) => customValueText(w, r.customFields[w.key], EMPTY_TEXT) };
  };
  const columns: TableColumnsType<EmployeeListItem> = [
    ...columnChoices.filter((c) => visible.includes(c.key)).map((c) => ({ key: c.key, ...(allColumns[c.key] ?? customColumn(c.key)) })),
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: canEdit ? 170 : 80,
      render: (_: unknown, r) => (
        <Flex gap={4} className="row-actions">
          <Button type="link" size="small" onClick={() => openFile(r.id)}>
            查看
          </Button>
          {canEdit && (
            <>
              <Button type="link" size="small" onClick={() => navigate(`/newemployee/1?id=${r.id}`)}>
                编辑
              </Button>
              <Dropdown
                menu={{
                  items: [
                    { key: 'move', label: '调整部门' },
                    { key: 'delete', label: '删除', danger: true },
                  ],
                  onClick: ({ key }) => (key === 'move' ? setMoving([r.id]) : remove([r.id])),
                }}
              >
                <Button type="link" size="small">
                  更多 <DownOutlined />
                </Button>
              </Dropdown>
            </>
          )}
        </Flex>
      ),
    },
  ];

  const search = (v: QueryValues) => {
    setSelected([]);
    setPaging((p) => ({ ...p, pageNum: 1 }));
    setFilters(toFilterValues(v));
  };

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
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportRoster()} className="export-roster">
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
            items={ROSTER_TABS.map((t) => ({ key: t.key, label: <TabLabel label={t.label} body={rosterRequest(filters, t.key as RosterTab, widgets)} /> }))}
          />
        }
      />
      <Panel bodyStyle={{ paddingBottom: 8 }}>
        <QueryForm<QueryValues> form={form} name="roster" onSearch={search}>
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="姓名、工号或手机号" allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="departmentId" label="部门">
            <DepartmentTreeSelect />
          </Form.Item>
          <Form.Item name="positionId" label="岗位">
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" options={(positions.data ?? []).map((p) => ({ value: p.id, label: p.departmentName ? `${p.name}（${p.departmentName}）` : p.name }))} />
          </Form.Item>
          {expanded && (
            <Form.Item name="rankId" label="职级">
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" options={(ranks.data ?? []).map((r) => ({ value: r.id, label: `${r.categoryName} ${r.name}` }))} />
            </Form.Item>
          )}
          {expanded && (
            <Form.Item name="status" label="员工状态">
              <Select mode="multiple" allowClear placeholder="全部" options={EMPLOYEE_STATUSES.filter((s) => s.value !== 4).map((s) => ({ value: s.value, label: s.label }))} />
            </Form.Item>
          )}
          {expanded && (
            <Form.Item name="employmentType" label="用工类型">
              <Select mode="multiple" allowClear placeholder="全部" options={EMPLOYMENT_TYPES.map((s) => ({ value: s.value, label: s.label }))} />
            </Form.Item>
          )}
          {expanded && (
            <Form.Item name="hireDate" label="入职日期">
              <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} />
            </Form.Item>
          )}
          {expanded && (
            <Form.Item name="includeSubDepartments" label="下级部门" valuePropName="checked" initialValue={true}>
              <Checkbox>包含下级部门的员工</Checkbox>
            </Form.Item>
          )}
          {expanded &&
            widgets.map((w) => (
              <Form.Item key={w.key} name={['custom', w.key]} label={w.label} tooltip={w.label.length > 5 ? w.label : undefined}>
                <CustomFilterInput widget={w} />
              </Form.Item>
            ))}
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
        <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} gap={12}>
          {selected.length > 0 ? (
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
          ) : (
            <span style={{ color: 'rgba(0,0,0,0.45)' }}>共 {total} 名员工</span>
          )}
          <ColumnChooser
            columns={columnChoices}
            visible={visible}
            onChange={(v) => {
              setVisible(v);
              saveVisibleColumns(window.localStorage, storageKey, v);
            }}
          />
        </Flex>
        <Table<EmployeeListItem>
          rowKey="id"
          size="middle"
          className="roster-table"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), fixed: 'left' }}
          pagination={serverPagination(paging, body ? list.data?.pageMessage : undefined, setPaging)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无员工，点击新增或导入" /> }}
        />
      </Panel>
      <MoveModal
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
