import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PROBATION_MONTHS, EMPLOYMENT_TYPES, ID_TYPES, INDUCTION_TABS, type InductionRow, type InductionTab } from '@wfsaas/contracts';
import { Button, Flex, Form, Input, InputNumber, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate, formatDateTime } from '../../app/ui/format.ts';
import { FormDrawer, FormModal } from '../../app/ui/FormOverlay.tsx';
import { oneOf, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { DateText, DepartmentTreeSelect, PositionSelect } from '../employees/pickers.tsx';
import { usePrefilledEmployeeNo } from '../employees/use-employee-no.ts';
import { nameColumn } from './columns.tsx';
import { InductionProgressDrawer } from './InductionProgressDrawer.tsx';
import { defaultProbationEnd } from './conversion.ts';
import { confirmDateHint, confirmDefaultDate } from './induction.ts';
import { INDUCTION_EDIT, lifecycleCalls, useChangeSettings, useInductionCounts, useInductionPage, useInvalidateLifecycle } from './lifecycle.api.ts';

type AddValues = {
  name?: string;
  mobile?: string;
  idType?: number;
  idNumber?: string;
  employeeNo?: string;
  departmentId?: number | null;
  positionId?: number | null;
  employmentType?: number;
  hireDate?: string | null;
  probationEndDate?: string | null;
  salary?: number | null;
};

function AddHireDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<AddValues>();
  const departmentId = Form.useWatch('departmentId', form);
  const employeeNo = usePrefilledEmployeeNo(form, open);
  const invalidate = useInvalidateLifecycle();
  const probationMonths = useChangeSettings().data?.defaultProbationMonths ?? DEFAULT_PROBATION_MONTHS;
  const firstDay = dayjs().add(7, 'day').format('YYYY-MM-DD');
  const add = useAction(
    (v: AddValues) =>
      lifecycleCalls.addHire({
        name: v.name!.trim(),
        mobile: v.mobile!.trim(),
        idType: v.idType as 1,
        idNumber: v.idNumber!.trim(),
        employeeNo: v.employeeNo?.trim() || undefined,
        departmentId: v.departmentId!,
        positionId: v.positionId ?? undefined,
        employmentType: v.employmentType as 1,
        hireDate: v.hireDate!,
        probationEndDate: v.probationEndDate ?? undefined,
        salary: v.salary === null || v.salary === undefined ? undefined : v.salary.toFixed(2),
      }),
    { success: '保存成功', invalidate, onSuccess: onClose },
  );
  const required = (label: string) => ({ required: true, whitespace: true, message: `请填写${label}` });
  return (
    <FormDrawer<AddValues>
      title="新增待入职"
      open={open}
      width={600}
      form={form}
      onClose={onClose}
      onSubmit={add.run}
      values={{ idType: 1, employmentType: 1, hireDate: firstDay, probationEndDate: defaultProbationEnd(firstDay, probationMonths) }}
      formProps={{
        className: 'hire-form',
        onValuesChange: (changed: AddValues) => {
          // the probation end follows the hire date until HR sets it by hand
          if ('hireDate' in changed && !form.isFieldTouched('probationEndDate')) form.setFieldValue('probationEndDate', defaultProbationEnd(changed.hireDate, probationMonths));
        },
      }}
    >
        <Flex gap={16}>
          <Form.Item name="name" label="姓名" rules={[required('姓名')]} style={{ flex: 1 }}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="mobile" label="手机号" rules={[required('手机号'), { pattern: /^1[3-9]\d{9}$/, message: '手机号格式不正确' }]} style={{ flex: 1 }}>
            <Input maxLength={11} />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="idType" label="证件类型" style={{ flex: 1 }}>
            <Select options={ID_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          <Form.Item name="idNumber" label="证件号码" rules={[required('证件号码')]} style={{ flex: 1 }}>
            <Input maxLength={30} />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="employeeNo" label="工号" rules={[...(employeeNo.required ? [required('工号')] : []), { pattern: /^[A-Za-z0-9_-]+$/, message: '只能包含字母、数字、下划线和短横线' }]} extra={employeeNo.extra} style={{ flex: 1 }}>
            <Input maxLength={32} placeholder={employeeNo.placeholder} />
          </Form.Item>
          <Form.Item name="employmentType" label="用工类型" style={{ flex: 1 }}>
            <Select options={EMPLOYMENT_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="departmentId" label="部门" rules={[{ required: true, message: '请选择部门' }]} style={{ flex: 1 }}>
            <DepartmentTreeSelect />
          </Form.Item>
          <Form.Item name="positionId" label="岗位" style={{ flex: 1 }}>
            <PositionSelect departmentId={departmentId} placeholder="选填" />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="hireDate" label="预计入职日期" rules={[{ required: true, message: '请选择预计入职日期' }]} style={{ flex: 1 }}>
            <DateText />
          </Form.Item>
          <Form.Item name="probationEndDate" label="试用期结束日期" style={{ flex: 1 }} extra="不填则确认入职后为正式员工。">
            <DateText />
          </Form.Item>
        </Flex>
        <Form.Item name="salary" label="月基本工资（元）" extra="算薪的固定工资从此读取。">
          <InputNumber min={0} max={999_999_999} precision={2} style={{ width: '50%' }} placeholder="选填" />
        </Form.Item>
    </FormDrawer>
  );
}

type Prompt = { kind: 'confirm'; rows: InductionRow[] } | { kind: 'discontinue' | 'cancel'; rows: [InductionRow] } | { kind: 'again'; rows: [InductionRow] } | null;

const PROMPT_TITLES = { confirm: '确认入职', discontinue: '放弃入职', cancel: '取消入职', again: '重新办理入职' } as const;

type PromptValues = { hireDate?: string | null; reason?: string };

function PromptModal({ prompt, onClose, onDone }: { prompt: Prompt; onClose: () => void; onDone: () => void }) {
  const invalidate = useInvalidateLifecycle();
  const run = useAction(
    async (p: NonNullable<Prompt>, v: PromptValues) => {
      if (p.kind === 'confirm') {
        const r = await lifecycleCalls.confirmHires(p.rows.map((x) => x.employeeId), v.hireDate ?? undefined);
        return `已确认入职 ${r.confirmed} 人`;
      }
      if (p.kind === 'again') {
        await lifecycleCalls.reopenHire(p.rows[0].employeeId, v.hireDate!);
        return '已重新办理入职';
      }
      await lifecycleCalls.closeHire(p.kind, p.rows[0].employeeId, v.reason!.trim());
      return '操作成功';
    },
    {
      success: (text) => text,
      invalidate,
      onSuccess: () => {
        onDone();
        onClose();
      },
    },
  );
  if (!prompt) return null;
  const first = prompt.rows[0];
  const today = dayjs().format('YYYY-MM-DD');
  const proposed = prompt.kind === 'confirm' ? confirmDefaultDate(prompt.rows, today) : null;
  const who = prompt.rows.length > 1 ? `${first.name} 等 ${prompt.rows.length} 人` : first.name;
  return (
    <FormModal<PromptValues>
      title={`${PROMPT_TITLES[prompt.kind]} · ${who}`}
      open
      onClose={onClose}
      onSubmit={(v) => run.run(prompt, v)}
      values={{ hireDate: prompt.kind === 'again' ? dayjs().add(7, 'day').format('YYYY-MM-DD') : proposed }}
      formProps={{ className: 'induction-prompt' }}
    >
        {(prompt.kind === 'confirm' || prompt.kind === 'again') && (
          <Form.Item
            name="hireDate"
            label={prompt.kind === 'confirm' ? '入职日期' : '预计入职日期'}
            rules={prompt.kind === 'confirm' && proposed === null ? [] : [{ required: true, message: '请选择日期' }]}
            extra={prompt.kind === 'confirm' ? confirmDateHint(prompt.rows, proposed, today) : undefined}
          >
            <DateText placeholder={prompt.kind === 'confirm' && proposed === null ? '按各自的预计入职日期' : undefined} />
          </Form.Item>
        )}
        {(prompt.kind === 'discontinue' || prompt.kind === 'cancel') && (
          <Form.Item name="reason" label={prompt.kind === 'discontinue' ? '放弃原因' : '取消原因'} rules={[{ required: true, whitespace: true, message: '请填写原因' }]}>
            <Input.TextArea maxLength={200} showCount rows={3} placeholder={prompt.kind === 'discontinue' ? '如：候选人接受了其他工作机会' : '如：岗位需求取消'} />
          </Form.Item>
        )}
    </FormModal>
  );
}

const SCHEMA = { keyword: text, tab: oneOf(INDUCTION_TABS.map((t) => t.key)) };
const DEFAULTS = { tab: 'pending' as InductionTab };

/** /selfOnboarding/list (入职列表): pending hires to confirm, and those onboarded, discontinued or cancelled. */
export default function InductionListPage() {
  const { map } = usePermissions();
  const canEdit = map[INDUCTION_EDIT] === true;
  const query = useListQuery({ name: 'induction', schema: SCHEMA, defaults: DEFAULTS });
  const tab = query.filters.tab ?? 'pending';
  const keyword = query.filters.keyword?.trim() || undefined;
  const [selected, setSelected] = useState<InductionRow[]>([]);
  useEffect(() => setSelected([]), [tab]);
  const [adding, setAdding] = useState(false);
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [viewing, setViewing] = useState<InductionRow | null>(null);
  const list = useInductionPage({ ...query.page, tab, keyword });
  const counts = useInductionCounts(keyword);

  const columns: TableColumnsType<InductionRow> = [
    nameColumn<InductionRow>(),
    { title: '手机号', dataIndex: 'mobile', width: 130, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '岗位', dataIndex: 'positionName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: tab === 'onboarded' ? '入职日期' : '预计入职日期', dataIndex: 'hireDate', width: 120, render: (v: string | null) => formatDate(v) },
    { title: '试用期结束日期', dataIndex: 'probationEndDate', width: 130, render: (v: string | null) => formatDate(v) },
    ...(tab === 'discontinued' || tab === 'cancelled' ? [{ title: '原因', dataIndex: 'reason', ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT }] : []),
    ...(tab !== 'pending' ? [{ title: '办理时间', key: 'at', width: 150, render: (_: unknown, r: InductionRow) => formatDateTime(r.change?.appliedAt ?? r.change?.cancelledAt ?? null) }] : []),
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 260,
      render: (_: unknown, r) => (
        <Flex gap={4} wrap>
          <Button type="link" size="small" className="induction-progress" onClick={() => setViewing(r)}>
            进度
          </Button>
          {canEdit && tab === 'pending' && (
            <>
              <Button type="link" size="small" onClick={() => setPrompt({ kind: 'confirm', rows: [r] })}>
                确认入职
              </Button>
              <Button type="link" size="small" onClick={() => setPrompt({ kind: 'discontinue', rows: [r] })}>
                放弃入职
              </Button>
              <Button type="link" size="small" danger onClick={() => setPrompt({ kind: 'cancel', rows: [r] })}>
                取消
              </Button>
            </>
          )}
          {canEdit && (tab === 'discontinued' || tab === 'cancelled') && (
            <Button type="link" size="small" onClick={() => setPrompt({ kind: 'again', rows: [r] })}>
              重新办理
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <ListScreen<InductionRow, typeof SCHEMA>
      className="induction-page"
      title="入职列表"
      description="新增待入职员工，到岗后确认入职（可批量）；候选人放弃或公司取消的记录保留在对应页签，可重新办理。"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            新增待入职
          </Button>
        )
      }
      query={query}
      formName="induction"
      fields={
        <Form.Item name="keyword" label="员工">
          <Input placeholder="姓名或工号" allowClear maxLength={50} />
        </Form.Item>
      }
      tabs={{ filter: 'tab', items: INDUCTION_TABS, counts: counts.data }}
      aboveTable={
        canEdit &&
        tab === 'pending' &&
        selected.length > 0 && (
          <Flex gap={8} align="center" style={{ marginBottom: 12 }} className="batch-bar">
            <span>已选 {selected.length} 人</span>
            <Button type="primary" size="small" onClick={() => setPrompt({ kind: 'confirm', rows: selected })}>
              批量确认入职
            </Button>
          </Flex>
        )
      }
      table={{
        rowKey: 'employeeId',
        className: 'induction-table',
        columns,
        result: list,
        scroll: { x: 1200 },
        rowSelection: canEdit && tab === 'pending' ? { selectedRowKeys: selected.map((r) => r.employeeId), onChange: (_keys, rows) => setSelected(rows) } : undefined,
        empty: tab === 'pending' ? '暂无待入职员工，点击新增待入职' : '暂无数据',
      }}
    >
      <AddHireDrawer open={adding} onClose={() => setAdding(false)} />
      <PromptModal key={prompt ? `${prompt.kind}-${prompt.rows.map((r) => r.employeeId).join('-')}` : 'none'} prompt={prompt} onClose={() => setPrompt(null)} onDone={() => setSelected([])} />
      <InductionProgressDrawer employeeId={viewing?.employeeId ?? null} name={viewing?.name ?? ''} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}
