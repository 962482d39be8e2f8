import { PlusOutlined } from '@ant-design/icons';
import { CHANGE_STATUSES, TRANSFER_REASONS, type EmployeePlacement, type TransferPage, type TransferRow } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Flex, Form, Input, InputNumber, Select, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate, formatMoney } from '../../app/ui/format.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { int, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { useCostCenterOptions, useRankOptions } from '../employees/employees.api.ts';
import { DateText, DepartmentTreeSelect, EmployeePicker, PositionSelect } from '../employees/pickers.tsx';
import { ChangeTimelineDrawer } from './ChangeTimelineDrawer.tsx';
import { ChangeFormFields } from './ChangeFormFields.tsx';
import { PlanFormFields, PlanNotice, planDateExtra, planDateRule, transferPlanScene, useChangePlan } from './change-plans/PlanNotice.tsx';
import { ChangeSettingsLink, changeActionsColumn, DateDialog, handledColumn, nameColumn, PendingChangeActions, useConfirmedChange } from './columns.tsx';
import { changeDoneText, changeTone, transferBody, transferDetails, type TransferFormValues as FormValues } from './conversion.ts';
import { ALTERNATION_EDIT, lifecycleCalls, useInvalidateLifecycle, usePlacement, useTransferPage } from './lifecycle.api.ts';


/** The chosen employee's current placement, and a warning when a change already waits. */
function PlacementNow({ p }: { p: EmployeePlacement }) {
  return (
    <>
      <Descriptions size="small" column={2} bordered className="placement-now" title="当前任职" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="部门">{p.departmentName ?? EMPTY_TEXT}</Descriptions.Item>
        <Descriptions.Item label="岗位">{p.positionName ?? EMPTY_TEXT}</Descriptions.Item>
        <Descriptions.Item label="职级">{p.rankName ?? EMPTY_TEXT}</Descriptions.Item>
        <Descriptions.Item label="成本中心">{p.costCenterName ?? EMPTY_TEXT}</Descriptions.Item>
        <Descriptions.Item label="工作地点">{p.workLocation ?? EMPTY_TEXT}</Descriptions.Item>
        <Descriptions.Item label="月基本工资">{p.salary ? formatMoney(p.salary) : EMPTY_TEXT}</Descriptions.Item>
      </Descriptions>
      {p.waiting && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`该员工已有待生效的调岗调薪（${p.waiting.effectiveDate}），请先取消或修改生效日期`} />}
    </>
  );
}

function TransferDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const employeeId = Form.useWatch('employeeId', form) ?? null;
  const current = usePlacement(employeeId);
  const departmentId = Form.useWatch('departmentId', form);
  const ranks = useRankOptions(open);
  const costCenters = useCostCenterOptions(open);
  const invalidate = useInvalidateLifecycle();

  // the form starts from the chosen employee's current values
  const p = current.data;
  const plan = useChangePlan(form, transferPlanScene(Form.useWatch([], form), p), p?.employeeId ?? null, 'effectiveDate');
  useEffect(() => {
    if (!p || p.employeeId !== employeeId) return;
    form.setFieldsValue({ departmentId: p.departmentId, positionId: p.positionId, rankId: p.rankId, costCenterId: p.costCenterId, workLocation: p.workLocation ?? '', salary: p.salary === null ? null : Number(p.salary) });
  }, [p, employeeId, form]);

  const transfer = useAction((v: FormValues) => lifecycleCalls.transfer(transferBody(v, p!)), {
    success: (r) => changeDoneText(r, '调岗调薪已生效', `已办理，将于${r.effectiveDate}生效`),
    invalidate,
    onSuccess: onClose,
  });

  return (
    <FormDrawer<FormValues>
      title="发起调岗调薪"
      open={open}
      width={640}
      form={form}
      onClose={onClose}
      onSubmit={(v) => (p ? transfer.run(v) : undefined)}
      okDisabled={!p || p.waiting !== null}
      values={{ effectiveDate: dayjs().format('YYYY-MM-DD'), reason: 1 }}
      formProps={{ className: 'transfer-form' }}
    >
        <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
          <EmployeePicker />
        </Form.Item>
        {p && <PlacementNow p={p} />}
        <Flex gap={16}>
          <Form.Item name="departmentId" label="调整后部门" style={{ flex: 1 }}>
            <DepartmentTreeSelect allowClear={false} />
          </Form.Item>
          <Form.Item name="positionId" label="调整后岗位" style={{ flex: 1 }}>
            <PositionSelect departmentId={departmentId} placeholder="无" />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="rankId" label="调整后职级" style={{ flex: 1 }}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="无" options={(ranks.data ?? []).map((r) => ({ value: r.id, label: `${r.categoryName} ${r.name}` }))} />
          </Form.Item>
          <Form.Item name="costCenterId" label="调整后成本中心" style={{ flex: 1 }}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="无" options={(costCenters.data ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.code}）` }))} />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="workLocation" label="调整后工作地点" style={{ flex: 1 }}>
            <Input maxLength={100} placeholder="无" />
          </Form.Item>
          <Form.Item name="salary" label="调整后月基本工资（元）" style={{ flex: 1 }}>
            <InputNumber min={0} max={999_999_999} precision={2} style={{ width: '100%' }} placeholder="不调整" />
          </Form.Item>
        </Flex>
        {plan && <PlanNotice plan={plan} />}
        <Flex gap={16}>
          <Form.Item name="effectiveDate" label="生效日期" rules={[{ required: true, message: '请选择生效日期' }, planDateRule(plan)]} style={{ flex: 1 }} extra={plan ? planDateExtra(plan) : '今天及以前立即生效，之后的日期到期自动生效。'}>
            <DateText disabled={plan?.fixedDate != null} />
          </Form.Item>
          <Form.Item name="reason" label="异动原因" rules={[{ required: true, message: '请选择异动原因' }]} style={{ flex: 1 }}>
            <Select options={TRANSFER_REASONS.map((r) => ({ value: r.value, label: r.label }))} />
          </Form.Item>
        </Flex>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={200} showCount rows={2} />
        </Form.Item>
        {plan?.form ? <PlanFormFields def={plan.form} /> : <ChangeFormFields type="transfer" />}
    </FormDrawer>
  );
}

function transferColumns(actions: (r: TransferRow) => ReactNode, onTimeline: (r: TransferRow) => void): TableColumnsType<TransferRow> {
  return [
    nameColumn<TransferRow>(),
    { title: '当前部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    {
      title: '调整内容',
      key: 'details',
      render: (_: unknown, r) => (
        <Space orientation="vertical" size={0} className="transfer-details">
          {transferDetails(r).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </Space>
      ),
    },
    { title: '异动原因', dataIndex: 'reasonLabel', width: 100 },
    { title: '生效日期', dataIndex: 'effectiveDate', width: 120, render: (v: string) => formatDate(v) },
    { title: '状态', dataIndex: 'status', width: 100, render: (_: unknown, r) => <StatusTag tone={changeTone(r)}>{r.statusLabel}</StatusTag> },
    handledColumn<TransferRow>(),
    changeActionsColumn<TransferRow>(200, actions, onTimeline),
  ];
}

const SCHEMA = { keyword: text, status: int, effectiveFrom: text, effectiveTo: text };

/** /staffManagement/changeAlternation/alternation (调岗调薪): department, position, rank, cost centre, work location and pay changes. */
export default function AlternationPage() {
  const { map } = usePermissions();
  const canEdit = map[ALTERNATION_EDIT] === true;
  const query = useListQuery({ name: 'alternation', schema: SCHEMA });
  const { filters } = query;
  const [adding, setAdding] = useState(false);
  const [redating, setRedating] = useState<TransferRow | null>(null);
  const [viewing, setViewing] = useState<TransferRow | null>(null);
  const list = useTransferPage({
    ...query.page,
    keyword: filters.keyword?.trim() || undefined,
    status: (filters.status ?? undefined) as TransferPage['status'],
    effectiveFrom: filters.effectiveFrom ?? undefined,
    effectiveTo: filters.effectiveTo ?? undefined,
  });

  const confirm = useConfirmedChange(lifecycleCalls.cancelTransfer);
  const cancel = (row: TransferRow) => confirm({ title: '确认取消该调岗调薪？', content: `${row.name}的任职和薪资保持不变。` }, row.id);

  const columns = transferColumns((r) => canEdit && <PendingChangeActions status={r.status} redate="修改生效日期" cancel="取消" onRedate={() => setRedating(r)} onCancel={() => cancel(r)} />, setViewing);

  return (
    <ListScreen<TransferRow, typeof SCHEMA>
      className="alternation-page"
      title="调岗调薪"
      description="调整员工的部门、岗位、职级、成本中心、工作地点和月基本工资；可指定生效日期，待生效的记录到期自动生效。"
      extra={
        <>
          <ChangeSettingsLink />
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              发起调岗调薪
            </Button>
          )}
        </>
      }
      query={query}
      formName="alternation"
      fields={
        <>
          <Form.Item name="keyword" label="员工">
            <Input placeholder="姓名或工号" allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" options={CHANGE_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item name="effectiveFrom" label="生效日期起">
            <DateText />
          </Form.Item>
          <Form.Item name="effectiveTo" label="生效日期止">
            <DateText />
          </Form.Item>
        </>
      }
      table={{ rowKey: 'id', className: 'alternation-table', columns, result: list, scroll: { x: 1200 }, empty: '暂无调岗调薪记录，点击发起调岗调薪' }}
    >
      <TransferDrawer open={adding} onClose={() => setAdding(false)} />
      {redating && (
        <DateDialog
          title={`修改生效日期 · ${redating.name}`}
          label="生效日期"
          initial={redating.effectiveDate}
          extra="今天及以前的日期立即生效。"
          onSubmit={(date) => lifecycleCalls.redateTransfer(redating.id, date)}
          onClose={() => setRedating(null)}
        />
      )}
      <ChangeTimelineDrawer employee={viewing ? { id: viewing.employeeId, name: viewing.name } : null} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}
