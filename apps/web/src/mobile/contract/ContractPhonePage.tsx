import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { PhoneContractOpen, PhoneContractView } from '@wfsaas/contracts';
import { Button, Checkbox, Flex, Input, Result, Spin } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { saveBlob } from '../../app/api/save-blob.ts';
import { formatDate, formatDateTime } from '../../app/ui/format.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { usePhoneLink, useSmsCountdown } from '../../app/ui/use-phone-link.ts';
import { normaliseIdLast6 } from '../payslip/phone-state.ts';
import { SignaturePad } from '../payslip/SignaturePad.tsx';
import { BIG, CARD, INPUT, PhoneFrame, PhoneLoading } from '../phone-ui.tsx';
import { SMS_RESEND_SECONDS, smsButtonText } from '../phone-sms.ts';
import { contractPhoneCalls, contractTicketStore, type PhoneLink as PhoneLinkParams } from './contract-phone.api.ts';
import { canVerify, fillValues, linkToken, missingInputs, stepOf } from './contract-phone-state.ts';

/**
 * /qszx-vite/detailWeifen/:contractId?t=… — the employee signs a contract on a phone: verify (SMS code + name + last 6 of
 * the ID number) → read the whole contract → fill their fields → draw a signature → confirm the intent → signed.
 */
export default function ContractPhonePage() {
  const { contractId = '' } = useParams();
  const { search } = useLocation();
  const link = useMemo<PhoneLinkParams>(() => ({ contractId: Number(contractId), t: linkToken(search) }), [contractId, search]);
  const flow = usePhoneLink<PhoneContractOpen, PhoneContractView>({
    id: `${contractId}?${link.t}`,
    title: '合同签署',
    malformed: !/^\d+$/.test(contractId) || !link.t ? '链接不完整，请从短信中的链接重新打开' : null,
    open: () => contractPhoneCalls.open(link),
    tickets: { get: () => contractTicketStore.get(link), set: (ticket) => contractTicketStore.set(link, ticket) },
    view: async (ticket) => ({ view: await contractPhoneCalls.detail(link, ticket), ticket }),
    companyOf: (x) => x.companyName,
  });
  const { phase } = flow;

  return (
    <PhoneFrame className="phone-contract" company={flow.company} fallback="合同签署">
      {phase.kind === 'loading' && <PhoneLoading />}
      {phase.kind === 'invalid' && <Result status="warning" title="无法打开合同" subTitle={phase.message} style={CARD} className="phone-invalid" />}
      {phase.kind === 'verify' && <VerifyStep link={link} open={phase.open} onVerified={(ticket, view) => void flow.verified(ticket, { view, ticket })} />}
      {phase.kind === 'view' && <SignFlow link={link} ticket={phase.ticket} view={phase.view} onChange={flow.setView} onExpired={() => flow.expire(true)} />}
    </PhoneFrame>
  );
}

function VerifyStep({ link, open, onVerified }: { link: PhoneLinkParams; open: PhoneContractOpen; onVerified: (ticket: string, view: PhoneContractView) => void }) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [idLast6, setIdLast6] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const countdown = useSmsCountdown(SMS_RESEND_SECONDS);
  const send = useAction(() => contractPhoneCalls.sendCode(link), {
    onSuccess: (r) => {
      setSentTo(r.maskedMobile);
      countdown.started(r.resendAfter);
    },
  });
  const submit = useAction(() => contractPhoneCalls.verify(link, code, name.trim(), idLast6), { onSuccess: (r) => onVerified(r.ticket, r.view) });
  const left = countdown.left;

  return (
    <Flex vertical gap={16} className="phone-verify">
      <div style={CARD}>
        <div style={{ fontSize: 20, fontWeight: 600 }}>{open.title}</div>
        <div style={{ color: 'rgba(0,0,0,0.55)', marginTop: 6, fontSize: 15 }}>
          {open.maskedName}，{open.companyName}邀请您签署《{open.title}》{open.deadline ? `，请于 ${formatDate(open.deadline)} 前完成` : ''}。为确认是您本人，请先验证身份。
        </div>
        {open.blockedReason && <div style={{ marginTop: 10, color: '#d46b08', fontSize: 14 }}>{open.blockedReason}</div>}
      </div>
      <div style={CARD}>
        <Flex vertical gap={14}>
          <label style={{ fontSize: 15 }}>
            姓名
            <Input style={{ ...INPUT, marginTop: 6 }} placeholder="请输入您的姓名" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} aria-label="姓名" />
          </label>
          <label style={{ fontSize: 15 }}>
            证件号码后6位
            <Input style={{ ...INPUT, marginTop: 6 }} placeholder="例如 12345X" value={idLast6} onChange={(e) => setIdLast6(normaliseIdLast6(e.target.value))} aria-label="证件号码后6位" />
          </label>
          <div style={{ fontSize: 15 }}>
            短信验证码
            <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 13, marginTop: 2 }}>将发送至 {sentTo ?? open.maskedMobile ?? '您在公司登记的手机'}</div>
            <Flex gap={8} style={{ marginTop: 6 }}>
              <Input style={INPUT} inputMode="numeric" maxLength={6} placeholder="6位验证码" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} aria-label="验证码" autoComplete="one-time-code" />
              <Button style={{ ...BIG, minWidth: 124, fontSize: 15 }} disabled={left > 0} loading={send.pending} className="sms-send" onClick={() => void send.run()}>
                {smsButtonText(left, sentTo !== null)}
              </Button>
            </Flex>
          </div>
        </Flex>
      </div>
      <Button type="primary" block style={BIG} disabled={!canVerify(code, name, idLast6)} loading={submit.pending} onClick={() => void submit.run()} className="verify-submit">
        验证并查看合同
      </Button>
    </Flex>
  );
}

