import { SIGN_ORDERS, SIGN_SCENES, type BatchInitiateResult, type EmployeeListItem, type PackageView, type SignOrder } from '@wfsaas/contracts';
import { Alert, Button, Checkbox, DatePicker, Empty, Flex, Form, Input, Progress, Radio, Result, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useReducer, useState, type Dispatch } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { DepartmentTreeSelect } from '../employees/pickers.tsx';
import { useRosterPage } from '../employees/employees.api.ts';
import { initiatedSubtitle, notifyOptionLabel, progressPercent } from './contract-format.ts';
import { EC_INITIATE_EDIT, ecCalls, useBatchProgress, useInvalidateContracts, usePackageOptions, useSceneForm, useTemplatePage } from './econtracts.api.ts';
import { chosenPackageId, initialInitiate, initiateBody, initiateReady, initiateReducer, type InitiateAction, type InitiateState, type SceneGroup, type Source } from './initiate.ts';

type Done = { kind: 'one'; contractIds: number[] } | { kind: 'batch'; job: BatchInitiateResult };

function BatchProgressView({ job, onAgain }: { job: BatchInitiateResult; onAgain: () => void }) {
  const p = useBatchProgress(job.jobId);
  const data = p.data;
  const finished = data?.state === 'done' || data?.state === 'failed';
  return (
    <Flex vertical gap={16} className="batch-progress">
      <div style={{ fontSize: 16, fontWeight: 500 }}>{finished ? '批量发起完成' : '正在批量发起合同…'}</div>
      <Progress percent={finished ? 100 : progressPercent(data)} status={data?.state === 'failed' ? 'exception' : finished ? 'success' : 'active'} className="batch-progress-bar" />
      <div>
        共 {data?.total ?? job.total} 人，已处理 {data?.done ?? 0}，成功 <b style={{ color: '#389e0d' }}>{data?.succeeded ?? 0}</b>，失败 <b style={{ color: data?.failed ? '#cf1322' : undefined }}>{data?.failed ?? 0}</b>
      </div>
      {data && data.errors.length > 0 && (
        <Table
          size="small"
          rowKey="employeeId"
          pagination={false}
          dataSource={data.errors}
          columns={[
            { title: '员工', dataIndex: 'name', width: 160, render: (v: string | null, r) => v ?? `员工 ${r.employeeId}` },
            { title: '失败原因', dataIndex: 'reason' },
          ]}
        />
      )}
      {finished && (
        <Space>
          <Link to="/qszx-vite/signContract">查看待签署合同</Link>
          <Button onClick={onAgain}>继续发起</Button>
        </Space>
      )}
    </Flex>
  );
}

