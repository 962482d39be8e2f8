import { RUN_STATUS, RUN_STATUSES, type RunView } from '@wfsaas/contracts';
import { App, Button, DatePicker, Empty, Form, Select, Space, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { int, month } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { runStatusTone } from './payroll-format.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useGroups, useInvalidatePayroll, useRunPage } from './payroll.api.ts';
import { OpeningBalancesDrawer } from './OpeningBalancesDrawer.tsx';
import { TaxProfilesDrawer } from './TaxProfilesDrawer.tsx';
import { nextStepOf, runStepPath } from './run-steps.ts';

const SCHEMA = { month, groupId: int, status: int };

const moneyCol = (title: string, pick: (r: RunView) => string | undefined) => ({
  title,
  key: title,
  width: 120,
  align: 'right' as const,
  render: (_: unknown, r: RunView) => <span className="money">{formatMoney(pick(r))}</span>,
});

/** /fzsxapp/salaryByBatch (薪资批次): a salary group's month runs; create one and step through it. */
export default function RunListPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[P.runEdit] === true;
  const query = useListQuery({ name: 'runs', schema: SCHEMA });
  const { month: m, groupId, status } = query.filters;
  const page = useRunPage({ ...query.page, month: m?.format('YYYY-MM'), groupId, status });
  const groups = useGroups();
  const invalidate = useInvalidatePayroll();
  const remove = useAction(payrollCalls.removeRun, { success: '删除成功', invalidate });
  const [creating, setCreating] = useState(false);
  const [profilesOpen, setProfilesOpen] = useState(false);
  const [openingsOpen, setOpeningsOpen] = useState(false);

  const columns: TableColumnsType<RunView> = [
    { title: '算薪月份', dataIndex: 'month', width: 100, fixed: 'left' },
    { title: '薪资组', dataIndex: 'groupName', width: 160, ellipsis: true, render: (v: string, r) => <Link to={runStepPath(nextStepOf(r), r.id)}>{v}</Link> },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number, r) => <StatusTag tone={runStatusTone(v)}>{r.statusLabel}</StatusTag> },
    { title: '人数', key: 'headcount', width: 80, align: 'right', render: (_: unknown, r) => r.totals?.headcount ?? '—' },
    moneyCol('应发合计', (r) => r.totals?.gross),
    moneyCol('个税合计', (r) => r.totals?.tax),
    moneyCol('实发合计', (r) => r.totals?.net),
    { title: '出错人数', dataIndex: 'errorCount', width: 80, align: 'right', render: (v: number) => <span style={{ color: v > 0 ? '#cf1322' : undefined }}>{v}</span> },
    { title: '创建时间', dataIndex: 'createdAt', width: 150, render: formatDateTime },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap={false}>
          <Link to={runStepPath(nextStepOf(r), r.id)} className="run-open">
            {r.status >= RUN_STATUS.locked ? '查看' : '继续算薪'}
          </Link>
          {canEdit && r.status < RUN_STATUS.locked && r.status !== RUN_STATUS.calculating && (
            <Button type="link" size="small" danger onClick={() => confirmDelete(modal, () => remove.run(r.id), `删除「${r.groupName}」${r.month}的批次及其导入数据和计算结果。`)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListScreen<RunView, typeof SCHEMA>
      className="run-list-page"
      title="薪资批次"
      description="每个薪资组每月一个批次：导入数据、校验、计算、审核、锁定后提交工资表。"
      extra={
        <>
          <Button className="tax-profiles-open" onClick={() => setProfilesOpen(true)}>
            个税扣除信息
          </Button>
          <Button className="openings-open" onClick={() => setOpeningsOpen(true)}>
            期初累计数据
          </Button>
          {canEdit && (
            <Button type="primary" className="run-create" onClick={() => setCreating(true)}>
              新建批次
            </Button>
          )}
        </>
      }
      query={query}
      formName="run-query"
      fields={
        <>
          <Form.Item name="month" label="算薪月份">
            <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="groupId" label="薪资组">
            <Select allowClear placeholder="全部" options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" options={RUN_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </>
      }
      table={{
        rowKey: 'id',
        className: 'run-table',
        scroll: { x: 1180 },
        columns,
        result: page,
        locale: {
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无薪资批次，点击新建批次开始本月算薪">
              {canEdit && (
                <Button type="primary" onClick={() => setCreating(true)}>
                  新建批次
                </Button>
              )}
            </Empty>
          ),
        },
      }}
    >
      <TaxProfilesDrawer open={profilesOpen} onClose={() => setProfilesOpen(false)} />
      <OpeningBalancesDrawer open={openingsOpen} onClose={() => setOpeningsOpen(false)} />
      <CreateRunModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(run) => {
          setCreating(false);
          navigate(runStepPath('import', run.id));
        }}
      />
    </ListScreen>
  );
}

type CreateValues = { groupId: number; month: Dayjs };

/** 新建批次: a salary group and a month. */
function CreateRunModal({ open, onClose, onCreated, groupId }: { open: boolean; onClose: () => void; onCreated: (run: RunView) => void; groupId?: number }) {
  const groups = useGroups();
  const invalidate = useInvalidatePayroll();
  const create = useAction((v: CreateValues) => payrollCalls.createRun(v.groupId, v.month.format('YYYY-MM')), { success: '创建成功', invalidate, onSuccess: onCreated });
  return (
    <FormModal<CreateValues> open={open} title="新建薪资批次" onClose={onClose} onSubmit={create.run} values={{ groupId, month: dayjs() }} formProps={{ className: 'run-create-form' }}>
      <Form.Item name="groupId" label="薪资组" rules={[{ required: true, message: '请选择薪资组' }]}>
        <Select placeholder="请选择薪资组" options={(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.name}（${g.memberCount}人）` }))} />
      </Form.Item>
      <Form.Item name="month" label="算薪月份" rules={[{ required: true, message: '请选择算薪月份' }]}>
        <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
