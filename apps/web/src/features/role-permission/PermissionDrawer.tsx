import { App, Alert, Button, Drawer, Empty, Flex, Input, Space, Spin, Tag, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import {
  allSelectableKeys,
  countChecked,
  filterTree,
  groupByMenuType,
  indexTree,
  initialChecked,
  keysToSave,
  toggleKey,
  treeCheckState,
  type PermissionTreeNode,
} from './permission-tree.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { rpCalls, useInvalidateRp, usePermissionTree } from './role-permission.api.ts';

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const k of a) if (!b.has(k)) return false;
  return true;
}

function toTreeData(nodes: readonly PermissionTreeNode[], readOnly: boolean): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: (
      <span data-permission-key={n.key} style={{ fontWeight: n.type === 'group' ? 600 : undefined, color: n.disabled && n.type !== 'group' ? 'rgba(0,0,0,0.25)' : 'rgba(0,0,0,0.88)' }}>
        {n.title}
        {n.type === 'action' && (
          <Tag color="blue" variant="filled" style={{ marginInlineStart: 8, fontSize: 12 }}>
            操作
          </Tag>
        )}
        {n.type !== 'group' && n.disabled && (
          <Tag variant="filled" style={{ marginInlineStart: 8, fontSize: 12 }}>
            未开通
          </Tag>
        )}
      </span>
    ),
    disableCheckbox: readOnly || (n.type !== 'group' && n.disabled && n.children.length === 0),
    children: toTreeData(n.children, readOnly),
  }));
}

/** The permission tree of a role: menus and their 操作 keys, grouped by menu group; saved as a whole. */
export function PermissionDrawer({ role, readOnly, onClose }: { role: { id: number; name: string } | null; readOnly: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const tree = usePermissionTree(role?.id ?? null);
  const save = useAction(rpCalls.savePermissions, { success: '保存成功', invalidate: useInvalidateRp(), onSuccess: onClose });
  const groups = useMemo(() => groupByMenuType(tree.data ?? []), [tree.data]);
  const index = useMemo(() => indexTree(groups), [groups]);
  const original = useMemo(() => initialChecked(tree.data ?? []), [tree.data]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);

  useEffect(() => {
    setChecked(new Set(original));
    setExpanded(groups.map((g) => g.key));
    setKeyword('');
  }, [original, groups]);

  const filtered = useMemo(() => filterTree(groups, keyword), [groups, keyword]);
  const treeData = useMemo(() => toTreeData(filtered.nodes, readOnly), [filtered.nodes, readOnly]);
  const state = useMemo(() => treeCheckState(index, checked), [index, checked]);
  const counts = countChecked(index, checked);
  const dirty = !sameSet(checked, original);
  const searching = keyword.trim() !== '';

  const requestClose = () => closeWithGuard(modal, !readOnly && dirty, onClose);
  const submit = () => role && void save.run({ roleId: role.id, permissionKeys: keysToSave(index, checked) });

  return (
    <Drawer
      title={role ? `${readOnly ? '查看权限' : '权限设置'} · ${role.name}` : '权限设置'}
      open={role !== null}
      size={720}
      onClose={requestClose}
      mask={{ closable: false }}
      destroyOnHidden
      className="permission-drawer"
      footer={
        !readOnly && (
          <Flex justify="space-between" align="center">
            <span style={{ color: 'rgba(0,0,0,0.45)' }} className="permission-count">
              已选 {counts.menus} 个菜单、{counts.actions} 项操作
            </span>
            <Space>
              <Button onClick={requestClose}>取消</Button>
              <Button type="primary" loading={save.pending} disabled={tree.isLoading} onClick={submit}>
                保存
              </Button>
            </Space>
          </Flex>
        )
      }
    >
      <Flex vertical gap={12}>
        <Alert
          type="info"
          showIcon
          title={
            readOnly
              ? '勾选的项为该角色已授予的权限（只读）。如需修改，请联系企业管理员开通「编辑角色与权限」。'
              : '勾选菜单即授予该页面的访问权限，「操作」为页面内的编辑类权限。勾选下级时会同时勾选其上级菜单；标记「未开通」的功能需先由企业开通。'
          }
        />
        <Flex gap={8} wrap>
          <Input.Search placeholder="搜索权限名称" allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ flex: 1, minWidth: 220 }} className="permission-search" />
          <Button onClick={() => setExpanded(index.order.filter((k) => (index.nodes.get(k)?.children.length ?? 0) > 0))} disabled={searching}>
            展开全部
          </Button>
          <Button onClick={() => setExpanded([])} disabled={searching}>
            收起
          </Button>
          {!readOnly && (
            <>
              <Button onClick={() => setChecked(allSelectableKeys(index))}>全选</Button>
              <Button onClick={() => setChecked(new Set())}>清空</Button>
            </>
          )}
        </Flex>
        {tree.isLoading ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? '没有匹配的权限，换个关键词试试' : '本企业尚未开通任何功能权限'} />
        ) : (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            blockNode
            treeData={treeData}
            checkedKeys={state}
            expandedKeys={searching ? filtered.expanded : expanded}
            onExpand={(keys) => {
              if (!searching) setExpanded(keys.map(String));
            }}
            onCheck={(_, info) => {
              if (readOnly) return;
              setChecked((prev) => toggleKey(index, prev, String(info.node.key), info.checked));
            }}
            className="permission-tree"
            style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 8 }}
          />
        )}
      </Flex>
    </Drawer>
  );
}
