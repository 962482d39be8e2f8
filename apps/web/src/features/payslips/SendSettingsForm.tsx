import { MAX_AUTO_CONFIRM_DAYS, VERIFY_METHODS, type PayslipBatchView } from '@wfsaas/contracts';
import { Alert, Button, Checkbox, DatePicker, Flex, Form, InputNumber, Radio, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAction } from '../../app/ui/use-action.ts';
import { payslipCalls, useChannels, useInvalidatePayslips } from './payslips.api.ts';
import { SEND_DEFAULTS, toSubmitBody, type SendValues } from './send-settings.ts';

/**
 * Sending a draft batch (payslip/submit): channels, now or at a set time, how employees verify, the
 * payslip password, a handwritten signature and auto-confirmation. The import wizard's last step and
 * the 发送 of a draft's detail page (a batch pushed from payroll, or one left as a draft) show it.
 */
export function SendSettingsForm({ batchId, blockedReason, onSent, onBack, backLabel = '上一步' }: { batchId: number; blockedReason?: string | null; onSent: (b: PayslipBatchView) => void; onBack?: () => void; backLabel?: string }) {
  const [form] = Form.useForm<SendValues>();
  const channels = useChannels();
  const mode = Form.useWatch('mode', form);
  const invalidate = useInvalidatePayslips();
  const available = (channels.data ?? []).filter((c) => c.available);
  const send = useAction((v: SendValues) => payslipCalls.submit(toSubmitBody(batchId, v)), {
    success: (_, v) => (v.mode === 'scheduled' ? '已设置定时发送' : '已开始发送'),
    invalidate,
    onSuccess: onSent,
  });

  return (
    <Form<SendValues> form={form} layout="vertical" className="send-form" initialValues={SEND_DEFAULTS} onFinish={(v) => void send.run(v)}>
      {blockedReason && <Alert type="warning" showIcon message={blockedReason} style={{ marginBottom: 16 }} className="send-blocked" />}
      <Form.Item name="channels" label="发送渠道" rules={[{ required: true, type: 'array', min: 1, message: '请选择至少一个发送渠道' }]}>
        <Checkbox.Group className="send-channels">
          <Flex vertical gap={8}>
            {(channels.data ?? []).map((c) => (
              <Checkbox key={c.key} value={c.key} disabled={!c.available}>
                {c.label}
                <span style={{ color: 'rgba(0,0,0,0.45)', marginInlineStart: 8 }}>
                  {c.note}
                  {c.smsQuota !== undefined ? `（短信余量 ${c.smsQuota} 条）` : ''}
                </span>
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
      {channels.data && available.length === 0 && <Alert type="warning" showIcon message="暂无可用的发送渠道" style={{ marginBottom: 16 }} />}
      <Form.Item name="mode" label="发送时间">
        <Radio.Group options={[{ value: 'now', label: '立即发送' }, { value: 'scheduled', label: '定时发送' }]} className="send-mode" />
      </Form.Item>
      {mode === 'scheduled' && (
        <Form.Item
          name="sendAt"
          label="定时发送时间"
          rules={[
            { required: true, message: '请选择发送时间' },
            { validator: (_, v: Dayjs | undefined) => (!v || v.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error('发送时间应晚于当前时间'))) },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} aria-label="定时发送时间" />
        </Form.Item>
      )}
      <Form.Item name="verifyMethod" label="查看验证方式" extra="员工打开工资条前需先验证身份">
        <Radio.Group options={VERIFY_METHODS.map((m) => ({ value: m.key, label: m.label }))} className="verify-method" />
      </Form.Item>
      <Form.Item name="requirePassword" label="查询密码" valuePropName="checked" extra="验证身份后还需输入员工自设的6位查询密码（首次查看时设置，忘记可由HR重置）">
        <Switch aria-label="查询密码" />
      </Form.Item>
      <Form.Item name="requireSignature" label="确认时手写签名" valuePropName="checked">
        <Switch aria-label="确认时手写签名" />
      </Form.Item>
      <Form.Item name="autoConfirmDays" label="自动确认" extra="发送后员工在设定天数内未确认也未反馈，视为确认；0 表示不自动确认">
        <InputNumber min={0} max={MAX_AUTO_CONFIRM_DAYS} precision={0} addonAfter="天" style={{ width: 160 }} aria-label="自动确认天数" />
      </Form.Item>
      <Space>
        {onBack && <Button onClick={onBack}>{backLabel}</Button>}
        <Button type="primary" htmlType="submit" loading={send.pending} disabled={!!blockedReason} className="send-submit">
          {mode === 'scheduled' ? '确认定时发送' : '立即发送'}
        </Button>
      </Space>
    </Form>
  );
}
