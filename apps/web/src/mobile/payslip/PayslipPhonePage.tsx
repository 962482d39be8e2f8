import { CheckCircleFilled, ExclamationCircleFilled, MinusCircleFilled } from '@ant-design/icons';
import { MAX_PAYSLIP_FEEDBACK, type PayslipEmployeeView, type PayslipOpenView } from '@wfsaas/contracts';
import { Button, Flex, Input, Result } from 'antd';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '../../app/ui/format.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { usePhoneLink } from '../../app/ui/use-phone-link.ts';
import { PayslipSheet } from '../../features/payslips/PayslipSheet.tsx';
import { phoneCalls, ticketStore } from './payslip-phone.api.ts';
import { finalStateOf } from './phone-state.ts';
import { PasswordStep, VerifyStep } from './PayslipVerifySteps.tsx';
import { SignaturePad } from './SignaturePad.tsx';
import { BIG, CARD, PhoneFrame, PhoneLoading } from '../phone-ui.tsx';

/** /m/payslip/:token — the employee's payslip on a phone, one task per screen: verify → read → confirm or ask. The final state stays on the same link. */

type Step = { kind: 'withdrawn' } | { kind: 'password'; ticket: string; state: 'set' | 'unset' };

export default function PayslipPhonePage() {
  const { token = '' } = useParams();
  const link = usePhoneLink<PayslipOpenView, PayslipEmployeeView, Step>({
    id: token,
    title: '工资条',
    open: () => phoneCalls.open(token),
    divert: (open) => (open.withdrawn ? { kind: 'withdrawn' } : null),
    tickets: { get: () => ticketStore.get(token), set: (ticket) => ticketStore.set(token, ticket) },
    view: async (ticket) => ({ view: await phoneCalls.view(token, ticket), ticket }),
    companyOf: (x) => x.companyName,
  });
  const { phase } = link;

  return (
    <PhoneFrame className="phone-payslip" company={link.company} fallback="工资条">
      {phase.kind === 'loading' && <PhoneLoading />}
      {phase.kind === 'invalid' && <Result status="warning" title="无法打开工资条" subTitle={phase.message} style={CARD} />}
      {phase.kind === 'step' && phase.step.kind === 'withdrawn' && phase.open && <FinalCard kind="withdrawn" title="该工资条已撤回" text={`${phase.open.title}已由公司撤回，如有疑问请联系人事部门。`} />}
      {phase.kind === 'verify' && (
        <VerifyStep
          token={token}
          open={phase.open}
          onTicket={async (r) => {
            if (r.password === 'set' || r.password === 'unset') return link.goTo({ kind: 'password', ticket: r.ticket, state: r.password });
            await link.verified(r.ticket);
          }}
        />
      )}
      {phase.kind === 'step' && phase.step.kind === 'password' && <PasswordStep token={token} ticket={phase.step.ticket} state={phase.step.state} onTicket={link.verified} />}
      {phase.kind === 'view' && <ViewStep token={token} ticket={phase.ticket} view={phase.view} onChange={link.setView} onExpired={() => link.expire(true)} />}
    </PhoneFrame>
  );
}