/** The whole document, as it stands now: the phone's own PDF viewer, with a download beside it. */
function DocumentCard({ link, ticket, version, title }: { link: PhoneLinkParams; ticket: string; version: string; title: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let u: string | null = null;
    let live = true;
    setFailed(false);
    contractPhoneCalls.pdf(link, ticket, 'view').then(
      ({ blob }) => {
        if (!live) return;
        u = URL.createObjectURL(blob);
        setUrl(u);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (u) URL.revokeObjectURL(u);
    };
  }, [link, ticket, version]);
  return (
    <div style={{ ...CARD, padding: 12 }} className="phone-document">
      <Flex justify="space-between" align="center" style={{ padding: '4px 4px 10px' }}>
        <div style={{ fontSize: 16, fontWeight: 600 }}>合同全文</div>
        {url && (
          <a href={url} target="_blank" rel="noreferrer" style={{ fontSize: 14 }}>
            全屏查看
          </a>
        )}
      </Flex>
      {url ? (
        <iframe title={title} src={`${url}#toolbar=0&navpanes=0&view=FitH`} className="phone-pdf" style={{ width: '100%', height: '70vh', border: '1px solid #f0f0f0', borderRadius: 8, background: '#fafafa' }} />
      ) : failed ? (
        <div style={{ color: '#cf1322', padding: 16 }}>合同文件加载失败，请刷新重试</div>
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 13, padding: '8px 4px 0' }}>如页面中无法显示合同，请点击「全屏查看」或「下载合同」阅读全文。</div>
    </div>
  );
}

/** The employee's fields of the contract, saved before signing. */
function FillStep({ view, edits, onEdit, busy, onSubmit, onBack }: { view: PhoneContractView; edits: Record<string, string>; onEdit: (e: Record<string, string>) => void; busy: boolean; onSubmit: () => void; onBack: () => void }) {
  return (
    <Flex vertical gap={12} style={CARD} className="phone-fill">
      <div style={{ fontSize: 17, fontWeight: 600 }}>请填写以下信息</div>
      {view.inputs.map((i) => (
        <label key={i.key} style={{ fontSize: 15 }}>
          {i.label}
          {i.required && <span style={{ color: '#ff4d4f' }}> *</span>}
          <Input style={{ ...INPUT, marginTop: 6 }} maxLength={200} value={edits[i.key] ?? i.value ?? ''} onChange={(e) => onEdit({ ...edits, [i.key]: e.target.value })} aria-label={i.label} />
        </label>
      ))}
      <Button type="primary" block style={BIG} loading={busy} disabled={missingInputs(view.inputs.map((i) => ({ ...i, value: edits[i.key] ?? i.value }))).length > 0} onClick={onSubmit} className="phone-fill-submit">
        保存并继续
      </Button>
      <Button block style={BIG} onClick={onBack}>
        返回阅读合同
      </Button>
    </Flex>
  );
}

/** The handwritten signature and the intent, then 确认签署. */
function SignStep({
  view,
  signature,
  onSignature,
  agreed,
  onAgreed,
  busy,
  onSubmit,
  onBack,
}: {
  view: PhoneContractView;
  signature: string | null;
  onSignature: (s: string | null) => void;
  agreed: boolean;
  onAgreed: (v: boolean) => void;
  busy: boolean;
  onSubmit: () => void;
  onBack: () => void;
}) {
  return (
    <Flex vertical gap={14} style={CARD} className="phone-sign">
      <div style={{ fontSize: 17, fontWeight: 600 }}>手写签名</div>
      <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 14 }}>请在下方区域用手指写下您的姓名「{view.name}」</div>
      <SignaturePad onChange={onSignature} height={200} />
      <Checkbox checked={agreed} onChange={(e) => onAgreed(e.target.checked)} className="phone-intent" style={{ fontSize: 15, lineHeight: 1.6 }}>
        {view.intentText}
      </Checkbox>
      <Button type="primary" block style={BIG} disabled={!signature || !agreed} loading={busy} onClick={onSubmit} className="phone-sign-submit">
        确认签署
      </Button>
      <Button block style={BIG} onClick={onBack}>
        返回阅读合同
      </Button>
    </Flex>
  );
}

