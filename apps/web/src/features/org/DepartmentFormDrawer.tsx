import type { DepartmentNode } from '@wfsaas/contracts';
import { App, Button, Drawer, Form, Input, InputNumber, Space, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { EmployeeSelect } from './EmployeeSelect.tsx';
import { ORG_API, orgCalls, useDepartmentOptions, useOrgMutation } from './org.api.ts';
import { toTreeSelectData } from './org-tree.ts';

type Values = { parentId?: number | null; name: string; code?: string; leaderEmployeeId?: number | null; headcountPlan?: number | null };

export type DepartmentFormTarget = { mode: 'add'; parentId: number | null } | { mode: 'edit'; department: DepartmentNode };

const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Adds a department (under a chosen parent) or edits its name, code, leader and planned headcount. */
export function DepartmentFormDrawer({ target, onClose, onSaved }: { target: DepartmentFormTarget | null; onClose: () => void; onSaved?: (id: number) => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const options = useDepartmentOptions();
  const add = useOrgMutation(orgCalls.addDepartment, '保存成功');
  const update = useOrgMutation(orgCalls.updateDepartment, '保存成功');
  const open = target !== null;
  const editing = target?.mode === 'edit' ? target.department : null;
  const treeData = useMemo(() => toTreeSelectData(options.data ?? []), [options.data]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'add') form.setFieldsValue({ parentId: target.parentId ?? undefined });
    else {
      const d = target.department;
      form.setFieldsValue({ name: d.name, code: d.code ?? '', leaderEmployeeId: d.leaderEmployeeId, headcountPlan: d.headcountPlan });
    }
  }, [target, form]);

  const submit = async (v: Values) => {
    const common = { name: v.name.trim(), code: v.code?.trim() || null, leaderEmployeeId: v.leaderEmployeeId ?? null, headcountPlan: v.headcountPlan ?? null };
    const out = editing ? await update.mutateAsync({ id: editing.id, ...common }) : await add.mutateAsync({ parentId: v.parentId ?? null, ...common });
    onClose();
    onSaved?.(out.id);
  };

  const requestClose = () => closeWithGuard(modal, form.isFieldsTouched(), onClose);

  return (
    <Drawer
      title={editing ? `编辑部门：${editing.name}` : '新增部门'}
      open={open}
      size={480}
      onClose={requestClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={requestClose}>取消</Button>
          <Button type="primary" loading={add.isPending || update.isPending} onClick={() => form.submit()} className="department-form-submit">
            确定
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} layout="vertical" requiredMark onFinish={(v) => void submit(v).catch(() => undefined)} className="department-form">
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
      </Form>
    </Drawer>
  );
}
