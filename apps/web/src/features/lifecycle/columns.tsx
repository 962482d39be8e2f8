import { Badge, Button, Form, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { DateText } from '../employees/pickers.tsx';
import { useChangeReviewCounts } from './lifecycle.api.ts';

/** Pieces the change screens share: the employee column, the 办理 column, and a one-date dialog. */

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

/** A dialog asking for one date (a new effective date, a new last working day …). */
export function DateDialog({ title, label, initial, extra, onSubmit, onClose }: { title: string; label: string; initial: string; extra?: ReactNode; onSubmit: (date: string) => Promise<void>; onClose: () => void }) {
  const [form] = Form.useForm<{ date?: string | null }>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { date?: string | null }) => {
    setBusy(true);
    try {
      await onSubmit(v.date!);
      onClose();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={title} open onCancel={onClose} onOk={() => form.submit()} okText="确定" cancelText="取消" okButtonProps={{ loading: busy }} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ date: initial }} onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item name="date" label={label} rules={[{ required: true, message: `请选择${label}` }]} extra={extra}>
          <DateText />
        </Form.Item>
      </Form>
    </Modal>
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
