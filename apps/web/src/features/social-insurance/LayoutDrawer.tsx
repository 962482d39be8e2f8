import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PORTAL_FIELDS, type LayoutView, type PortalField } from '@wfsaas/contracts';
import { Alert, App, Button, Drawer, Empty, Flex, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { addColumn, layoutDraft, layoutError, layoutOriginText, moveColumn, removeColumn, setColumnField, setColumnTitle, toLayoutSave, type LayoutDraft } from './layout-edit.ts';
import { siCalls, useInvalidateSi, useLayouts } from './si.api.ts';

type Row = { index: number; title: string; field: PortalField };

/**
 * 申报模板: per city, the columns of the portal's bulk-upload file the declaration export writes —
 * ordered columns (title and the value it carries), the sheet name, 恢复默认.
 */
export function LayoutDrawer({ open, onClose, canEdit, cities }: { open: boolean; onClose: () => void; canEdit: boolean; cities: readonly string[] }) {
  const { modal } = App.useApp();
  const layouts = useLayouts(open);
  const invalidate = useInvalidateSi();
  const [city, setCity] = useState<string | null>(null);
  const [draft, setDraft] = useState<LayoutDraft | null>(null);
  const [dirty, setDirty] = useState(false);

  const allCities = useMemo(() => [...new Set([...cities, ...(layouts.data ?? []).map((l) => l.city)])], [cities, layouts.data]);
  const chosen = city ?? allCities[0] ?? null;
  const view: LayoutView | null = (layouts.data ?? []).find((l) => l.city === chosen) ?? null;

  // a fresh draft whenever the city or its stored column set changes
  useEffect(() => {
    setDraft(view ? layoutDraft(view) : null);
    setDirty(false);
  }, [view]);

  const save = useAction(siCalls.saveLayout, { success: '保存成功', invalidate, onSuccess: () => setDirty(false) });
  const reset = useAction(siCalls.resetLayout, { success: '已恢复默认模板', invalidate, onSuccess: () => setDirty(false) });

  const change = (next: LayoutDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const guard = (then: () => void) => closeWithGuard(modal, dirty, then);
  const error = draft ? layoutError(draft) : null;
  const rows: Row[] = (draft?.columns ?? []).map((c, index) => ({ index, ...c }));

  const columns: TableColumnsType<Row> = [
    { title: '序号', key: 'no', width: 60, render: (_: unknown, r) => r.index + 1 },
    {
      title: '列标题',
      key: 'title',
      render: (_: unknown, r) =>
        canEdit ? (
          <Input value={r.title} maxLength={30} status={r.title.trim() ? undefined : 'error'} onChange={(e) => draft && change({ ...draft, columns: setColumnTitle(draft.columns, r.index, e.target.value) })} className="layout-title" />
        ) : (
          r.title
        ),
    },
    {
      title: '取值字段',
      key: 'field',
      width: 180,
      render: (_: unknown, r) =>
        canEdit ? (
          <Select<PortalField> value={r.field} style={{ width: '100%' }} options={PORTAL_FIELDS.map((f) => ({ value: f.value, label: f.label }))} onChange={(v) => draft && change({ ...draft, columns: setColumnField(draft.columns, r.index, v) })} />
        ) : (
          PORTAL_FIELDS.find((f) => f.value === r.field)?.label ?? r.field
        ),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_: unknown, r: Row) => (
              <Space size={0}>
                <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label="上移" disabled={r.index === 0} onClick={() => draft && change({ ...draft, columns: moveColumn(draft.columns, r.index, -1) })} />
                <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label="下移" disabled={r.index === rows.length - 1} onClick={() => draft && change({ ...draft, columns: moveColumn(draft.columns, r.index, 1) })} />
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除" onClick={() => draft && change({ ...draft, columns: removeColumn(draft.columns, r.index) })} />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer
      title="申报模板"
      open={open}
      size={760}
      onClose={() => guard(onClose)}
      destroyOnHidden
      className="layout-drawer"
      footer={
        canEdit && draft ? (
          <Flex justify="space-between">
            <Button
              loading={reset.pending}
              onClick={() =>
                modal.confirm({
                  title: `恢复「${draft.city}」的默认模板?`,
                  content: '本企业对该城市模板的修改将被清除。',
                  okText: '确定',
                  cancelText: '取消',
                  type: 'warning',
                  onOk: () => reset.run(draft.city),
                })
              }
            >
              恢复默认
            </Button>
            <Space>
              <Button onClick={() => guard(onClose)}>取消</Button>
              <Button type="primary" className="layout-save" disabled={error !== null || !dirty} loading={save.pending} onClick={() => void save.run(toLayoutSave(draft))}>
                保存
              </Button>
            </Space>
          </Flex>
        ) : null
      }
    >
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title="导出申报文件时按所选城市的模板生成 Excel，列的顺序与标题须与当地社保网站的批量导入模板一致。社保网站更换模板后请在此调整。" />
        <Form layout="inline">
          <Form.Item label="城市">
            <Select
              style={{ width: 160 }}
              value={chosen ?? undefined}
              loading={layouts.isLoading}
              options={allCities.map((c) => ({ value: c, label: c }))}
              onChange={(c: string) => guard(() => setCity(c))}
              className="layout-city"
            />
          </Form.Item>
          {view && (
            <Form.Item>
              <Tag color={view.origin === 'company' ? 'green' : 'blue'}>{layoutOriginText(view.origin)}</Tag>
            </Form.Item>
          )}
        </Form>
        {!draft ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无模板，请先新增参保主体" />
        ) : (
          <>
            <Form layout="vertical">
              <Form.Item label="工作表名称" required validateStatus={draft.sheetName.trim() ? undefined : 'error'}>
                <Input value={draft.sheetName} maxLength={31} disabled={!canEdit} onChange={(e) => change({ ...draft, sheetName: e.target.value })} style={{ maxWidth: 320 }} />
              </Form.Item>
            </Form>
            <Table<Row> rowKey="index" size="small" pagination={false} columns={columns} dataSource={rows} className="layout-table" />
            {canEdit && (
              <Button icon={<PlusOutlined />} type="dashed" block disabled={draft.columns.length >= 40} onClick={() => change({ ...draft, columns: addColumn(draft.columns) })}>
                添加列
              </Button>
            )}
            {error && dirty && <Alert type="error" showIcon title={error} />}
          </>
        )}
      </Flex>
    </Drawer>
  );
}
