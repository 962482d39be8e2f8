import type { SubAccountItem } from '@wfsaas/contracts';
import { Checkbox, Empty, Flex, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useAction } from '../../app/ui/use-action.ts';
import { rpCalls, useInvalidateRp, useUserRoles } from './role-permission.api.ts';

/** A member's roles (userRole/select → userRole/save), replaced as a whole. */
export function UserRolesModal({ account, onClose }: { account: SubAccountItem | null; onClose: () => void }) {
  const roles = useUserRoles(account?.userId ?? null);
  const save = useAction(rpCalls.saveUserRoles, { success: '保存成功', invalidate: useInvalidateRp(), onSuccess: onClose });
  const [selected, setSelected] = useState<number[]>([]);

  useEffect(() => {
    setSelected((roles.data ?? []).filter((r) => r.selected).map((r) => r.id));
  }, [roles.data]);

  return (
    <Modal
      title={account ? `分配角色 · ${account.nickname}` : '分配角色'}
      open={account !== null}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.pending}
      okButtonProps={{ disabled: roles.isLoading }}
      destroyOnHidden
      className="user-roles-modal"
      onOk={() => account && void save.run({ userId: account.userId, roleIds: selected })}
    >
      {roles.isLoading ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (roles.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无角色，请先在「角色管理」中新增角色" />
      ) : (
        <Checkbox.Group value={selected} onChange={(v) => setSelected(v as number[])} style={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 360, overflow: 'auto' }}>
          {(roles.data ?? []).map((r) => (
            <Checkbox key={r.id} value={r.id} style={{ width: '100%', padding: '8px 12px', border: '1px solid #f0f0f0', borderRadius: 6, marginInlineStart: 0 }}>
              <span style={{ fontWeight: 500 }}>{r.name}</span>
              {r.description && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{r.description}</div>}
            </Checkbox>
          ))}
        </Checkbox.Group>
      )}
    </Modal>
  );
}
