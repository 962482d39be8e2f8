import { CameraOutlined, CheckCircleFilled, ClockCircleFilled } from '@ant-design/icons';
import { EDUCATIONS, ID_TYPES, type OnboardOpenView } from '@wfsaas/contracts';
import { Alert, Button, Flex, Form, Input, Result, Select, Spin } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { toastError } from '../../app/ui/feedback.ts';
import { formatDate } from '../../app/ui/format.ts';
import { onboardCalls, verificationStore } from './onboard-phone.api.ts';
import { afterVerify, MOBILE_RE, ticketExpired, optionalText, photoProblem, SMS_RESEND_SECONDS, smsButtonText, storedVerification, type StoredVerification } from './onboard-state.ts';
import { BIG, CARD, INPUT, PhoneFrame, PhoneLoading } from '../phone-ui.tsx';

/**
 * /m/onboard/:token — the candidate's self-onboarding on a phone (UI.md phone pages): one column,
 * 375 px first, one task per screen: verify the mobile → fill in the data and ID photos → a final
 * state that the same link shows again.
 */


type Phase =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'closed'; open: OnboardOpenView }
  | { kind: 'verify'; open: OnboardOpenView }
  | { kind: 'form'; open: OnboardOpenView; verified: StoredVerification; rejectReason: string | null; name: string }
  | { kind: 'pending' }
  | { kind: 'approved' };

export default function OnboardPhonePage() {
  const { token = '' } = useParams();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [company, setCompany] = useState('');

  const proceed = (open: OnboardOpenView, verified: StoredVerification) => {
    const next = afterVerify(verified.submission);
    if (next.kind === 'form') setPhase({ kind: 'form', open, verified, rejectReason: next.rejectReason, name: next.name });
    else setPhase({ kind: next.kind });
  };

  useEffect(() => {
    document.title = '入职登记';
    let live = true;
    void (async () => {
      let open: OnboardOpenView;
      try {
        open = await onboardCalls.open(token);
      } catch (err) {
        if (live) setPhase({ kind: 'invalid', message: err instanceof Error ? err.message : '链接无效' });
        return;
      }
      if (!live) return;
      setCompany(open.companyName);
      if (!open.open) return setPhase({ kind: 'closed', open });
      const kept = verificationStore.get(token);
      if (!kept) return setPhase({ kind: 'verify', open });
      // the review may have happened since: the submission is read again with the kept ticket
      let submission: StoredVerification['submission'];
      try {
        submission = await onboardCalls.status(token, kept.ticket);
      } catch {
        verificationStore.set(token, null);
        if (live) setPhase({ kind: 'verify', open });
        return;
      }
      if (!live) return;
      const fresh = { ...kept, submission };
      verificationStore.set(token, fresh);
      proceed(open, fresh);
    })();
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <PhoneFrame className="phone-onboard" company={company} fallback="入职登记">
        {phase.kind === 'loading' && <PhoneLoading />}
        {phase.kind === 'invalid' && <Result status="warning" title="无法打开入职登记" subTitle={phase.message} style={CARD} className="phone-final phone-final-invalid" />}
        {phase.kind === 'closed' && <Result status="warning" title="该入职邀请已失效" subTitle={phase.open.reason ?? '链接已过期或已关闭，请联系招聘HR获取新的链接。'} style={CARD} className="phone-final phone-final-closed" />}
        {phase.kind === 'verify' && (
          <VerifyStep
            token={token}
            open={phase.open}
            onVerified={(v) => {
              verificationStore.set(token, v);
              proceed(phase.open, v);
            }}
          />
        )}
        {phase.kind === 'form' && (
          <FormStep
            token={token}
            open={phase.open}
            verified={phase.verified}
            rejectReason={phase.rejectReason}
            name={phase.name}
            onSubmitted={(status, name) => {
              verificationStore.set(token, { ...phase.verified, submission: { status, statusLabel: '', rejectReason: null, name, submittedAt: new Date().toISOString() } });
              setPhase({ kind: status === 1 ? 'approved' : 'pending' });
            }}
            onExpired={() => {
              verificationStore.set(token, null);
              setPhase({ kind: 'verify', open: phase.open });
            }}
          />
        )}
        {phase.kind === 'pending' && <FinalCard icon={<ClockCircleFilled style={{ color: '#1677ff', fontSize: 48 }} />} kind="pending" title="已提交，等待HR审核" text="审核结果将由HR通知您，也可以稍后用同一链接查看。" />}
        {phase.kind === 'approved' && <FinalCard icon={<CheckCircleFilled style={{ color: '#52c41a', fontSize: 48 }} />} kind="approved" title="已通过审核" text="欢迎加入！请按HR通知的日期到岗办理入职。" />}
    </PhoneFrame>
  );
}

function VerifyStep({ token, open, onVerified }: { token: string; open: OnboardOpenView; onVerified: (v: StoredVerification) => void }) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [left, setLeft] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const mobileOk = MOBILE_RE.test(mobile);
  const send = async () => {
    if (!mobileOk) return toastError('请输入正确的手机号');
    setSending(true);
    try {
      await onboardCalls.sms(token, mobile);
      setSentOnce(true);
      setLeft(SMS_RESEND_SECONDS);
    } catch {
      /* the server's message is shown */
    } finally {
      setSending(false);
    }
  };
  const submit = async () => {
    setBusy(true);
    try {
      const r = await onboardCalls.verify(token, mobile, code);
      onVerified(storedVerification(r, mobile, Date.now()));
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
        <div style={{ color: 'rgba(0,0,0,0.55)', marginTop: 6, fontSize: 15 }}>欢迎加入！请先验证手机号，再填写入职信息。链接有效期至 {formatDate(open.expiresOn)}。</div>
      </div>
      <div style={CARD}>
        <div style={{ fontSize: 16, fontWeight: 600, marginBottom: 12 }}>手机验证</div>
        <Flex vertical gap={12}>
          <Input style={INPUT} inputMode="tel" maxLength={11} placeholder="请输入手机号" value={mobile} onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))} aria-label="手机号" autoComplete="tel" />
          <Flex gap={8}>
            <Input style={INPUT} inputMode="numeric" maxLength={6} placeholder="6位验证码" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} aria-label="验证码" autoComplete="one-time-code" />
            <Button style={{ ...BIG, minWidth: 128, fontSize: 15 }} disabled={left > 0 || !mobileOk} loading={sending} className="sms-send" onClick={() => void send()}>
              {smsButtonText(left, sentOnce)}
            </Button>
          </Flex>
        </Flex>
      </div>
      <Button type="primary" block style={BIG} disabled={!mobileOk || !/^\d{6}$/.test(code)} loading={busy} onClick={() => void submit()} className="verify-submit">
        下一步
      </Button>
    </Flex>
  );
}

