import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import type { PositionItem } from '@wfsaas/contracts';
import { App, Button, Dropdown, Flex, Form, Input, Select, Space, Tag, TreeSelect, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { int, oneOf, text, type FiltersOf } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { orgCalls, useDepartmentOptions, useInvalidateOrg, usePositions } from './org.api.ts';
import { toTreeSelectData } from './org-tree.ts';

const SCHEMA = { keyword: text, departmentId: int, scope: oneOf(['company', 'department'] as const), status: oneOf([0, 1] as const) };
type Filters = FiltersOf<typeof SCHEMA>;
type FormValues = { name: string; code?: string; departmentId?: number | null; description?: string };

const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

function PositionFormDrawer({ position, open, onClose }: { position: PositionItem | null; open: boolean; onClose: () => void }) {
  const options = useDepartmentOptions();
  const treeData = useMemo(() => toTreeSelectData(options.data ?? []), [options.data]);
  const save = useAction(orgCalls.savePosition, { success: '保存成功', invalidate: useInvalidateOrg(), onSuccess: onClose });
  return (
    <FormDrawer<FormValues>
      title={position ? '编辑职位' : '新增职位'}
      open={open}
      onClose={onClose}
      values={position ? { name: position.name, code: position.code ?? '', departmentId: position.departmentId, description: position.description ?? '' } : {}}
      onSubmit={(v) => save.run({ ...(position ? { id: position.id } : {}), name: v.name.trim(), code: v.code?.trim() || null, departmentId: v.departmentId ?? null, description: v.description?.trim() || null })}
      formProps={{ className: 'position-form' }}
    >
      <Form.Item name="name" label="职位名称" rules={[{ required: true, whitespace: true, message: '请输入职位名称' }]}>
        <Input maxLength={50} showCount placeholder="如：前端工程师" allowClear />
      </Form.Item>
      <Form.Item
        name="code"
        label="职位编码"
        rules={[{ validator: (_, v: string | undefined) => (!v || CODE_RE.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error('职位编码只能包含字母、数字、-、_、.，且以字母或数字开头'))) }]}
      >
        <Input maxLength={30} placeholder="选填" allowClear />
      </Form.Item>
      <Form.Item name="departmentId" label="所属部门" extra="不选择时为全公司通用职位">
        <TreeSelect treeData={treeData} allowClear showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll placeholder="全公司通用" />
      </Form.Item>
      <Form.Item name="description" label="职位说明">
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder="岗位职责、任职要求（选填）" />
      </Form.Item>
    </FormDrawer>
  );
}

/** 职位: company-wide and departmental positions, filtered by department, scope, status and keyword. */
export function PositionsTab({ canEdit }: { canEdit: boolean }) {
  const { modal } = App.useApp();
  const [filterForm] = Form.useForm<Filters>();
  const query = useListQuery({ name: 'positions', schema: SCHEMA });
  const list = usePositions(query.params);
  const urlFilters = query.filters;
  useEffect(() => {
    // the fields start from the URL-kept filters; 重置 then clears them
    filterForm.setFieldsValue(urlFilters);
  }, []);
  const options = useDepartmentOptions(true);
  const treeData = useMemo(() => toTreeSelectData((options.data ?? []).map((o) => ({ ...o, status: 1 }))), [options.data]);
  const [editing, setEditing] = useState<PositionItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const setStatus = useAction(orgCalls.setPositionStatus, { success: (p) => (p.status === 1 ? '职位已启用' : '职位已停用'), invalidate: useInvalidateOrg() });
  const remove = useAction(orgCalls.deletePosition, { success: '删除成功', invalidate: useInvalidateOrg() });

  const apply = (v: Filters) => query.search({ keyword: v.keyword?.trim() || undefined, departmentId: v.departmentId, scope: v.scope, status: v.status });

  const columns: TableColumnsType<PositionItem> = [
    { title: '职位名称', dataIndex: 'name', width: 180, fixed: 'left' },
    { title: '职位编码', dataIndex: 'code', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '所属部门', dataIndex: 'departmentName', width: 160, render: (v: string | null) => v ?? <Tag color="blue">全公司通用</Tag> },
    { title: '在职人数', dataIndex: 'activeEmployeeCount', width: 90, align: 'right' },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => (s === 1 ? <StatusTag tone="success">启用</StatusTag> : <StatusTag tone="default">停用</StatusTag>) },
    { title: '职位说明', dataIndex: 'description', ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: (v: string) => formatDateTime(v) },
  ];
  if (canEdit) {
    columns.push({
      title: '操作',
      key: 'op',
      width: 130,
      fixed: 'right',
      render: (_, p) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setEditing(p);
              setFormOpen(true);
            }}
          >
            编辑
          </Button>
          <Dropdown
            menu={{
              items: [p.status === 1 ? { key: 'disable', label: '停用' } : { key: 'enable', label: '启用' }, { key: 'delete', label: '删除', danger: true }],
              onClick: ({ key }) => {
                if (key === 'delete') {
                  confirmDelete(modal, () => remove.run(p.id), `删除职位「${p.name}」后不可恢复。有在职员工任该职位时不能删除。`);
                } else void setStatus.run({ id: p.id, status: key === 'enable' ? 1 : 0 });
              },
            }}
          >
            <Button type="link" size="small">
              更多 <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={16}>
      <Form<Filters> form={filterForm} layout="inline" onFinish={apply} className="position-filters" style={{ rowGap: 12 }}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="职位名称或编码" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="departmentId" label="所属部门">
          <TreeSelect treeData={treeData} allowClear showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll placeholder="全部部门" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="scope" label="适用范围">
          <Select
            placeholder="全部"
            allowClear
            style={{ width: 140 }}
            options={[
              { value: 'company', label: '全公司通用' },
              { value: 'department', label: '部门职位' },
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            placeholder="全部"
            allowClear
            style={{ width: 100 }}
            options={[
              { value: 1, label: '启用' },
              { value: 0, label: '停用' },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              filterForm.resetFields();
              apply({});
            }}
          >
            重置
          </Button>
        </Space>
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            style={{ marginInlineStart: 'auto' }}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
            className="add-position"
          >
            新增职位
          </Button>
        )}
      </Form>
      <ListTable<PositionItem, typeof SCHEMA>
        query={query}
        result={list}
        rowKey="id"
        className="positions-table"
        columns={columns}
        scroll={{ x: 1100 }}
        empty="暂无职位，点击新增职位"
      />
      {canEdit && <PositionFormDrawer position={editing} open={formOpen} onClose={() => setFormOpen(false)} />}
    </Flex>
  );
}
