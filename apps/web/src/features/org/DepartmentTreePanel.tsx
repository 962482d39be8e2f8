import { ApartmentOutlined, MoreOutlined } from '@ant-design/icons';
import type { DepartmentNode } from '@wfsaas/contracts';
import { Button, Dropdown, Empty, Flex, Input, Switch, Tag, Tree, type MenuProps, type TreeDataNode, type TreeProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { dropModeOf, flattenDepartments, matchingIds, type DropMode } from './org-tree.ts';

/** The company itself: the root of the tree on screen (not a department). */
export const COMPANY_KEY = 0;

export type DepartmentAction = 'addChild' | 'edit' | 'move' | 'merge' | 'disable' | 'enable' | 'delete';

type Props = {
  companyName: string;
  nodes: DepartmentNode[];
  selectedId: number;
  onSelect: (id: number) => void;
  /** null: read-only (no menus, no dragging) */
  onAction: ((action: DepartmentAction, node: DepartmentNode) => void) | null;
  onAddTop?: () => void;
  onDrop?: (dragId: number, targetId: number, mode: DropMode) => void;
  includeDisabled?: boolean;
  onIncludeDisabled?: (v: boolean) => void;
  totals: { plan: number; actual: number };
};

function menuItems(node: DepartmentNode): MenuProps['items'] {
  const active = node.status === 1;
  return [
    ...(active ? [{ key: 'addChild', label: '新增下级部门' }] : []),
    { key: 'edit', label: '编辑' },
    { key: 'move', label: '移动到…' },
    ...(active ? [{ key: 'merge', label: '合并到…' }] : []),
    active ? { key: 'disable', label: '停用' } : { key: 'enable', label: '启用' },
    { type: 'divider' as const },
    { key: 'delete', label: '删除', danger: true },
  ];
}

/** The department tree: search, right-click or ⋯ menu per department, drag and drop to move. */
export function DepartmentTreePanel({ companyName, nodes, selectedId, onSelect, onAction, onAddTop, onDrop, includeDisabled, onIncludeDisabled, totals }: Props) {
  const [keyword, setKeyword] = useState('');
  const allKeys = useMemo(() => [COMPANY_KEY, ...flattenDepartments(nodes).map((n) => n.id)], [nodes]);
  const [expanded, setExpanded] = useState<number[]>(allKeys);
  const byId = useMemo(() => new Map(flattenDepartments(nodes).map((n) => [n.id, n])), [nodes]);
  const search = useMemo(() => matchingIds(nodes, keyword), [nodes, keyword]);

  // New departments (added, imported, moved) show expanded.
  useEffect(() => {
    setExpanded((prev) => [...new Set([...prev, ...allKeys])]);
  }, [allKeys]);
  useEffect(() => {
    if (keyword.trim()) setExpanded([COMPANY_KEY, ...search.visible]);
  }, [keyword, search]);

  const treeData = useMemo<TreeDataNode[]>(() => {
    const k = keyword.trim();
    const build = (list: DepartmentNode[]): TreeDataNode[] =>
      list.filter((n) => !k || search.visible.has(n.id)).map((n) => ({ key: n.id, title: n.name, children: build(n.children) }));
    return [{ key: COMPANY_KEY, title: companyName, children: build(nodes) }];
  }, [nodes, companyName, keyword, search]);

  const title = (data: TreeDataNode) => {
    const id = Number(data.key);
    if (id === COMPANY_KEY) {
      return (
        <Flex align="center" gap={6} className="org-tree-node" data-id={COMPANY_KEY}>
          <ApartmentOutlined style={{ color: '#1677ff' }} />
          <span style={{ fontWeight: 600 }}>{companyName}</span>
          <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
            {totals.actual}/{totals.plan}
          </span>
        </Flex>
      );
    }
    const n = byId.get(id);
    if (!n) return String(data.title);
    const label = (
      <Flex align="center" gap={6} className="org-tree-node" data-id={n.id} style={{ minWidth: 0 }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: search.matched.has(n.id) ? 600 : undefined, color: search.matched.has(n.id) ? '#1677ff' : undefined }}>{n.name}</span>
        {n.status !== 1 && <Tag style={{ marginInlineEnd: 0 }}>已停用</Tag>}
        <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, flex: 'none' }} title="在职/编制（含下级）">
          {n.subtreeActual}/{n.subtreePlan}
        </span>
      </Flex>
    );
    if (!onAction) return label;
    const menu: MenuProps = { items: menuItems(n), onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), onAction(key as DepartmentAction, n)) };
    return (
      <Dropdown menu={menu} trigger={['contextMenu']}>
        <Flex align="center" justify="space-between" gap={4} style={{ width: '100%' }}>
          {label}
          <Dropdown menu={menu} trigger={['click']}>
            <Button type="text" size="small" className="org-node-more" icon={<MoreOutlined />} aria-label={`${n.name}的操作`} onClick={(e) => e.stopPropagation()} />
          </Dropdown>
        </Flex>
      </Dropdown>
    );
  };

  const handleDrop: TreeProps['onDrop'] = (info) => {
    if (!onDrop) return;
    const dragId = Number(info.dragNode.key);
    const targetId = Number(info.node.key);
    const mode = dropModeOf({ dropToGap: info.dropToGap, dropPosition: info.dropPosition, nodePos: info.node.pos });
    onDrop(dragId, targetId, mode);
  };

  return (
    <Flex vertical gap={12} style={{ height: '100%' }}>
      <Flex gap={8}>
        <Input.Search placeholder="搜索部门名称或编码" allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        {onAddTop && (
          <Button type="primary" onClick={onAddTop}>
            新增
          </Button>
        )}
      </Flex>
      {onIncludeDisabled && (
        <Flex align="center" gap={8} style={{ color: 'rgba(0,0,0,0.65)' }}>
          <Switch size="small" checked={includeDisabled} onChange={onIncludeDisabled} />
          显示已停用部门
        </Flex>
      )}
      {nodes.length === 0 ? (
        <Empty description="暂无部门，点击新增或导入部门" />
      ) : (
        <Tree
          className="org-tree"
          blockNode
          showLine
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(Number))}
          selectedKeys={[selectedId]}
          onSelect={(keys, info) => onSelect(keys.length > 0 ? Number(keys[0]) : Number(info.node.key))}
          titleRender={title}
          draggable={onDrop ? { icon: false, nodeDraggable: (n) => Number(n.key) !== COMPANY_KEY } : false}
          allowDrop={({ dropNode, dropPosition }) => Number(dropNode.key) !== COMPANY_KEY || dropPosition === 0}
          onDrop={handleDrop}
        />
      )}
    </Flex>
  );
}
