import { Badge, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { badgeFor, menuSelection, type MenuNode } from '../menu/menu.ts';
import { RouteIcon } from './icons.tsx';

type Item = Required<MenuProps>['items'][number];

/** Counts behind menu badges (billCount, workOrderCount, exportingCount: the routes' badgeKey). */
export type BadgeCounts = Readonly<Record<string, number | undefined>>;

function toItems(nodes: readonly MenuNode[], counts: BadgeCounts, level: number): Item[] {
  return nodes.map((n): Item => {
    const icon = level === 0 ? <RouteIcon name={n.icon} /> : undefined;
    if (n.children.length > 0) return { key: n.name, icon, label: n.title, children: toItems(n.children, counts, level + 1) };
    const badge = badgeFor(n, counts);
    return {
      key: n.name,
      icon,
      label: (
        <Link to={n.path} data-menu-name={n.name}>
          {n.title}
          {badge !== null && <Badge count={badge} size="small" style={{ marginInlineStart: 8 }} />}
        </Link>
      ),
    };
  });
}

/**
 * The side menu of the selected group, highlighting the one entry of `routeName` (menuSelection:
 * the route's own entry, or for a hidden page the entry it hangs under).
 */
export function SideMenu({ tree, routeName, counts, collapsed }: { tree: readonly MenuNode[]; routeName: string | undefined; counts: BadgeCounts; collapsed: boolean }) {
  const selection = useMemo(() => menuSelection(routeName), [routeName]);
  const [openKeys, setOpenKeys] = useState<string[]>(selection.openKeys);
  useEffect(() => {
    setOpenKeys((prev) => Array.from(new Set([...prev, ...selection.openKeys])));
  }, [selection]);
  const items = useMemo(() => toItems(tree, counts, 0), [tree, counts]);
  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={selection.selectedKey ? [selection.selectedKey] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
