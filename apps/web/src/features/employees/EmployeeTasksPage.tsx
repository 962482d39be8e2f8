import { PlusOutlined } from '@ant-design/icons';
import { EMPLOYEE_TASK_STATUSES, EMPLOYEE_TASK_TYPES, type EmployeeTaskItem } from '@wfsaas/contracts';
import { App, Button, Checkbox, Flex, Form, Input, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { EMPTY_TEXT, formatDate, formatDateTime } from '../../app/ui/format.ts';
import { bool, int, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { AddTaskModal } from './AddTaskModal.tsx';
import { employeeCalls, useInvalidateEmployees, useTasks } from './employees.api.ts';
import { taskQuery, taskTone } from './tasks.ts';

const SCHEMA = { keyword: text, type: int, status: int, overdue: bool };

/** /employee/employeeTasks (员工任务): tasks per employee such as missing documents, with due dates. */
export default function EmployeeTasksPage() {
  const { modal } = App.useApp();
  const query = useListQuery({ name: 'employeeTasks', schema: SCHEMA });
  const [adding, setAdding] = useState(false);
  const list = useTasks({ ...query.page, ...taskQuery(query.filters) });
  const invalidate = useInvalidateEmployees();
  const complete = useAction(employeeCalls.completeTask, { success: '操作成功', invalidate });
  const remove = useAction(employeeCalls.removeTask, { success: '删除成功', invalidate });

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
            <Button type="link" size="small" onClick={() => void complete.run(r.id)}>
              完成
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => confirmDelete(modal, () => remove.run(r.id))}>
            删除
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <ListScreen<EmployeeTaskItem, typeof SCHEMA>
      className="employee-tasks"
      title="员工任务"
      description="跟进员工需要补交的材料、证件到期、入职准备和转正评估等事项。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          新增任务
        </Button>
      }
      query={query}
      formName="tasks"
      fields={
        <>
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
        </>
      }
      table={{ rowKey: 'id', className: 'tasks-table', columns, result: list, scroll: { x: 1100 }, empty: '暂无员工任务，点击新增任务' }}
    >
      <AddTaskModal open={adding} onClose={() => setAdding(false)} />
    </ListScreen>
  );
}
