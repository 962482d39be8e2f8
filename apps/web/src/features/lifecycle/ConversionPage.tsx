import { CONVERSION_TABS, DEFAULT_CONVERSION_DAYS, MAX_CHANGE_REMARK, type ConversionRow, type ConversionTab } from '@wfsaas/contracts';
import { Form, Input, InputNumber, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { int, oneOf, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { DateText, DepartmentTreeSelect } from '../employees/pickers.tsx';
import { ChangeTimelineDrawer } from './ChangeTimelineDrawer.tsx';
import { ChangeFormFields } from './ChangeFormFields.tsx';
import { ChangeSettingsLink, changeActionsColumn, nameColumn, PendingChangeActions, RowAction, useConfirmedChange } from './columns.tsx';
import { changeDoneText, changeTone, daysLeftText, daysLeftTone, defaultEffectiveDate } from './conversion.ts';
import { CONVERSION_EDIT, lifecycleCalls, useConversionCounts, useConversionPage, useInvalidateLifecycle } from './lifecycle.api.ts';

type Action = { kind: 'regularize' | 'extend' | 'redate'; row: ConversionRow } | null;
type ActionValues = { effectiveDate?: string | null; salary?: number | null; remark?: string; probationEndDate?: string | null; formValues?: Record<string, unknown> };

const today = () => dayjs().format('YYYY-MM-DD');

const TITLES = { regularize: '办理转正', extend: '延长试用期', redate: '修改生效日期' } as const;

function ActionModal({ action, onClose }: { action: Action; onClose: () => void }) {
  const invalidate = useInvalidateLifecycle();
  const submit = useAction(
    async (kind: NonNullable<Action>['kind'], row: ConversionRow, v: ActionValues) => {
      if (kind === 'regularize') {
        const r = await lifecycleCalls.regularize({ employeeId: row.employeeId, effectiveDate: v.effectiveDate!, salary: v.salary === null || v.salary === undefined ? undefined : String(v.salary), remark: v.remark?.trim() || undefined, formValues: v.formValues });
        return changeDoneText(r, '转正已生效', `已办理，将于${r.effectiveDate}生效`);
      }
      if (kind === 'extend') await lifecycleCalls.extendProbation({ employeeId: row.employeeId, probationEndDate: v.probationEndDate!, remark: v.remark?.trim() || undefined });
      else await lifecycleCalls.redate(row.change!.id, v.effectiveDate!);
      return '操作成功';
    },
    { success: (text) => text, invalidate, onSuccess: onClose },
  );
  if (!action) return null;
  const { kind, row } = action;
  const initial: ActionValues =
    kind === 'regularize' ? { effectiveDate: defaultEffectiveDate(row, today()) } : kind === 'redate' ? { effectiveDate: row.change?.effectiveDate ?? today() } : { probationEndDate: null };
  return (
    <FormModal<ActionValues>
      title={`${TITLES[kind]} · ${row.name}`}
      open
      onClose={onClose}
      onSubmit={(v) => submit.run(kind, row, v)}
      values={initial}
      formProps={{ className: 'conversion-form' }}
      intro={
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>
          入职日期 {formatDate(row.hireDate)}，试用期结束日期 {formatDate(row.probationEndDate)}
        </p>
      }
    >
      {kind !== 'extend' && (
        <Form.Item name="effectiveDate" label={kind === 'regularize' ? '转正日期' : '生效日期'} rules={[{ required: true, message: '请选择日期' }]} extra="今天及以前的日期立即生效；之后的日期到期当天自动生效，生效前可取消或修改。">
          <DateText />
        </Form.Item>
      )}
      {kind === 'extend' && (
        <Form.Item name="probationEndDate" label="新的试用期结束日期" rules={[{ required: true, message: '请选择新的试用期结束日期' }]} extra="试用期最长不得超过入职后6个月（劳动合同法第十九条）。">
          <DateText />
        </Form.Item>
      )}
      {kind === 'regularize' && (
        <Form.Item name="salary" label="转正后薪资（元/月）">
          <InputNumber min={0} max={999_999_999} precision={2} style={{ width: '100%' }} placeholder="选填" />
        </Form.Item>
      )}
      {kind !== 'redate' && (
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={MAX_CHANGE_REMARK} showCount rows={3} placeholder={kind === 'extend' ? '如：试用期考核未达标' : '选填'} />
        </Form.Item>
      )}
      {kind === 'regularize' && <ChangeFormFields type="regularize" />}
    </FormModal>
  );
}

const SCHEMA = { keyword: text, departmentId: int, withinDays: int, tab: oneOf(CONVERSION_TABS.map((t) => t.key)) };
const DEFAULTS = { tab: 'due' as ConversionTab };

/** /staffManagement/changeAlternation/conversion (转正): probation ending soon or overdue, waiting and done regularisations. */
export default function ConversionPage() {
  const { map } = usePermissions();
  const canEdit = map[CONVERSION_EDIT] === true;
  const query = useListQuery({ name: 'conversion', schema: SCHEMA, defaults: DEFAULTS });
  const { filters } = query;
  const tab = filters.tab ?? 'due';
  const [action, setAction] = useState<Action>(null);
  const [viewing, setViewing] = useState<ConversionRow | null>(null);
  const base = { keyword: filters.keyword?.trim() || undefined, departmentId: filters.departmentId ?? undefined, withinDays: filters.withinDays ?? DEFAULT_CONVERSION_DAYS };
  const list = useConversionPage({ ...query.page, ...base, tab });
  const counts = useConversionCounts(base);

  const confirm = useConfirmedChange(lifecycleCalls.cancel);
  const cancel = (row: ConversionRow) =>
    confirm({ title: row.change?.status === 3 ? '确认撤回该转正申请？' : '确认取消该转正？', content: `${row.name}将保持试用期状态，可重新办理转正。` }, row.change!.id);

  const columns: TableColumnsType<ConversionRow> = [
    nameColumn<ConversionRow>(),
    { title: '部门', dataIndex: 'departmentName', width: 130, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '职位', dataIndex: 'positionName', width: 130, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '入职日期', dataIndex: 'hireDate', width: 120, render: (v: string | null) => formatDate(v) },
    { title: '试用期结束日期', dataIndex: 'probationEndDate', width: 140, render: (v: string | null) => formatDate(v) },
    ...(tab === 'due' || tab === 'overdue'
      ? [{ title: '到期情况', key: 'daysLeft', width: 120, render: (_: unknown, r: ConversionRow) => <StatusTag tone={daysLeftTone(r.daysLeft)}>{daysLeftText(r.daysLeft)}</StatusTag> }]
      : [
          { title: '转正日期', key: 'effectiveDate', width: 120, render: (_: unknown, r: ConversionRow) => formatDate(r.change?.effectiveDate ?? null) },
          {
            title: '状态',
            key: 'changeStatus',
            width: 130,
            render: (_: unknown, r: ConversionRow) => (r.change ? <StatusTag tone={changeTone(r.change)}>{r.change.statusLabel + (r.change.early ? '·提前' : '')}</StatusTag> : EMPTY_TEXT),
          },
        ]),
    changeActionsColumn<ConversionRow>(
      220,
      (r) =>
        canEdit && (
          <>
            {(tab === 'due' || tab === 'overdue') && r.status === 1 && (
              <>
                <RowAction onClick={() => setAction({ kind: 'regularize', row: r })}>办理转正</RowAction>
                <RowAction onClick={() => setAction({ kind: 'extend', row: r })}>延长试用期</RowAction>
              </>
            )}
            <PendingChangeActions status={r.change?.status} redate="修改生效日期" cancel="取消转正" onRedate={() => setAction({ kind: 'redate', row: r })} onCancel={() => cancel(r)} />
          </>
        ),
      setViewing,
    ),
  ];

  return (
    <ListScreen<ConversionRow, typeof SCHEMA>
      className="conversion-page"
      title="转正管理"
      description="试用期即将到期和已逾期的员工，办理转正、提前转正或延长试用期；待生效的转正到期自动生效。"
      extra={<ChangeSettingsLink />}
      query={query}
      formName="conversion"
      fields={
        <>
          <Form.Item name="keyword" label="员工">
            <Input placeholder="姓名或工号" allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="departmentId" label="部门">
            <DepartmentTreeSelect placeholder="全部" />
          </Form.Item>
          <Form.Item name="withinDays" label="到期天数" tooltip="待转正：试用期在此天数内到期（含已逾期）">
            <InputNumber min={0} max={365} placeholder={String(DEFAULT_CONVERSION_DAYS)} style={{ width: '100%' }} suffix="天内" />
          </Form.Item>
        </>
      }
      tabs={{ filter: 'tab', items: CONVERSION_TABS, counts: counts.data }}
      table={{ rowKey: 'employeeId', className: 'conversion-table', columns, result: list, scroll: { x: 1100 }, empty: tab === 'due' ? '近期没有试用期到期的员工' : '暂无数据' }}
    >
      <ActionModal key={action ? `${action.kind}-${action.row.employeeId}` : 'none'} action={action} onClose={() => setAction(null)} />
      <ChangeTimelineDrawer employee={viewing ? { id: viewing.employeeId, name: viewing.name } : null} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}
