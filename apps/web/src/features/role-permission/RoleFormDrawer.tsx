import type { RoleListItem } from '@wfsaas/contracts';
import { Form, Input } from 'antd';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { ruleFrom } from '../../app/ui/validators.ts';
import { ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX, validateRoleDescription, validateRoleName } from './account-rules.ts';
import { rpCalls, useInvalidateRp } from './role-permission.api.ts';

type Values = { name: string; description?: string };

/** Creates a role, or renames / re-describes one. A new role goes straight on to its permissions. */
export function RoleFormDrawer({ role, open, onClose, onCreated }: { role: RoleListItem | null; open: boolean; onClose: () => void; onCreated: (r: RoleListItem) => void }) {
  const save = useAction(rpCalls.saveRole, {
    success: '保存成功',
    invalidate: useInvalidateRp(),
    onSuccess: (out) => (role ? onClose() : onCreated(out)),
  });
  return (
    <FormDrawer<Values>
      title={role ? '编辑角色' : '新增角色'}
      open={open}
      onClose={onClose}
      values={role ? { name: role.name, description: role.description ?? '' } : {}}
      onSubmit={(v) => save.run({ id: role?.id ?? null, name: v.name.trim(), description: v.description?.trim() || null })}
      formProps={{ name: 'roleForm', requiredMark: true, className: 'role-form' }}
    >
      <Form.Item name="name" label="角色名称" required rules={[ruleFrom(validateRoleName)]} extra={role ? undefined : '如：HR专员、薪酬专员、部门负责人。保存后即可设置该角色的功能权限。'}>
        <Input placeholder="请输入角色名称" maxLength={ROLE_NAME_MAX} showCount allowClear />
      </Form.Item>
      <Form.Item name="description" label="角色描述" rules={[ruleFrom(validateRoleDescription)]}>
        <Input.TextArea placeholder="简要说明该角色负责的工作（选填）" maxLength={ROLE_DESCRIPTION_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
    </FormDrawer>
  );
}
