import type { SubAccountItem } from '@wfsaas/contracts';
import { Alert, Form, Input, Select } from 'antd';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { ruleFrom, validatePhone } from '../../app/ui/validators.ts';
import { NICKNAME_MAX, subAccountSaveBody, validateNickname, type SubAccountFormValues } from './account-rules.ts';
import { rpCalls, useInvalidateRp, useRoleOptions } from './role-permission.api.ts';

/** Invites a person by phone (name, roles) to become a sub-account, or changes a sub-account's name and roles. */
export function SubAccountFormDrawer({ open, account, onClose }: { open: boolean; account: SubAccountItem | null; onClose: () => void }) {
  const roles = useRoleOptions(open);
  const editing = account !== null;
  const save = useAction(rpCalls.saveSubAccount, { success: editing ? '保存成功' : '邀请已发送，对方接受后即加入本企业', invalidate: useInvalidateRp(), onSuccess: onClose });

  return (
    <FormDrawer<SubAccountFormValues>
      title={editing ? '编辑子账号' : '邀请子账号'}
      open={open}
      width={520}
      onClose={onClose}
      className="sub-account-drawer"
      okText={editing ? '确定' : '发送邀请'}
      values={account ? { phone: account.phone, nickname: account.nickname, roleIds: account.roles.map((r) => r.id) } : {}}
      onSubmit={(v) => save.run(subAccountSaveBody(v, account?.userId ?? null))}
      formProps={{ name: 'subAccountForm', requiredMark: true }}
      intro={
        !editing && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 20 }}
            title="将向该手机号发送邀请短信。对方用手机号验证码登录并接受邀请后加入本企业，获得所选角色；登录密码由本人设置。"
          />
        )
      }
    >
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
    </FormDrawer>
  );
}
