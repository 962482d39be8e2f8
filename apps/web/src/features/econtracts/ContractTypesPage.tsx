import type { ContractTypeView } from '@wfsaas/contracts';
import { App, Button, Empty, Flex, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { EC_TYPE_EDIT, ecCalls, useContractTypes, useInvalidateContracts } from './econtracts.api.ts';

type TypeValues = { name: string; remark?: string };

function TypeDrawer({ editing, onClose }: { editing: ContractTypeView | 'new' | null; onClose: () => void }) {
  const invalidate = useInvalidateContracts();
  const save = useAction(
    (target: ContractTypeView | 'new', v: TypeValues) => ecCalls.saveType({ ...(target === 'new' ? {} : { id: target.id }), name: v.name.trim(), remark: v.remark?.trim() ?? '' }),
    { success: '保存成功', invalidate, onSuccess: onClose },
  );
  return (
    <FormDrawer<TypeValues>
      open={editing !== null}
      title={editing === 'new' ? '新增合同类型' : '编辑合同类型'}
      onClose={onClose}
      onSubmit={(v) => editing && save.run(editing, v)}
      values={editing === null || editing === 'new' ? {} : { name: editing.name, remark: editing.remark }}
      className="type-drawer"
      okClassName="type-save"
      width={378}
    >
      <Form.Item name="name" label="类型名称" rules={[{ required: true, whitespace: true, message: '请填写类型名称' }, { max: 30, message: '不能超过 30 个字' }]}>
        <Input maxLength={30} placeholder="例如：劳动合同、保密协议" aria-label="类型名称" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '不能超过 200 个字' }]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormDrawer>
  );
}

/** /qszx-vite/initType (初始化分类): the company's contract types. */
export default function ContractTypesPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[EC_TYPE_EDIT] === true;
  const types = useContractTypes();
  const invalidate = useInvalidateContracts();
  const [editing, setEditing] = useState<ContractTypeView | 'new' | null>(null);
  // a refused removal (a type still in use) refreshes the list too
  const remove = useAction((id: number) => ecCalls.removeType(id).finally(invalidate), { success: '删除成功' });
  const columns: TableColumnsType<ContractTypeView> = [
    { title: '类型名称', dataIndex: 'name', width: 220 },
    { title: '备注', dataIndex: 'remark', render: (v: string) => v || '—' },
    { title: '模板数', dataIndex: 'templateCount', width: 100, align: 'right' },
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_: unknown, r: ContractTypeView) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    confirmDelete(
                      modal,
                      () => remove.run(r.id),
                      `删除合同类型「${r.name}」？仍有模板使用的类型不能删除。`,
                    )
                  }
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={16} className="contract-types-page">
      <PageHeader
        title="初始化分类"
        description="合同类型用于归类模板与合同，并作为合同列表的筛选条件。"
        extra={
          canEdit && (
            <Button type="primary" onClick={() => setEditing('new')} className="type-new">
              新增类型
            </Button>
          )
        }
      />
      <Panel>
        <Table<ContractTypeView> rowKey="id" size="middle" loading={types.isFetching} dataSource={types.data ?? []} columns={columns} pagination={false} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无合同类型，点击新增类型" /> }} />
      </Panel>
      <TypeDrawer editing={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
