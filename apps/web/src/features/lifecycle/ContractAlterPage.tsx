import { PlusOutlined } from '@ant-design/icons';
import { LABOUR_CONTRACT_TYPES, type ContractChangeRow } from '@wfsaas/contracts';
import { Alert, Button, Flex, Form, Input, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { DateText, EmployeePicker } from '../employees/pickers.tsx';
import { ChangeTimelineDrawer } from './ChangeTimelineDrawer.tsx';
import { handledColumn, nameColumn } from './columns.tsx';
import { changeDetails, contractTerm } from './conversion.ts';
import { CONTRACT_ALTER_EDIT, lifecycleCalls, useContractChangePage, useEmployeeContracts, useInvalidateLifecycle } from './lifecycle.api.ts';

type ChangeValues = { employeeId?: number; effectiveDate?: string | null; type?: number | null; endDate?: string | null; content?: string };

function ChangeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ChangeValues>();
  const employeeId = Form.useWatch('employeeId', form) ?? null;
  const type = Form.useWatch('type', form);
  const contracts = useEmployeeContracts(employeeId);
  const current = contracts.data?.find((k) => k.status === 1) ?? null;
  const invalidate = useInvalidateLifecycle();
  // a change cannot take effect before the contract starts (a renewed contract may start later)
  const currentStart = current?.startDate ?? null;
  useEffect(() => {
    const today = dayjs().format('YYYY-MM-DD');
    if (currentStart && currentStart > today) form.setFieldValue('effectiveDate', currentStart);
  }, [currentStart, form]);
  const change = useAction(
    (contractId: number, v: ChangeValues) => {
      const nextType = v.type ?? undefined;
      return lifecycleCalls.changeContract({ contractId, effectiveDate: v.effectiveDate!, type: nextType as 1 | undefined, endDate: nextType === 2 ? null : (v.endDate ?? undefined), content: v.content!.trim() });
    },
    { success: '合同变更已生效', invalidate, onSuccess: onClose },
  );
  return (
    <FormDrawer<ChangeValues>
      title="发起合同变更"
      open={open}
      width={560}
      form={form}
      onClose={onClose}
      onSubmit={(v) => (current ? change.run(current.id, v) : undefined)}
      okDisabled={!current}
      values={{ effectiveDate: dayjs().format('YYYY-MM-DD') }}
      formProps={{ className: 'contract-change-form' }}
    >
        <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
          <EmployeePicker />
        </Form.Item>
        {employeeId !== null && contracts.data && (
          <Alert
            style={{ marginBottom: 16 }}
            type={current ? 'info' : 'warning'}
            showIcon
            title={current ? `当前合同：${current.typeLabel}，${contractTerm(current)}${current.contractNo ? `（${current.contractNo}）` : ''}` : '该员工没有生效中的劳动合同，请先在合同续签中新增合同'}
          />
        )}
        <Flex gap={16}>
          <Form.Item name="type" label="变更后合同类型" style={{ flex: 1 }}>
            <Select allowClear placeholder="不变更" options={LABOUR_CONTRACT_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          {type !== 2 && (
            <Form.Item name="endDate" label="变更后结束日期" style={{ flex: 1 }}>
              <DateText placeholder="不变更" />
            </Form.Item>
          )}
        </Flex>
        <Form.Item name="effectiveDate" label="变更生效日期" rules={[{ required: true, message: '请选择变更生效日期' }]}>
          <DateText />
        </Form.Item>
        <Form.Item name="content" label="变更内容" rules={[{ required: true, whitespace: true, message: '请填写变更内容' }]}>
          <Input.TextArea maxLength={500} showCount rows={4} placeholder="如：经双方协商一致，工作地点变更为上海，合同期限延长至2028年12月31日" />
        </Form.Item>
    </FormDrawer>
  );
}

const SCHEMA = { keyword: text };

/** /staffManagement/changeAlternation/contractAlter (合同变更): changes to the current labour contract's type, term or terms. */
export default function ContractAlterPage() {
  const { map } = usePermissions();
  const canEdit = map[CONTRACT_ALTER_EDIT] === true;
  const query = useListQuery({ name: 'contractAlter', schema: SCHEMA });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<ContractChangeRow | null>(null);
  const list = useContractChangePage(query.params);

  const columns: TableColumnsType<ContractChangeRow> = [
    nameColumn<ContractChangeRow>(),
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '变更内容', key: 'content', render: (_: unknown, r) => changeDetails(r).join('；') || EMPTY_TEXT },
    { title: '生效日期', dataIndex: 'effectiveDate', width: 120, render: (v: string) => formatDate(v) },
    handledColumn<ContractChangeRow>(),
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setViewing(r)}>
          异动记录
        </Button>
      ),
    },
  ];

  return (
    <ListScreen<ContractChangeRow, typeof SCHEMA>
      className="contract-alter-page"
      title="合同变更"
      description="经双方协商一致变更劳动合同的类型、期限或条款，变更记录计入员工的异动记录。"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            发起合同变更
          </Button>
        )
      }
      query={query}
      formName="contractAlter"
      fields={
        <>
            <Form.Item name="keyword" label="员工">
              <Input placeholder="姓名或工号" allowClear maxLength={50} />
            </Form.Item>
        </>
      }
      table={{ rowKey: 'id', className: 'contract-alter-table', columns, result: list, scroll: { x: 1000 }, empty: '暂无合同变更记录，点击发起合同变更' }}
    >
      <ChangeDrawer open={adding} onClose={() => setAdding(false)} />
      <ChangeTimelineDrawer employee={viewing ? { id: viewing.employeeId, name: viewing.name } : null} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}