function ViewStep({ token, ticket, view, onChange, onExpired }: { token: string; ticket: string; view: PayslipEmployeeView; onChange: (v: PayslipEmployeeView) => void; onExpired: () => void }) {
  const [mode, setMode] = useState<'read' | 'sign' | 'ask'>('read');
  const [signature, setSignature] = useState<string | null>(null);
  const [feedback, setFeedback] = useState('');
  const final = finalStateOf(view);
  // the payslip is read again after a write, so the final state is the server's; a refusal re-reads the link
  const write = useAction(
    async (call: () => Promise<PayslipEmployeeView | null>) => {
      await call();
      return phoneCalls.view(token, ticket);
    },
    {
      onSuccess: (fresh) => {
        onChange(fresh);
        setMode('read');
      },
    },
  );
  const act = async (call: () => Promise<PayslipEmployeeView | null>) => {
    if ((await write.run(call)) === undefined) onExpired();
  };
  const busy = write.pending;

  const sheet = <PayslipSheet title={view.title} month={view.month} name={view.name} groups={view.groups} netPay={view.netPay} note={view.note} />;

  if (final?.kind === 'withdrawn') return <FinalCard kind="withdrawn" title={final.title} text="公司已撤回该工资条，如有疑问请联系人事部门。" />;

  return (
    <Flex vertical gap={16} className="phone-view">
      {final && (
        <FinalCard
          kind={final.kind}
          title={final.title}
          text={final.kind === 'confirmed' ? `您已于 ${formatDateTime(view.confirmedAt)} 确认工资条无误` : '您的疑问已提交，人事部门将尽快处理'}
        >
          {view.feedback && <Quote label="我的反馈">{view.feedback}</Quote>}
          {view.reply && <Quote label="人事回复">{view.reply}</Quote>}
        </FinalCard>
      )}
      {sheet}
      {!final && mode === 'read' && (
        <Flex gap={12} className="phone-actions" style={{ position: 'sticky', bottom: 0, padding: '12px 0', background: '#f5f7fa' }}>
          <Button style={{ ...BIG, flex: 1 }} onClick={() => setMode('ask')} className="phone-ask">
            我有疑问
          </Button>
          <Button type="primary" style={{ ...BIG, flex: 2 }} loading={busy} className="phone-confirm" onClick={() => (view.requireSignature ? setMode('sign') : void act(() => phoneCalls.confirm(token, ticket)))}>
            确认无误
          </Button>
        </Flex>
      )}
      {!final && mode === 'sign' && (
        <Flex vertical gap={12} style={CARD} className="phone-sign">
          <div style={{ fontSize: 16, fontWeight: 600 }}>请手写签名确认</div>
          <SignaturePad onChange={setSignature} />
          <Button type="primary" block style={BIG} disabled={!signature} loading={busy} onClick={() => void act(() => phoneCalls.confirm(token, ticket, signature ?? undefined))}>
            提交签名并确认
          </Button>
          <Button block style={BIG} onClick={() => setMode('read')}>
            返回
          </Button>
        </Flex>
      )}
      {!final && mode === 'ask' && (
        <Flex vertical gap={12} style={CARD} className="phone-feedback">
          <div style={{ fontSize: 16, fontWeight: 600 }}>我有疑问</div>
          <Input.TextArea value={feedback} onChange={(e) => setFeedback(e.target.value)} maxLength={MAX_PAYSLIP_FEEDBACK} showCount autoSize={{ minRows: 4, maxRows: 8 }} placeholder="请描述您的疑问，例如哪一项金额不对" aria-label="反馈内容" style={{ fontSize: 16 }} />
          <Button type="primary" block style={BIG} disabled={!feedback.trim()} loading={busy} onClick={() => void act(() => phoneCalls.feedback(token, ticket, feedback.trim()))}>
            提交反馈
          </Button>
          <Button block style={BIG} onClick={() => setMode('read')}>
            返回
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

const FINAL_ICON = {
  confirmed: <CheckCircleFilled style={{ color: '#52c41a', fontSize: 48 }} />,
  feedback: <ExclamationCircleFilled style={{ color: '#faad14', fontSize: 48 }} />,
  withdrawn: <MinusCircleFilled style={{ color: '#bfbfbf', fontSize: 48 }} />,
};

function FinalCard({ kind, title, text, children }: { kind: keyof typeof FINAL_ICON; title: string; text: string; children?: ReactNode }) {
  return (
    <Flex vertical align="center" gap={8} style={{ ...CARD, textAlign: 'center' }} className={`phone-final phone-final-${kind}`}>
      {FINAL_ICON[kind]}
      <div style={{ fontSize: 20, fontWeight: 600 }}>{title}</div>
      <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 15 }}>{text}</div>
      {children}
    </Flex>
  );
}

function Quote({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ width: '100%', textAlign: 'left', background: '#fafafa', borderRadius: 8, padding: '8px 12px', fontSize: 14 }}>
      <div style={{ color: 'rgba(0,0,0,0.45)' }}>{label}</div>
      <div style={{ whiteSpace: 'pre-wrap' }}>{children}</div>
    </div>
  );
}
