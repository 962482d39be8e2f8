import { Form, Input, InputNumber, Typography } from 'antd';
import { FormModal } from '../../../app/ui/FormOverlay.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';
import { submitLead, type LeadFormValues } from './leads.api.ts';

export type LeadFormModalProps = {
  open: boolean;
  onClose: () => void;
  /** plan_num_{service code}, or the default plan. */
  planNumType: string;
  /** The modal's title, e.g. 咨询开通 · 薪酬计算 or 预约演示. */
  title: string;
  intro?: string;
};

/** 咨询顾问 / 预约演示: the phone (encrypted before it leaves the browser), headcount and question; the server's answer is shown as it says it. */
export function LeadFormModal({ open, onClose, planNumType, title, intro }: LeadFormModalProps) {
  const { userInfo } = useSession();
  const submit = useAction((v: LeadFormValues) => submitLead(planNumType, v), { success: (r) => r.message, onSuccess: onClose });
  return (
    <FormModal<LeadFormValues>
      title={title}
      open={open}
      onClose={onClose}
      onSubmit={(v) => submit.run(v)}
      values={{ mobile: userInfo?.sysUser.phoneNumber ?? '' }}
      okText="提交咨询"
      okClassName="lead-submit"
      className="lead-form-modal"
      intro={<Typography.Paragraph type="secondary">{intro ?? '留下联系方式，专属顾问将在1个工作日内与您联系，为您介绍服务并安排演示。'}</Typography.Paragraph>}
    >
      <Form.Item name="mobile" label="手机号" rules={[{ required: true, message: '请输入手机号' }, { pattern: /^1[3-9]\d{9}$/, message: '请输入11位中国大陆手机号' }]}>
        <Input maxLength={11} placeholder="用于顾问回电" />
      </Form.Item>
      <Form.Item name="inEmp" label="企业人数">
        <InputNumber min={0} max={1000000} precision={0} style={{ width: '100%' }} addonAfter="人" placeholder="选填" />
      </Form.Item>
      <Form.Item name="remark" label="咨询内容">
        <Input.TextArea maxLength={500} showCount rows={3} placeholder="选填：想了解的功能、使用场景或期望的演示时间" />
      </Form.Item>
    </FormModal>
  );
}
