import type { SubAccountItem } from '@wfsaas/contracts';
import { Alert, Form } from 'antd';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { EmployeePicker } from '../employees/pickers.tsx';
import { rpCalls, useInvalidateRp } from './role-permission.api.ts';

type Values = { employeeId: number | null };

/**
 * Binds a member to an employee record, chosen from the roster by name, employee number or mobile;
 * the server checks the employee belongs to this company and is not bound to another account.
 */
export function BindEmployeeModal({ account, onClose }: { account: SubAccountItem | null; onClose: () => void }) {
  const bind = useAction(rpCalls.bindEmployee, { success: (out) => `操作成功，已绑定员工「${out.employeeName}」`, invalidate: useInvalidateRp(), onSuccess: onClose });
  return (
    <FormModal<Values>
      title={account ? `绑定员工 · ${account.nickname}` : '绑定员工'}
      open={account !== null}
      onClose={onClose}
      onSubmit={(v) => (account && v.employeeId ? bind.run({ userId: account.userId, employeeId: v.employeeId }) : undefined)}
      className="bind-employee-modal"
      formProps={{ name: 'bindEmployee', requiredMark: true }}
      intro={<Alert type="info" showIcon style={{ marginBottom: 20 }} title="绑定后，该账号即对应花名册中的这名员工。一名员工只能绑定一个账号。" />}
    >
      <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]} extra="显示为：姓名 · 工号 · 部门">
        <EmployeePicker />
      </Form.Item>
    </FormModal>
  );
}