/** A camera or album photo, uploaded at once; the form holds its file id. */
function PhotoInput({ token, ticket, label, value, onChange, onExpired }: { token: string; ticket: string; label: string; value?: string | null; onChange?: (v: string | null) => void; onExpired: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) return toastError(problem);
    setBusy(true);
    try {
      const r = await onboardCalls.upload(token, ticket, file);
      setPreview(URL.createObjectURL(file));
      onChange?.(r.fileId);
    } catch (err) {
      if (ticketExpired(err)) onExpired();
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <button
      type="button"
      onClick={() => input.current?.click()}
      aria-label={label}
      className="photo-input"
      data-uploaded={value ? 'yes' : 'no'}
      style={{ width: '100%', aspectRatio: '1.58', border: '1px dashed #bfbfbf', borderRadius: 10, background: '#fafafa', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 6, padding: 0, overflow: 'hidden', cursor: 'pointer', position: 'relative' }}
    >
      {busy ? (
        <Spin />
      ) : value && preview ? (
        <img src={preview} alt={label} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <>
          <CameraOutlined style={{ fontSize: 28, color: '#1677ff' }} />
          <span style={{ fontSize: 15, color: 'rgba(0,0,0,0.65)' }}>{value ? '已上传，点击重拍' : `拍摄${label}`}</span>
        </>
      )}
      <input ref={input} type="file" accept="image/*" capture="environment" style={{ display: 'none' }} onChange={(e) => void pick(e.target.files?.[0])} />
    </button>
  );
}

type FormValues = {
  name?: string;
  idType?: number;
  idNumber?: string;
  email?: string;
  education?: number | null;
  address?: string;
  emergencyName?: string;
  emergencyPhone?: string;
  bankName?: string;
  bankAccount?: string;
  idFrontFileId?: string | null;
  idBackFileId?: string | null;
};

