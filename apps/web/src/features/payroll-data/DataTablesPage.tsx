import { ApiOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { matchKeyLabel, type DataKindKey, type DataTableView } from '@wfsaas/contracts';
import { App, Button, Drawer, Dropdown, Empty, Flex, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { BatchList } from './BatchList.tsx';
import { ColumnTags } from './ColumnTags.tsx';
import { batchesPath, kindDef, KIND_SCREENS } from './data-format.ts';
import { dataCalls, PAYROLL_DATA_PERMISSIONS as A, useDataGroups, useDataTables, useInvalidatePayrollData } from './payroll-data.api.ts';
import { PushApiDrawer } from './PushApiDrawer.tsx';
import { ReadGate } from './ReadGate.tsx';
import { TableFormDrawer } from './TableFormDrawer.tsx';
import { UploadModal } from './UploadModal.tsx';

/** /fzsxapp/importTableData (导入表数据). */
export function ImportTableDataPage() {
  return (
    <ReadGate permission={kindDef('import').route}>
      <DataTablesPage kind="import" />
    </ReadGate>
  );
}
/** /fzsxapp/iotData (物联网数据). */
export function IotDataPage() {
  return (
    <ReadGate permission={kindDef('iot').route}>
      <DataTablesPage kind="iot" />
    </ReadGate>
  );
}
/** /fzsxapp/applicationData (应用数据). */
export function ApplicationDataPage() {
  return (
    <ReadGate permission={kindDef('app').route}>
      <DataTablesPage kind="app" />
    </ReadGate>
  );
}

/** The input items of every salary group, for the item names of a table's columns. */
export function useItemSuggestions(): string[] {
  const { map } = usePermissions();
  const groups = useDataGroups(map[A.groupRead] === true);
  return useMemo(() => [...new Set((groups.data?.groups ?? []).flatMap((g) => g.inputItems))], [groups.data]);
}

/** The data tables of one kind: list, create/edit in a drawer, delete or archive, upload or push API, batches. */
function DataTablesPage({ kind }: { kind: DataKindKey }) {
  const def = kindDef(kind);
  const screen = KIND_SCREENS[kind];
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[def.edit] === true;
  const canGroups = map[A.groupRead] === true;
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const tables = useDataTables(kind, keyword);
  const invalidate = useInvalidatePayrollData();
  const suggestions = useItemSuggestions();
  const removeTable = useAction((t: DataTableView) => dataCalls.removeTable(kind, t.id), {
    success: (r, t) => (r.archived ? `「${t.name}」已有批次，已归档：批次记录保留，不再用于取数` : '删除成功'),
    invalidate: () => invalidate(),
  });
  const template = useAction(dataCalls.downloadTemplate);
  const [editing, setEditing] = useState<{ open: boolean; table: DataTableView | null }>({ open: false, table: null });
  const [uploading, setUploading] = useState<DataTableView | null>(null);
  const [pushApi, setPushApi] = useState<DataTableView | null>(null);
  const [search, setSearch] = useSearchParams();
  const batchTableId = Number(search.get('table')) || null;
  const batchTable = (tables.data ?? []).find((t) => t.id === batchTableId) ?? null;
  const openBatches = (t: DataTableView) => (screen.pushed ? setSearch({ table: String(t.id) }) : navigate(batchesPath(t.kind, t.id)));

  const remove = (t: DataTableView) =>
    confirmDelete(
      modal,
      () => removeTable.run(t),
      `删除数据表「${t.name}」。已有批次的数据表将归档：批次记录保留，但不再显示在列表中，也不再被薪资组取数。`,
    );

  const columns: TableColumnsType<DataTableView> = [
    {
      title: '名称',
      dataIndex: 'name',
      width: 130,
      fixed: 'left',
      ellipsis: true,
      render: (v: string, r) => (
        <Typography.Link onClick={() => openBatches(r)} className="table-name">
          {v}
        </Typography.Link>
      ),
    },
    { title: '类别', dataIndex: 'category', width: 70 },
    { title: '匹配方式', dataIndex: 'matchKey', width: 80, render: (v: string) => matchKeyLabel(v) },
    { title: '数据列', key: 'columns', width: 250, render: (_: unknown, r) => <ColumnTags table={r} /> },
    ...(screen.pushed ? [{ title: '来源', dataIndex: 'source', width: 100, ellipsis: true, render: (v: string) => v || EMPTY_TEXT }] : []),
    { title: '有效批次数', dataIndex: 'batchCount', width: 90, align: 'right' },
    { title: '最近月份', dataIndex: 'latestMonth', width: 90, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '更新时间', dataIndex: 'updatedAt', width: 136, render: formatDateTime },
    {
      title: '操作',
      key: 'actions',
      width: screen.pushed ? 190 : 200,
      fixed: 'right',
      render: (_: unknown, r) => {
        const more = [
          ...(kind === 'import' ? [{ key: 'template', label: '下载模板', onClick: () => void template.run(kind, r) }] : []),
          ...(canEdit ? [{ key: 'edit', label: '编辑', onClick: () => setEditing({ open: true, table: r }) }] : []),
          ...(canEdit ? [{ key: 'remove', label: '删除', danger: true, onClick: () => remove(r) }] : []),
        ];
        return (
          <Space size={4} wrap={false}>
            {kind === 'import' && canEdit && (
              <Button type="link" size="small" className="table-upload" onClick={() => setUploading(r)}>
                上传数据
              </Button>
            )}
            {screen.pushed && (
              <Button type="link" size="small" className="table-push-api" onClick={() => setPushApi(r)}>
                推送接口
              </Button>
            )}
            <Button type="link" size="small" className="table-batches" onClick={() => openBatches(r)}>
              批次
            </Button>
            {more.length > 0 && (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small" className="table-more">
                  更多 <DownOutlined style={{ fontSize: 10 }} />
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16} className={`data-tables-page data-tables-${kind}`}>
      <PageHeader
        title={screen.title}
        description={screen.description}
        extra={
          <>
            {canGroups && <Button onClick={() => navigate('/fzsxapp/dataGroupMaintenance')}>数据组维护</Button>}
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} className="table-create" onClick={() => setEditing({ open: true, table: null })}>
                新增数据表
              </Button>
            )}
          </>
        }
      />
      <Panel>
        <Flex gap={8} justify="space-between" style={{ marginBottom: 16 }} wrap>
          <Input.Search
            placeholder="数据表名称"
            allowClear
            enterButton="查询"
            style={{ width: 320 }}
            value={keywordInput}
            className="table-search"
            onChange={(e) => setKeywordInput(e.target.value)}
            onSearch={(v) => setKeyword(v.trim())}
          />
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            工资项名称与薪资组的导入项一致的列，会在算薪时取数；在<Link to="/fzsxapp/dataGroupMaintenance">数据组维护</Link>中为薪资组选择数据表。
          </Typography.Text>
        </Flex>
        <Table<DataTableView>
          rowKey="id"
          size="middle"
          className="data-table-list"
          scroll={{ x: screen.pushed ? 1136 : 1046 }}
          loading={tables.isFetching}
          dataSource={tables.data ?? []}
          columns={columns}
          pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: false }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? `没有名称包含「${keyword}」的数据表` : `暂无${screen.title}表，点击新增数据表`}>
                {canEdit && !keyword && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, table: null })}>
                    新增数据表
                  </Button>
                )}
              </Empty>
            ),
          }}
        />
      </Panel>
      <TableFormDrawer kind={kind} table={editing.table} open={editing.open} itemSuggestions={suggestions} onClose={() => setEditing({ open: false, table: null })} />
      {kind === 'import' && <UploadModal table={uploading} open={uploading !== null} onClose={() => setUploading(null)} />}
      {screen.pushed && <PushApiDrawer table={pushApi} open={pushApi !== null} onClose={() => setPushApi(null)} />}
      {screen.pushed && (
        <Drawer
          title={batchTable ? `数据批次 · ${batchTable.name}` : '数据批次'}
          open={batchTableId !== null}
          onClose={() => setSearch({})}
          size={1080}
          destroyOnHidden
          className="batch-drawer"
          extra={
            batchTable && (
              <Button icon={<ApiOutlined />} onClick={() => setPushApi(batchTable)}>
                推送接口
              </Button>
            )
          }
        >
          {batchTableId !== null && (
            <BatchList
              kind={kind}
              tableId={batchTableId}
              emptyAction={
                batchTable && (
                  <Button type="primary" icon={<ApiOutlined />} onClick={() => setPushApi(batchTable)}>
                    查看推送接口
                  </Button>
                )
              }
            />
          )}
        </Drawer>
      )}
    </Flex>
  );
}

