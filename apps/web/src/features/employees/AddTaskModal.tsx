import { EMPLOYEE_TASK_TYPES } from '@wfsaas/contracts';
import { Form, Input, Select } from 'antd';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { employeeCalls, useInvalidateEmployees } from './employees.api.ts';
import { DateText, EmployeePicker } from './pickers.tsx';

type AddValues = { employeeId?: number; title?: string; type?: number; dueDate?: string | null };

/** 新增员工任务. */
export function AddTaskModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invalidate = useInvalidateEmployees();
  const add = useAction((v: AddValues) => employeeCalls.addTask({ employeeId: v.employeeId!, title: v.title!.trim(), type: v.type!, dueDate: v.dueDate ?? null }), {
    success: '保存成功',
    invalidate,
    onSuccess: onClose,
  });
  return (
    <FormModal<AddValues> title="新增员工任务" open={open} onClose={onClose} onSubmit={add.run} values={{ type: 1 }} formProps={{ className: 'task-form' }}>
      <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
        <EmployeePicker />
      </Form.Item>
      <Form.Item name="title" label="任务标题" rules={[{ required: true, whitespace: true, message: '请输入任务标题' }]}>
        <Input maxLength={100} showCount placeholder="如：补交学历证书复印件" />
      </Form.Item>
      <Form.Item name="type" label="任务类型" rules={[{ required: true, message: '请选择任务类型' }]}>
        <Select options={EMPLOYEE_TASK_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
      </Form.Item>
      <Form.Item name="dueDate" label="截止日期">
        <DateText />
      </Form.Item>
    </FormModal>
  );
}
