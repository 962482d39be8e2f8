import { WORK_ORDER_CATEGORIES, WORK_ORDER_RELATED_TYPES, type WorkOrderRelatedType } from '@wfsaas/contracts';
import { Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../../app/routing/PermissionContext.ts';
import { formatMoney } from '../../../app/ui/format.ts';
import { FormDrawer } from '../../../app/ui/FormOverlay.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { EmployeePicker } from '../../employees/pickers.tsx';
import { useBillPage } from '../../trade/bills/bills.api.ts';
import { AttachmentPick } from './Conversation.tsx';
import { workOrderDetailPath } from './work-order-format.ts';
import { useInvalidateWorkOrders, workOrderCalls } from './work-orders.api.ts';

type Values = {
  category: number;
  title: string;
  description: string;
  contactPhone?: string;
  relatedType?: WorkOrderRelatedType;
  relatedId?: number;
  relatedLabel?: string;
  files?: File[];
};

function BillSelect({ value, onChange, id }: { value?: number; onChange?: (v: number | undefined) => void; id?: string }) {
  const bills = useBillPage({ pageNum: 1, pageSize: 50, status: -1, billType: -1 });
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={bills.isFetching}
      placeholder="选择平台账单"
      options={(bills.data?.data ?? []).map((b) => ({ value: b.id, label: `${b.billNo} ${b.title} ${formatMoney(b.amount)}` }))}
    />
  );
}

/** 新建工单: what it is about, the description, attachments, and optionally the record it concerns. */
export function NewWorkOrderDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const invalidate = useInvalidateWorkOrders();
  const [form] = Form.useForm<Values>();
  const relatedType = Form.useWatch('relatedType', form);
  // a record is offered only from screens the member may open anyway
  const types = WORK_ORDER_RELATED_TYPES.filter((t) => (t.value === 'employee' ? canOpen('staffRoll') : t.value === 'bill' ? canOpen('billManagement') : true));
  const submit = useAction(
    (v: Values) =>
      workOrderCalls.add({
        category: v.category,
        title: v.title,
        description: v.description,
        contactPhone: v.contactPhone || undefined,
        related: v.relatedType ? { type: v.relatedType, id: v.relatedId, label: v.relatedLabel } : undefined,
        files: v.files ?? [],
      }),
    {
      success: '工单已提交，平台将尽快受理',
      invalidate,
      onSuccess: (w) => {
        onClose();
        navigate(workOrderDetailPath(w));
      },
    },
  );
  return (
    <FormDrawer<Values> title="新建工单" open={open} onClose={onClose} form={form} width={560} values={{ category: 1, files: [] }} onSubmit={(v) => submit.run(v)} okText="提交工单" okClassName="work-order-submit" className="work-order-new">
      <Form.Item name="category" label="工单类型" rules={[{ required: true, message: '请选择工单类型' }]}>
        <Select options={WORK_ORDER_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))} />
      </Form.Item>
      <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }, { min: 2, message: '标题至少2个字' }]}>
        <Input maxLength={60} placeholder="一句话说明问题，如：导入花名册提示证件号码格式错误" />
      </Form.Item>
      <Form.Item name="description" label="问题描述" rules={[{ required: true, whitespace: true, message: '请填写问题描述' }, { min: 5, message: '问题描述至少5个字' }]}>
        <Input.TextArea rows={5} maxLength={2000} showCount placeholder="操作步骤、看到的提示、期望的结果" />
      </Form.Item>
      <Form.Item name="contactPhone" label="联系电话" rules={[{ pattern: /^1\d{10}$/, message: '联系电话应为11位手机号' }]}>
        <Input maxLength={11} placeholder="选填，便于平台客服电话联系" />
      </Form.Item>
      <Form.Item name="relatedType" label="关联记录">
        <Select allowClear placeholder="选填：问题涉及的员工、账单等" options={types.map((t) => ({ value: t.value, label: t.label }))} onChange={() => form.setFieldsValue({ relatedId: undefined, relatedLabel: undefined })} />
      </Form.Item>
      {relatedType === 'employee' && (
        <Form.Item name="relatedId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
          <EmployeePicker />
        </Form.Item>
      )}
      {relatedType === 'bill' && (
        <Form.Item name="relatedId" label="平台账单" rules={[{ required: true, message: '请选择账单' }]}>
          <BillSelect />
        </Form.Item>
      )}
      {relatedType === 'other' && (
        <Form.Item name="relatedLabel" label="关联记录说明" rules={[{ required: true, whitespace: true, message: '请填写关联的记录' }]}>
          <Input maxLength={60} placeholder="如：5月考勤表、合同编号 HT2025001" />
        </Form.Item>
      )}
      <Form.Item name="files" label="附件" extra="截图、导入文件等，最多9个">
        <AttachmentPick />
      </Form.Item>
    </FormDrawer>
  );
}
