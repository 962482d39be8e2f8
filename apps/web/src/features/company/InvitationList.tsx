import { MailOutlined } from '@ant-design/icons';
import type { MyInvitation } from '@wfsaas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Flex, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { companyKeys } from '../../app/session/queries.ts';
import { formatDate } from '../../app/ui/format.ts';
import { ruleFrom, validateSmsCode } from '../../app/ui/validators.ts';
import { smsButtonLabel } from '../auth/countdown.ts';
import { useCountdown } from '../auth/use-countdown.ts';
import { invitationCalls, invitationKeys, useMyInvitations } from './invitations.api.ts';

/**
 * 待加入的企业: invitations made for the signed-in person's phone. Joining needs the phone proven:
 * after an SMS sign-in it is; otherwise a code is sent to the phone first.
 */
export function InvitationList({ onJoined }: { onJoined: (companyId: number) => void }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const mine = useMyInvitations();
  const [verifying, setVerifying] = useState<MyInvitation | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: invitationKeys.all }), queryClient.invalidateQueries({ queryKey: companyKeys.all })]);
  const accept = useMutation({
    mutationFn: (input: { invitation: MyInvitation; code?: string }) => invitationCalls.accept({ companyId: input.invitation.companyId, invitationId: input.invitation.invitationId, code: input.code }),
    onSuccess: async (c) => {
      message.success(`已加入「${c.companyName}」`);
      setVerifying(null);
      await refresh();
      onJoined(c.companyId);
    },
  });
  const decline = useMutation({
    mutationFn: (i: MyInvitation) => invitationCalls.decline({ companyId: i.companyId, invitationId: i.invitationId }),
    onSuccess: async () => {
      message.success('已拒绝邀请');
      await refresh();
    },
  });

  const list = mine.data?.invitations ?? [];
  if (list.length === 0) return null;
  const join = (i: MyInvitation) => (mine.data?.phoneVerified ? accept.mutate({ invitation: i }) : setVerifying(i));

  return (
    <div className="invitation-list" style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        待加入的企业
      </Typography.Title>
      <Flex vertical gap={12}>
        {list.map((i) => (
          <Card key={`${i.companyId}-${i.invitationId}`} size="small" className="invitation-card" style={{ borderColor: '#91caff', background: '#f0f7ff' }}>
            <Flex align="center" gap={12}>
              <Avatar shape="square" size={40} style={{ background: '#1677ff', flex: 'none' }} icon={<MailOutlined />} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong ellipsis>
                  {i.companyName}
                </Typography.Text>
                <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
                  {i.invitedByName ? `${i.invitedByName} 邀请您加入` : '邀请您加入'} · 有效期至 {formatDate(i.expiresAt)}
                </div>
              </div>
              <Space>
                <Button
                  onClick={() =>
                    modal.confirm({ title: '确认拒绝该邀请?', content: `拒绝后不会加入「${i.companyName}」，如需加入请联系其管理员重新邀请。`, okText: '确定', cancelText: '取消', type: 'warning', onOk: () => decline.mutateAsync(i) })
                  }
                >
                  拒绝
                </Button>
                <Button type="primary" loading={accept.isPending && accept.variables?.invitation === i} onClick={() => join(i)}>
                  加入
                </Button>
              </Space>
            </Flex>
          </Card>
        ))}
      </Flex>
      <VerifyPhoneModal invitation={verifying} pending={accept.isPending} onCancel={() => setVerifying(null)} onSubmit={(code) => verifying && accept.mutate({ invitation: verifying, code })} />
    </div>
  );
}

/** Proves the account's phone with an SMS code before joining (an account signed in by password). */
function VerifyPhoneModal({ invitation, pending, onCancel, onSubmit }: { invitation: MyInvitation | null; pending: boolean; onCancel: () => void; onSubmit: (code: string) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [left, everSent, start] = useCountdown();
  const send = useMutation({
    mutationFn: invitationCalls.sendCode,
    onSuccess: () => {
      start();
      message.success('验证码已发送至您的手机，5分钟内有效');
    },
  });
  return (
    <Modal title="验证手机号" open={invitation !== null} onCancel={onCancel} okText="验证并加入" cancelText="取消" confirmLoading={pending} onOk={() => form.submit()} destroyOnHidden>
      <Typography.Paragraph type="secondary">加入「{invitation?.companyName}」前，请验证本账号的手机号，以确认是本人操作。</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.code.trim())}>
        <Form.Item label="验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[ruleFrom(validateSmsCode)]}>
              <Input placeholder="请输入6位验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
            <Button disabled={left > 0} loading={send.isPending} onClick={() => send.mutate()}>
              {smsButtonLabel(left, everSent)}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
