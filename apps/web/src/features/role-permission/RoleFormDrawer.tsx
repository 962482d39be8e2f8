import type { RoleListItem } from '@wfsaas/contracts';
import { App, Button, Drawer, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { ruleFrom } from '../../app/ui/validators.ts';
import { ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX, validateRoleDescription, validateRoleName } from './account-rules.ts';
import { rpCalls, useRpMutation } from './role-permission.api.ts';

type Values = { name: string; description?: string };

/** Creates a role, or renames / re-describes one. A new role goes straight on to its permissions. */
export function RoleFormDrawer({ role, open, onClose, onCreated }: { role: RoleListItem | null; open: boolean; onClose: () => void; onCreated: (r: RoleListItem) => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useRpMutation(rpCalls.saveRole, '保存成功');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (role) form.setFieldsValue({ name: role.name, description: role.description ?? '' });
  }, [open, role, form]);

  const submit = async (v: Values) => {
    const out = await save.mutateAsync({ id: role?.id ?? null, name: v.name.trim(), description: v.description?.trim() || null });
    if (role) onClose();
    else onCreated(out);
  };

  const requestClose = () => closeWithGuard(modal, form.isFieldsTouched(), onClose);

  return (
    <Drawer
      title={role ? '编辑角色' : '新增角色'}
      open={open}
      size={480}
      onClose={requestClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={requestClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} name="roleForm" layout="vertical" requiredMark onFinish={(v) => void submit(v).catch(() => undefined)} className="role-form">
        <Form.Item name="name" label="角色名称" required rules={[ruleFrom(validateRoleName)]} extra={role ? undefined : '如：HR专员、薪酬专员、部门负责人。保存后即可设置该角色的功能权限。'}>
          <Input placeholder="请输入角色名称" maxLength={ROLE_NAME_MAX} showCount allowClear />
        </Form.Item>
        <Form.Item name="description" label="角色描述" rules={[ruleFrom(validateRoleDescription)]}>
          <Input.TextArea placeholder="简要说明该角色负责的工作（选填）" maxLength={ROLE_DESCRIPTION_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
