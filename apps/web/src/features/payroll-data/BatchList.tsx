import { type DataBatchView, type DataKindKey } from '@wfsaas/contracts';
import { App, Button, DatePicker, Empty, Flex, Space, Tabs, Tooltip, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { month, oneOf } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { batchDetailPath, batchStatusTone, kindDef, KIND_SCREENS } from './data-format.ts';
import { dataCalls, useBatchCounts, useBatchPage, useInvalidatePayrollData } from './payroll-data.api.ts';

const TABS = [
  { key: 'all', label: '全部', status: undefined },
  { key: 'valid', label: '有效', status: 1 },
  { key: 'voided', label: '已作废', status: 2 },
] as const;

const SCHEMA = { tab: oneOf(TABS.map((t) => t.key)), month };
const DEFAULTS = { tab: 'all' as const };

/** Asks before voiding a batch; voids it and refreshes the shared data. */
export function useVoidBatch(kind: DataKindKey) {
  const { modal } = App.useApp();
  const invalidate = useInvalidatePayrollData();
  const voidBatch = useAction((id: number) => dataCalls.voidBatch(kind, id), { success: '已作废', invalidate: () => invalidate() });
  return (b: Pick<DataBatchView, 'id' | 'month' | 'origin'>, done?: () => void) =>
    modal.confirm({
      title: '确认作废该批次?',
      content: `作废后，${b.month} 的这批数据（${b.origin || `批次 #${b.id}`}）不再被薪资批次取数，可重新${kind === 'import' ? '上传' : '推送'}本月数据。已取入薪资批次的数值不受影响。`,
      okText: '确定',
      cancelText: '取消',
      type: 'warning',
      okButtonProps: { danger: true },
      onOk: async () => {
        if ((await voidBatch.run(b.id)) !== undefined) done?.();
      },
    });
}

/** Downloads a batch's rows with errors; answers a click handler and whether it is busy. */
export function useDownloadErrors(kind: DataKindKey) {
  const [id, setId] = useState<number | null>(null);
  const download = useAction((b: Pick<DataBatchView, 'id' | 'tableName' | 'month'>) => dataCalls.downloadErrors(kind, b));
  const run = (b: Pick<DataBatchView, 'id' | 'tableName' | 'month'>) => {
    setId(b.id);
    return download.run(b);
  };
  return { busy: download.pending ? id : null, run };
}

/**
 * The batches of one data table (the batches page of an import table, the batch drawer of a pushed
 * one): a month filter, status tabs with counts, and per batch 查看 / 作废 / 下载错误数据.
 */
export function BatchList({ kind, tableId, emptyAction }: { kind: DataKindKey; tableId: number; emptyAction?: ReactNode }) {
  const { map } = usePermissions();
  const canEdit = map[kindDef(kind).edit] === true;
  const query = useListQuery({ name: 'batches', schema: SCHEMA, defaults: DEFAULTS, prefix: 'batches' });
  const tab = query.filters.tab ?? 'all';
  const status = TABS.find((t) => t.key === tab)?.status;
  const shownMonth = query.filters.month?.format('YYYY-MM');
  const page = useBatchPage(kind, { tableId, ...query.page, month: shownMonth, status });
  const counts = useBatchCounts(kind, tableId, shownMonth);
  const voidBatch = useVoidBatch(kind);
  const errors = useDownloadErrors(kind);
  const pushed = KIND_SCREENS[kind].pushed;

  const columns: TableColumnsType<DataBatchView> = [
    { title: '月份', dataIndex: 'month', width: 90, fixed: 'left', render: (v: string, r) => <Link to={batchDetailPath(r.kind, r.id)}>{v}</Link> },
    { title: pushed ? '来源' : '来源/文件', dataIndex: 'origin', width: 170, ellipsis: { showTitle: true }, render: (v: string) => v || EMPTY_TEXT },
    { title: '行数', dataIndex: 'rowCount', width: 70, align: 'right' },
    { title: '匹配', dataIndex: 'matchedCount', width: 70, align: 'right' },
    { title: '错误', dataIndex: 'errorCount', width: 70, align: 'right', render: (v: number) => <span style={{ color: v > 0 ? '#cf1322' : undefined }}>{v}</span> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 96,
      render: (v: number, r) => (
        <Tooltip title={r.voidedAt ? `作废于 ${formatDateTime(r.voidedAt)}` : undefined}>
          <span>
            <StatusTag tone={batchStatusTone(v)}>{r.statusLabel}</StatusTag>
          </span>
        </Tooltip>
      ),
    },
    { title: pushed ? '推送账号' : '上传人', dataIndex: 'createdByName', width: 100, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: pushed ? '推送时间' : '上传时间', dataIndex: 'createdAt', width: 140, render: formatDateTime },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap={false}>
          <Link to={batchDetailPath(r.kind, r.id)} className="batch-open">
            查看
          </Link>
          {canEdit && r.status === 1 && (
            <Button type="link" size="small" danger className="batch-void" onClick={() => voidBatch(r)}>
              作废
            </Button>
          )}
          {r.errorCount > 0 && (
            <Button type="link" size="small" className="batch-errors" loading={errors.busy === r.id} onClick={() => void errors.run(r)}>
              下载错误数据
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const count = (k: (typeof TABS)[number]['key']) => (k === 'all' ? counts.all : k === 'valid' ? counts.valid : counts.voided);
  return (
    <div className="batch-list">
      <Tabs
        activeKey={tab}
        className="batch-status-tabs"
        onChange={(k) => query.search({ tab: TABS.find((x) => x.key === k)!.key })}
        items={TABS.map((t) => ({ key: t.key, label: count(t.key) === undefined ? t.label : `${t.label} ${count(t.key)}` }))}
        tabBarExtraContent={
          <Flex gap={8} align="center">
            <span style={{ color: 'rgba(0,0,0,0.65)' }}>月份</span>
            <DatePicker
              picker="month"
              format="YYYY-MM"
              placeholder="全部月份"
              className="batch-month"
              value={query.filters.month ?? null}
              onChange={(d) => query.search({ month: d ?? undefined })}
            />
          </Flex>
        }
      />
      <ListTable<DataBatchView, typeof SCHEMA>
        rowKey="id"
        size="middle"
        className="batch-table"
        scroll={{ x: 1006 }}
        query={query}
        result={page}
        columns={columns}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                shownMonth || status
                  ? '没有符合条件的批次'
                  : pushed
                    ? '暂无批次，对接系统调用数据推送接口后，每次推送生成一个批次'
                    : '暂无批次，点击上传数据导入本月数据'
              }
            >
              {!shownMonth && !status && emptyAction}
            </Empty>
          ),
        }}
      />
    </div>
  );
}