function SignFlow({ link, ticket, view, onChange, onExpired }: { link: PhoneLinkParams; ticket: string; view: PhoneContractView; onChange: (v: PhoneContractView) => void; onExpired: () => void }) {
  const [wantsToSign, setWantsToSign] = useState(false);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [signature, setSignature] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const step = stepOf(view, wantsToSign);

  // a refused write re-reads the contract: an expired ticket asks to verify again
  const afterRefusal = async () => {
    const still = await contractPhoneCalls.detail(link, ticket).catch(() => null);
    if (!still) onExpired();
  };
  const fill = useAction(() => contractPhoneCalls.fill(link, ticket, fillValues(view.inputs, edits)), { success: '已保存', onSuccess: onChange });
  const sign = useAction(() => contractPhoneCalls.sign(link, ticket, signature!), { success: '签署成功', onSuccess: onChange });
  const act = async (write: typeof fill) => {
    if ((await write.run()) === undefined) await afterRefusal();
  };
  const busy = fill.pending || sign.pending;
  const download = useAction(async () => {
    const { blob, filename } = await contractPhoneCalls.pdf(link, ticket, 'download');
    saveBlob(blob, filename ?? `${view.title}.pdf`);
  });

  const downloadButton = (
    <Button block style={BIG} loading={download.pending} onClick={() => void download.run()} className="phone-download">
      下载合同
    </Button>
  );
  const version = `${view.signStatus}-${view.employeeSignedAt ?? ''}-${view.inputs.map((i) => i.value ?? '').join('|')}`;

  return (
    <Flex vertical gap={16} className={`phone-view phone-step-${step}`}>
      {step === 'done' && (
        <FinalCard icon={<CheckCircleFilled style={{ color: '#52c41a', fontSize: 48 }} />} title="已签署" className="phone-final phone-final-signed">
          您已于 {formatDateTime(view.employeeSignedAt)} 签署《{view.title}》。{view.signStatus === 2 ? '合同已生效。' : '待企业盖章后合同生效，届时可再次打开此链接下载。'}
        </FinalCard>
      )}
      {step === 'blocked' && (
        <FinalCard icon={<ExclamationCircleFilled style={{ color: '#faad14', fontSize: 48 }} />} title={view.signStatusLabel} className="phone-final phone-final-blocked">
          {view.blockedReason ?? '该合同当前无法签署，如有疑问请联系人事部门。'}
        </FinalCard>
      )}
      {(step === 'read' || step === 'done' || step === 'blocked') && (
        <>
          <div style={CARD}>
            <div style={{ fontSize: 18, fontWeight: 600 }}>{view.title}</div>
            <div style={{ color: 'rgba(0,0,0,0.55)', marginTop: 4, fontSize: 14 }}>
              {view.name} · {view.signStatusLabel} · 共 {view.pageCount} 页
            </div>
          </div>
          <DocumentCard link={link} ticket={ticket} version={version} title={view.title} />
        </>
      )}
      {step === 'read' && (
        <Flex vertical gap={12} style={{ position: 'sticky', bottom: 0, padding: '12px 0', background: '#f5f7fa' }} className="phone-actions">
          <Button type="primary" block style={BIG} onClick={() => setWantsToSign(true)} className="phone-start-sign">
            我已阅读，去签署
          </Button>
          {downloadButton}
        </Flex>
      )}
      {(step === 'done' || step === 'blocked') && downloadButton}
      {step === 'fill' && <FillStep view={view} edits={edits} onEdit={setEdits} busy={busy} onSubmit={() => void act(fill)} onBack={() => setWantsToSign(false)} />}
      {step === 'sign' && (
        <SignStep view={view} signature={signature} onSignature={setSignature} agreed={agreed} onAgreed={setAgreed} busy={busy} onSubmit={() => void act(sign)} onBack={() => setWantsToSign(false)} />
      )}
    </Flex>
  );
}

function FinalCard({ icon, title, className, children }: { icon: ReactNode; title: string; className: string; children: ReactNode }) {
  return (
    <Flex vertical align="center" gap={8} style={{ ...CARD, textAlign: 'center' }} className={className}>
      {icon}
      <div style={{ fontSize: 20, fontWeight: 600 }}>{title}</div>
      <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 15 }}>{children}</div>
    </Flex>
  );
}
