import { BATCH_STATUS, BATCH_STATUSES, PAYSLIP_CHANNELS, type PayslipBatchView, type PayslipStage } from '@wfsaas/contracts';
import { App, Button, DatePicker, Empty, Form, Input, Select, Space, Tooltip, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { int, month, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { batchStatusTone, FIGURE_STAGES, stageLabel } from './payslip-format.ts';
import { PAYSLIP_EDIT, PAYSLIP_SEND, payslipCalls, useBatchPage, useInvalidatePayslips } from './payslips.api.ts';

const SCHEMA = { month, title: text, status: int };

const FIGURE_COLORS: Partial<Record<PayslipStage, string>> = { confirmed: '#389e0d', feedback: '#d46b08', failed: '#cf1322' };

/** 总人数 and HR's figures, as the server counts them (the detail's tags and tabs show the same). */
const COUNT_COLUMNS: { key: keyof PayslipBatchView['stageCounts']; title: string; color?: string }[] = [
  { key: 'total', title: '总人数' },
  ...FIGURE_STAGES.map((key) => ({ key, title: stageLabel(key), color: FIGURE_COLORS[key] })),
];

/** /gzt-vite/payslipManagement (工资条管理): the company's payslip batches, month by month. */
export default function PayslipManagementPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canSend = map[PAYSLIP_SEND] === true;
  const canEdit = map[PAYSLIP_EDIT] === true;
  const query = useListQuery({ name: 'payslip-batches', schema: SCHEMA });
  const { filters } = query;
  const page = useBatchPage({ ...query.page, month: filters.month?.format('YYYY-MM'), title: filters.title?.trim() || undefined, status: filters.status });
  const invalidate = useInvalidatePayslips();
  const abort = useAction((batchId: number) => payslipCalls.action('abort', { batchId }), { success: '已终止', invalidate });
  const remove = useAction((batchId: number) => payslipCalls.action('remove', { batchId }), { success: '删除成功', invalidate });

  const columns: TableColumnsType<PayslipBatchView> = [
    { title: '工资月份', dataIndex: 'month', width: 100, fixed: 'left' },
    { title: '标题', dataIndex: 'title', width: 220, ellipsis: true, render: (v: string, r) => <Link to={`/gzt-vite/payslipDetails/${r.id}`}>{v}</Link> },
    { title: '状态', dataIndex: 'status', width: 110, render: (v: number, r) => <StatusTag tone={batchStatusTone(v)}>{r.statusLabel}</StatusTag> },
    ...COUNT_COLUMNS.map((c) => ({
      title: c.title,
      key: c.key,
      width: 84,
      align: 'right' as const,
      render: (_: unknown, r: PayslipBatchView) => {
        const n = r.stageCounts[c.key];
        return <span style={{ color: n > 0 ? c.color : undefined, fontVariantNumeric: 'tabular-nums' }}>{n}</span>;
      },
    })),
    { title: '发送渠道', dataIndex: 'channels', width: 130, render: (v: string[]) => v.map((k) => PAYSLIP_CHANNELS.find((c) => c.key === k)?.label ?? k).join('、') || '—' },
    { title: '发送时间', key: 'time', width: 170, render: (_: unknown, r) => (r.status === BATCH_STATUS.scheduled ? <Tooltip title="定时发送">{formatDateTime(r.sendAt)}</Tooltip> : formatDateTime(r.sentAt)) },
    { title: '创建人', dataIndex: 'createdByName', width: 100, render: (v: string | null) => v ?? '—' },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Link to={`/gzt-vite/payslipDetails/${r.id}`} className="batch-view">
            查看
          </Link>
          {canSend && r.status === BATCH_STATUS.draft && (
            <Link to={`/gzt-vite/payslipDetails/${r.id}?send=1`} className="batch-send">
              发送
            </Link>
          )}
          {canSend && r.status === BATCH_STATUS.scheduled && (
            <Button
              type="link"
              size="small"
              className="batch-abort"
              onClick={() =>
                modal.confirm({
                  title: '确认终止定时发送?',
                  content: `「${r.title}」将不再发送，终止后不能恢复。`,
                  okText: '确定',
                  cancelText: '取消',
                  type: 'warning',
                  onOk: () => abort.run(r.id),
                })
              }
            >
              终止
            </Button>
          )}
          {canEdit && r.status === BATCH_STATUS.draft && (
            <Button type="link" size="small" danger className="batch-remove" onClick={() => confirmDelete(modal, () => remove.run(r.id), `删除草稿「${r.title}」后不能恢复。`)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const importButton = (
    <Button type="primary" onClick={() => navigate('/gzt-vite/importPayslip')}>
      导入工资条
    </Button>
  );

  return (
    <ListScreen<PayslipBatchView, typeof SCHEMA>
      className="payslip-management-page"
      title="工资条管理"
      description="查看每月工资条的发送、查看与确认情况，处理员工反馈。"
      extra={
        <Button type="primary" onClick={() => navigate('/gzt-vite/importPayslip')} className="open-import">
          导入工资条
        </Button>
      }
      query={query}
      formName="payslip-query"
      fields={
        <>
          <Form.Item name="month" label="工资月份">
            <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="title" label="标题">
            <Input allowClear placeholder="请输入工资条标题" />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" options={BATCH_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </>
      }
      table={{
        rowKey: 'id',
        className: 'batch-table',
        scroll: { x: 1450 },
        columns,
        result: page,
        locale: {
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无工资条，点击导入工资条">
              {importButton}
            </Empty>
          ),
        },
      }}
    />
  );
}
