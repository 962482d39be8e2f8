import { PlusOutlined } from '@ant-design/icons';
import { EMPLOYEE_TASK_STATUSES, EMPLOYEE_TASK_TYPES, type EmployeeTaskItem } from '@wfsaas/contracts';
import { App, Button, Checkbox, Empty, Flex, Form, Input, Modal, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { EMPTY_TEXT, formatDate, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { pageAfterRemoval, serverPagination, type PageQuery } from '../../app/ui/table.ts';
import { employeeCalls, useInvalidateEmployees, useTasks, type TaskQuery } from './employees.api.ts';
import { DateText, EmployeePicker } from './pickers.tsx';
import { taskQuery, taskTone, type TaskFilterValues } from './tasks.ts';

type AddValues = { employeeId?: number; title?: string; type?: number; dueDate?: string | null };

function AddTaskModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidateEmployees();
  const submit = async (v: AddValues) => {
    setBusy(true);
    try {
      await employeeCalls.addTask({ employeeId: v.employeeId!, title: v.title!.trim(), type: v.type!, dueDate: v.dueDate ?? null });
      toastSuccess('保存成功');
      await invalidate();
      onClose();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="新增员工任务"
      open={open}
      onCancel={() => closeWithGuard(modal, form.isFieldsTouched(), onClose)}
      onOk={() => form.submit()}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<AddValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ type: 1 }} className="task-form" preserve={false}>
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
      </Form>
    </Modal>
  );
}

/** /employee/employeeTasks (员工任务): tasks per employee such as missing documents, with due dates. */
export default function EmployeeTasksPage() {
  const { modal } = App.useApp();
  const [form] = Form.useForm<TaskFilterValues>();
  const [filters, setFilters] = useState<TaskFilterValues>({});
  const [paging, setPaging] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const [adding, setAdding] = useState(false);
  const q: TaskQuery = { ...paging, ...taskQuery(filters) };
  const list = useTasks(q);
  const invalidate = useInvalidateEmployees();
  const total = list.data?.pageMessage.total ?? 0;

  const complete = async (id: number) => {
    try {
      await employeeCalls.completeTask(id);
      toastSuccess('操作成功');
      await invalidate();
    } catch {
      /* shown by the request client */
    }
  };

  const columns: TableColumnsType<EmployeeTaskItem> = [
    { title: '员工', key: 'employee', width: 160, render: (_: unknown, r) => <span>{r.employeeName}{r.employeeNo ? <span style={{ color: 'rgba(0,0,0,0.45)', marginInlineStart: 6 }}>{r.employeeNo}</span> : null}</span> },
    { title: '部门', dataIndex: 'departmentName', width: 140, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '任务', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'typeName', width: 100 },
    {
      title: '截止日期',
      dataIndex: 'dueDate',
      width: 130,
      render: (v: string | null, r) => <span style={r.isOverdue ? { color: '#ff4d4f' } : undefined} className={r.isOverdue ? 'overdue' : undefined}>{formatDate(v)}{r.isOverdue ? '（已逾期）' : ''}</span>,
    },
    { title: '状态', dataIndex: 'status', width: 100, render: (_: unknown, r) => <StatusTag tone={taskTone(r)}>{r.isOverdue ? '已逾期' : r.statusName}</StatusTag> },
    { title: '完成时间', dataIndex: 'doneAt', width: 150, render: (v: string | null) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_: unknown, r) => (
        <Flex gap={4}>
          {r.status === 0 && (
            <Button type="link" size="small" onClick={() => void complete(r.id)}>
              完成
            </Button>
          )}
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              confirmDelete(modal, async () => {
                await employeeCalls.removeTask(r.id);
                toastSuccess('删除成功');
                setPaging((p) => pageAfterRemoval(p, total, 1));
                await invalidate();
              })
            }
          >
            删除
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="employee-tasks">
      <PageHeader
        title="员工任务"
        description="跟进员工需要补交的材料、证件到期、入职准备和转正评估等事项。"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            新增任务
          </Button>
        }
      />
      <Panel bodyStyle={{ paddingBottom: 0 }}>
        <QueryForm<TaskFilterValues>
          form={form}
          name="tasks"
          onSearch={(v) => {
            setPaging((p) => ({ ...p, pageNum: 1 }));
            setFilters(v);
          }}
        >
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="任务标题或员工姓名" allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="type" label="任务类型">
            <Select allowClear placeholder="全部" options={EMPLOYEE_TASK_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          <Form.Item name="status" label="任务状态">
            <Select allowClear placeholder="全部" options={EMPLOYEE_TASK_STATUSES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          <Form.Item name="overdue" label="逾期" valuePropName="checked">
            <Checkbox>仅看已逾期</Checkbox>
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel>
        <Table<EmployeeTaskItem>
          rowKey="id"
          size="middle"
          className="tasks-table"
          columns={columns}
          dataSource={list.data?.data ?? []}
          loading={list.isFetching}
          scroll={{ x: 1100 }}
          pagination={serverPagination(paging, list.data?.pageMessage, setPaging)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无员工任务，点击新增任务" /> }}
        />
      </Panel>
      <AddTaskModal open={adding} onClose={() => setAdding(false)} />
    </Flex>
  );
}
