import type { SubAccountItem } from '@wfsaas/contracts';
import { App, Alert, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { ruleFrom, validatePhone } from '../../app/ui/validators.ts';
import { NICKNAME_MAX, subAccountSaveBody, validateNickname, type SubAccountFormValues } from './account-rules.ts';
import { rpCalls, useRoleOptions, useRpMutation } from './role-permission.api.ts';

/** Invites a person by phone (name, roles) to become a sub-account, or changes a sub-account's name and roles. */
export function SubAccountFormDrawer({ open, account, onClose }: { open: boolean; account: SubAccountItem | null; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<SubAccountFormValues>();
  const roles = useRoleOptions(open);
  const save = useRpMutation(rpCalls.saveSubAccount, () => (account === null ? '邀请已发送，对方接受后即加入本企业' : '保存成功'));
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
      title={editing ? '编辑子账号' : '邀请子账号'}
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
            {editing ? '确定' : '发送邀请'}
          </Button>
        </Space>
      }
    >
      {!editing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 20 }}
          title="将向该手机号发送邀请短信。对方用手机号验证码登录并接受邀请后加入本企业，获得所选角色；登录密码由本人设置。"
        />
      )}
      <Form<SubAccountFormValues> form={form} name="subAccountForm" layout="vertical" requiredMark onFinish={(v) => void submit(v).catch(() => undefined)}>
        <Form.Item name="phone" label="手机号" required={!editing} rules={editing ? [] : [ruleFrom((v) => validatePhone(v))]} extra={editing ? '手机号是账号的登录名，不能修改' : undefined}>
          <Input placeholder="请输入11位手机号" maxLength={11} disabled={editing} allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="nickname" label="姓名" required rules={[ruleFrom(validateNickname)]}>
          <Input placeholder="请输入姓名" maxLength={NICKNAME_MAX} allowClear />
        </Form.Item>
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
