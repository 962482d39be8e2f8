import type { SubAccountItem } from '@wfsaas/contracts';
import { App, Alert, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { ruleFrom, validatePhone } from '../../app/ui/validators.ts';
import { NICKNAME_MAX, PASSWORD_MAX, subAccountSaveBody, validateAccountPassword, validateNickname, type SubAccountFormValues } from './account-rules.ts';
import { rpCalls, useRoleOptions, useRpMutation } from './role-permission.api.ts';

/** Adds a sub-account by phone (name, optional password, roles), or changes its name and roles. */
export function SubAccountFormDrawer({ open, account, onClose }: { open: boolean; account: SubAccountItem | null; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<SubAccountFormValues>();
  const roles = useRoleOptions(open);
  const save = useRpMutation(rpCalls.saveSubAccount, (out) => (account === null && out.isNewUser === false ? '操作成功，该手机号已注册，已直接加入本企业' : '保存成功'));
  const editing = account !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (account) form.setFieldsValue({ phone: account.phone, nickname: account.nickname, roleIds: account.roles.map((r) => r.id) });
  }, [open, account, form]);

  const requestClose = () => closeWithGuard(modal, form.isFieldsTouched(), onClose);
  const submit = async (v: SubAccountFormValues) => {
    await save.mutateAsync(subAccountSaveBody(v, account?.userId ?? null));
    onClose();
  };

  return (
    <Drawer
      title={editing ? '编辑子账号' : '新增子账号'}
      open={open}
      size={520}
      onClose={requestClose}
      mask={{ closable: false }}
      destroyOnHidden
      className="sub-account-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={requestClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      {!editing && <Alert type="info" showIcon style={{ marginBottom: 20 }} title="子账号使用手机号登录。若该手机号已注册 wfsaas，将直接加入本企业，原姓名与密码保持不变。" />}
      <Form<SubAccountFormValues> form={form} name="subAccountForm" layout="vertical" requiredMark onFinish={(v) => void submit(v).catch(() => undefined)}>
        <Form.Item name="phone" label="手机号" required={!editing} rules={editing ? [] : [ruleFrom((v) => validatePhone(v))]} extra={editing ? '手机号是账号的登录名，不能修改' : undefined}>
          <Input placeholder="请输入11位手机号" maxLength={11} disabled={editing} allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="nickname" label="姓名" required rules={[ruleFrom(validateNickname)]}>
          <Input placeholder="请输入姓名" maxLength={NICKNAME_MAX} allowClear />
        </Form.Item>
        {!editing && (
          <Form.Item name="password" label="登录密码" rules={[ruleFrom((v) => validateAccountPassword(v, false))]} extra="8–64位，须同时包含字母和数字。不填写时，该账号使用短信验证码登录。">
            <Input.Password placeholder="请输入登录密码（选填）" maxLength={PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="roleIds" label="角色" extra="子账号的功能权限来自所分配的角色，可多选。">
          <Select
            mode="multiple"
            placeholder={roles.data && roles.data.length === 0 ? '暂无角色，请先在「角色管理」中新增' : '请选择角色'}
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            optionFilterProp="label"
            allowClear
            className="sub-account-roles"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
