import type { SubAccountItem } from '@wfsaas/contracts';
import { Alert, Form, Input } from 'antd';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { ruleFrom } from '../../app/ui/validators.ts';
import { PASSWORD_MAX, validateAccountPassword, validatePasswordRepeat } from './account-rules.ts';
import { rpCalls, useInvalidateRp } from './role-permission.api.ts';

type Values = { password: string; repeat: string };

/** An administrator sets a new password for a sub-account; every session of that account ends. */
export function ResetPasswordModal({ account, onClose }: { account: SubAccountItem | null; onClose: () => void }) {
  const reset = useAction(rpCalls.resetPassword, { success: '操作成功', invalidate: useInvalidateRp(), onSuccess: onClose });
  return (
    <FormModal<Values>
      title={account ? `重置密码 · ${account.nickname}` : '重置密码'}
      open={account !== null}
      onClose={onClose}
      onSubmit={(v) => (account ? reset.run({ userId: account.userId, password: v.password }) : undefined)}
      className="reset-password-modal"
      formProps={{ name: 'resetPassword', requiredMark: true }}
      intro={<Alert type="warning" showIcon style={{ marginBottom: 20 }} title="重置后，该账号在所有设备上的登录都将失效，需使用新密码重新登录。" />}
    >
      <Form.Item name="password" label="新密码" required rules={[ruleFrom((v) => validateAccountPassword(v, true, '新密码'))]} extra="8–64位，须同时包含字母和数字">
        <Input.Password placeholder="请输入新密码" maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label="确认新密码"
        required
        dependencies={['password']}
        rules={[({ getFieldValue }) => ({ validator: (_: unknown, v: string | undefined) => { const m = validatePasswordRepeat(getFieldValue('password') as string | undefined, v); return m ? Promise.reject(new Error(m)) : Promise.resolve(); } })]}
      >
        <Input.Password placeholder="请再次输入新密码" maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
