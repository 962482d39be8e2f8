import type { SubAccountItem } from '@wfsaas/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { ruleFrom } from '../../app/ui/validators.ts';
import { parseEmployeeId, validateEmployeeId } from './account-rules.ts';
import { rpCalls, useRpMutation } from './role-permission.api.ts';

type Values = { employeeId: string };

/**
 * Binds a member to an employee record. There is no employee list to pick from yet: the employee's
 * id is typed in, and the server checks it belongs to this company and is not bound elsewhere.
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
      <Alert type="info" showIcon style={{ marginBottom: 20 }} title="绑定后，该账号即对应花名册中的这名员工。员工选择器将随花名册模块提供，目前请填写员工ID。" />
      <Form<Values>
        form={form}
        name="bindEmployee"
        layout="vertical"
        requiredMark
        preserve={false}
        onFinish={(v) =>
          account &&
          void bind
            .mutateAsync({ userId: account.userId, employeeId: parseEmployeeId(v.employeeId)! })
            .then(onClose)
            .catch(() => undefined)
        }
      >
        <Form.Item name="employeeId" label="员工ID" required rules={[ruleFrom((v) => validateEmployeeId(v))]} normalize={(v: string) => v?.replace(/\s+/g, '')}>
          <Input placeholder="请输入员工ID（正整数）" inputMode="numeric" maxLength={16} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
