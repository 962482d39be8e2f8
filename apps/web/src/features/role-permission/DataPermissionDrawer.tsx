import type { DataPermissionDetail, DataPermissionKind } from '@wfsaas/contracts';
import { App, Alert, Button, Drawer, Flex, Radio, Select, Space, Spin, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { useDepartmentOptions } from '../employees/employees.api.ts';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { SEAL_READ, useAllSeals } from '../esign/esign.api.ts';
import { toTreeSelectData } from '../org/org-tree.ts';
import { DATA_KIND_LABEL, PICKABLE_KINDS, scopeChanged, scopeOf, scopeSaveBody, scopeSummary, validateScope, withMissingTargets, type DataScope } from './data-scope.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { rpCalls, useDataPermission, useInvalidateRp } from './role-permission.api.ts';

const KINDS: readonly DataPermissionKind[] = ['dept', 'seal'];

const SCOPE_HELP: Record<DataPermissionKind, { all: string; none: string; custom: string }> = {
  dept: { all: '可查看和管理本企业全部部门的员工数据', none: '不可查看任何部门的员工数据', custom: '只可查看和管理所选部门的员工数据；勾选上级部门即同时勾选其全部下级部门' },
  seal: { all: '可查看和使用本企业全部印章', none: '不可查看或使用任何印章', custom: '只可查看和使用所选印章' },
};

type Choice = { scope: DataScope; targetIds: number[] };

function choiceOf(detail: DataPermissionDetail | undefined): Choice {
  return { scope: scopeOf(detail), targetIds: [...(detail?.targetIds ?? [])] };
}

/** The company's departments as a checkable tree (departments saved earlier but gone since are listed at the end). */
function DepartmentsPicker({ value, onChange, disabled, error }: { value: number[]; onChange: (ids: number[]) => void; disabled: boolean; error: string | null }) {
  const options = useDepartmentOptions();
  const tree = useMemo(() => toTreeSelectData(options.data ?? []), [options.data]);
  const treeData = useMemo(() => (options.data ? withMissingTargets(tree, value) : tree), [options.data, tree, value]);
  return (
    <div style={{ paddingLeft: 24 }}>
      <TreeSelect
        value={value}
        onChange={(v: number[]) => onChange(v ?? [])}
        treeData={treeData}
        multiple
        treeCheckable
        showCheckedStrategy={TreeSelect.SHOW_ALL}
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeDefaultExpandAll
        maxTagCount="responsive"
        allowClear
        disabled={disabled}
        loading={options.isLoading}
        placeholder="请选择部门（可搜索）"
        status={error ? 'error' : undefined}
        style={{ width: '100%' }}
        className="data-scope-departments"
      />
      {error && <div style={{ color: '#ff4d4f', fontSize: 12, marginTop: 4 }}>{error}</div>}
    </div>
  );
}

/** The company's seals to choose from (seals chosen earlier but removed since are listed by id). */
function SealsPicker({ value, onChange, disabled, error }: { value: number[]; onChange: (ids: number[]) => void; disabled: boolean; error: string | null }) {
  const canList = usePermissions().map[SEAL_READ] === true;
  const seals = useAllSeals(canList);
  const options = useMemo(() => {
    const list = (seals.data ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.typeLabel}${s.status === 1 ? '' : '，已停用'}）` }));
    const known = new Set(list.map((o) => o.value));
    const missingLabel = canList ? '已删除的印章' : '印章';
    const missing = (canList && !seals.data ? [] : value).filter((id) => !known.has(id)).map((id) => ({ value: id, label: `${missingLabel}（ID ${id}）` }));
    return [...list, ...missing];
  }, [seals.data, value, canList]);
  return (
    <div style={{ paddingLeft: 24 }}>
      <Select
        mode="multiple"
        value={value}
        onChange={(v: number[]) => onChange(v ?? [])}
        options={options}
        optionFilterProp="label"
        allowClear
        disabled={disabled}
        loading={seals.isLoading}
        placeholder="请选择印章（可搜索）"
        status={error ? 'error' : undefined}
        style={{ width: '100%' }}
        className="data-scope-seals"
        notFoundContent={canList ? '暂无印章，请先在「认证与印章」中生成或上传' : '您没有「印章管理」权限，无法查看印章列表'}
      />
      {error && <div style={{ color: '#ff4d4f', fontSize: 12, marginTop: 4 }}>{error}</div>}
    </div>
  );
}

function ScopeSection({
  kind,
  detail,
  loading,
  value,
  onChange,
  readOnly,
  error,
}: {
  kind: DataPermissionKind;
  detail: DataPermissionDetail | undefined;
  loading: boolean;
  value: Choice;
  onChange: (v: Choice) => void;
  readOnly: boolean;
  error: string | null;
}) {
  const label = DATA_KIND_LABEL[kind];
  const pickable = PICKABLE_KINDS.has(kind);
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
        <Flex vertical gap={10}>
          <Radio.Group value={value.scope} onChange={(e) => onChange({ ...value, scope: e.target.value as DataScope })} disabled={readOnly} style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
            <Radio value="all">
              全部{label}
              <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{SCOPE_HELP[kind].all}</div>
            </Radio>
            <Radio value="none">
              不授权
              <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{SCOPE_HELP[kind].none}</div>
            </Radio>
            {pickable ? (
              <Radio value="custom">
                指定{label}
                <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{SCOPE_HELP[kind].custom}</div>
              </Radio>
            ) : (
              scopeOf(detail) === 'custom' && (
                <Radio value="custom">
                  保持当前指定的 {detail!.targetIds.length} 个{label}
                </Radio>
              )
            )}
          </Radio.Group>
          {pickable && value.scope === 'custom' && kind === 'dept' && <DepartmentsPicker value={value.targetIds} onChange={(targetIds) => onChange({ ...value, targetIds })} disabled={readOnly} error={error} />}
          {pickable && value.scope === 'custom' && kind === 'seal' && <SealsPicker value={value.targetIds} onChange={(targetIds) => onChange({ ...value, targetIds })} disabled={readOnly} error={error} />}
        </Flex>
      )}
    </section>
  );
}

/** A role's data permissions: departments (all, none or chosen in the tree) and seals (all, none or chosen from the seal list). */
export function DataPermissionDrawer({ role, readOnly, onClose }: { role: { id: number; name: string } | null; readOnly: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const dept = useDataPermission('dept', role?.id ?? null);
  const seal = useDataPermission('seal', role?.id ?? null);
  const details: Record<DataPermissionKind, typeof dept> = { dept, seal };
  const [choices, setChoices] = useState<Record<DataPermissionKind, Choice>>({ dept: choiceOf(undefined), seal: choiceOf(undefined) });
  const [tried, setTried] = useState(false);
  const errors: Record<DataPermissionKind, string | null> = {
    dept: tried ? validateScope('dept', choices.dept.scope, choices.dept.targetIds) : null,
    seal: tried ? validateScope('seal', choices.seal.scope, choices.seal.targetIds) : null,
  };
  const save = useAction(
    async (roleId: number) => {
      for (const kind of KINDS) await rpCalls.saveData({ kind, body: scopeSaveBody(roleId, choices[kind].scope, choices[kind].targetIds) });
    },
    { success: '保存成功', invalidate: useInvalidateRp(), onSuccess: onClose },
  );

  useEffect(() => setChoices((s) => ({ ...s, dept: choiceOf(dept.data) })), [dept.data]);
  useEffect(() => setChoices((s) => ({ ...s, seal: choiceOf(seal.data) })), [seal.data]);
  useEffect(() => setTried(false), [role?.id]);

  const dirty = KINDS.some((k) => details[k].data && scopeChanged(details[k].data, choices[k].scope, choices[k].targetIds));
  const requestClose = () => closeWithGuard(modal, !readOnly && dirty, onClose);
  const submit = () => {
    setTried(true);
    if (!role || KINDS.some((k) => validateScope(k, choices[k].scope, choices[k].targetIds))) return;
    void save.run(role.id);
  };

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
              loading={save.pending}
              disabled={dept.isLoading || seal.isLoading}
              onClick={submit}
            >
              保存
            </Button>
          </Space>
        )
      }
    >
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title="数据权限决定该角色的成员能看到哪些部门的员工数据、能使用哪些印章。" description="部门可设置为全部、不授权或指定部门；印章可设置为全部、不授权或指定印章。" />
        {KINDS.map((kind) => (
          <ScopeSection
            key={kind}
            kind={kind}
            detail={details[kind].data}
            loading={details[kind].isLoading}
            value={choices[kind]}
            onChange={(v) => setChoices((s) => ({ ...s, [kind]: v }))}
            readOnly={readOnly}
            error={errors[kind]}
          />
        ))}
      </Flex>
    </Drawer>
  );
}
