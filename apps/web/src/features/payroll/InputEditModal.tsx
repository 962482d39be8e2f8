import type { RunResultView } from '@wfsaas/contracts';
import { Form, Input } from 'antd';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { payrollCalls, useInvalidatePayroll } from './payroll.api.ts';

/** 修改导入项: one employee's input items, typed by hand; the run then needs a new calculation. */
export function InputEditModal({ runId, row, names, onClose }: { runId: number; row: RunResultView | null; names: string[]; onClose: () => void }) {
  const invalidate = useInvalidatePayroll();
  const save = useAction((employeeId: number, v: Record<string, string>) => payrollCalls.saveInput(runId, employeeId, Object.fromEntries(names.map((n) => [n, String(v[n] ?? '').trim() || '0']))), {
    success: '保存成功，请重新计算',
    invalidate,
    onSuccess: onClose,
  });
  return (
    <FormModal<Record<string, string>>
      open={row !== null}
      title={row ? `修改 ${row.name} 的导入项` : ''}
      onClose={onClose}
      onSubmit={(v) => row && save.run(row.employeeId, v)}
      values={Object.fromEntries(names.map((n) => [n, row?.values[n] ?? '']))}
      formProps={{ className: 'input-edit-form' }}
    >
      {names.map((n) => (
        <Form.Item key={n} name={n} label={n} rules={[{ pattern: /^-?\d{1,12}(\.\d{1,4})?$/, message: `${n}应为数字` }]}>
          <Input placeholder="未填写按0计算" />
        </Form.Item>
      ))}
    </FormModal>
  );
}
