import { COLUMN_GROUPS, type PayslipRowView } from '@wfsaas/contracts';
import { Alert, Descriptions, Drawer, Flex, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { EmployeePicker } from '../employees/pickers.tsx';
import { payslipStatusTone } from './payslip-format.ts';
import { payslipCalls, useInvalidatePayslips, useRowView } from './payslips.api.ts';
import { PayslipSheet } from './PayslipSheet.tsx';

/** The detail page's per-employee dialogs: the payslip as sent, replying to feedback, a corrected copy, matching an unmatched row. */

export function RowDrawer({ row, onClose }: { row: PayslipRowView | null; onClose: () => void }) {
  const view = useRowView(row?.id ?? null);
  return (
    <Drawer title={row ? `${row.name}的工资条` : ''} open={row !== null} onClose={onClose} width={440} destroyOnHidden className="payslip-row-drawer" styles={{ body: { background: '#f5f7fa' } }}>
      {row && (
        <Flex vertical gap={12}>
          <Descriptions size="small" column={1} style={{ background: '#fff', padding: 12, borderRadius: 8 }}>
            <Descriptions.Item label="状态">
              <StatusTag tone={payslipStatusTone(row.status)}>{row.statusLabel}</StatusTag>
            </Descriptions.Item>
            <Descriptions.Item label="查看时间">{formatDateTime(row.viewedAt)}</Descriptions.Item>
            <Descriptions.Item label="确认时间">{formatDateTime(row.confirmedAt)}</Descriptions.Item>
            {row.feedback && <Descriptions.Item label="员工反馈">{row.feedback}</Descriptions.Item>}
            {row.reply && <Descriptions.Item label="回复">{row.reply}</Descriptions.Item>}
          </Descriptions>
          {view.isLoading && <Spin />}
          {view.data && <PayslipSheet title={view.data.title} month={view.data.month} name={view.data.name} groups={view.data.groups} netPay={view.data.netPay} note={view.data.note} />}
          {view.isError && <Alert type="warning" showIcon message="工资项目暂时无法显示" />}
        </Flex>
      )}
    </Drawer>
  );
}

export function ReplyModal({ row, onClose }: { row: PayslipRowView | null; onClose: () => void }) {
  const [form] = Form.useForm<{ text?: string }>();
  const text = Form.useWatch('text', form) ?? '';
  const invalidate = useInvalidatePayslips();
  const reply = useAction((id: number, t: string) => payslipCalls.reply(id, t), { success: '回复成功', invalidate, onSuccess: onClose });
  return (
    <FormModal<{ text?: string }> title="回复员工反馈" open={row !== null} form={form} okText="发送回复" okDisabled={!text.trim()} onClose={onClose} onSubmit={(v) => row && reply.run(row.id, (v.text ?? '').trim())}>
      {row && (
        <Flex vertical gap={12}>
          <Alert type="warning" message={`${row.name}：${row.feedback ?? ''}`} />
          <Form.Item name="text" noStyle>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} placeholder="回复内容将发送给员工" aria-label="回复内容" />
          </Form.Item>
        </Flex>
      )}
    </FormModal>
  );
}

export function ReplaceModal({ row, onClose }: { row: PayslipRowView | null; onClose: () => void }) {
  const view = useRowView(row?.id ?? null);
  const [edited, setEdited] = useState<Record<number, string>>({});
  const cells = view.data?.cells ?? [];
  const changed = cells.filter((c) => edited[c.index] !== undefined && edited[c.index]!.trim() !== c.value);
  const invalidate = useInvalidatePayslips();
  const close = () => {
    setEdited({});
    onClose();
  };
  const replace = useAction((payslipId: number) => payslipCalls.replace({ payslipId, cells: changed.map((c) => ({ index: c.index, value: edited[c.index]!.trim() })) }), {
    success: '已更正并重新发送',
    invalidate,
    onSuccess: close,
  });
  // the cells are kept outside the form: they arrive after the dialog opens
  return (
    <FormModal title={row ? `更正${row.name}的工资条` : ''} open={row !== null} okText="更正并重新发送" width={560} okDisabled={changed.length === 0} onClose={close} onSubmit={() => row && replace.run(row.id)}>
      <Flex vertical gap={8} className="replace-form">
        <Alert type="info" showIcon message="各项目已填入当前值，只需修改有误的项目；更正后员工将收到新的工资条。" />
        {view.isLoading && <Spin />}
        {view.isError && <Alert type="warning" showIcon message="未能读取当前工资条，请关闭后重试" />}
        {COLUMN_GROUPS.map((g) => {
          const inGroup = cells.filter((c) => c.group === g.key);
          if (inGroup.length === 0) return null;
          return (
            <Flex key={g.key} vertical gap={8} className={`replace-group replace-group-${g.key}`}>
              <div style={{ fontWeight: 600, marginTop: 8 }}>{g.label}</div>
              {inGroup.map((c) => {
                const value = edited[c.index] ?? c.value;
                const isChanged = value.trim() !== c.value;
                return (
                  <Flex key={c.index} align="center" gap={12}>
                    <span style={{ width: 140, textAlign: 'right', color: 'rgba(0,0,0,0.65)' }}>{c.label}</span>
                    <Input aria-label={c.label} maxLength={100} value={value} status={isChanged ? 'warning' : undefined} onChange={(e) => setEdited({ ...edited, [c.index]: e.target.value })} />
                    <span style={{ width: 120, color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{isChanged ? `原值 ${c.value || '—'}` : ''}</span>
                  </Flex>
                );
              })}
            </Flex>
          );
        })}
      </Flex>
    </FormModal>
  );
}

/** Matches a draft's row that matched nobody to an employee of the company (payslip/assign). */
export function AssignModal({ row, onClose }: { row: PayslipRowView | null; onClose: () => void }) {
  const [form] = Form.useForm<{ employeeId?: number | null }>();
  const employeeId = Form.useWatch('employeeId', form) ?? null;
  const invalidate = useInvalidatePayslips();
  const assign = useAction((id: number, employee: number) => payslipCalls.assign(id, employee), { success: '已匹配', invalidate, onSuccess: onClose });
  return (
    <FormModal<{ employeeId?: number | null }>
      title={row ? `为第 ${row.rowNo} 行（${row.name}）匹配人员` : ''}
      open={row !== null}
      form={form}
      okDisabled={employeeId === null}
      onClose={onClose}
      onSubmit={(v) => row && typeof v.employeeId === 'number' && assign.run(row.id, v.employeeId)}
    >
      {row && (
        <Flex vertical gap={12} className="assign-form">
          <Alert type="warning" showIcon message={`${row.matchError ?? '未匹配到人员'}：请选择这一行对应的员工。`} />
          <Form.Item name="employeeId" noStyle normalize={(v: unknown) => (typeof v === 'number' ? v : null)}>
            <EmployeePicker placeholder="输入姓名、工号或手机号搜索并选择员工" />
          </Form.Item>
        </Flex>
      )}
    </FormModal>
  );
}
