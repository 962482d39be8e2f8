import type { DepartmentNode } from '@wfsaas/contracts';
import { Alert, Form, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { orgCalls, useDepartmentOptions, useOrgMutation } from './org.api.ts';
import { toTreeSelectData } from './org-tree.ts';

/** 合并到…: the source's sub-departments, employees and positions move to the chosen department; the source is removed. */
export function MergeDepartmentModal({ source, onClose }: { source: DepartmentNode | null; onClose: () => void }) {
  const [form] = Form.useForm<{ targetId: number }>();
  const options = useDepartmentOptions();
  const merge = useOrgMutation(orgCalls.mergeDepartments, '合并成功');
  const treeData = useMemo(() => toTreeSelectData(options.data ?? [], { disableSubtreeOf: source?.id ?? null }), [options.data, source]);

  useEffect(() => {
    if (source) form.resetFields();
  }, [source, form]);

  const submit = async ({ targetId }: { targetId: number }) => {
    if (!source) return;
    await merge.mutateAsync({ sourceId: source.id, targetId });
    onClose();
  };

  return (
    <Modal
      title={source ? `合并部门：${source.name}` : '合并部门'}
      open={source !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确定合并"
      cancelText="取消"
      confirmLoading={merge.isPending}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={`合并后，「${source?.name ?? ''}」的下级部门、员工（${source?.ownActual ?? 0} 人在职）和职位将并入目标部门，编制人数累加到目标部门，「${source?.name ?? ''}」将被删除。`}
      />
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => undefined)} className="merge-form">
        <Form.Item name="targetId" label="合并到" rules={[{ required: true, message: '请选择目标部门' }]} extra="不能选择本部门及其下级部门">
          <TreeSelect treeData={treeData} showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll placeholder="请选择目标部门" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
