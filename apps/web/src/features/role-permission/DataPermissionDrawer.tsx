import type { DataPermissionDetail, DataPermissionKind } from '@wfsaas/contracts';
import { App, Alert, Button, Drawer, Flex, Radio, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { DATA_KIND_LABEL, scopeOf, scopeSaveBody, scopeSummary, type DataScope } from './data-scope.ts';
import { rpCalls, useDataPermission, useRpMutation } from './role-permission.api.ts';

const KINDS: readonly DataPermissionKind[] = ['dept', 'seal'];

const SCOPE_HELP: Record<DataPermissionKind, { all: string; none: string }> = {
  dept: { all: '可查看和管理本企业全部部门的员工数据', none: '不可查看任何部门的员工数据' },
  seal: { all: '可使用本企业全部印章发起签署', none: '不可使用任何印章' },
};

function ScopeSection({ kind, detail, loading, value, onChange, readOnly }: { kind: DataPermissionKind; detail: DataPermissionDetail | undefined; loading: boolean; value: DataScope; onChange: (v: DataScope) => void; readOnly: boolean }) {
  const label = DATA_KIND_LABEL[kind];
  return (
    <section className={`data-scope-${kind}`} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '16px 20px' }}>
      <Flex justify="space-between" align="baseline" style={{ marginBottom: 12 }}>
        <h3 style={{ margin: 0, fontSize: 15, fontWeight: 600 }}>{label}数据权限</h3>
        <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
          当前：{loading ? '加载中…' : scopeSummary(kind, detail)}
          {detail?.updatedAt ? `（${formatDateTime(detail.updatedAt)} 更新）` : ''}
        </span>
      </Flex>
      {loading ? (
        <Spin size="small" />
      ) : (
        <Radio.Group value={value} onChange={(e) => onChange(e.target.value as DataScope)} disabled={readOnly} style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
          <Radio value="all">
            全部{label}
            <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{SCOPE_HELP[kind].all}</div>
          </Radio>
          <Radio value="none">
            不授权
            <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{SCOPE_HELP[kind].none}</div>
          </Radio>
          {scopeOf(detail) === 'custom' && (
            <Radio value="custom">
              保持当前指定的 {detail!.targetIds.length} 个{label}
            </Radio>
          )}
        </Radio.Group>
      )}
    </section>
  );
}

/** A role's data permissions for departments and seals: all or none (pickers come with their modules). */
export function DataPermissionDrawer({ role, readOnly, onClose }: { role: { id: number; name: string } | null; readOnly: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const dept = useDataPermission('dept', role?.id ?? null);
  const seal = useDataPermission('seal', role?.id ?? null);
  const details: Record<DataPermissionKind, typeof dept> = { dept, seal };
  const [scopes, setScopes] = useState<Record<DataPermissionKind, DataScope>>({ dept: 'none', seal: 'none' });
  const save = useRpMutation(async (roleId: number) => {
    for (const kind of KINDS) await rpCalls.saveData({ kind, body: scopeSaveBody(roleId, scopes[kind], details[kind].data) });
  }, '保存成功');

  useEffect(() => setScopes((s) => ({ ...s, dept: scopeOf(dept.data) })), [dept.data]);
  useEffect(() => setScopes((s) => ({ ...s, seal: scopeOf(seal.data) })), [seal.data]);

  const dirty = KINDS.some((k) => details[k].data && scopes[k] !== scopeOf(details[k].data));
  const requestClose = () => closeWithGuard(modal, !readOnly && dirty, onClose);

  return (
    <Drawer
      title={role ? `数据权限 · ${role.name}` : '数据权限'}
      open={role !== null}
      size={560}
      onClose={requestClose}
      mask={{ closable: false }}
      destroyOnHidden
      className="data-permission-drawer"
      footer={
        !readOnly && (
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={requestClose}>取消</Button>
            <Button
              type="primary"
              loading={save.isPending}
              disabled={dept.isLoading || seal.isLoading}
              onClick={() =>
                role &&
                void save
                  .mutateAsync(role.id)
                  .then(onClose)
                  .catch(() => undefined)
              }
            >
              保存
            </Button>
          </Space>
        )
      }
    >
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title="数据权限决定该角色的成员能看到哪些部门的员工数据、能使用哪些印章。" description="按部门、按印章逐个选择的功能将随组织架构与电子合同模块提供；目前可设置为全部或不授权。" />
        {KINDS.map((kind) => (
          <ScopeSection key={kind} kind={kind} detail={details[kind].data} loading={details[kind].isLoading} value={scopes[kind]} onChange={(v) => setScopes((s) => ({ ...s, [kind]: v }))} readOnly={readOnly} />
        ))}
      </Flex>
    </Drawer>
  );
}
