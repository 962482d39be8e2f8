import { Form, Input, Typography } from 'antd';
import { api } from '../../app/api/instance.ts';
import { saveUserInfo } from '../../app/session/session.ts';
import { notifySessionChanged } from '../../app/session/session-events.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { ruleFrom } from '../../app/ui/validators.ts';
import { PASSWORD_MAX, validateAccountPassword, validatePasswordRepeat } from '../role-permission/account-rules.ts';

type Values = { oldPassword?: string; password: string; repeat: string };

/**
 * 设置 / 修改登录密码: the signed-in person's own password. An account made by an SMS sign-in has none
 * until its owner sets one here; changing it ends the account's other sign-ins.
 */
export function OwnPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { userInfo } = useSession();
  const hasPassword = userInfo?.sysUser.hasPassword !== false;
  const save = useAction((v: Values) => api.post<{ revokedSessions: number }>('/wfsaas-auth/password/update', { password: v.password, ...(hasPassword ? { oldPassword: v.oldPassword } : {}) }), {
    success: (out) => (out.revokedSessions > 0 ? '密码已保存，您在其他设备上的登录已退出' : '密码已保存'),
    onSuccess: () => {
      if (userInfo) {
        saveUserInfo({ ...userInfo, sysUser: { ...userInfo.sysUser, hasPassword: true } });
        notifySessionChanged();
      }
      onClose();
    },
  });
  return (
    <FormModal<Values>
      title={hasPassword ? '修改登录密码' : '设置登录密码'}
      open={open}
      onClose={onClose}
      okText="保存"
      onSubmit={save.run}
      formProps={{ name: 'ownPassword' }}
      intro={!hasPassword && <Typography.Paragraph type="secondary">您目前使用短信验证码登录。设置密码后，也可以用手机号和密码登录。</Typography.Paragraph>}
    >
        {hasPassword && (
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
            <Input.Password maxLength={128} autoComplete="current-password" />
          </Form.Item>
        )}
        <Form.Item name="password" label="新密码" rules={[ruleFrom((v) => validateAccountPassword(v, true, '新密码'))]} extra="8–64位，须同时包含字母和数字">
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label="确认新密码"
          dependencies={['password']}
          rules={[({ getFieldValue }) => ({ validator: (_r, v: string | undefined) => { const m = validatePasswordRepeat(getFieldValue('password') as string | undefined, v); return m ? Promise.reject(new Error(m)) : Promise.resolve(); } })]}
        >
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
    </FormModal>
  );
}
