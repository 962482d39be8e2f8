import { PlusOutlined } from '@ant-design/icons';
import { LABOUR_CONTRACT_TYPES, type ContractChangeRow } from '@wfsaas/contracts';
import { Alert, App, Button, Drawer, Empty, Flex, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { serverPagination, type PageQuery } from '../../app/ui/table.ts';
import { DateText, EmployeePicker } from '../employees/pickers.tsx';
import { ChangeTimelineDrawer } from './ChangeTimelineDrawer.tsx';
import { handledColumn, nameColumn } from './columns.tsx';
import { changeDetails, contractTerm } from './conversion.ts';
import { CONTRACT_ALTER_EDIT, lifecycleCalls, useContractChangePage, useEmployeeContracts, useInvalidateLifecycle } from './lifecycle.api.ts';

type ChangeValues = { employeeId?: number; effectiveDate?: string | null; type?: number | null; endDate?: string | null; content?: string };

function ChangeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<ChangeValues>();
  const [busy, setBusy] = useState(false);
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
  const close = () => closeWithGuard(modal, form.isFieldsTouched(), onClose);
  const submit = async (v: ChangeValues) => {
    if (!current) return;
    setBusy(true);
    try {
      const nextType = v.type ?? undefined;
      await lifecycleCalls.changeContract({
        contractId: current.id,
        effectiveDate: v.effectiveDate!,
        type: nextType as 1 | undefined,
        endDate: nextType === 2 ? null : (v.endDate ?? undefined),
        content: v.content!.trim(),
      });
      toastSuccess('合同变更已生效');
      await invalidate();
      onClose();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      title="发起合同变更"
      open={open}
      size={560}
      destroyOnHidden
      onClose={close}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={busy} disabled={!current} onClick={() => form.submit()}>
            确定
          </Button>
        </Flex>
      }
    >
      <Form<ChangeValues> form={form} layout="vertical" className="contract-change-form" initialValues={{ effectiveDate: dayjs().format('YYYY-MM-DD') }} onFinish={(v) => void submit(v)} preserve={false}>
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
      </Form>
    </Drawer>
  );
}

/** /staffManagement/changeAlternation/contractAlter (合同变更): changes to the current labour contract's type, term or terms. */
export default function ContractAlterPage() {
  const { map } = usePermissions();
  const canEdit = map[CONTRACT_ALTER_EDIT] === true;
  const [form] = Form.useForm<{ keyword?: string }>();
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [paging, setPaging] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<ContractChangeRow | null>(null);
  const list = useContractChangePage({ ...paging, keyword });

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
    <Flex vertical gap={16} className="contract-alter-page">
      <PageHeader
        title="合同变更"
        description="经双方协商一致变更劳动合同的类型、期限或条款，变更记录计入员工的异动记录。"
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              发起合同变更
            </Button>
          )
        }
      />
      <Panel bodyStyle={{ paddingBottom: 0 }}>
        <QueryForm<{ keyword?: string }>
          form={form}
          name="contractAlter"
          onSearch={(v) => {
            setPaging((x) => ({ ...x, pageNum: 1 }));
            setKeyword(v.keyword?.trim() || undefined);
          }}
        >
          <Form.Item name="keyword" label="员工">
            <Input placeholder="姓名或工号" allowClear maxLength={50} />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel>
        <Table<ContractChangeRow>
          rowKey="id"
          size="middle"
          className="contract-alter-table"
          columns={columns}
          dataSource={list.data?.data ?? []}
          loading={list.isFetching}
          scroll={{ x: 1000 }}
          pagination={serverPagination(paging, list.data?.pageMessage, setPaging)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无合同变更记录，点击发起合同变更" /> }}
        />
      </Panel>
      <ChangeDrawer open={adding} onClose={() => setAdding(false)} />
      <ChangeTimelineDrawer employee={viewing ? { id: viewing.employeeId, name: viewing.name } : null} onClose={() => setViewing(null)} />
    </Flex>
  );
}
