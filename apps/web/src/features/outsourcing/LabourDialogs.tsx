import type { PlacementRow, PlacementTerms } from '@wfsaas/contracts';
import { Alert, Form, Input, Radio } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { ruleFrom } from '../../app/ui/validators.ts';
import { DateText } from '../employees/pickers.tsx';
import { defaultLastDay, lastDayError, toPlacementTerms, type QuitValues, type TermsValues } from './labour-form.ts';
import { LabourCheckResult, LabourTermsFields, useLiveCheck } from './LabourTerms.tsx';

/** A dialog asking one reason (取消工单, 放弃入职…). */
export function LabourReasonModal({
  open,
  title,
  label,
  placeholder,
  okText,
  okDanger,
  required = true,
  intro,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: ReactNode;
  label: string;
  placeholder?: string;
  okText?: string;
  okDanger?: boolean;
  required?: boolean;
  intro?: ReactNode;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  return (
    <FormModal<{ reason?: string }>
      title={title}
      open={open}
      onClose={onClose}
      okText={okText}
      okDanger={okDanger}
      okClassName="labour-reason-ok"
      className="labour-reason-modal"
      intro={intro}
      onSubmit={(v) => onSubmit((v.reason ?? '').trim())}
    >
      <Form.Item name="reason" label={label} rules={[...(required ? [{ required: true, whitespace: true, message: `请填写${label}` }] : []), { max: 200, message: `${label}不能超过200个字` }]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder={placeholder} />
      </Form.Item>
    </FormModal>
  );
}

/** 重新派遣: a new placement for a worker, checked against the dispatch rules as it is filled in; refusals block 确定. */
export function LabourPlacementModal({ open, title, intro, full = true, initial, onClose, onSubmit }: { open: boolean; title: ReactNode; intro?: ReactNode; full?: boolean; initial?: TermsValues; onClose: () => void; onSubmit: (terms: PlacementTerms) => Promise<unknown> }) {
  const [form] = Form.useForm<TermsValues>();
  const values = (Form.useWatch((v: TermsValues) => v, form) ?? {}) as TermsValues;
  const live = useLiveCheck(full ? values : { ...values, planId: null, endDate: null });
  return (
    <FormModal<TermsValues>
      title={title}
      open={open}
      form={form}
      width={760}
      onClose={onClose}
      values={{ startDate: dayjs().add(1, 'day').format('YYYY-MM-DD'), ...initial }}
      okText="确认派遣"
      okDisabled={live.blocked}
      okClassName="labour-placement-ok"
      className="labour-placement-modal"
      intro={intro}
      onSubmit={(v) => {
        const terms = toPlacementTerms(full ? v : { ...v, planId: null, endDate: null });
        return terms ? onSubmit(terms) : undefined;
      }}
    >
      <LabourTermsFields form={form} client={live.client} full={full} />
      <LabourCheckResult live={live} />
    </FormModal>
  );
}

/** 离岗: the worker resigns or the client returns them; the last day and the reason. */
export function LabourQuitModal({ row, onClose, onSubmit }: { row: PlacementRow | null; onClose: () => void; onSubmit: (v: QuitValues) => Promise<unknown> }) {
  return (
    <FormModal<QuitValues>
      title={`办理离岗 · ${row?.name ?? ''}`}
      open={row !== null}
      onClose={onClose}
      values={{ source: 'resign', lastDay: defaultLastDay(row?.startDate ?? '', dayjs().format('YYYY-MM-DD')) }}
      okClassName="labour-quit-ok"
      className="labour-quit-modal"
      intro={row && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`${row.clientName} · ${row.post}，到岗日期 ${row.startDate}。员工离职将同时发起离职办理；用工单位退工后可在前员工花名册重新派遣。`} />}
      onSubmit={onSubmit}
    >
      <Form.Item name="source" label="离岗原因类型" rules={[{ required: true, message: '请选择离岗原因类型' }]}>
        <Radio.Group
          options={[
            { value: 'resign', label: '员工离职' },
            { value: 'dismiss', label: '用工单位退工' },
          ]}
        />
      </Form.Item>
      <Form.Item name="lastDay" label="最后工作日" rules={[{ required: true, message: '请选择最后工作日' }, ruleFrom((v: string | null | undefined) => (row ? lastDayError(v, row.startDate) : null))]}>
        <DateText />
      </Form.Item>
      <Form.Item name="reason" label="离岗原因" rules={[{ required: true, whitespace: true, message: '请填写离岗原因' }, { max: 200, message: '离岗原因不能超过200个字' }]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：个人原因离职 / 用工单位项目结束" />
      </Form.Item>
    </FormModal>
  );
}
