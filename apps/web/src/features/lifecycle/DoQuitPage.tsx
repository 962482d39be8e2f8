import { PlusOutlined } from '@ant-design/icons';
import { HANDOVER_STATUSES, type QuitRow } from '@wfsaas/contracts';
import { Alert, Button, Dropdown, Flex, Form, Input, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { DictionarySelect } from '../../app/dictionaries/DictionarySelect.tsx';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { int, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { DateText, EmployeePicker, RESIGNABLE_QUERY } from '../employees/pickers.tsx';
import { formatTenure } from '../employees/roster.ts';
import { ChangeTimelineDrawer } from './ChangeTimelineDrawer.tsx';
import { ChangeFormFields } from './ChangeFormFields.tsx';
import { ChangeSettingsLink, changeActionsColumn, DateDialog, nameColumn, PendingChangeActions, useConfirmedChange, useSetHandover } from './columns.tsx';
import { changeDoneText, changeTone, handoverTone } from './conversion.ts';
import { DO_QUIT_EDIT, lifecycleCalls, useInvalidateLifecycle, useQuitAssets, useQuitPage } from './lifecycle.api.ts';

type QuitValues = { employeeId?: number; quitType?: number; reasonCode?: string; lastWorkingDay?: string | null; handoverTo?: number | null; handoverNote?: string; remark?: string; formValues?: Record<string, unknown> };

/** The chosen leaver's unreturned assets: an error when the company setting blocks the resignation, a warning otherwise. */
function QuitAssetsNotice({ onBlocking }: { onBlocking: (blocking: boolean) => void }) {
  const form = Form.useFormInstance<QuitValues>();
  const employeeId = Form.useWatch('employeeId', form) ?? null;
  const held = useQuitAssets(employeeId);
  const d = held.data;
  const blocking = employeeId !== null && d !== undefined && d.blocking && d.assets.length > 0;
  useEffect(() => onBlocking(blocking), [blocking, onBlocking]);
  if (!d || d.assets.length === 0) return null;
  return (
    <Alert
      className="quit-assets"
      type={d.blocking ? 'error' : 'warning'}
      showIcon
      style={{ marginBottom: 16 }}
      title={d.blocking ? d.message : `${d.message?.replace(/，请先办理归还$/, '')}，请提醒员工归还`}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {d.assets.map((a) => (
            <li key={a.id}>
              {a.assetNo} {a.name}（{a.categoryName}，{formatDate(a.issuedOn)} 领用）
            </li>
          ))}
        </ul>
      }
    />
  );
}

function QuitDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invalidate = useInvalidateLifecycle();
  // 确定 waits while the leaver holds assets the company's rule says must come back first
  const [blocked, setBlocked] = useState(false);
  const quit = useAction(
    (v: QuitValues) =>
      lifecycleCalls.quit({
        employeeId: v.employeeId!,
        quitType: v.quitType as 1,
        reasonCode: v.reasonCode!,
        lastWorkingDay: v.lastWorkingDay!,
        handoverTo: v.handoverTo ?? undefined,
        handoverNote: v.handoverNote?.trim() || undefined,
        remark: v.remark?.trim() || undefined,
        formValues: v.formValues,
      }),
    { success: (r) => changeDoneText(r, '已办理离职，员工已转入离职员工', `已办理，员工将于${r.effectiveDate}离职`), invalidate, onSuccess: onClose },
  );
  return (
    <FormDrawer<QuitValues>
      title="办理离职"
      open={open}
      width={560}
      onClose={onClose}
      onSubmit={quit.run}
      okDisabled={blocked}
      values={{ quitType: 1, lastWorkingDay: dayjs().add(30, 'day').format('YYYY-MM-DD') }}
      formProps={{ className: 'quit-form' }}
    >
        <Form.Item name="employeeId" label="离职员工" rules={[{ required: true, message: '请选择员工' }]} extra="可选试用期和正式员工；已在办理离职的员工不在其中。">
          <EmployeePicker query={RESIGNABLE_QUERY} />
        </Form.Item>
        <QuitAssetsNotice onBlocking={setBlocked} />
        <Flex gap={16}>
          <Form.Item name="quitType" label="离职类型" rules={[{ required: true, message: '请选择离职类型' }]} style={{ flex: 1 }}>
            <DictionarySelect code="quitType" numeric />
          </Form.Item>
          <Form.Item name="lastWorkingDay" label="最后工作日" rules={[{ required: true, message: '请选择最后工作日' }]} style={{ flex: 1 }} extra="当天转为已离职；今天及以前立即生效。">
            <DateText />
          </Form.Item>
        </Flex>
        <Form.Item name="reasonCode" label="离职原因" rules={[{ required: true, message: '请选择离职原因' }]} extra="选项在实施中心 · 字典中心的「离职原因」中维护。">
          <DictionarySelect code="quitReason" placeholder="请选择离职原因" className="quit-reason" />
        </Form.Item>
        <Form.Item name="handoverTo" label="工作交接人">
          <EmployeePicker placeholder="选填，输入姓名、工号或手机号搜索" />
        </Form.Item>
        <Form.Item name="handoverNote" label="交接事项">
          <Input.TextArea maxLength={500} showCount rows={3} placeholder="选填，如：客户资料、在办项目、固定资产" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} />
        </Form.Item>
        <ChangeFormFields type="quit" />
    </FormDrawer>
  );
}