function FormStep({
  token,
  open,
  verified,
  rejectReason,
  name,
  onSubmitted,
  onExpired,
}: {
  token: string;
  open: OnboardOpenView;
  verified: StoredVerification;
  rejectReason: string | null;
  name: string;
  onSubmitted: (status: 0 | 1 | 2, name: string) => void;
  onExpired: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: FormValues) => {
    setBusy(true);
    try {
      const r = await onboardCalls.submit({
        token,
        ticket: verified.ticket,
        name: v.name!.trim(),
        idType: (v.idType ?? 1) as 1,
        idNumber: v.idNumber!.trim().toUpperCase(),
        email: optionalText(v.email),
        education: (v.education ?? undefined) as 1 | undefined,
        address: optionalText(v.address),
        emergencyName: optionalText(v.emergencyName),
        emergencyPhone: optionalText(v.emergencyPhone),
        bankName: optionalText(v.bankName),
        bankAccount: optionalText(v.bankAccount)?.replace(/\s/g, ''),
        idFrontFileId: v.idFrontFileId!,
        idBackFileId: v.idBackFileId ?? undefined,
      });
      onSubmitted(r.status, v.name!.trim());
    } catch (err) {
      // the server's message is shown; an expired ticket sends the candidate back to the SMS check
      if (ticketExpired(err)) onExpired();
    } finally {
      setBusy(false);
    }
  };
  const item = (label: string) => ({ label: <span style={{ fontSize: 15 }}>{label}</span> });
  const section = (title: string, children: ReactNode) => (
    <div style={CARD}>
      <div style={{ fontSize: 16, fontWeight: 600, marginBottom: 12 }}>{title}</div>
      {children}
    </div>
  );
  return (
    <Form<FormValues> form={form} layout="vertical" className="phone-form" initialValues={{ idType: 1, name }} onFinish={(v) => void submit(v)} scrollToFirstError>
      <Flex vertical gap={16}>
        <div style={CARD}>
          <div style={{ fontSize: 20, fontWeight: 600 }}>{open.title}</div>
          <div style={{ color: 'rgba(0,0,0,0.55)', marginTop: 6, fontSize: 15 }}>已验证手机号 {verified.mobile.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')}，请如实填写以下信息。</div>
        </div>
        {rejectReason !== null && <Alert type="error" showIcon title="您上次提交的信息已被驳回" description={rejectReason || '请核对后重新提交'} className="phone-rejected" />}
        {section(
          '基本信息',
          <>
            <Form.Item name="name" {...item('姓名')} rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}>
              <Input style={INPUT} maxLength={50} placeholder="与证件一致" />
            </Form.Item>
            <Form.Item name="idType" {...item('证件类型')} rules={[{ required: true, message: '请选择证件类型' }]}>
              <Select style={INPUT} options={ID_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
            </Form.Item>
            <Form.Item name="idNumber" {...item('证件号码')} rules={[{ required: true, whitespace: true, message: '请填写证件号码' }]}>
              <Input style={INPUT} maxLength={30} placeholder="请输入证件号码" />
            </Form.Item>
            <Form.Item name="email" {...item('邮箱')} rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
              <Input style={INPUT} inputMode="email" maxLength={100} placeholder="选填" />
            </Form.Item>
            <Form.Item name="education" {...item('学历')}>
              <Select style={INPUT} allowClear placeholder="选填" options={EDUCATIONS.map((t) => ({ value: t.value, label: t.label }))} />
            </Form.Item>
            <Form.Item name="address" {...item('联系地址')} style={{ marginBottom: 0 }}>
              <Input.TextArea style={{ fontSize: 16 }} maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="选填" />
            </Form.Item>
          </>,
        )}
        {section(
          '证件照片',
          <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 12 }}>
            <Form.Item name="idFrontFileId" {...item('证件正面')} rules={[{ required: true, message: '请上传证件正面照片' }]} style={{ marginBottom: 0, minWidth: 0 }}>
              <PhotoInput token={token} ticket={verified.ticket} label="证件正面" onExpired={onExpired} />
            </Form.Item>
            <Form.Item name="idBackFileId" {...item('证件反面')} style={{ marginBottom: 0, minWidth: 0 }}>
              <PhotoInput token={token} ticket={verified.ticket} label="证件反面" onExpired={onExpired} />
            </Form.Item>
          </div>,
        )}
        {section(
          '紧急联系人',
          <>
            <Form.Item name="emergencyName" {...item('紧急联系人')}>
              <Input style={INPUT} maxLength={50} placeholder="选填" />
            </Form.Item>
            <Form.Item name="emergencyPhone" {...item('紧急联系人电话')} rules={[{ pattern: MOBILE_RE, message: '手机号格式不正确' }]} style={{ marginBottom: 0 }}>
              <Input style={INPUT} inputMode="tel" maxLength={11} placeholder="选填" />
            </Form.Item>
          </>,
        )}
        {section(
          '工资卡',
          <>
            <Form.Item name="bankName" {...item('开户银行')}>
              <Input style={INPUT} maxLength={100} placeholder="选填，如：招商银行杭州分行" />
            </Form.Item>
            <Form.Item name="bankAccount" {...item('银行卡号')} rules={[{ pattern: /^\d{12,30}$/, message: '应为12至30位数字' }]} style={{ marginBottom: 0 }}>
              <Input style={INPUT} inputMode="numeric" maxLength={30} placeholder="选填" />
            </Form.Item>
          </>,
        )}
        <Button type="primary" block htmlType="submit" style={BIG} loading={busy} className="onboard-submit">
          提交
        </Button>
      </Flex>
    </Form>
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
