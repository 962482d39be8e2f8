import { CheckCircleFilled, ClockCircleFilled } from '@ant-design/icons';
import type { OnboardOpenView } from '@wfsaas/contracts';
import { Button, Flex, Input, Result } from 'antd';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { toastError } from '../../app/ui/feedback.ts';
import { formatDate } from '../../app/ui/format.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { usePhoneLink, useSmsCountdown } from '../../app/ui/use-phone-link.ts';
import { BIG, CARD, INPUT, PhoneFrame, PhoneLoading } from '../phone-ui.tsx';
import { onboardCalls, verificationStore } from './onboard-phone.api.ts';
import { afterVerify, MOBILE_RE, SMS_RESEND_SECONDS, smsButtonText, storedVerification, type StoredVerification } from './onboard-state.ts';
import { FormStep } from './OnboardFormStep.tsx';

/** /m/onboard/:token — the candidate's self-onboarding on a phone, one task per screen: verify the mobile → fill in the data and ID photos → a final state the same link shows again. */

type Closed = { kind: 'closed' };

export default function OnboardPhonePage() {
  const { token = '' } = useParams();
  // the kept verification is the view: its submission (read again on reopening, the review may have happened since) says which screen shows
  const link = usePhoneLink<OnboardOpenView, StoredVerification, Closed, StoredVerification>({
    id: token,
    title: '入职登记',
    open: () => onboardCalls.open(token),
    divert: (open) => (open.open ? null : { kind: 'closed' }),
    tickets: { get: () => verificationStore.get(token), set: (v) => verificationStore.set(token, v) },
    view: async (kept) => {
      const fresh = { ...kept, submission: await onboardCalls.status(token, kept.ticket) };
      return { view: fresh, ticket: kept.ticket, kept: fresh };
    },
    companyOf: (x) => ('companyName' in x ? x.companyName : ''),
  });
  const { phase } = link;
  const keep = (v: StoredVerification) => link.verified(v, { view: v, ticket: v.ticket });
  const next = phase.kind === 'view' ? afterVerify(phase.view.submission) : null;

  return (
    <PhoneFrame className="phone-onboard" company={link.company} fallback="入职登记">
      {phase.kind === 'loading' && <PhoneLoading />}
      {phase.kind === 'invalid' && <Result status="warning" title="无法打开入职登记" subTitle={phase.message} style={CARD} className="phone-final phone-final-invalid" />}
      {phase.kind === 'step' && phase.open && <Result status="warning" title="该入职邀请已失效" subTitle={phase.open.reason ?? '链接已过期或已关闭，请联系招聘HR获取新的链接。'} style={CARD} className="phone-final phone-final-closed" />}
      {phase.kind === 'verify' && <VerifyStep token={token} open={phase.open} onVerified={(v) => void keep(v)} />}
      {phase.kind === 'view' && next?.kind === 'form' && (
        <FormStep
          token={token}
          open={phase.open}
          verified={phase.view}
          rejectReason={next.rejectReason}
          name={next.name}
          onSubmitted={(status, name) => void keep({ ...phase.view, submission: { status, statusLabel: '', rejectReason: null, name, submittedAt: new Date().toISOString() } })}
          onExpired={() => link.expire()}
        />
      )}
      {next?.kind === 'pending' && <FinalCard icon={<ClockCircleFilled style={{ color: '#1677ff', fontSize: 48 }} />} kind="pending" title="已提交，等待HR审核" text="审核结果将由HR通知您，也可以稍后用同一链接查看。" />}
      {next?.kind === 'approved' && <FinalCard icon={<CheckCircleFilled style={{ color: '#52c41a', fontSize: 48 }} />} kind="approved" title="已通过审核" text="欢迎加入！请按HR通知的日期到岗办理入职。" />}
    </PhoneFrame>
  );
}

function VerifyStep({ token, open, onVerified }: { token: string; open: OnboardOpenView; onVerified: (v: StoredVerification) => void }) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const countdown = useSmsCountdown(SMS_RESEND_SECONDS);
  const mobileOk = MOBILE_RE.test(mobile);
  const sms = useAction(() => onboardCalls.sms(token, mobile), { onSuccess: (r) => countdown.started(r.resendAfter) });
  const submit = useAction(() => onboardCalls.verify(token, mobile, code), { onSuccess: (r) => onVerified(storedVerification(r, mobile, Date.now())) });
  const send = () => (mobileOk ? void sms.run() : toastError('请输入正确的手机号'));

  return (
    <Flex vertical gap={16} className="phone-verify">
      <div style={CARD}>
        <div style={{ fontSize: 20, fontWeight: 600 }}>{open.title}</div>
        <div style={{ color: 'rgba(0,0,0,0.55)', marginTop: 6, fontSize: 15 }}>欢迎加入！请先验证手机号，再填写入职信息。链接有效期至 {formatDate(open.expiresOn)}。</div>
      </div>
      <div style={CARD}>
        <div style={{ fontSize: 16, fontWeight: 600, marginBottom: 12 }}>手机验证</div>
        <Flex vertical gap={12}>
          <Input style={INPUT} inputMode="tel" maxLength={11} placeholder="请输入手机号" value={mobile} onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))} aria-label="手机号" autoComplete="tel" />
          <Flex gap={8}>
            <Input style={INPUT} inputMode="numeric" maxLength={6} placeholder="6位验证码" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} aria-label="验证码" autoComplete="one-time-code" />
            <Button style={{ ...BIG, minWidth: 128, fontSize: 15 }} disabled={countdown.left > 0 || !mobileOk} loading={sms.pending} className="sms-send" onClick={send}>
              {smsButtonText(countdown.left, countdown.sentOnce)}
            </Button>
          </Flex>
        </Flex>
      </div>
      <Button type="primary" block style={BIG} disabled={!mobileOk || !/^\d{6}$/.test(code)} loading={submit.pending} onClick={() => void submit.run()} className="verify-submit">
        下一步
      </Button>
    </Flex>
  );
}

function FinalCard({ icon, kind, title, text }: { icon: ReactNode; kind: string; title: string; text: string }) {
  return (
    <Flex vertical align="center" gap={8} style={{ ...CARD, textAlign: 'center' }} className={`phone-final phone-final-${kind}`}>
      {icon}
      <div style={{ fontSize: 20, fontWeight: 600 }}>{title}</div>
      <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 15 }}>{text}</div>
    </Flex>
  );
}
