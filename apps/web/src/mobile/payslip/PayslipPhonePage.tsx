import { CheckCircleFilled, ExclamationCircleFilled, MinusCircleFilled } from '@ant-design/icons';
import { MAX_PAYSLIP_FEEDBACK, type PayslipEmployeeView, type PayslipOpenView, type PayslipTicket } from '@wfsaas/contracts';
import { Button, Flex, Input, Result } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '../../app/ui/format.ts';
import { PayslipSheet } from '../../features/payslips/PayslipSheet.tsx';
import { phoneCalls, ticketStore } from './payslip-phone.api.ts';
import { finalStateOf, normaliseIdLast6, SMS_RESEND_SECONDS, smsButtonText } from './phone-state.ts';
import { SignaturePad } from './SignaturePad.tsx';
import { BIG, CARD, INPUT, PhoneFrame, PhoneLoading } from '../phone-ui.tsx';

/**
 * /m/payslip/:token — the employee's payslip on a phone (UI.md phone pages): one column, 375 px first,
 * one task per screen: verify → read → confirm or ask. The final state stays on the same link.
 */


type Phase =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'verify'; open: PayslipOpenView }
  | { kind: 'password'; ticket: string; state: 'set' | 'unset' }
  | { kind: 'view'; view: PayslipEmployeeView; ticket: string }
  | { kind: 'withdrawn'; open: PayslipOpenView };

export default function PayslipPhonePage() {
  const { token = '' } = useParams();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [company, setCompany] = useState('');

  const showView = useCallback(
    async (ticket: string): Promise<boolean> => {
      try {
        const view = await phoneCalls.view(token, ticket);
        setCompany(view.companyName);
        setPhase({ kind: 'view', view, ticket });
        return true;
      } catch {
        ticketStore.set(token, null);
        return false;
      }
    },
    [token],
  );

  useEffect(() => {
    document.title = '工资条';
    let live = true;
    void (async () => {
      let open: PayslipOpenView;
      try {
        open = await phoneCalls.open(token);
      } catch (err) {
        if (live) setPhase({ kind: 'invalid', message: err instanceof Error ? err.message : '链接无效' });
        return;
      }
      if (!live) return;
      setCompany(open.companyName);
      if (open.withdrawn) return setPhase({ kind: 'withdrawn', open });
      const ticket = ticketStore.get(token);
      if (ticket && (await showView(ticket))) return;
      if (live) setPhase({ kind: 'verify', open });
    })();
    return () => {
      live = false;
    };
  }, [token, showView]);

  return (
    <PhoneFrame className="phone-payslip" company={company} fallback="工资条">
        {phase.kind === 'loading' && <PhoneLoading />}
        {phase.kind === 'invalid' && <Result status="warning" title="无法打开工资条" subTitle={phase.message} style={CARD} />}
        {phase.kind === 'withdrawn' && <FinalCard kind="withdrawn" title="该工资条已撤回" text={`${phase.open.title}已由公司撤回，如有疑问请联系人事部门。`} />}
        {phase.kind === 'verify' && (
          <VerifyStep
            token={token}
            open={phase.open}
            onTicket={async (r) => {
              if (r.password === 'set' || r.password === 'unset') return setPhase({ kind: 'password', ticket: r.ticket, state: r.password });
              ticketStore.set(token, r.ticket);
              await showView(r.ticket);
            }}
          />
        )}
        {phase.kind === 'password' && (
          <PasswordStep
            token={token}
            ticket={phase.ticket}
            state={phase.state}
            onTicket={async (ticket) => {
              ticketStore.set(token, ticket);
              await showView(ticket);
            }}
          />
        )}
        {phase.kind === 'view' && <ViewStep token={token} ticket={phase.ticket} view={phase.view} onChange={(view) => setPhase({ kind: 'view', view, ticket: phase.ticket })} onExpired={() => void phoneCalls.open(token).then((open) => setPhase({ kind: 'verify', open }), () => undefined)} />}
    </PhoneFrame>
  );
}

/** 工资条查询密码: chosen (twice) on the first view, entered on later ones. */
function PasswordStep({ token, ticket, state, onTicket }: { token: string; ticket: string; state: 'set' | 'unset'; onTicket: (ticket: string) => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const choosing = state === 'unset';
  const mismatch = choosing && repeat.length === 6 && repeat !== password;
  const ready = /^\d{6}$/.test(password) && (!choosing || repeat === password);
  const submit = async () => {
    setBusy(true);
    try {
      const r = await phoneCalls.password(token, ticket, password);
      await onTicket(r.ticket);
    } catch {
      /* the server's message is shown */
    } finally {
      setBusy(false);
    }
  };
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
      <Button type="primary" block style={BIG} disabled={!ready} loading={busy} onClick={() => void submit()} className="password-submit">
        {choosing ? '设置并查看' : '查看工资条'}
      </Button>
    </Flex>
  );
}

function VerifyStep({ token, open, onTicket }: { token: string; open: PayslipOpenView; onTicket: (r: PayslipTicket) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [idLast6, setIdLast6] = useState('');
  const [left, setLeft] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const isSms = open.verifyMethod === 'sms';
  const ready = isSms ? /^\d{6}$/.test(code) : name.trim() !== '' && idLast6.length === 6;
  const submit = async () => {
    setBusy(true);
    try {
      const r = isSms ? await phoneCalls.verifySms(token, code) : await phoneCalls.verifyId(token, name.trim(), idLast6);
      await onTicket(r);
    } catch {
      /* the server's message is shown */
    } finally {
      setBusy(false);
    }
  };

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
              <Button
                style={{ ...BIG, minWidth: 128, fontSize: 15 }}
                disabled={left > 0}
                loading={sending}
                className="sms-send"
                onClick={async () => {
                  setSending(true);
                  try {
                    await phoneCalls.sms(token);
                    setSentOnce(true);
                    setLeft(SMS_RESEND_SECONDS);
                  } catch {
                    /* the server's message is shown */
                  } finally {
                    setSending(false);
                  }
                }}
              >
                {smsButtonText(left, sentOnce)}
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
      <Button type="primary" block style={BIG} disabled={!ready} loading={busy} onClick={() => void submit()} className="verify-submit">
        验证并查看
      </Button>
    </Flex>
  );
}

function ViewStep({ token, ticket, view, onChange, onExpired }: { token: string; ticket: string; view: PayslipEmployeeView; onChange: (v: PayslipEmployeeView) => void; onExpired: () => void }) {
  const [mode, setMode] = useState<'read' | 'sign' | 'ask'>('read');
  const [signature, setSignature] = useState<string | null>(null);
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState(false);
  const final = finalStateOf(view);

  const act = async (call: () => Promise<PayslipEmployeeView | null>) => {
    setBusy(true);
    try {
      await call();
      // read the payslip again so the final state is the server's
      onChange(await phoneCalls.view(token, ticket));
      setMode('read');
    } catch {
      onExpired();
    } finally {
      setBusy(false);
    }
  };

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
