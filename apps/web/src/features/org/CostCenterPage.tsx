import { PlusOutlined } from '@ant-design/icons';
import type { CostCenterItem } from '@wfsaas/contracts';
import { App, Button, Flex, Form, Input, Space, Tag, TreeSelect, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { text } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { EmployeeSelect } from './EmployeeSelect.tsx';
import { COST_CENTER_EDIT, ORG_API, orgCalls, useCostCenters, useDepartmentOptions, useInvalidateOrg } from './org.api.ts';
import { toTreeSelectData } from './org-tree.ts';

const SCHEMA = { keyword: text };

type FormValues = { code: string; name: string; ownerEmployeeId?: number | null; departmentIds?: { value: number; label: string }[]; description?: string };

function CostCenterDrawer({ item, open, onClose }: { item: CostCenterItem | null; open: boolean; onClose: () => void }) {
  const options = useDepartmentOptions();
  // Which cost centre each department already belongs to (a department belongs to at most one).
  const all = useCostCenters({ pageNum: 1, pageSize: 500 });
  const takenBy = useMemo(() => {
    const m = new Map<number, string>();
    for (const cc of all.data?.data ?? []) if (cc.id !== item?.id) for (const d of cc.departments) m.set(d.id, cc.name);
    return m;
  }, [all.data, item]);
  const treeData = useMemo(
    () => toTreeSelectData(options.data ?? [], { disabledIds: new Set(takenBy.keys()), hint: (id) => (takenBy.has(id) ? `已属于${takenBy.get(id)}` : null) }),
    [options.data, takenBy],
  );
  const save = useAction(orgCalls.saveCostCenter, { success: '保存成功', invalidate: useInvalidateOrg(), onSuccess: onClose });
  const values: Partial<FormValues> = item
    ? { code: item.code, name: item.name, ownerEmployeeId: item.ownerEmployeeId, departmentIds: item.departments.map((d) => ({ value: d.id, label: d.name })), description: item.description ?? '' }
    : {};

  return (
    <FormDrawer<FormValues>
      title={item ? '编辑成本中心' : '新增成本中心'}
      open={open}
      width={520}
      onClose={onClose}
      values={values}
      onSubmit={(v) =>
        save.run({
          ...(item ? { id: item.id } : {}),
          code: v.code.trim(),
          name: v.name.trim(),
          ownerEmployeeId: v.ownerEmployeeId ?? null,
          description: v.description?.trim() || null,
          departmentIds: (v.departmentIds ?? []).map((d) => d.value),
        })
      }
      formProps={{ className: 'cost-center-form' }}
    >
      <Form.Item
        name="code"
        label="成本中心编码"
        rules={[
          { required: true, whitespace: true, message: '请输入成本中心编码' },
          { pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/, message: '只能包含字母、数字、-、_、.，且以字母或数字开头' },
        ]}
      >
        <Input maxLength={30} placeholder="如：CC-RD" />
      </Form.Item>
      <Form.Item name="name" label="成本中心名称" rules={[{ required: true, whitespace: true, message: '请输入成本中心名称' }]}>
        <Input maxLength={50} showCount placeholder="如：研发成本中心" />
      </Form.Item>
      <Form.Item name="ownerEmployeeId" label="负责人">
        <EmployeeSelect url={ORG_API.costCenterOwnerOptions} initialLabel={item?.ownerName ?? null} />
      </Form.Item>
      <Form.Item name="departmentIds" label="关联部门" extra="一个部门只能属于一个成本中心；未单独关联的下级部门随上级部门计入。">
        <TreeSelect treeData={treeData} multiple treeCheckable treeCheckStrictly showCheckedStrategy={TreeSelect.SHOW_ALL} showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll placeholder="请选择部门" allowClear />
      </Form.Item>
      <Form.Item name="description" label="说明">
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </FormDrawer>
  );
}

/** /organizationalstructure/costCenter (成本中心): code, name, owner and the departments each covers. */
export default function CostCenterPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[COST_CENTER_EDIT] === true;
  const query = useListQuery({ name: 'costCenters', schema: SCHEMA });
  const [keywordInput, setKeywordInput] = useState(query.filters.keyword ?? '');
  const list = useCostCenters(query.params);
  const [editing, setEditing] = useState<{ open: boolean; item: CostCenterItem | null }>({ open: false, item: null });
  const remove = useAction(orgCalls.deleteCostCenter, { success: '删除成功', invalidate: useInvalidateOrg() });

  const columns: TableColumnsType<CostCenterItem> = [
    { title: '成本中心编码', dataIndex: 'code', width: 140, fixed: 'left' },
    { title: '成本中心名称', dataIndex: 'name', width: 180 },
    { title: '负责人', dataIndex: 'ownerName', width: 110, render: (v: string | null) => v ?? EMPTY_TEXT },
    {
      title: '关联部门',
      dataIndex: 'departments',
      render: (ds: CostCenterItem['departments']) =>
        ds.length === 0 ? (
          EMPTY_TEXT
        ) : (
          <Flex wrap gap={4}>
            {ds.map((d) => (
              <Tag key={d.id} style={{ marginInlineEnd: 0 }}>
                {d.name}
              </Tag>
            ))}
          </Flex>
        ),
    },
    { title: '说明', dataIndex: 'description', width: 180, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: (v: string) => formatDateTime(v) },
  ];
  if (canEdit) {
    columns.push({
      title: '操作',
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ open: true, item: c })}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              confirmDelete(modal, () => remove.run(c.id), `删除成本中心「${c.name}」后，其关联的部门将不再归属任何成本中心。`)
            }
          >
            删除
          </Button>
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={16} className="cost-center-page">
      <PageHeader
        title="成本中心"
        description="把部门归入成本中心，用于按成本中心归集和分摊人力成本。"
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, item: null })} className="add-cost-center">
              新增成本中心
            </Button>
          ) : undefined
        }
      />
      <Panel>
        <Flex gap={8} style={{ marginBottom: 16 }}>
          <Input.Search
            placeholder="成本中心编码或名称"
            allowClear
            enterButton="查询"
            style={{ width: 320 }}
            value={keywordInput}
            onChange={(e) => setKeywordInput(e.target.value)}
            onSearch={(v) => query.search({ keyword: v.trim() || undefined })}
          />
        </Flex>
        <ListTable<CostCenterItem, typeof SCHEMA> query={query} result={list} rowKey="id" className="cost-centers-table" columns={columns} scroll={{ x: 1000 }} empty="暂无成本中心，点击新增成本中心" />
      </Panel>
      {canEdit && <CostCenterDrawer open={editing.open} item={editing.item} onClose={() => setEditing({ open: false, item: null })} />}
    </Flex>
  );
}
