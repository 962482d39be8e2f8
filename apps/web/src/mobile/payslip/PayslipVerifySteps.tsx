import type { PayslipOpenView, PayslipTicket } from '@wfsaas/contracts';
import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useAction } from '../../app/ui/use-action.ts';
import { useSmsCountdown } from '../../app/ui/use-phone-link.ts';
import { BIG, CARD, INPUT } from '../phone-ui.tsx';
import { phoneCalls } from './payslip-phone.api.ts';
import { normaliseIdLast6, SMS_RESEND_SECONDS, smsButtonText } from './phone-state.ts';

/** 工资条查询密码: chosen (twice) on the first view, entered on later ones. */
export function PasswordStep({ token, ticket, state, onTicket }: { token: string; ticket: string; state: 'set' | 'unset'; onTicket: (ticket: string) => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const submit = useAction(() => phoneCalls.password(token, ticket, password), { onSuccess: (r) => onTicket(r.ticket) });
  const choosing = state === 'unset';
  const mismatch = choosing && repeat.length === 6 && repeat !== password;
  const ready = /^\d{6}$/.test(password) && (!choosing || repeat === password);
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 6);
  return (
    <Flex vertical gap={16} className="phone-password">
      <div style={CARD}>
        <div style={{ fontSize: 20, fontWeight: 600 }}>{choosing ? '设置工资条查询密码' : '输入工资条查询密码'}</div>
        <div style={{ color: 'rgba(0,0,0,0.55)', marginTop: 6, fontSize: 15 }}>
          {choosing ? '公司要求查看工资条时输入查询密码。请设置6位数字密码，以后查看工资条时使用。' : '请输入您设置的6位数字查询密码。忘记密码请联系公司HR重置。'}
        </div>
      </div>
      <div style={CARD}>
        <Flex vertical gap={12}>
          <Input.Password style={INPUT} inputMode="numeric" maxLength={6} placeholder="6位数字" value={password} onChange={(e) => setPassword(digits(e.target.value))} aria-label="查询密码" />
          {choosing && <Input.Password style={INPUT} inputMode="numeric" maxLength={6} placeholder="再次输入" value={repeat} onChange={(e) => setRepeat(digits(e.target.value))} aria-label="确认查询密码" status={mismatch ? 'error' : undefined} />}
          {mismatch && <div style={{ color: '#ff4d4f', fontSize: 14 }}>两次输入的密码不一致</div>}
        </Flex>
      </div>
      <Button type="primary" block style={BIG} disabled={!ready} loading={submit.pending} onClick={() => void submit.run()} className="password-submit">
        {choosing ? '设置并查看' : '查看工资条'}
      </Button>
    </Flex>
  );
}

/** Who the employee is: an SMS code, or name and the last 6 of the ID number, as the company chose. */
export function VerifyStep({ token, open, onTicket }: { token: string; open: PayslipOpenView; onTicket: (r: PayslipTicket) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [idLast6, setIdLast6] = useState('');
  const countdown = useSmsCountdown(SMS_RESEND_SECONDS);
  const isSms = open.verifyMethod === 'sms';
  const send = useAction(() => phoneCalls.sms(token), { onSuccess: (r) => countdown.started(r.resendAfter) });
  const submit = useAction(() => (isSms ? phoneCalls.verifySms(token, code) : phoneCalls.verifyId(token, name.trim(), idLast6)), { onSuccess: onTicket });
  const ready = isSms ? /^\d{6}$/.test(code) : name.trim() !== '' && idLast6.length === 6;

  return (
    <Flex vertical gap={16} className="phone-verify">
      <div style={CARD}>
        <div style={{ fontSize: 20, fontWeight: 600 }}>{open.title}</div>
        <div style={{ color: 'rgba(0,0,0,0.55)', marginTop: 6, fontSize: 15 }}>
          {open.maskedName}，您的 {open.month} 工资条已发放。为保护您的隐私，请先验证身份。
        </div>
      </div>
      <div style={CARD}>
        {isSms ? (
          <Flex vertical gap={12}>
            <div style={{ fontSize: 15 }}>验证码将发送至 {open.maskedMobile ?? '您的手机'}</div>
            <Flex gap={8}>
              <Input style={INPUT} inputMode="numeric" maxLength={6} placeholder="请输入6位验证码" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} aria-label="验证码" autoComplete="one-time-code" />
              <Button style={{ ...BIG, minWidth: 128, fontSize: 15 }} disabled={countdown.left > 0} loading={send.pending} className="sms-send" onClick={() => void send.run()}>
                {smsButtonText(countdown.left, countdown.sentOnce)}
              </Button>
            </Flex>
          </Flex>
        ) : (
          <Flex vertical gap={12}>
            <label style={{ fontSize: 15 }}>
              姓名
              <Input style={{ ...INPUT, marginTop: 6 }} placeholder="请输入您的姓名" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} aria-label="姓名" />
            </label>
            <label style={{ fontSize: 15 }}>
              证件号码后6位
              <Input style={{ ...INPUT, marginTop: 6 }} placeholder="例如 12345X" value={idLast6} onChange={(e) => setIdLast6(normaliseIdLast6(e.target.value))} aria-label="证件号码后6位" />
            </label>
          </Flex>
        )}
      </div>
      <Button type="primary" block style={BIG} disabled={!ready} loading={submit.pending} onClick={() => void submit.run()} className="verify-submit">
        验证并查看
      </Button>
    </Flex>
  );
}
