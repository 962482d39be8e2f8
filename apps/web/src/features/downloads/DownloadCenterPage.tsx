import { DownloadOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Progress, Space, Tabs, Tooltip, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime, formatFileSize } from '../../app/ui/format.ts';
import { oneOf } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { downloadCalls, startDownload, useExportPage, useExportStats, useInvalidateDownloads } from './downloads.api.ts';
import { EXPORT_STATUS, EXPORT_TABS, exportPercent, exportStatusMeta, exportTab, expiresSoon, hasActiveExports, type ExportView } from './downloads.ts';

function StatusCell({ row }: { row: ExportView }) {
  const meta = exportStatusMeta(row.status);
  if (row.status === EXPORT_STATUS.generating) {
    const percent = exportPercent(row);
    return (
      <Flex vertical gap={2} style={{ width: 140 }}>
        <StatusTag tone={meta.tone}>{meta.label}</StatusTag>
        <Progress percent={percent ?? 0} size="small" status="active" showInfo={percent !== null} />
      </Flex>
    );
  }
  if (row.status === EXPORT_STATUS.failed && row.error) {
    return (
      <Tooltip title={row.error}>
        <span>
          <StatusTag tone={meta.tone}>{meta.label}</StatusTag>
        </span>
      </Tooltip>
    );
  }
  return <StatusTag tone={meta.tone}>{meta.label}</StatusTag>;
}

const SCHEMA = { status: oneOf(EXPORT_TABS.map((t) => t.key)) };
const DEFAULTS = { status: 'all' };

/** The date picker of the export dialog is loaded when the dialog first opens. */
const AuditLogExportModal = lazy(() => import('./AuditLogExportModal.tsx'));

/** /downloadCenter: the caller's exports with status and progress; download through a temp token; remove. */
export default function DownloadCenterPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canExportAuditLog = map.systemConfig === true;
  const query = useListQuery({ name: 'exports', schema: SCHEMA, defaults: DEFAULTS });
  const tab = exportTab(query.filters.status);
  const list = useExportPage({ ...query.page, ...(tab.status !== undefined ? { status: tab.status } : {}) });
  const stats = useExportStats();
  const invalidate = useInvalidateDownloads();
  const [exportOpen, setExportOpenState] = useState(false);
  const [exportUsed, setExportUsed] = useState(false);
  const setExportOpen = (v: boolean) => {
    if (v) setExportUsed(true);
    setExportOpenState(v);
  };
  const [downloading, setDownloading] = useState<number | null>(null);
  const active = hasActiveExports(list.data?.data ?? [], stats.data);
  const fetchLink = useAction((id: number) => downloadCalls.downloadLink(id), { onSuccess: (link) => startDownload(link.url, link.fileName) });
  const removal = useAction((id: number) => downloadCalls.remove(id), { success: '操作成功', invalidate });

  // a refused link (expired, removed meanwhile) refreshes the list
  const download = async (row: ExportView) => {
    setDownloading(row.id);
    if ((await fetchLink.run(row.id)) === undefined) void invalidate();
    setDownloading(null);
  };

  const remove = (row: ExportView) => confirmDelete(modal, () => removal.run(row.id), `将从下载中心移除「${row.fileName}」。`);

  const columns: TableColumnsType<ExportView> = [
    { title: '文件名', dataIndex: 'fileName', ellipsis: true, render: (v: string) => <span style={{ fontWeight: 500 }}>{v}</span> },
    { title: '状态', dataIndex: 'status', width: 170, render: (_: number, r) => <StatusCell row={r} /> },
    { title: '文件大小', dataIndex: 'size', width: 110, align: 'right', render: (v: number | null, r) => (r.status === EXPORT_STATUS.completed || r.status === EXPORT_STATUS.expired ? formatFileSize(v) : '—') },
    { title: '创建时间', dataIndex: 'createdAt', width: 160, render: (v: string) => formatDateTime(v) },
    {
      title: '有效期至',
      dataIndex: 'expiresAt',
      width: 170,
      render: (v: string | null, r) => (
        <span style={{ color: r.status === EXPORT_STATUS.expired ? 'rgba(0,0,0,0.25)' : expiresSoon(r) ? '#fa8c16' : undefined }}>
          {formatDateTime(v)}
          {expiresSoon(r) && '（即将过期）'}
        </span>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0} separator={<span style={{ color: '#f0f0f0' }}>|</span>}>
          <Button type="link" size="small" icon={<DownloadOutlined />} disabled={r.status !== EXPORT_STATUS.completed} loading={downloading === r.id} onClick={() => void download(r)}>
            下载
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(r)}>
            移除
          </Button>
        </Space>
      ),
    },
  ];

  const emptyFor = tab.status === undefined ? (canExportAuditLog ? '暂无导出文件，点击「导出操作日志」试试' : '暂无导出文件，在各列表页导出的文件会出现在这里') : `暂无${tab.label}的文件`;

  return (
    <Flex vertical gap={16} className="download-center">
      <PageHeader
        title="下载中心"
        description="导出的文件在后台生成，完成后可在此下载；文件保留 7 天，到期后自动清理。"
        extra={
          <>
            <Button icon={<ReloadOutlined />} onClick={() => void invalidate()} loading={list.isFetching && !active}>
              刷新
            </Button>
            {canExportAuditLog && (
              <Button type="primary" icon={<ExportOutlined />} onClick={() => setExportOpen(true)}>
                导出操作日志
              </Button>
            )}
          </>
        }
        footer={
          <Tabs
            activeKey={tab.key}
            onChange={(k) => query.search({ status: k })}
            items={EXPORT_TABS.map((t) => ({ key: t.key, label: stats.data ? `${t.label} ${stats.data[t.stat]}` : t.label }))}
            tabBarStyle={{ marginBottom: 0 }}
            className="export-tabs"
          />
        }
      />
      <Panel bodyStyle={{ paddingTop: 16 }}>
        {active && (
          <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 12 }} className="export-active-hint">
            有文件正在生成，列表每 3 秒自动刷新。
          </div>
        )}
        <ListTable<ExportView, typeof SCHEMA>
          rowKey="id"
          className="exports-table"
          columns={columns}
          // the list polls while files are generated: only the first load shows the spinner
          result={{ data: list.data, isFetching: list.isLoading }}
          query={query}
          scroll={{ x: 960 }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyFor}>
                {tab.status === undefined && canExportAuditLog && (
                  <Button type="primary" onClick={() => setExportOpen(true)}>
                    导出操作日志
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Panel>
      {exportUsed && (
        <Suspense fallback={null}>
          <AuditLogExportModal open={exportOpen} onClose={() => setExportOpen(false)} onStarted={() => void invalidate()} />
        </Suspense>
      )}
    </Flex>
  );
}
