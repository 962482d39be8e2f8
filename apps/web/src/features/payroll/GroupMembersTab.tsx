import { EMPLOYMENT_TYPES, type DepartmentOption, type GroupMemberView } from '@wfsaas/contracts';
import { Button, Card, Checkbox, Col, Empty, Flex, Form, Row, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import type { GroupDraft } from './group-draft.ts';
import { useDepartments, useEmployeeSearch, useGroupMembers } from './payroll.api.ts';

const NO_FILTERS = {};

type TreeNode = { value: number; title: string; children: TreeNode[] };

function departmentTree(list: DepartmentOption[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>(list.map((d) => [d.id, { value: d.id, title: d.name, children: [] }]));
  const roots: TreeNode[] = [];
  for (const d of [...list].sort((a, b) => a.sort - b.sort)) {
    const n = nodes.get(d.id)!;
    const parent = d.parentId !== null ? nodes.get(d.parentId) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

/** 人员范围: the rules (departments, employment types), hand-made additions and removals, the saved members. */
export function MembersTab({ groupId, draft, patch }: { groupId: number | null; draft: GroupDraft; patch: (p: Partial<GroupDraft>) => void }) {
  const departments = useDepartments();
  const tree = useMemo(() => departmentTree(departments.data ?? []), [departments.data]);
  const query = useListQuery({ name: 'group-members', schema: NO_FILTERS, prefix: 'members' });
  const members = useGroupMembers(groupId ? { id: groupId, ...query.page } : null);
  const [keyword, setKeyword] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(keyword.trim()), 400);
    return () => clearTimeout(t);
  }, [keyword]);
  const search = useEmployeeSearch(debounced);
  const [names, setNames] = useState<Record<number, string>>({});

  const add = (id: number, name: string) => {
    setNames((n) => ({ ...n, [id]: name }));
    patch({ includeEmployeeIds: [...new Set([...draft.includeEmployeeIds, id])], excludeEmployeeIds: draft.excludeEmployeeIds.filter((x) => x !== id) });
  };
  const remove = (m: GroupMemberView) => {
    setNames((n) => ({ ...n, [m.employeeId]: m.name }));
    patch({ includeEmployeeIds: draft.includeEmployeeIds.filter((x) => x !== m.employeeId), excludeEmployeeIds: m.via === 'rule' ? [...new Set([...draft.excludeEmployeeIds, m.employeeId])] : draft.excludeEmployeeIds });
  };
  const label = (id: number) => names[id] ?? members.data?.data.find((m) => m.employeeId === id)?.name ?? `员工 ${id}`;

  return (
    <Flex vertical gap={20} className="group-members">
      <Card size="small" title="按规则匹配" styles={{ body: { paddingBottom: 8 } }}>
        <Form layout="vertical">
          <Row gutter={24}>
            <Col span={12}>
              <Form.Item label="适用部门" extra="含下级部门；不选表示全部部门">
                <TreeSelect
                  multiple
                  treeCheckable
                  showCheckedStrategy={TreeSelect.SHOW_PARENT}
                  treeDefaultExpandAll
                  allowClear
                  placeholder="全部部门"
                  loading={departments.isLoading}
                  treeData={tree}
                  value={draft.departmentIds}
                  onChange={(v: number[]) => patch({ departmentIds: v })}
                  maxTagCount={4}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="用工类型" extra="不选表示全部用工类型">
                <Checkbox.Group value={draft.employmentTypes} onChange={(v) => patch({ employmentTypes: v as number[] })} options={EMPLOYMENT_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card size="small" title="手动调整">
        <Flex vertical gap={12}>
          <Space.Compact style={{ width: 420 }}>
            <Select
              showSearch
              filterOption={false}
              value={null}
              placeholder="搜索姓名、工号或手机号，添加到薪资组"
              onSearch={setKeyword}
              loading={search.isFetching}
              style={{ width: '100%' }}
              className="member-add"
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有找到员工" />}
              options={(search.data ?? []).map((e) => ({ value: e.id, label: `${e.name}${e.employeeNo ? `（${e.employeeNo}）` : ''} ${e.departmentName ?? ''}` }))}
              onChange={(v: number | null) => {
                const e = search.data?.find((x) => x.id === v);
                if (e) add(e.id, e.name);
              }}
            />
          </Space.Compact>
          <div>
            <Typography.Text type="secondary">手动添加：</Typography.Text>
            {draft.includeEmployeeIds.length === 0 ? (
              <Typography.Text type="secondary">无</Typography.Text>
            ) : (
              draft.includeEmployeeIds.map((id) => (
                <Tag key={id} closable color="blue" onClose={() => patch({ includeEmployeeIds: draft.includeEmployeeIds.filter((x) => x !== id) })}>
                  {label(id)}
                </Tag>
              ))
            )}
          </div>
          <div>
            <Typography.Text type="secondary">手动移除：</Typography.Text>
            {draft.excludeEmployeeIds.length === 0 ? (
              <Typography.Text type="secondary">无</Typography.Text>
            ) : (
              draft.excludeEmployeeIds.map((id) => (
                <Tag key={id} closable onClose={() => patch({ excludeEmployeeIds: draft.excludeEmployeeIds.filter((x) => x !== id) })}>
                  {label(id)}
                </Tag>
              ))
            )}
          </div>
        </Flex>
      </Card>
      <Card size="small" title={groupId ? `当前人员（已保存的范围，共 ${members.data?.pageMessage.total ?? 0} 人）` : '当前人员'}>
        {groupId ? (
          <ListTable<GroupMemberView, typeof NO_FILTERS>
            rowKey="employeeId"
            size="small"
            query={query}
            result={members}
            empty="没有员工符合范围，调整部门或用工类型，或手动添加"
            columns={[
              { title: '工号', dataIndex: 'employeeNo', width: 140, render: (v: string | null) => v ?? '—' },
              { title: '姓名', dataIndex: 'name', width: 120 },
              { title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
              { title: '用工类型', dataIndex: 'employmentType', width: 110, render: (v: number | null) => EMPLOYMENT_TYPES.find((t) => t.value === v)?.label ?? '—' },
              { title: '加入方式', dataIndex: 'via', width: 100, render: (v: string) => (v === 'manual' ? <Tag color="blue">手动添加</Tag> : <Tag>规则匹配</Tag>) },
              {
                title: '操作',
                key: 'a',
                width: 90,
                render: (_: unknown, m) =>
                  draft.excludeEmployeeIds.includes(m.employeeId) ? (
                    <Typography.Text type="secondary">待移除</Typography.Text>
                  ) : (
                    <Button type="link" size="small" danger onClick={() => remove(m)}>
                      移除
                    </Button>
                  ),
              },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">保存薪资组后显示符合范围的人员。</Typography.Text>
        )}
      </Card>
    </Flex>
  );
}
