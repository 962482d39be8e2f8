import { DownloadOutlined } from '@ant-design/icons';
import { matchKeyLabel, type DataKindKey, type DataRowView } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Empty, Flex, Input, Result, Space, Spin, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { useDownloadErrors, useVoidBatch } from './BatchList.tsx';
import { batchesPath, batchStatusTone, kindDef, KIND_SCREENS } from './data-format.ts';
import { useBatchRows, useDataTable, type RowsQuery } from './payroll-data.api.ts';
import { ReadGate } from './ReadGate.tsx';

/** /fzsxapp/importTableDataDetail/:id (导入表数据详情; :id is the batch). */
export function ImportBatchDetailPage() {
  return (
    <ReadGate permission={kindDef('import').route}>
      <BatchDetail kind="import" />
    </ReadGate>
  );
}
/** /fzsxapp/iotData/detail/:id (物联网数据详情; :id is the batch). */
export function IotBatchDetailPage() {
  return (
    <ReadGate permission={kindDef('iot').route}>
      <BatchDetail kind="iot" />
    </ReadGate>
  );
}
/** /fzsxapp/applicationData/detail/:id (应用数据详情; :id is the batch). */
export function AppBatchDetailPage() {
  return (
    <ReadGate permission={kindDef('app').route}>
      <BatchDetail kind="app" />
    </ReadGate>
  );
}

const FILTERS = [
  { key: 'all', label: '全部' },
  { key: 'error', label: '有错误' },
  { key: 'unmatched', label: '未匹配' },
] as const;

