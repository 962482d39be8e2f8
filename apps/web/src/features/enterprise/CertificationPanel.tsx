import { PAYMENT_STATUS } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Flex, Form, Input, Result, Segmented, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../app/api/client.ts';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { certificationTone, normaliseVerifyAmount, paymentTone, verifyOutcome } from './enterprise-format.ts';
import { enterpriseCalls, useCertification, useInvalidateEnterprise } from './enterprise.api.ts';

type LicenceValues = { legalName: string; legalIdNumber: string; legalPhone: string; smsCode: string };

function LicenceForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<LicenceValues>();
  const [file, setFile] = useState<{ fileId: string; name: string } | null>(null);
  const [ocr, setOcr] = useState<{ text: string; ok: boolean } | null>(null);
  const [wait, setWait] = useState(0);
  const invalidate = useInvalidateEnterprise();
  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const send = useAction(enterpriseCalls.sendCode, { success: (r) => `验证码已发送至 ${r.phone}`, onSuccess: (r) => setWait(r.resendAfter) });
  const save = useAction(enterpriseCalls.saveLicence, { success: '已提交，等待平台审核', invalidate, onSuccess: onDone });
  const recognise = async (fileId: string) => {
    try {
      const r = await enterpriseCalls.ocr(fileId);
      if (r.legalRepresentative) form.setFieldValue('legalName', r.legalRepresentative);
      const found = [r.name && `名称：${r.name}`, r.creditCode && `统一社会信用代码：${r.creditCode}`, r.legalRepresentative && `法定代表人：${r.legalRepresentative}`, r.address && `住所：${r.address}`].filter(Boolean);
      setOcr({ ok: true, text: found.length ? `识别结果（请核对）：${found.join('；')}` : '未能识别出执照上的信息，请手动填写' });
    } catch (e) {
      setOcr({ ok: false, text: e instanceof ApiError ? e.message : '营业执照识别失败，请手动填写' });
    }
  };

  return (
    <Form<LicenceValues> form={form} layout="vertical" className="certification-licence-form" style={{ maxWidth: 560 }} onFinish={(v) => void save.run({ ...v, licenseFileId: file!.fileId })}>
      <Form.Item label="营业执照" required extra="JPG 或 PNG 图片，上传后可自动识别执照信息">
        <Space wrap>
          <Upload
            accept=".png,.jpg,.jpeg"
            showUploadList={false}
            customRequest={({ file: f }) => {
              void enterpriseCalls.uploadLicence(f as File).then(
                (r) => {
                  setFile({ fileId: r.fileId, name: (f as File).name });
                  setOcr(null);
                },
                () => undefined,
              );
            }}
          >
            <Button>{file ? '重新上传' : '上传营业执照'}</Button>
          </Upload>
          {file ? <span>{file.name}</span> : null}
          {file ? (
            <Button type="link" className="certification-ocr" onClick={() => void recognise(file.fileId)}>
              识别执照信息
            </Button>
          ) : null}
        </Space>
      </Form.Item>
      {ocr ? <Alert type={ocr.ok ? 'info' : 'warning'} showIcon message={ocr.text} style={{ marginBottom: 16 }} className="certification-ocr-result" /> : null}
      <Flex gap={16}>
        <Form.Item name="legalName" label="法定代表人姓名" style={{ flex: 1 }} rules={[{ required: true, min: 2, message: '请填写法定代表人姓名' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="legalIdNumber" label="法定代表人身份证号" style={{ flex: 1 }} rules={[{ required: true, len: 18, message: '请填写18位身份证号' }]}>
          <Input maxLength={18} />
        </Form.Item>
      </Flex>
      <Form.Item name="legalPhone" label="法定代表人手机号" rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: '请填写11位手机号' }]}>
        <Input maxLength={11} style={{ maxWidth: 260 }} />
      </Form.Item>
      <Form.Item label="短信验证码" required extra="验证码发送至当前登录人的手机">
        <Space>
          <Form.Item name="smsCode" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: '请填写6位验证码' }]}>
            <Input maxLength={6} style={{ width: 140 }} />
          </Form.Item>
          <Button disabled={wait > 0} loading={send.pending} onClick={() => void send.run()}>
            {wait > 0 ? `${wait} 秒后重发` : '获取验证码'}
          </Button>
        </Space>
      </Form.Item>
      <Button type="primary" htmlType="submit" className="certification-submit" disabled={!file} loading={save.pending}>
        提交认证
      </Button>
    </Form>
  );
}