function quitColumns(today: string, actions: (r: QuitRow) => ReactNode, onTimeline: (r: QuitRow) => void): TableColumnsType<QuitRow> {
  return [
    nameColumn<QuitRow>(),
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '入职日期', dataIndex: 'hireDate', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '司龄', key: 'tenure', width: 100, render: (_: unknown, r) => formatTenure(r.hireDate, r.lastWorkingDay ?? today) },
    { title: '离职类型', dataIndex: 'quitTypeLabel', width: 120 },
    { title: '离职原因', dataIndex: 'reason', ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '最后工作日', dataIndex: 'lastWorkingDay', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '交接人', dataIndex: 'handoverToName', width: 100, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '办理状态', key: 'changeStatus', width: 100, render: (_: unknown, r) => (r.change ? <StatusTag tone={changeTone(r.change)}>{r.change.statusLabel}</StatusTag> : EMPTY_TEXT) },
    { title: '交接状态', key: 'handover', width: 100, render: (_: unknown, r) => <StatusTag tone={handoverTone(r.handoverStatus)}>{r.handoverStatusLabel}</StatusTag> },
    changeActionsColumn<QuitRow>(240, actions, onTimeline),
  ];
}

const SCHEMA = { keyword: text, quitType: int };

const QUERY_FIELDS = (
  <>
    <Form.Item name="keyword" label="员工">
      <Input placeholder="姓名或工号" allowClear maxLength={50} />
    </Form.Item>
    <Form.Item name="quitType" label="离职类型">
      <DictionarySelect code="quitType" numeric allowClear placeholder="全部" />
    </Form.Item>
  </>
);

/** /staffManagement/changeAlternation/doQuit (离职办理): resignations under way until the last working day. */
export default function DoQuitPage() {
  const { map } = usePermissions();
  const canEdit = map[DO_QUIT_EDIT] === true;
  const query = useListQuery({ name: 'doquit', schema: SCHEMA });
  const { filters } = query;
  const [adding, setAdding] = useState(false);
  const [redating, setRedating] = useState<QuitRow | null>(null);
  const [viewing, setViewing] = useState<QuitRow | null>(null);
  const list = useQuitPage('leaving', { ...query.page, keyword: filters.keyword?.trim() || undefined, quitType: (filters.quitType ?? undefined) as 1 | undefined });
  const today = dayjs().format('YYYY-MM-DD');

  const setHandover = useSetHandover();
  const confirm = useConfirmedChange(lifecycleCalls.cancelQuit);
  const cancel = (row: QuitRow) =>
    confirm(
      row.change?.status === 3
        ? { title: '确认撤回该离职申请？', content: `${row.name}的离职申请将撤回，员工保持在职。` }
        : { title: '确认取消离职？', content: `${row.name}将恢复为在职状态。` },
      row.change!.id,
    );

  const columns = quitColumns(
    today,
    (r) =>
      canEdit && (
        <PendingChangeActions status={r.change?.status} redate="修改最后工作日" cancel="取消离职" onRedate={() => setRedating(r)} onCancel={() => cancel(r)}>
          <Dropdown
            trigger={['click']}
            menu={{ items: HANDOVER_STATUSES.filter((h) => h.value !== r.handoverStatus).map((h) => ({ key: String(h.value), label: `标记为${h.label}` })), onClick: ({ key }) => void setHandover.run(r, Number(key)) }}
          >
            <Button type="link" size="small">
              交接状态
            </Button>
          </Dropdown>
        </PendingChangeActions>
      ),
    setViewing,
  );

  return (
    <ListScreen<QuitRow, typeof SCHEMA>
      className="doquit-page"
      title="离职办理"
      description="办理离职后员工转为待离职，最后工作日当天自动转入离职员工；生效前可修改最后工作日或取消。"
      extra={
        <>
          <ChangeSettingsLink />
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              办理离职
            </Button>
          )}
        </>
      }
      query={query}
      formName="doquit"
      fields={QUERY_FIELDS}
      table={{ rowKey: 'employeeId', className: 'doquit-table', columns, result: list, scroll: { x: 1400 }, empty: '暂无待离职员工' }}
    >
      <QuitDrawer open={adding} onClose={() => setAdding(false)} />
      {redating?.change && (
        <DateDialog
          title={`修改最后工作日 · ${redating.name}`}
          label="最后工作日"
          initial={redating.change.effectiveDate}
          extra="今天及以前的日期立即生效。"
          onSubmit={(date) => lifecycleCalls.redateQuit(redating.change!.id, date)}
          onClose={() => setRedating(null)}
        />
      )}
      <ChangeTimelineDrawer employee={viewing ? { id: viewing.employeeId, name: viewing.name } : null} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}
