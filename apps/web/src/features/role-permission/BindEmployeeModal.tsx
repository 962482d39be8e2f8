import type { SubAccountItem } from '@wfsaas/contracts';
import { Alert, Form, Modal } from 'antd';
import { EmployeePicker } from '../employees/pickers.tsx';
import { rpCalls, useRpMutation } from './role-permission.api.ts';

type Values = { employeeId: number | null };

/**
 * Binds a member to an employee record, chosen from the roster by name, employee number or mobile;
 * the server checks the employee belongs to this company and is not bound to another account.
 */
export function BindEmployeeModal({ account, onClose }: { account: SubAccountItem | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const bind = useRpMutation(rpCalls.bindEmployee, (out) => `操作成功，已绑定员工「${out.employeeName}」`);
  return (
    <Modal
      title={account ? `绑定员工 · ${account.nickname}` : '绑定员工'}
      open={account !== null}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={bind.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      className="bind-employee-modal"
    >
      <Alert type="info" showIcon style={{ marginBottom: 20 }} title="绑定后，该账号即对应花名册中的这名员工。一名员工只能绑定一个账号。" />
      <Form<Values>
        form={form}
        name="bindEmployee"
        layout="vertical"
        requiredMark
        preserve={false}
        onFinish={(v) =>
          account &&
          v.employeeId &&
          void bind
            .mutateAsync({ userId: account.userId, employeeId: v.employeeId })
            .then(onClose)
            .catch(() => undefined)
        }
      >
        <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]} extra="显示为：姓名 · 工号 · 部门">
          <EmployeePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
