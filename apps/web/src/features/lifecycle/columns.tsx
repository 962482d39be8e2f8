import { CHANGE_STATUS } from '@wfsaas/contracts';
import { App, Badge, Button, Flex, Form } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { DateText } from '../employees/pickers.tsx';
import { lifecycleCalls, useChangeReviewCounts, useInvalidateLifecycle } from './lifecycle.api.ts';

/** Pieces the change screens share: the employee, 办理 and 操作 columns, the pending-change actions, a confirmed cancel and a one-date dialog. */

const MUTED = { color: 'rgba(0,0,0,0.45)' } as const;

/** 姓名 with the employee number beside it, fixed on the left. */
export function nameColumn<T extends { name: string; employeeNo: string | null }>() {
  return {
    title: '姓名',
    key: 'name',
    width: 150,
    fixed: 'left' as const,
    render: (_: unknown, r: T) => (
      <span>
        {r.name}
        {r.employeeNo ? <span style={{ ...MUTED, marginInlineStart: 6 }}>{r.employeeNo}</span> : null}
      </span>
    ),
  };
}

/** 办理: who recorded the change, and when. */
export function handledColumn<T extends { createdByName: string | null; createdAt: string }>() {
  return {
    title: '办理',
    key: 'by',
    width: 170,
    render: (_: unknown, r: T) => (
      <span>
        {r.createdByName ?? '系统'}
        <br />
        <span style={{ ...MUTED, fontSize: 12 }}>{formatDateTime(r.createdAt)}</span>
      </span>
    ),
  };
}

/** A dialog asking for one date (a new effective date, a new last working day …): 操作成功, and the change lists refetched. */
export function DateDialog({ title, label, initial, extra, onSubmit, onClose }: { title: string; label: string; initial: string; extra?: ReactNode; onSubmit: (date: string) => Promise<unknown>; onClose: () => void }) {
  const save = useAction(onSubmit, { success: '操作成功', invalidate: useInvalidateLifecycle(), onSuccess: onClose });
  return (
    <FormModal<{ date?: string | null }> title={title} open onClose={onClose} onSubmit={(v) => save.run(v.date!)} values={{ date: initial }}>
      <Form.Item name="date" label={label} rules={[{ required: true, message: `请选择${label}` }]} extra={extra}>
        <DateText />
      </Form.Item>
    </FormModal>
  );
}

/** 交接状态 of a resignation, set from a row's menu. */
export function useSetHandover() {
  const invalidate = useInvalidateLifecycle();
  return useAction((row: { change: { id: number } | null }, status: number) => lifecycleCalls.setHandover(row.change!.id, status), { success: '操作成功', invalidate });
}

/** Asks, then cancels or withdraws a change: 操作成功, and the change lists refetched. */
export function useConfirmedChange<A extends unknown[]>(call: (...args: A) => Promise<unknown>) {
  const { modal } = App.useApp();
  const action = useAction(call, { success: '操作成功', invalidate: useInvalidateLifecycle() });
  return (question: { title: string; content: string }, ...args: A) => modal.confirm({ ...question, okText: '确定', cancelText: '取消', onOk: () => action.run(...args) });
}

/** 操作 of a change list: the row's own actions, then 异动记录 (the employee's changes). */
export function changeActionsColumn<T>(width: number, actions: (r: T) => ReactNode, onTimeline: (r: T) => void) {
  return {
    title: '操作',
    key: 'actions',
    fixed: 'right' as const,
    width,
    render: (_: unknown, r: T) => (
      <Flex gap={4} wrap>
        {actions(r)}
        <RowAction onClick={() => onTimeline(r)}>异动记录</RowAction>
      </Flex>
    ),
  };
}

/**
 * What can still be done to a handled change: while it awaits review, withdraw it (撤回); while it waits
 * to take effect, the screen's own actions, a new date, or cancel it.
 */
export function PendingChangeActions({ status, redate, cancel, onRedate, onCancel, children }: { status: number | undefined; redate: string; cancel: string; onRedate: () => void; onCancel: () => void; children?: ReactNode }) {
  if (status === CHANGE_STATUS.pendingReview)
    return (
      <RowAction danger onClick={onCancel}>
        撤回
      </RowAction>
    );
  if (status !== CHANGE_STATUS.waiting) return null;
  return (
    <>
      {children}
      <RowAction onClick={onRedate}>{redate}</RowAction>
      <RowAction danger onClick={onCancel}>
        {cancel}
      </RowAction>
    </>
  );
}

/** A link-styled action button of a table row. */
export function RowAction({ children, onClick, danger }: { children: ReactNode; onClick: () => void; danger?: boolean }) {
  return (
    <Button type="link" size="small" danger={danger} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The headers' way to 异动设置, with the number of changes waiting for review; hidden without the permission. */
export function ChangeSettingsLink() {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const allowed = map.transactionSet === true;
  const counts = useChangeReviewCounts({}, allowed);
  if (!allowed) return null;
  return (
    <Badge count={counts.data?.pending ?? 0} size="small" title="待审批的异动">
      <Button onClick={() => navigate('/enterpriseInformation/transactionSet')} className="change-settings-link">
        异动设置与审批
      </Button>
    </Badge>
  );
}
