import { DownOutlined } from '@ant-design/icons';
import type { DepartmentNode } from '@wfsaas/contracts';
import { Button, Dropdown, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { EMPTY_TEXT } from '../../app/ui/format.ts';
import type { DepartmentAction } from './DepartmentTreePanel.tsx';
import { flattenDepartments, vacancy } from './org-tree.ts';

type Row = Omit<DepartmentNode, 'children'> & { children?: Row[] };

function toRows(nodes: readonly DepartmentNode[]): Row[] {
  return nodes.map(({ children, ...rest }) => (children.length > 0 ? { ...rest, children: toRows(children) } : rest));
}

/** 缺编 as a person reads it: vacancies in orange, over plan in red, no plan as —. */
export function VacancyCell({ value }: { value: number | null }) {
  if (value === null) return <span style={{ color: 'rgba(0,0,0,0.25)' }}>{EMPTY_TEXT}</span>;
  if (value > 0) return <span style={{ color: '#fa8c16', fontWeight: 500 }}>{value}</span>;
  if (value < 0) return <span style={{ color: '#ff4d4f', fontWeight: 500 }}>超编 {-value}</span>;
  return <span style={{ color: '#52c41a' }}>0</span>;
}

/** The departments of the selected subtree with planned (编制), actual (在职) and vacant (缺编) headcount, and totals. */
export function HeadcountTable({ nodes, onAction }: { nodes: DepartmentNode[]; onAction: ((action: DepartmentAction, node: DepartmentNode) => void) | null }) {
  const all = useMemo(() => flattenDepartments(nodes), [nodes]);
  const byId = new Map(all.map((n) => [n.id, n]));
  const withChildren = useMemo(() => all.filter((n) => n.children.length > 0).map((n) => n.id), [all]);
  const [expanded, setExpanded] = useState<readonly number[]>(withChildren);
  // Departments that gain sub-departments show expanded.
  useEffect(() => setExpanded((prev) => [...new Set([...prev, ...withChildren])]), [withChildren]);
  const totalPlan = all.reduce((s, n) => s + (n.headcountPlan ?? 0), 0);
  const totalActual = all.reduce((s, n) => s + n.ownActual, 0);
  const anyPlan = all.some((n) => n.headcountPlan !== null);

  const columns: TableColumnsType<Row> = [
    {
      title: '部门名称',
      dataIndex: 'name',
      width: 150,
      fixed: 'left',
      render: (name: string, r) => (
        <Space size={6}>
          <span>{name}</span>
          {r.status !== 1 && <Tag>已停用</Tag>}
        </Space>
      ),
    },
    { title: '部门编码', dataIndex: 'code', width: 84, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '负责人', dataIndex: 'leaderName', width: 72, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    {
      title: '本部门',
      children: [
        { title: '编制', dataIndex: 'headcountPlan', width: 62, align: 'right', render: (v: number | null) => v ?? EMPTY_TEXT },
        { title: '在职', dataIndex: 'ownActual', width: 62, align: 'right' },
        { title: '缺编', key: 'vacancy', width: 70, align: 'right', render: (_, r) => <VacancyCell value={vacancy(r.headcountPlan, r.ownActual)} /> },
      ],
    },
    {
      title: '含下级部门',
      children: [
        { title: '编制', dataIndex: 'subtreePlan', width: 62, align: 'right' },
        { title: '在职', dataIndex: 'subtreeActual', width: 62, align: 'right' },
        { title: '缺编', key: 'subtreeVacancy', width: 70, align: 'right', render: (_, r) => <VacancyCell value={r.subtreePlan === 0 && r.headcountPlan === null ? null : r.subtreePlan - r.subtreeActual} /> },
      ],
    },
  ];
  if (onAction) {
    columns.push({
      title: '操作',
      key: 'op',
      width: 108,
      fixed: 'right',
      render: (_, r) => {
        const node = byId.get(r.id)!;
        const active = node.status === 1;
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onAction('edit', node)}>
              编辑
            </Button>
            <Dropdown
              menu={{
                items: [
                  ...(active ? [{ key: 'addChild', label: '新增下级部门' }] : []),
                  { key: 'move', label: '移动到…' },
                  ...(active ? [{ key: 'merge', label: '合并到…' }, { key: 'disable', label: '停用' }] : [{ key: 'enable', label: '启用' }]),
                  { key: 'delete', label: '删除', danger: true },
                ],
                onClick: ({ key }) => onAction(key as DepartmentAction, node),
              }}
            >
              <Button type="link" size="small">
                更多 <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        );
      },
    });
  }

  return (
    <Table<Row>
      className="headcount-table"
      rowKey="id"
      size="small"
      bordered
      columns={columns}
      dataSource={toRows(nodes)}
      pagination={false}
      scroll={{ x: 'max-content' }}
      expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)), indentSize: 16 }}
      locale={{ emptyText: '暂无部门，点击新增或导入部门' }}
      summary={() =>
        all.length > 0 ? (
          <Table.Summary fixed>
            <Table.Summary.Row className="headcount-total">
              <Table.Summary.Cell index={0} colSpan={3}>
                <Typography.Text strong>合计（{all.length} 个部门）</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <Typography.Text strong>{anyPlan ? totalPlan : EMPTY_TEXT}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <Typography.Text strong>{totalActual}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <VacancyCell value={anyPlan ? totalPlan - totalActual : null} />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} colSpan={onAction ? 4 : 3} />
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
