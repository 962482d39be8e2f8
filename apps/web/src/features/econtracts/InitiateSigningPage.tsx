import { SIGN_ORDERS, SIGN_SCENES, type BatchInitiateResult, type EmployeeListItem, type SignOrder } from '@wfsaas/contracts';
import { Alert, Button, Checkbox, DatePicker, Empty, Flex, Form, Input, Progress, Radio, Result, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { DepartmentTreeSelect } from '../employees/pickers.tsx';
import { useRosterPage } from '../employees/employees.api.ts';
import { initiatedSubtitle, notifyOptionLabel, progressPercent } from './contract-format.ts';
import { EC_INITIATE_EDIT, ecCalls, useBatchProgress, useInvalidateContracts, usePackageOptions, useSceneForm, useTemplatePage } from './econtracts.api.ts';

type Source = 'package' | 'scene' | 'template';

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
  const [keyword, setKeyword] = useState('');
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const roster = useRosterPage({ ...paging, status: [0, 1, 2, 3], includeSubDepartments: true, ...(keyword.trim() ? { keyword: keyword.trim() } : {}), ...(departmentId ? { departmentId } : {}) });
  return (
    <Flex vertical gap={12} className="employee-chooser">
      <Flex gap={12} wrap>
        <Input.Search allowClear placeholder="姓名、工号或手机号" style={{ width: 240 }} onSearch={(v) => (setKeyword(v), setPaging((p) => ({ ...p, pageNum: 1 })))} aria-label="搜索员工" className="employee-search" />
        <div style={{ width: 240 }}>
          <DepartmentTreeSelect value={departmentId} onChange={(v) => (setDepartmentId(v), setPaging((p) => ({ ...p, pageNum: 1 })))} placeholder="全部部门" />
        </div>
      </Flex>
      <Table<EmployeeListItem>
        rowKey="id"
        size="small"
        className="employee-table"
        loading={roster.isFetching}
        dataSource={roster.data?.data ?? []}
        rowSelection={{ selectedRowKeys: value.map((e) => e.id), preserveSelectedRowKeys: true, onChange: (_, rows) => onChange(rows.filter(Boolean)) }}
        pagination={serverPagination(paging, roster.data?.pageMessage, setPaging)}
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

/** /qszx-vite/initiateSigning (发起签署): package, scene or template → employees → order and deadline → initiate. */
export default function InitiateSigningPage() {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canInitiate = map[EC_INITIATE_EDIT] === true;
  const invalidate = useInvalidateContracts();
  const packages = usePackageOptions();
  const templates = useTemplatePage({ pageNum: 1, pageSize: 500 });
  const [source, setSource] = useState<Source>('package');
  const [packageId, setPackageId] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [dealCode, setDealCode] = useState<number>(1000);
  const [sceneId, setSceneId] = useState<number | null>(null);
  const [scenePackageId, setScenePackageId] = useState<number | null>(null);
  const sceneForm = useSceneForm(source === 'scene' ? dealCode : null);
  const [employees, setEmployees] = useState<EmployeeListItem[]>([]);
  const [signOrder, setSignOrder] = useState<SignOrder>(1);
  const [deadline, setDeadline] = useState<Dayjs | null>(dayjs().add(7, 'day'));
  const [form, setForm] = useState<1 | 2>(1);
  const [term, setTerm] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [notify, setNotify] = useState(true);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ kind: 'one'; contractIds: number[] } | { kind: 'batch'; job: BatchInitiateResult } | null>(null);

  // the scene form's chosen ids default to the first group and its first package
  const groups = useMemo(() => sceneForm.data?.sceneGrouVoList ?? [], [sceneForm.data]);
  useEffect(() => {
    if (!sceneForm.data) return;
    setSceneId(sceneForm.data.signScenarioId ?? groups[0]?.sceneId ?? null);
    setScenePackageId(sceneForm.data.signPackageId ?? groups[0]?.children[0]?.signPackageId ?? null);
  }, [sceneForm.data, groups]);
  const sceneGroup = groups.find((g) => g.sceneId === sceneId);

  const chosenPackageId = source === 'package' ? packageId : source === 'scene' ? scenePackageId : null;
  const chosenPackage = (packages.data ?? []).find((p) => p.id === chosenPackageId);
  useEffect(() => {
    if (!chosenPackage) return;
    setSignOrder(chosenPackage.signOrder);
    setDeadline(dayjs().add(chosenPackage.deadlineDays, 'day'));
  }, [chosenPackage]);

  const ready = (source === 'template' ? templateId !== null : chosenPackageId !== null) && employees.length > 0 && deadline !== null && canInitiate;

  const submit = async () => {
    if (!ready || !deadline) return;
    const common = {
      ...(source === 'template' ? { templateId: templateId! } : { packageId: chosenPackageId! }),
      signOrder,
      deadline: deadline.format('YYYY-MM-DD'),
      form,
      notify,
      ...(term?.[0] ? { contractStart: term[0].format('YYYY-MM-DD') } : {}),
      ...(term?.[1] ? { contractEnd: term[1].format('YYYY-MM-DD') } : {}),
    };
    setBusy(true);
    try {
      if (employees.length === 1) {
        const r = await ecCalls.initiate({ employeeId: employees[0]!.id, ...common });
        toastSuccess(`已发起 ${r.contractIds.length} 份合同`);
        setDone({ kind: 'one', contractIds: r.contractIds });
      } else {
        const job = await ecCalls.batchInitiate({ employeeIds: employees.map((e) => e.id), ...common });
        toastSuccess(`已提交批量发起，共 ${job.total} 人`);
        setDone({ kind: 'batch', job });
      }
      await invalidate();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };

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
          subTitle={initiatedSubtitle({ name: employees[0]?.name ?? '', count: done.contractIds.length, notify, form, signOrder })}
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
          <Panel title="1. 选择合同">
            <Form layout="vertical" style={{ maxWidth: 720 }}>
              <Form.Item label="合同来源">
                <Radio.Group value={source} onChange={(e) => setSource(e.target.value as Source)} optionType="button" className="source-choice">
                  <Radio.Button value="package">合同包</Radio.Button>
                  <Radio.Button value="scene">签署场景</Radio.Button>
                  <Radio.Button value="template">单个模板</Radio.Button>
                </Radio.Group>
              </Form.Item>
              {source === 'package' && (
                <Form.Item label="合同包" required>
                  <Select
                    className="package-picker"
                    aria-label="合同包"
                    placeholder="请选择合同包"
                    value={packageId ?? undefined}
                    onChange={(v: number) => setPackageId(v)}
                    loading={packages.isLoading}
                    options={(packages.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.templates.length} 份模板）` }))}
                    notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无合同包，请先在合同包管理中新建" />}
                  />
                </Form.Item>
              )}
              {source === 'scene' && (
                <>
                  <Form.Item label="业务场景" required>
                    <Select value={dealCode} onChange={(v: number) => setDealCode(v)} options={SIGN_SCENES.map((s) => ({ value: s.dealCode, label: s.label }))} className="deal-code-picker" />
                  </Form.Item>
                  {groups.length === 0 ? (
                    <Alert type="warning" showIcon message="该业务场景还没有配置签署场景，请在「合同表单配置」中配置。" style={{ marginBottom: 16 }} />
                  ) : (
                    <Flex gap={16}>
                      <Form.Item label="签署场景" required style={{ flex: 1 }}>
                        <Select
                          value={sceneId ?? undefined}
                          onChange={(v: number) => {
                            setSceneId(v);
                            setScenePackageId(groups.find((g) => g.sceneId === v)?.children[0]?.signPackageId ?? null);
                          }}
                          options={groups.map((g) => ({ value: g.sceneId, label: g.sceneName }))}
                        />
                      </Form.Item>
                      <Form.Item label="合同包" required style={{ flex: 1 }}>
                        <Select value={scenePackageId ?? undefined} onChange={(v: number) => setScenePackageId(v)} options={(sceneGroup?.children ?? []).map((p) => ({ value: p.signPackageId, label: p.signPackageName }))} />
                      </Form.Item>
                    </Flex>
                  )}
                </>
              )}
              {source === 'template' && (
                <Form.Item label="合同模板" required>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder="请选择模板"
                    value={templateId ?? undefined}
                    onChange={(v: number) => setTemplateId(v)}
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
          <Panel title="3. 签署设置">
            <Form layout="vertical" style={{ maxWidth: 720 }}>
              <Form.Item label="签署顺序" required>
                <Radio.Group value={signOrder} onChange={(e) => setSignOrder(e.target.value as SignOrder)} options={SIGN_ORDERS.map((o) => ({ value: o.value, label: o.label }))} className="sign-order" />
              </Form.Item>
              <Flex gap={16} wrap>
                <Form.Item label="签署截止日期" required style={{ width: 260 }}>
                  <DatePicker value={deadline} onChange={setDeadline} style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(90, 'day'), 'day')} aria-label="签署截止日期" />
                </Form.Item>
                <Form.Item label="合同期限（可选）" style={{ width: 360 }}>
                  <DatePicker.RangePicker value={term} onChange={(v) => setTerm(v as [Dayjs | null, Dayjs | null] | null)} style={{ width: '100%' }} />
                </Form.Item>
              </Flex>
              <Form.Item label="合同形式">
                <Radio.Group value={form} onChange={(e) => setForm(e.target.value as 1 | 2)}>
                  <Radio value={1}>电子合同</Radio>
                  <Radio value={2}>纸质合同（线下签署后上传扫描件）</Radio>
                </Radio.Group>
              </Form.Item>
              <Checkbox checked={notify} onChange={(e) => setNotify(e.target.checked)} disabled={form === 2}>
                {notifyOptionLabel(signOrder)}
              </Checkbox>
            </Form>
          </Panel>
          <Flex justify="flex-end" gap={12} style={{ position: 'sticky', bottom: 0, padding: '12px 0', background: '#f5f5f5' }}>
            <Button onClick={() => navigate(-1)}>取消</Button>
            <Button type="primary" disabled={!ready} loading={busy} onClick={() => void submit()} className="initiate-submit">
              发起签署{employees.length > 1 ? `（${employees.length} 人）` : ''}
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  );
}
