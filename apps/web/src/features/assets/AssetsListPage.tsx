import { DownloadOutlined, PlusOutlined, SettingOutlined, TagsOutlined } from '@ant-design/icons';
import { ASSET_EDIT, type AssetView } from '@wfsaas/contracts';
import { Button, Flex, Form, Input, Select, Space, Statistic, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate, formatMoney } from '../../app/ui/format.ts';
import { int, oneOf, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { EmployeePicker } from '../employees/pickers.tsx';
import { usePayrollExport } from '../payroll/use-payroll-export.tsx';
import { ASSET_TABS, assetMoves, assetStatusLabel, assetStatusTone, tabStatus, type AssetMove } from './asset-format.ts';
import { AssetFormDrawer, AssetHistoryDrawer, AssetMoveModal, AssetSettingsDrawer, CategoriesDrawer } from './AssetDrawers.tsx';
import { assetCalls, useAssetCategories, useAssetPage, useAssetStats } from './assets.api.ts';

const SCHEMA = { tab: oneOf(ASSET_TABS.map((t) => t.key)), keyword: text, categoryId: int, holderEmployeeId: int };

const MOVE_TEXT: Record<Exclude<AssetMove, 'edit'>, string> = { issue: '领用', return: '归还', repair: '送修', repaired: '修好', scrap: '报废' };

/** /assetsList (资产中心): the company's assets by status, their issue and return, repair and scrapping, and each one's history. */
export default function AssetsListPage() {
  const { map } = usePermissions();
  const canEdit = map[ASSET_EDIT] === true;
  const canPickStaff = map.staffRoll === true;
  const query = useListQuery({ name: 'assets', schema: SCHEMA, defaults: { tab: 'all' } });
  const { tab, keyword, categoryId, holderEmployeeId } = query.filters;
  const filters = { keyword: keyword?.trim() || undefined, categoryId, holderEmployeeId };
  const page = useAssetPage({ ...query.page, ...filters, status: tabStatus(tab ?? 'all') });
  const stats = useAssetStats(filters);
  const categories = useAssetCategories();
  const exporter = usePayrollExport();
  const [editing, setEditing] = useState<AssetView | 'new' | null>(null);
  const [moving, setMoving] = useState<{ asset: AssetView; move: Exclude<AssetMove, 'edit'> } | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const [catsOpen, setCatsOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const columns: TableColumnsType<AssetView> = [
    { title: '资产编号', dataIndex: 'assetNo', key: 'assetNo', width: 130, fixed: 'left', render: (v: string, r) => <a onClick={() => setHistory(r.id)}>{v}</a> },
    { title: '资产名称', dataIndex: 'name', key: 'name', width: 150, ellipsis: true },
    { title: '分类', dataIndex: 'categoryName', key: 'categoryName', width: 100 },
    { title: '品牌型号', dataIndex: 'brandModel', key: 'brandModel', width: 180, ellipsis: true, render: (v: string) => v || EMPTY_TEXT },
    { title: '价值', dataIndex: 'value', key: 'value', width: 120, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '状态', dataIndex: 'status', key: 'status', width: 100, render: (v: number) => <StatusTag tone={assetStatusTone(v)}>{assetStatusLabel(v)}</StatusTag> },
    { title: '领用人', key: 'holder', width: 140, render: (_: unknown, r) => (r.holderName ? `${r.holderName}${r.holderNo ? ` · ${r.holderNo}` : ''}` : EMPTY_TEXT) },
    { title: '领用日期', dataIndex: 'issuedOn', key: 'issuedOn', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '存放地点', dataIndex: 'location', key: 'location', width: 150, ellipsis: true, render: (v: string) => v || EMPTY_TEXT },
    { title: '购入日期', dataIndex: 'purchaseDate', key: 'purchaseDate', width: 110, render: (v: string | null) => formatDate(v) },
    {
      title: '操作',
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          {canEdit &&
            assetMoves(r.status)
              .filter((m) => m !== 'issue' || canPickStaff)
              .map((m) =>
                m === 'edit' ? (
                  <Button key={m} type="link" size="small" className="asset-edit" onClick={() => setEditing(r)}>
                    编辑
                  </Button>
                ) : (
                  <Button key={m} type="link" size="small" danger={m === 'scrap'} className={`asset-${m}`} onClick={() => setMoving({ asset: r, move: m })}>
                    {MOVE_TEXT[m]}
                  </Button>
                ),
              )}
          <Button type="link" size="small" className="asset-history" onClick={() => setHistory(r.id)}>
            记录
          </Button>
        </Space>
      ),
    },
  ];

  const s = stats.data;
  return (
    <ListScreen<AssetView, typeof SCHEMA>
      className="assets-page"
      title="资产中心"
      description="登记公司资产，办理领用、归还、送修与报废，每件资产的流转都有记录；员工离职前须归还名下资产。"
      extra={
        <Space>
          <Button icon={<DownloadOutlined />} className="asset-export" loading={exporter.pending === 'assets'} onClick={() => void exporter.start('assets', () => assetCalls.exportList({ ...filters, status: tabStatus(tab ?? 'all') }))}>
            导出
          </Button>
          {canEdit && (
            <>
              <Button icon={<TagsOutlined />} className="asset-categories" onClick={() => setCatsOpen(true)}>
                资产分类
              </Button>
              <Button icon={<SettingOutlined />} className="asset-settings" onClick={() => setSettingsOpen(true)}>
                设置
              </Button>
              <Button type="primary" icon={<PlusOutlined />} className="asset-add" onClick={() => setEditing('new')}>
                新增资产
              </Button>
            </>
          )}
        </Space>
      }
      query={query}
      formName="assets"
      fields={
        <>
          <Form.Item name="keyword" label="关键词">
            <Input allowClear maxLength={60} placeholder="编号、名称、型号、序列号或领用人" />
          </Form.Item>
          <Form.Item name="categoryId" label="分类">
            <Select allowClear placeholder="全部" options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.status === 1 ? c.name : `${c.name}（已停用）` }))} />
          </Form.Item>
          {canPickStaff && (
            <Form.Item name="holderEmployeeId" label="领用人">
              <EmployeePicker />
            </Form.Item>
          )}
        </>
      }
      tabs={{ filter: 'tab', items: ASSET_TABS, counts: s ? { all: s.counts.all, '1': s.counts['1'], '2': s.counts['2'], '3': s.counts['3'], '4': s.counts['4'] } : undefined, className: 'asset-tabs' }}
      aboveTable={
        <Flex gap={48} className="asset-totals" style={{ marginBottom: 16 }}>
          <Statistic title="资产总值（不含已报废）" value={s ? formatMoney(s.totalValue) : EMPTY_TEXT} />
          <Statistic title="已领用资产价值" value={s ? formatMoney(s.issuedValue) : EMPTY_TEXT} />
        </Flex>
      }
      table={{
        rowKey: 'id',
        className: 'asset-table',
        columns,
        result: page,
        scroll: { x: 1560 },
        chooser: { list: 'assets' },
        empty: canEdit ? '暂无资产，点击新增资产登记公司的电脑、手机等资产' : '暂无资产',
      }}
    >
      <AssetFormDrawer editing={editing} categories={categories.data ?? []} onClose={() => setEditing(null)} />
      <AssetMoveModal moving={moving} onClose={() => setMoving(null)} />
      <AssetHistoryDrawer id={history} onClose={() => setHistory(null)} />
      <CategoriesDrawer open={catsOpen} onClose={() => setCatsOpen(false)} />
      <AssetSettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </ListScreen>
  );
}
