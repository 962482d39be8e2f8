import { Form } from 'antd';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { employeeCalls } from './employees.api.ts';
import { DepartmentTreeSelect } from './pickers.tsx';

type MoveValues = { departmentId?: number | null };

/** 调整部门 of one employee or of the selected ones. */
export function BatchMoveModal({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<MoveValues>();
  const departmentId = Form.useWatch('departmentId', form);
  const move = useAction((departmentId: number) => employeeCalls.batchMove(ids, departmentId), { success: '操作成功', onSuccess: onDone });
  return (
    <FormModal<MoveValues>
      title={ids.length > 1 ? `批量调整部门（${ids.length} 人）` : '调整部门'}
      open={ids.length > 0}
      onClose={onClose}
      form={form}
      okDisabled={!departmentId}
      onSubmit={(v) => (v.departmentId ? move.run(v.departmentId) : undefined)}
    >
      <Form.Item name="departmentId" label="目标部门" required>
        <DepartmentTreeSelect placeholder="请选择目标部门" />
      </Form.Item>
    </FormModal>
  );
}
