import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api/instance.ts';
import { Logo } from '../../app/layout/Logo.tsx';
import { safeInternalPath } from '../../app/routing/route-view.ts';
import { defaultStores, getUserInfo } from '../../app/session/session.ts';
import { notifySessionChanged, setSigningOut } from '../../app/session/session-events.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { ruleFrom, validatePassword, validatePhone, validateSmsCode } from '../../app/ui/validators.ts';
import { sendSmsCode, signInWithPassword, signInWithSms } from './auth-flow.ts';
import { smsButtonLabel } from './countdown.ts';
import { useCountdown } from './use-countdown.ts';

type PasswordForm = { phone: string; password: string };
type SmsForm = { phone: string; code: string };

const FEATURES = ['员工花名册与入转调离全流程', '电子合同在线签署，全程可追溯', '工资条一键发放，薪酬个税社保一体', '多企业统一管理，角色权限精细可控'];

/** /login: phone + password, or phone + SMS code. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const referer = safeInternalPath(params.get('referer'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState('password');
  const [passwordForm] = Form.useForm<PasswordForm>();
  const [smsForm] = Form.useForm<SmsForm>();
  const [left, everSent, startCountdown] = useCountdown();
  useEffect(() => setSigningOut(false), []);

  const afterSignIn = () => {
    queryClient.clear();
    notifySessionChanged();
    if (!referer && getUserInfo()?.sysUser.platformOperator) navigate('/operator', { replace: true });
    else navigate(`/excessive/company${referer ? `?referer=${encodeURIComponent(referer)}` : ''}`, { replace: true });
  };

  const signIn = useAction((call: () => Promise<unknown>) => call(), { onSuccess: afterSignIn });
  const send = useAction((phone: string) => sendSmsCode(api, phone), { success: '验证码已发送，5分钟内有效', onSuccess: startCountdown });
  const busy = signIn.pending;

  const sendCode = async () => {
    const ok = await smsForm.validateFields(['phone']).then(
      () => true,
      () => false,
    );
    if (ok) await send.run(smsForm.getFieldValue('phone') as string);
  };

  const phoneItem = (
    <Form.Item name="phone" rules={[ruleFrom(validatePhone)]} validateTrigger="onBlur">
      <Input size="large" prefix={<MobileOutlined style={{ color: '#bfbfbf' }} />} placeholder="请输入手机号" maxLength={11} inputMode="numeric" autoComplete="username" allowClear />
    </Form.Item>
  );

  return (
    <Flex style={{ minHeight: '100vh', background: '#f0f5ff' }}>
      <div className="login-brand" style={{ flex: '1 1 50%', background: 'linear-gradient(135deg,#0b3d91 0%,#1677ff 60%,#4096ff 100%)', color: '#fff', padding: '40px 64px', display: 'flex', flexDirection: 'column' }}>
        <div style={{ marginInlineStart: -20 }}>
          <Logo />
        </div>
        <div style={{ margin: 'auto 0', maxWidth: 580 }}>
          <Typography.Title level={1} style={{ color: '#fff', fontSize: 34, marginBottom: 16 }}>
            一站式人事、薪酬与电子合同平台
          </Typography.Title>
          <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16, marginBottom: 32 }}>
            为多企业、多主体用工而设计，让HR把时间花在人身上。
          </Typography.Paragraph>
          <Space orientation="vertical" size={14}>
            {FEATURES.map((f) => (
              <Flex key={f} align="center" gap={10} style={{ fontSize: 15 }}>
                <SafetyOutlined />
                <span>{f}</span>
              </Flex>
            ))}
          </Space>
        </div>
        <Typography.Text style={{ color: 'rgba(255,255,255,0.6)' }}>© wfsaas 人事云</Typography.Text>
      </div>
      <Flex align="center" justify="center" style={{ flex: '1 1 50%', padding: 24 }}>
        <Card style={{ width: 420, maxWidth: '100%', boxShadow: '0 8px 24px rgba(22,119,255,0.08)' }} styles={{ body: { padding: '32px 36px 24px' } }}>
          <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
            欢迎登录
          </Typography.Title>
          <Typography.Paragraph type="secondary">使用企业管理员或HR账号登录</Typography.Paragraph>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'password',
                label: '密码登录',
                children: (
                  <Form<PasswordForm> form={passwordForm} size="large" onFinish={(v) => void signIn.run(() => signInWithPassword(api, v, defaultStores()))}>
                    {phoneItem}
                    <Form.Item name="password" rules={[ruleFrom(validatePassword)]}>
                      <Input.Password prefix={<LockOutlined style={{ color: '#bfbfbf' }} />} placeholder="请输入密码" autoComplete="current-password" />
                    </Form.Item>
                    <Button type="primary" htmlType="submit" block loading={busy}>
                      登录
                    </Button>
                  </Form>
                ),
              },
              {
                key: 'sms',
                label: '验证码登录',
                children: (
                  <Form<SmsForm> form={smsForm} size="large" onFinish={(v) => void signIn.run(() => signInWithSms(api, v, defaultStores()))}>
                    {phoneItem}
                    <Form.Item>
                      <Space.Compact style={{ width: '100%' }}>
                        <Form.Item name="code" noStyle rules={[ruleFrom(validateSmsCode)]}>
                          <Input prefix={<SafetyOutlined style={{ color: '#bfbfbf' }} />} placeholder="6位验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
                        </Form.Item>
                        <Button style={{ width: 136 }} disabled={left > 0} loading={send.pending} onClick={() => void sendCode()}>
                          {smsButtonLabel(left, everSent)}
                        </Button>
                      </Space.Compact>
                    </Form.Item>
                    <Button type="primary" htmlType="submit" block loading={busy}>
                      登录
                    </Button>
                  </Form>
                ),
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 16, marginBottom: 0 }}>
            还没有账号？请企业管理员向您的手机号发出邀请，收到邀请后用验证码登录即可。
          </Typography.Paragraph>
        </Card>
      </Flex>
    </Flex>
  );
}
