import type { DepartmentNode } from '@wfsaas/contracts';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { EmployeeSelect } from './EmployeeSelect.tsx';
import { ORG_API, orgCalls, useDepartmentOptions, useInvalidateOrg } from './org.api.ts';
import { toTreeSelectData } from './org-tree.ts';

type Values = { parentId?: number | null; name: string; code?: string; leaderEmployeeId?: number | null; headcountPlan?: number | null };

export type DepartmentFormTarget = { mode: 'add'; parentId: number | null } | { mode: 'edit'; department: DepartmentNode };

const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Adds a department (under a chosen parent) or edits its name, code, leader and planned headcount. */
export function DepartmentFormDrawer({ target, onClose, onSaved }: { target: DepartmentFormTarget | null; onClose: () => void; onSaved?: (id: number) => void }) {
  const options = useDepartmentOptions();
  const invalidate = useInvalidateOrg();
  const editing = target?.mode === 'edit' ? target.department : null;
  const save = useAction((v: Values) => {
    const common = { name: v.name.trim(), code: v.code?.trim() || null, leaderEmployeeId: v.leaderEmployeeId ?? null, headcountPlan: v.headcountPlan ?? null };
    return editing ? orgCalls.updateDepartment({ id: editing.id, ...common }) : orgCalls.addDepartment({ parentId: v.parentId ?? null, ...common });
  }, {
    success: '保存成功',
    invalidate,
    onSuccess: (out) => {
      onClose();
      onSaved?.(out.id);
    },
  });
  const treeData = useMemo(() => toTreeSelectData(options.data ?? []), [options.data]);
  const values: Partial<Values> =
    target?.mode === 'edit'
      ? { name: target.department.name, code: target.department.code ?? '', leaderEmployeeId: target.department.leaderEmployeeId, headcountPlan: target.department.headcountPlan }
      : { parentId: target?.parentId ?? undefined };

  return (
    <FormDrawer<Values>
      title={editing ? `编辑部门：${editing.name}` : '新增部门'}
      open={target !== null}
      onClose={onClose}
      values={values}
      onSubmit={save.run}
      okClassName="department-form-submit"
      formProps={{ requiredMark: true, className: 'department-form' }}
    >
      {!editing && (
        <Form.Item name="parentId" label="上级部门" extra="不选择时为一级部门">
          <TreeSelect treeData={treeData} allowClear showSearch={{ treeNodeFilterProp: 'title' }} treeDefaultExpandAll placeholder="请选择上级部门" popupMatchSelectWidth />
        </Form.Item>
      )}
      <Form.Item name="name" label="部门名称" rules={[{ required: true, whitespace: true, message: '请输入部门名称' }]}>
        <Input placeholder="如：前端组" maxLength={50} showCount allowClear />
      </Form.Item>
      <Form.Item
        name="code"
        label="部门编码"
        extra="在公司内唯一，导入模板通过它引用上级部门"
        rules={[{ validator: (_, v: string | undefined) => (!v || CODE_RE.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error('部门编码只能包含字母、数字、-、_、.，且以字母或数字开头'))) }]}
      >
        <Input placeholder="如：YF0201（选填）" maxLength={30} allowClear />
      </Form.Item>
      <Form.Item name="leaderEmployeeId" label="部门负责人">
        <EmployeeSelect url={ORG_API.leaderOptions} initialLabel={editing?.leaderName ?? null} />
      </Form.Item>
      <Form.Item name="headcountPlan" label="编制人数" extra="本部门自身的编制，不含下级部门；不填表示不设编制">
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} placeholder="请输入编制人数" />
      </Form.Item>
    </FormDrawer>
  );
}