function PaymentForm() {
  const cert = useCertification();
  const invalidate = useInvalidateEnterprise();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [amount, setAmount] = useState('');
  const start = useAction(enterpriseCalls.startPayment, { success: '已发起打款，平台打款后请查看对公账户到账金额', invalidate });
  const verify = useAction(enterpriseCalls.verifyPayment, { invalidate, onSuccess: (r) => setOutcome(verifyOutcome(r)) });
  // a finished attempt (verified, voided) belongs to an earlier certification and is not shown here
  const latest = cert.data?.payment;
  const payment = latest && latest.status !== PAYMENT_STATUS.verified ? latest : null;
  const open = payment && (payment.status === PAYMENT_STATUS.pending || payment.status === PAYMENT_STATUS.paid);
  const typed = normaliseVerifyAmount(amount);
  return (
    <div className="certification-payment">
      {payment ? (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="对公账户">{`${payment.accountName} · ${payment.bankName} · ${payment.account}`}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <StatusTag tone={paymentTone(payment.status)}>{payment.statusLabel}</StatusTag>
          </Descriptions.Item>
          <Descriptions.Item label="发起时间">{formatDateTime(payment.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="打款时间">{payment.paidAt ? formatDateTime(payment.paidAt) : EMPTY_TEXT}</Descriptions.Item>
        </Descriptions>
      ) : null}
      {outcome ? <Alert type={outcome.ok ? 'success' : 'error'} showIcon message={outcome.text} style={{ marginBottom: 16 }} className="certification-payment-outcome" /> : null}
      {payment?.status === PAYMENT_STATUS.paid ? (
        <Space align="start" style={{ marginBottom: 16 }}>
          <Input className="certification-amount" prefix="¥" placeholder="0.00" value={amount} onChange={(e) => setAmount(e.target.value)} style={{ width: 160 }} status={amount && !typed ? 'error' : undefined} />
          <Button type="primary" disabled={!typed} loading={verify.pending} onClick={() => void verify.run(payment.id, typed!)}>
            确认金额
          </Button>
          <span style={{ color: 'rgba(0,0,0,0.45)', lineHeight: '32px' }}>还可尝试 {payment.triesLeft} 次</span>
        </Space>
      ) : null}
      {payment?.status === PAYMENT_STATUS.pending ? <Alert type="info" showIcon style={{ marginBottom: 16 }} message="平台将向该账户转入一笔 0.01–0.99 元的款项，到账后请在此填写收到的金额。" /> : null}
      {!open ? (
        <Form layout="inline" className="certification-payment-start" onFinish={(v: { bankName: string; accountNumber: string }) => void start.run(v)}>
          <Form.Item label="户名">
            <Input disabled value="与企业名称一致" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="bankName" label="开户银行" rules={[{ required: true, min: 2, message: '请填写开户银行' }]}>
            <Input maxLength={60} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="accountNumber" label="对公银行账号" rules={[{ required: true, pattern: /^\d{8,30}$/, message: '请填写8–30位数字' }]}>
            <Input maxLength={30} style={{ width: 220 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={start.pending}>
            {payment ? '重新发起打款' : '发起打款'}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** 企业认证: the status, and the two ways to certify — licence review or small-amount payment. */
export function CertificationPanel({ canEdit }: { canEdit: boolean }) {
  const cert = useCertification();
  const [chosen, setWay] = useState<'licence' | 'payment' | null>(null);
  const [resubmit, setResubmit] = useState(false);
  const c = cert.data;
  if (!c) return null;
  // a payment attempt under way (or just locked) is what the owner comes back to
  const paymentOpen = c.payment !== null && ([PAYMENT_STATUS.pending, PAYMENT_STATUS.paid, PAYMENT_STATUS.locked] as number[]).includes(c.payment.status);
  const way = chosen ?? (paymentOpen ? 'payment' : 'licence');
  const latest = c.latest;
  return (
    <Panel title="企业认证" className="enterprise-certification" extra={<StatusTag tone={certificationTone(c.status)}>{c.statusLabel}</StatusTag>}>
      {c.status === 2 ? (
        <Result status="success" title="企业已完成认证" subTitle={`认证时间：${formatDateTime(c.certifiedAt)}。已认证的企业可以签发电子合同签名证书。`} style={{ padding: 16 }} />
      ) : c.status === 1 ? (
        <Result status="info" title="认证资料审核中" subTitle={latest ? `提交时间：${formatDateTime(latest.createdAt)}；法定代表人：${latest.legalName}（${latest.legalIdNumber}）。平台审核后将更新认证状态。` : '平台审核后将更新认证状态。'} style={{ padding: 16 }} />
      ) : (
        <>
          {c.status === 3 && latest?.rejectReason && !resubmit ? (
            <Alert type="error" showIcon style={{ marginBottom: 16 }} message={`认证未通过：${latest.rejectReason}`} action={canEdit ? <Button size="small" onClick={() => setResubmit(true)}>重新提交</Button> : null} />
          ) : null}
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="企业未完成认证，不能签发电子合同签名证书。请通过营业执照审核或对公打款完成认证。" />
          {canEdit ? (
            <>
              <Segmented<'licence' | 'payment'> value={way} onChange={setWay} options={[{ value: 'licence', label: '营业执照认证' }, { value: 'payment', label: '对公打款认证' }]} style={{ marginBottom: 16 }} />
              {way === 'licence' ? <LicenceForm onDone={() => setResubmit(false)} /> : <PaymentForm />}
            </>
          ) : (
            <span style={{ color: 'rgba(0,0,0,0.45)' }}>请联系有「企业信息编辑」权限的管理员完成认证。</span>
          )}
        </>
      )}
    </Panel>
  );
}