/** One batch: its key facts and status, then its rows (all / with errors / unmatched), each error in red. */
function BatchDetail({ kind }: { kind: DataKindKey }) {
  const { id } = useParams();
  const batchId = Number(id);
  const valid = Number.isInteger(batchId) && batchId > 0;
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[kindDef(kind).edit] === true;
  const [query, setQuery] = useState<RowsQuery>({ batchId: valid ? batchId : 0, filter: 'all', pageNum: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState('');
  const rows = useBatchRows(kind, query);
  const batch = rows.data?.batch;
  const table = useDataTable(kind, batch?.tableId ?? null);
  const voidBatch = useVoidBatch(kind);
  const errors = useDownloadErrors(kind);
  const screen = KIND_SCREENS[kind];

  if (!valid || (!batch && !rows.isLoading))
    return (
      <Result
        status="404"
        title="数据批次不存在"
        subTitle="该批次可能属于已删除的数据表，或不属于当前公司。"
        extra={
          <Button type="primary" onClick={() => navigate(screen.listPath)}>
            返回{screen.title}
          </Button>
        }
      />
    );
  if (!batch) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const keyTitle = table.data ? matchKeyLabel(table.data.matchKey) : '工号/证件号码';
  const unmatched = batch.rowCount - batch.matchedCount;
  const count = (k: (typeof FILTERS)[number]['key']) => (k === 'all' ? batch.rowCount : k === 'error' ? batch.errorCount : unmatched);
  const valueColumns = rows.data?.columns ?? [];
  const columns: TableColumnsType<DataRowView> = [
    { title: '行号', dataIndex: 'rowNo', width: 64, fixed: 'left', align: 'right' },
    { title: keyTitle, dataIndex: 'key', width: 170, fixed: 'left', render: (v: string) => v || EMPTY_TEXT },
    { title: '姓名', dataIndex: 'name', width: 100, render: (v: string) => v || EMPTY_TEXT },
    {
      title: '匹配',
      key: 'matched',
      width: 84,
      render: (_: unknown, r) => (r.employeeId !== null ? <Tag color="success">已匹配</Tag> : <Tag color="error">未匹配</Tag>),
    },
    ...valueColumns.map((c) => ({
      title: c,
      key: `v:${c}`,
      width: Math.max(96, c.length * 14 + 32),
      align: 'right' as const,
      render: (_: unknown, r: DataRowView) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{r.values[c] ?? EMPTY_TEXT}</span>,
    })),
    {
      title: '错误原因',
      dataIndex: 'error',
      width: 320,
      render: (v: string | null) => (v ? <span className="row-error" style={{ color: '#cf1322' }}>{v}</span> : <Typography.Text type="secondary">—</Typography.Text>),
    },
  ];

  return (
    <Flex vertical gap={16} className="batch-detail-page">
      <PageHeader
        title={
          <Space>
            {`${batch.tableName} · ${batch.month}`}
            <StatusTag tone={batchStatusTone(batch.status)}>{batch.statusLabel}</StatusTag>
          </Space>
        }
        description={<Link to={batchesPath(batch.kind, batch.tableId)}>返回「{batch.tableName}」的批次</Link>}
        extra={
          <>
            {batch.errorCount > 0 && (
              <Button icon={<DownloadOutlined />} loading={errors.busy === batch.id} onClick={() => void errors.run(batch)} className="detail-errors">
                下载错误数据
              </Button>
            )}
            {canEdit && batch.status === 1 && (
              <Button danger className="detail-void" onClick={() => voidBatch(batch)}>
                作废
              </Button>
            )}
          </>
        }
      />
      <Panel bodyStyle={{ padding: '16px 24px' }}>
        <Descriptions column={4} size="small" className="batch-descriptions">
          <Descriptions.Item label="数据表">{batch.tableName}</Descriptions.Item>
          <Descriptions.Item label="数据月份">{batch.month}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <StatusTag tone={batchStatusTone(batch.status)}>{batch.statusLabel}</StatusTag>
          </Descriptions.Item>
          <Descriptions.Item label={screen.pushed ? '来源' : '文件'}>{batch.origin || EMPTY_TEXT}</Descriptions.Item>
          <Descriptions.Item label="数据行数">{batch.rowCount}</Descriptions.Item>
          <Descriptions.Item label="已匹配">{batch.matchedCount}</Descriptions.Item>
          <Descriptions.Item label="有错误">
            <span style={{ color: batch.errorCount > 0 ? '#cf1322' : undefined }} className="detail-error-count">
              {batch.errorCount}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="未匹配">{unmatched}</Descriptions.Item>
          <Descriptions.Item label={screen.pushed ? '推送账号' : '上传人'}>{batch.createdByName ?? EMPTY_TEXT}</Descriptions.Item>
          <Descriptions.Item label={screen.pushed ? '推送时间' : '上传时间'}>{formatDateTime(batch.createdAt)}</Descriptions.Item>
          {batch.voidedAt && <Descriptions.Item label="作废时间">{formatDateTime(batch.voidedAt)}</Descriptions.Item>}
        </Descriptions>
        {batch.status === 2 ? (
          <Alert style={{ marginTop: 12 }} type="info" showIcon message="该批次已作废，其数据不再被薪资批次取数。" />
        ) : batch.errorCount > 0 ? (
          <Alert style={{ marginTop: 12 }} type="warning" showIcon message={`${batch.errorCount} 行有错误，取数时跳过这些行；修正后可${kind === 'import' ? '重新上传（勾选替换本月数据）' : '重新推送（replace 为 true）'}。`} />
        ) : null}
      </Panel>
      <Panel bodyStyle={{ paddingTop: 8 }}>
        <Tabs
          activeKey={query.filter}
          className="row-filter-tabs"
          onChange={(k) => setQuery((q) => ({ ...q, pageNum: 1, filter: k as RowsQuery['filter'] }))}
          items={FILTERS.map((f) => ({ key: f.key, label: `${f.label} ${count(f.key)}` }))}
          tabBarExtraContent={
            <Input.Search
              allowClear
              placeholder={`姓名/${keyTitle}`}
              style={{ width: 240 }}
              value={keyword}
              className="row-search"
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
            />
          }
        />
        <Table<DataRowView>
          rowKey="rowNo"
          size="middle"
          className="batch-rows"
          scroll={{ x: 64 + 170 + 100 + 84 + 320 + valueColumns.reduce((s, c) => s + Math.max(96, c.length * 14 + 32), 0) }}
          loading={rows.isFetching}
          dataSource={rows.data?.list ?? []}
          columns={columns}
          rowClassName={(r) => (r.error ? 'row-has-error' : '')}
          pagination={serverPagination(query, rows.data?.pageMessage, (n) => setQuery((q) => ({ ...q, ...n })))}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={query.keyword ? '没有符合条件的数据行' : query.filter === 'error' ? '没有错误行，全部数据都可取数' : query.filter === 'unmatched' ? '所有数据行都已匹配到员工' : '该批次没有数据行'}
              />
            ),
          }}
        />
      </Panel>
    </Flex>
  );
}
