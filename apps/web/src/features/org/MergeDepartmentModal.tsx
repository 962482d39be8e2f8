import type { DepartmentNode } from '@wfsaas/contracts';
import { Alert, Form, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { orgCalls, useDepartmentOptions, useInvalidateOrg } from './org.api.ts';
import { toTreeSelectData } from './org-tree.ts';

/** 合并到…: the source's sub-departments, employees and positions move to the chosen department; the source is removed. */
export function MergeDepartmentModal({ source, onClose }: { source: DepartmentNode | null; onClose: () => void }) {
  const options = useDepartmentOptions();
  const merge = useAction(orgCalls.mergeDepartments, { success: '合并成功', invalidate: useInvalidateOrg(), onSuccess: onClose });
  const treeData = useMemo(() => toTreeSelectData(options.data ?? [], { disableSubtreeOf: source?.id ?? null }), [options.data, source]);

  return (
    <FormModal<{ targetId: number }>
      title={source ? `合并部门：${source.name}` : '合并部门'}
      open={source !== null}
      onClose={onClose}
      onSubmit={({ targetId }) => (source ? merge.run({ sourceId: source.id, targetId }) : undefined)}
      okText="确定合并"
      formProps={{ className: 'merge-form' }}
      intro={
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`合并后，「${source?.name ?? ''}」的下级部门、员工（${source?.ownActual ?? 0} 人在职）和职位将并入目标部门，编制人数累加到目标部门，「${source?.name ?? ''}」将被删除。`}
        />
      }
    >
      <Form.Item name="targetId" label="合并到" rules={[{ required: true, message: '请选择目标部门' }]} extra="不能选择本部门及其下级部门">
        <TreeSelect treeData={treeData} showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll placeholder="请选择目标部门" />
      </Form.Item>
    </FormModal>
  );
}
