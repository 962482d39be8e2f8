import type { DepartmentNode } from '@wfsaas/contracts';
import { Form, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { orgCalls, useDepartmentOptions, useInvalidateOrg } from './org.api.ts';
import { toTreeSelectData } from './org-tree.ts';

/** The company itself as a choice: moves a department to the top level. */
const TOP = 0;

/** 移动到…: the keyboard-friendly way to do what dragging in the tree does (to the end of the new parent's list). */
export function MoveDepartmentModal({ source, companyName, onClose }: { source: DepartmentNode | null; companyName: string; onClose: () => void }) {
  const options = useDepartmentOptions();
  const move = useAction(orgCalls.moveDepartment, { success: '部门已移动', invalidate: useInvalidateOrg(), onSuccess: onClose });
  const treeData = useMemo(() => [{ value: TOP, key: TOP, title: `${companyName}（一级部门）`, children: toTreeSelectData(options.data ?? [], { disableSubtreeOf: source?.id ?? null }) }], [options.data, source, companyName]);

  return (
    <FormModal<{ parentId: number }>
      title={source ? `移动部门：${source.name}` : '移动部门'}
      open={source !== null}
      onClose={onClose}
      values={{ parentId: source?.parentId ?? TOP }}
      onSubmit={({ parentId }) => (source ? move.run({ id: source.id, parentId: parentId === TOP ? null : parentId, sort: 100_000 }) : undefined)}
      formProps={{ className: 'move-form' }}
    >
      <Form.Item name="parentId" label="新的上级部门" rules={[{ required: true, message: '请选择上级部门' }]} extra="下级部门随之一起移动；也可以在部门树中直接拖动部门。">
        <TreeSelect treeData={treeData} showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll placeholder="请选择上级部门" />
      </Form.Item>
    </FormModal>
  );
}