/** Employees chosen from the roster (filtered by keyword and department), kept across pages. */
function EmployeeChooser({ value, onChange }: { value: EmployeeListItem[]; onChange: (v: EmployeeListItem[]) => void }) {
  const [q, setQ] = useState<{ keyword: string; departmentId: number | null; pageNum: number; pageSize: number }>({ keyword: '', departmentId: null, pageNum: 1, pageSize: 10 });
  const keyword = q.keyword.trim();
  const roster = useRosterPage({ pageNum: q.pageNum, pageSize: q.pageSize, status: [0, 1, 2, 3], includeSubDepartments: true, ...(keyword ? { keyword } : {}), ...(q.departmentId ? { departmentId: q.departmentId } : {}) });
  return (
    <Flex vertical gap={12} className="employee-chooser">
      <Flex gap={12} wrap>
        <Input.Search allowClear placeholder="姓名、工号或手机号" style={{ width: 240 }} onSearch={(v) => setQ((p) => ({ ...p, keyword: v, pageNum: 1 }))} aria-label="搜索员工" className="employee-search" />
        <div style={{ width: 240 }}>
          <DepartmentTreeSelect value={q.departmentId} onChange={(v) => setQ((p) => ({ ...p, departmentId: v, pageNum: 1 }))} placeholder="全部部门" />
        </div>
      </Flex>
      <Table<EmployeeListItem>
        rowKey="id"
        size="small"
        className="employee-table"
        loading={roster.isFetching}
        dataSource={roster.data?.data ?? []}
        rowSelection={{ selectedRowKeys: value.map((e) => e.id), preserveSelectedRowKeys: true, onChange: (_, rows) => onChange(rows.filter(Boolean)) }}
        pagination={serverPagination(q, roster.data?.pageMessage, (p) => setQ((c) => ({ ...c, ...p })))}
        columns={[
          { title: '姓名', dataIndex: 'name', width: 110 },
          { title: '工号', dataIndex: 'employeeNo', width: 110, render: (v: string | null) => v ?? '—' },
          { title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
          { title: '职位', dataIndex: 'positionName', width: 120, render: (v: string | null) => v ?? '—' },
          { title: '手机号', dataIndex: 'mobileMasked', width: 120 },
          { title: '状态', dataIndex: 'statusName', width: 90 },
        ]}
      />
    </Flex>
  );
}

type PanelProps = { state: InitiateState; dispatch: Dispatch<InitiateAction> };

/** The business's signing scenes and the chosen scene's packages. */
function ScenePicker({ state, dispatch, groups }: PanelProps & { groups: readonly SceneGroup[] }) {
  const group = groups.find((g) => g.sceneId === state.sceneId);
  return (
    <>
      <Form.Item label="业务场景" required>
        <Select value={state.dealCode} onChange={(v: number) => dispatch({ type: 'set', patch: { dealCode: v } })} options={SIGN_SCENES.map((s) => ({ value: s.dealCode, label: s.label }))} className="deal-code-picker" />
      </Form.Item>
      {groups.length === 0 ? (
        <Alert type="warning" showIcon message="该业务场景还没有配置签署场景，请在「合同表单配置」中配置。" style={{ marginBottom: 16 }} />
      ) : (
        <Flex gap={16}>
          <Form.Item label="签署场景" required style={{ flex: 1 }}>
            <Select value={state.sceneId ?? undefined} onChange={(v: number) => dispatch({ type: 'scene', sceneId: v, groups })} options={groups.map((g) => ({ value: g.sceneId, label: g.sceneName }))} />
          </Form.Item>
          <Form.Item label="合同包" required style={{ flex: 1 }}>
            <Select
              value={state.scenePackageId ?? undefined}
              onChange={(v: number) => dispatch({ type: 'set', patch: { scenePackageId: v } })}
              options={(group?.children ?? []).map((p) => ({ value: p.signPackageId, label: p.signPackageName }))}
            />
          </Form.Item>
        </Flex>
      )}
    </>
  );
}

/** 1. 选择合同: a package, a signing scene's package, or one template. */
function ChoicePanel({ state, dispatch, groups, packages, chosenPackage }: PanelProps & { groups: readonly SceneGroup[]; packages: { data?: PackageView[]; isLoading: boolean }; chosenPackage: PackageView | undefined }) {
  const templates = useTemplatePage({ pageNum: 1, pageSize: 500 });
  const set = (patch: Partial<InitiateState>) => dispatch({ type: 'set', patch });
  return (
    <Panel title="1. 选择合同">
      <Form layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item label="合同来源">
          <Radio.Group value={state.source} onChange={(e) => set({ source: e.target.value as Source })} optionType="button" className="source-choice">
            <Radio.Button value="package">合同包</Radio.Button>
            <Radio.Button value="scene">签署场景</Radio.Button>
            <Radio.Button value="template">单个模板</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {state.source === 'package' && (
          <Form.Item label="合同包" required>
            <Select
              className="package-picker"
              aria-label="合同包"
              placeholder="请选择合同包"
              value={state.packageId ?? undefined}
              onChange={(v: number) => set({ packageId: v })}
              loading={packages.isLoading}
              options={(packages.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.templates.length} 份模板）` }))}
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无合同包，请先在合同包管理中新建" />}
            />
          </Form.Item>
        )}
        {state.source === 'scene' && <ScenePicker state={state} dispatch={dispatch} groups={groups} />}
        {state.source === 'template' && (
          <Form.Item label="合同模板" required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="请选择模板"
              value={state.templateId ?? undefined}
              onChange={(v: number) => set({ templateId: v })}
              options={(templates.data?.data ?? []).map((t) => ({ value: t.id, label: `${t.name}${t.contractTypeName ? `（${t.contractTypeName}）` : ''}` }))}
            />
          </Form.Item>
        )}
        {chosenPackage && (
          <div style={{ color: 'rgba(0,0,0,0.55)' }} className="package-templates">
            包含模板：
            {chosenPackage.templates.map((t) => (
              <Tag key={t.id}>{t.name}</Tag>
            ))}
          </div>
        )}
      </Form>
    </Panel>
  );
}

/** 3. 签署设置: order, deadline, term, form and the SMS. */
function SettingsPanel({ state, dispatch }: PanelProps) {
  const set = (patch: Partial<InitiateState>) => dispatch({ type: 'set', patch });
  return (
    <Panel title="3. 签署设置">
      <Form layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item label="签署顺序" required>
          <Radio.Group value={state.signOrder} onChange={(e) => set({ signOrder: e.target.value as SignOrder })} options={SIGN_ORDERS.map((o) => ({ value: o.value, label: o.label }))} className="sign-order" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label="签署截止日期" required style={{ width: 260 }}>
            <DatePicker value={state.deadline} onChange={(d) => set({ deadline: d })} style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(90, 'day'), 'day')} aria-label="签署截止日期" />
          </Form.Item>
          <Form.Item label="合同期限（可选）" style={{ width: 360 }}>
            <DatePicker.RangePicker value={state.term} onChange={(v) => set({ term: v as [Dayjs | null, Dayjs | null] | null })} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item label="合同形式">
          <Radio.Group value={state.form} onChange={(e) => set({ form: e.target.value as 1 | 2 })}>
            <Radio value={1}>电子合同</Radio>
            <Radio value={2}>纸质合同（线下签署后上传扫描件）</Radio>
          </Radio.Group>
        </Form.Item>
        <Checkbox checked={state.notify} onChange={(e) => set({ notify: e.target.checked })} disabled={state.form === 2}>
          {notifyOptionLabel(state.signOrder)}
        </Checkbox>
      </Form>
    </Panel>
  );
}

/** The form's state: the scene form's defaults and a chosen package's order and deadline are taken in as they arrive. */
function useInitiateForm() {
  const [state, dispatch] = useReducer(initiateReducer, undefined, () => initialInitiate(dayjs()));
  const packages = usePackageOptions();
  const sceneForm = useSceneForm(state.source === 'scene' ? state.dealCode : null);
  const groups = useMemo(() => sceneForm.data?.sceneGrouVoList ?? [], [sceneForm.data]);
  useEffect(() => {
    if (sceneForm.data) dispatch({ type: 'sceneForm', form: sceneForm.data });
  }, [sceneForm.data]);
  const packageId = chosenPackageId(state);
  const chosenPackage = (packages.data ?? []).find((p) => p.id === packageId);
  useEffect(() => {
    if (chosenPackage) dispatch({ type: 'package', signOrder: chosenPackage.signOrder, deadlineDays: chosenPackage.deadlineDays, today: dayjs() });
  }, [chosenPackage]);
  return { state, dispatch, packages, groups, chosenPackage };
}

/** /qszx-vite/initiateSigning (发起签署): package, scene or template → employees → order and deadline → initiate. */
export default function InitiateSigningPage() {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canInitiate = map[EC_INITIATE_EDIT] === true;
  const { state, dispatch, packages, groups, chosenPackage } = useInitiateForm();
  const [employees, setEmployees] = useState<EmployeeListItem[]>([]);
  const [done, setDone] = useState<Done | null>(null);
  const ready = initiateReady(state, employees.length) && canInitiate;
  const initiate = useAction(
    async (body: ReturnType<typeof initiateBody>, chosen: EmployeeListItem[]): Promise<Done> =>
      chosen.length === 1 ? { kind: 'one', contractIds: (await ecCalls.initiate({ employeeId: chosen[0]!.id, ...body })).contractIds } : { kind: 'batch', job: await ecCalls.batchInitiate({ employeeIds: chosen.map((e) => e.id), ...body }) },
    { success: (d) => (d.kind === 'one' ? `已发起 ${d.contractIds.length} 份合同` : `已提交批量发起，共 ${d.job.total} 人`), invalidate: useInvalidateContracts(), onSuccess: setDone },
  );
  const again = () => {
    setDone(null);
    setEmployees([]);
  };

  if (done?.kind === 'one') {
    return (
      <Panel className="initiate-done">
        <Result
          status="success"
          title="合同已发起"
          subTitle={initiatedSubtitle({ name: employees[0]?.name ?? '', count: done.contractIds.length, notify: state.notify, form: state.form, signOrder: state.signOrder })}
          extra={[
            <Button type="primary" key="view" onClick={() => navigate(`/qszx-vite/detail/${done.contractIds[0]}`)} className="view-initiated">
              查看合同
            </Button>,
            <Button key="again" onClick={again}>
              继续发起
            </Button>,
          ]}
        />
      </Panel>
    );
  }

  return (
    <Flex vertical gap={16} className="initiate-page">
      <PageHeader title="发起签署" description="选择合同包、签署场景或单个模板，选择员工，设定签署顺序与截止日期后发起；员工通过短信链接在手机上签署。" />
      {!canInitiate && <Alert type="info" showIcon message="发起签署需要「发起签署」的编辑权限。" />}
      {done?.kind === 'batch' ? (
        <Panel title="批量发起进度">
          <BatchProgressView job={done.job} onAgain={again} />
        </Panel>
      ) : (
        <>
          <ChoicePanel state={state} dispatch={dispatch} groups={groups} packages={packages} chosenPackage={chosenPackage} />
          <Panel title={`2. 选择员工${employees.length ? `（已选 ${employees.length} 人）` : ''}`}>
            {employees.length > 0 && (
              <Flex wrap gap={6} style={{ marginBottom: 12 }} className="chosen-employees">
                {employees.map((e) => (
                  <Tag key={e.id} closable onClose={() => setEmployees(employees.filter((x) => x.id !== e.id))}>
                    {e.name}
                  </Tag>
                ))}
              </Flex>
            )}
            <EmployeeChooser value={employees} onChange={setEmployees} />
          </Panel>
          <SettingsPanel state={state} dispatch={dispatch} />
          <Flex justify="flex-end" gap={12} style={{ position: 'sticky', bottom: 0, padding: '12px 0', background: '#f5f5f5' }}>
            <Button onClick={() => navigate(-1)}>取消</Button>
            <Button type="primary" disabled={!ready} loading={initiate.pending} onClick={() => void initiate.run(initiateBody(state), employees)} className="initiate-submit">
              发起签署{employees.length > 1 ? `（${employees.length} 人）` : ''}
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  );
}
