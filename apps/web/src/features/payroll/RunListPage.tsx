import { RUN_STATUS, RUN_STATUSES, type RunView } from '@wfsaas/contracts';
import { App, Button, DatePicker, Empty, Flex, Form, Modal, Select, Space, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { runStatusTone } from './payroll-format.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, runWrite, useGroups, useInvalidatePayroll, useRunPage, type RunPageQuery } from './payroll.api.ts';
import { OpeningBalancesDrawer } from './OpeningBalancesDrawer.tsx';
import { TaxProfilesDrawer } from './TaxProfilesDrawer.tsx';
import { nextStepOf, runStepPath } from './run-steps.ts';

type QueryValues = { month?: Dayjs | null; groupId?: number; status?: number };

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
  const [form] = Form.useForm<QueryValues>();
  const [query, setQuery] = useState<RunPageQuery>({ pageNum: 1, pageSize: 10 });
  const page = useRunPage(query);
  const groups = useGroups();
  const invalidate = useInvalidatePayroll();
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
            <Button type="link" size="small" danger onClick={() => confirmDelete(modal, () => runWrite(() => payrollCalls.removeRun(r.id), '删除成功', invalidate, toastSuccess), `删除「${r.groupName}」${r.month}的批次及其导入数据和计算结果。`)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="run-list-page">
      <PageHeader
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
      />
      <Panel>
        <QueryForm<QueryValues> form={form} name="run-query" onSearch={(v) => setQuery({ pageNum: 1, pageSize: query.pageSize, month: v.month ? v.month.format('YYYY-MM') : undefined, groupId: v.groupId, status: v.status })}>
          <Form.Item name="month" label="算薪月份">
            <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="groupId" label="薪资组">
            <Select allowClear placeholder="全部" options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" options={RUN_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel>
        <Table<RunView>
          rowKey="id"
          size="middle"
          className="run-table"
          scroll={{ x: 1180 }}
          loading={page.isFetching}
          dataSource={page.data?.data ?? []}
          columns={columns}
          pagination={serverPagination(query, page.data?.pageMessage, (n) => setQuery((q) => ({ ...q, ...n })))}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无薪资批次，点击新建批次开始本月算薪">
                {canEdit && (
                  <Button type="primary" onClick={() => setCreating(true)}>
                    新建批次
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Panel>
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
    </Flex>
  );
}

/** 新建批次: a salary group and a month. */
export function CreateRunModal({ open, onClose, onCreated, groupId }: { open: boolean; onClose: () => void; onCreated: (run: RunView) => void; groupId?: number }) {
  const [form] = Form.useForm<{ groupId: number; month: Dayjs }>();
  const groups = useGroups();
  const invalidate = useInvalidatePayroll();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title="新建薪资批次"
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        setBusy(true);
        try {
          const run = await runWrite(() => payrollCalls.createRun(v.groupId, v.month.format('YYYY-MM')), '创建成功', invalidate, toastSuccess);
          if (run) onCreated(run);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ groupId, month: dayjs() }} className="run-create-form">
        <Form.Item name="groupId" label="薪资组" rules={[{ required: true, message: '请选择薪资组' }]}>
          <Select placeholder="请选择薪资组" options={(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.name}（${g.memberCount}人）` }))} />
        </Form.Item>
        <Form.Item name="month" label="算薪月份" rules={[{ required: true, message: '请选择算薪月份' }]}>
          <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
