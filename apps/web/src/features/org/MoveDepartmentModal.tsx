import type { DepartmentNode } from '@wfsaas/contracts';
import { Form, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { orgCalls, useDepartmentOptions, useOrgMutation } from './org.api.ts';
import { toTreeSelectData } from './org-tree.ts';

/** The company itself as a choice: moves a department to the top level. */
const TOP = 0;

/** 移动到…: the keyboard-friendly way to do what dragging in the tree does (to the end of the new parent's list). */
export function MoveDepartmentModal({ source, companyName, onClose }: { source: DepartmentNode | null; companyName: string; onClose: () => void }) {
  const [form] = Form.useForm<{ parentId: number }>();
  const options = useDepartmentOptions();
  const move = useOrgMutation(orgCalls.moveDepartment, '部门已移动');
  const treeData = useMemo(() => [{ value: TOP, key: TOP, title: `${companyName}（一级部门）`, children: toTreeSelectData(options.data ?? [], { disableSubtreeOf: source?.id ?? null }) }], [options.data, source, companyName]);

  useEffect(() => {
    if (source) form.setFieldsValue({ parentId: source.parentId ?? TOP });
  }, [source, form]);

  const submit = async ({ parentId }: { parentId: number }) => {
    if (!source) return;
    await move.mutateAsync({ id: source.id, parentId: parentId === TOP ? null : parentId, sort: 100_000 });
    onClose();
  };

  return (
    <Modal title={source ? `移动部门：${source.name}` : '移动部门'} open={source !== null} onCancel={onClose} onOk={() => form.submit()} okText="确定" cancelText="取消" confirmLoading={move.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => undefined)} className="move-form">
        <Form.Item name="parentId" label="新的上级部门" rules={[{ required: true, message: '请选择上级部门' }]} extra="下级部门随之一起移动；也可以在部门树中直接拖动部门。">
          <TreeSelect treeData={treeData} showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll placeholder="请选择上级部门" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
