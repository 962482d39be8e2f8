import { CameraOutlined } from '@ant-design/icons';
import { EDUCATIONS, ID_TYPES, type OnboardOpenView } from '@wfsaas/contracts';
import { Alert, Button, Flex, Form, Input, Select, Spin } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toastError } from '../../app/ui/feedback.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { BIG, CARD, INPUT } from '../phone-ui.tsx';
import { onboardCalls } from './onboard-phone.api.ts';
import { MOBILE_RE, optionalText, photoProblem, ticketExpired, type StoredVerification } from './onboard-state.ts';

/** The call, sending the candidate back to the SMS check when its refusal says the ticket no longer holds. */
function watchExpiry<A extends unknown[], R>(call: (...args: A) => Promise<R>, onExpired: () => void): (...args: A) => Promise<R> {
  return (...args) =>
    call(...args).catch((err: unknown) => {
      if (ticketExpired(err)) onExpired();
      throw err;
    });
}

/** A camera or album photo, uploaded at once; the form holds its file id. */
function PhotoInput({ token, ticket, label, value, onChange, onExpired }: { token: string; ticket: string; label: string; value?: string | null; onChange?: (v: string | null) => void; onExpired: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const upload = useAction(watchExpiry((file: File) => onboardCalls.upload(token, ticket, file), onExpired), {
    onSuccess: (r, file) => {
      setPreview(URL.createObjectURL(file));
      onChange?.(r.fileId);
    },
  });
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) return toastError(problem);
    await upload.run(file);
    if (input.current) input.current.value = '';
  };
  const busy = upload.pending;
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

export function FormStep({
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
  const submit = useAction(
    watchExpiry((v: FormValues) =>
      onboardCalls.submit({
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
      }),
    onExpired,
    ),
    { onSuccess: (r, v) => onSubmitted(r.status, v.name!.trim()) },
  );
  const item = (label: string) => ({ label: <span style={{ fontSize: 15 }}>{label}</span> });
  const section = (title: string, children: ReactNode) => (
    <div style={CARD}>
      <div style={{ fontSize: 16, fontWeight: 600, marginBottom: 12 }}>{title}</div>
      {children}
    </div>
  );
  return (
    <Form<FormValues> form={form} layout="vertical" className="phone-form" initialValues={{ idType: 1, name }} onFinish={(v) => void submit.run(v)} scrollToFirstError>
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
        <Button type="primary" block htmlType="submit" style={BIG} loading={submit.pending} className="onboard-submit">
          提交
        </Button>
      </Flex>
    </Form>
  );
}

