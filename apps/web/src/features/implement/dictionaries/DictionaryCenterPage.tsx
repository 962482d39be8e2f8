import { PlusOutlined } from '@ant-design/icons';
import { COMPANY_DICT_PREFIX, type DictionaryItem, type DictionaryListView, type DictionaryUsage } from '@wfsaas/contracts';
import { App, Button, Empty, Flex, Form, Input, Space, Spin, Tag, Typography, type TableColumnsType } from 'antd';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../../app/ui/confirm-delete.ts';
import { FormModal } from '../../../app/ui/FormOverlay.tsx';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { NoPermissionResult } from '../../system/lazy-results.ts';
import { DictionaryItemsTable } from './DictionaryItemsTable.tsx';
import { dictionaryCalls, useDictionaryItems, useDictionaryList, useInvalidateDictionaryCenter } from './dictionaries.api.ts';

type DictValues = { code: string; name: string; description?: string };
type ItemValues = { label: string };

const CODE_PATTERN = /^c_[a-zA-Z0-9_]{1,38}$/;

/** The list on the left: system dictionaries first (tagged 系统), then the company's own. */
function DictionaryList({ list, selected, onSelect }: { list: DictionaryListView[]; selected: string | null; onSelect: (code: string) => void }) {
  return (
    <div className="dict-list" role="list">
      {list.map((d) => (
        <div
          key={d.code}
          role="listitem"
          tabIndex={0}
          className={`dict-list-item${d.code === selected ? ' dict-list-item-active' : ''}`}
          onClick={() => onSelect(d.code)}
          onKeyDown={(e) => (e.key === 'Enter' ? onSelect(d.code) : undefined)}
          style={{ padding: '10px 16px', cursor: 'pointer', borderRadius: 6, background: d.code === selected ? '#e6f4ff' : undefined, marginBottom: 2 }}
        >
          <Flex justify="space-between" align="center" gap={8}>
            <Space size={6}>
              <span style={{ fontWeight: d.code === selected ? 600 : 400 }}>{d.name}</span>
              {d.system && <Tag color="blue">系统</Tag>}
              {d.system && d.extendable && <Tag color="green">可扩展</Tag>}
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {d.enabledCount}项
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.code}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}

function UsageList({ usage }: { usage: DictionaryUsage }) {
  if (usage.count === 0) return <span>暂无记录使用该选项。</span>;
  return (
    <ul className="dict-usage" style={{ margin: 0, paddingInlineStart: 18 }}>
      {usage.places.map((p) => (
        <li key={p.place}>
          {p.place}：{p.count}条{p.examples.length > 0 ? `（${p.examples.join('、')}${p.count > p.examples.length ? ' 等' : ''}）` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * /implement/dictionaryCenter (字典中心): system dictionaries (read-only; 离职原因 takes the company's
 * additions) and the company's own, their items added, renamed, reordered by dragging, disabled, and
 * deleted only while no record uses them. Needs dictionaryCenter; writes dictionaryCenter.edit.
 */
export default function DictionaryCenterPage() {
  const { map } = usePermissions();
  const canRead = map.dictionaryCenter === true;
  const canEdit = map['dictionaryCenter.edit'] === true;
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const list = useDictionaryList();
  const dicts = list.data ?? [];
  const code = params.get('code') ?? dicts[0]?.code ?? null;
  const current = dicts.find((d) => d.code === code) ?? null;
  const items = useDictionaryItems(current ? current.code : null);
  const invalidate = useInvalidateDictionaryCenter();
  const [dictForm, setDictForm] = useState<{ editing: DictionaryListView | null } | null>(null);
  const [itemForm, setItemForm] = useState<{ editing: DictionaryItem | null } | null>(null);

  const select = (c: string) => setParams({ code: c }, { replace: true });
  const saveDict = useAction((v: DictValues) => dictionaryCalls.save({ code: v.code.trim(), name: v.name.trim(), description: v.description?.trim() || undefined, isNew: !dictForm?.editing }), {
    success: '保存成功',
    invalidate,
    onSuccess: (d) => {
      setDictForm(null);
      select(d.code);
    },
  });
  const removeDict = useAction((c: string) => dictionaryCalls.remove(c), { success: '删除成功', invalidate, onSuccess: () => setParams({}, { replace: true }) });
  const saveItem = useAction((v: ItemValues) => dictionaryCalls.saveItem({ code: current!.code, value: itemForm?.editing?.value, label: v.label.trim() }), { success: '保存成功', invalidate, onSuccess: () => setItemForm(null) });
  const enable = useAction((i: DictionaryItem, enabled: boolean) => dictionaryCalls.enable(current!.code, i.value, enabled), { success: (_r, _i, on) => (on ? '已启用' : '已停用，不再供选择'), invalidate });
  const removeItem = useAction((i: DictionaryItem) => dictionaryCalls.removeItem(current!.code, i.value), { success: '删除成功', invalidate });
  const reorder = useAction((values: string[]) => dictionaryCalls.reorder(current!.code, values), { success: '顺序已保存', invalidate });

  if (!canRead) {
    return (
      <Suspense fallback={null}>
        <NoPermissionResult />
      </Suspense>
    );
  }

  const editable = canEdit && current !== null && (!current.system || current.extendable);

  /** 删除: a used item is refused with where it is used, and 停用 offered instead. */
  const askRemove = async (i: DictionaryItem) => {
    const usage = await dictionaryCalls.usage(current!.code, i.value).catch(() => null);
    if (!usage) return;
    if (usage.count > 0) {
      modal.confirm({
        title: `「${i.label}」已被${usage.count}条记录使用，不能删除`,
        content: (
          <div className="dict-usage-refused">
            <UsageList usage={usage} />
            <p style={{ margin: '8px 0 0' }}>{i.enabled ? '可停用该选项：已有记录照常显示，新录入时不再供选择。' : '该选项已停用。'}</p>
          </div>
        ),
        okText: i.enabled ? '停用' : '知道了',
        cancelText: '关闭',
        type: 'warning',
        onOk: () => (i.enabled ? enable.run(i, false) : undefined),
      });
      return;
    }
    confirmDelete(modal, () => removeItem.run(i), `删除选项「${i.label}」后不可恢复。`);
  };

  const showUsage = async (i: DictionaryItem) => {
    const usage = await dictionaryCalls.usage(current!.code, i.value).catch(() => null);
    if (usage) modal.info({ title: `「${i.label}」的使用情况`, content: <UsageList usage={usage} />, okText: '关闭' });
  };

  const columns: TableColumnsType<DictionaryItem> = [
    { title: '选项名称', dataIndex: 'label', render: (v: string, r) => (r.system ? <Space size={6}>{v}<Tag>系统</Tag></Space> : v) },
    { title: '选项值', dataIndex: 'value', width: 140, render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
    { title: '状态', dataIndex: 'enabled', width: 100, render: (v: boolean) => <StatusTag tone={v ? 'success' : 'default'}>{v ? '启用' : '停用'}</StatusTag> },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_: unknown, r) => (
        <Space size={0} className="dict-item-actions">
          <Button type="link" size="small" onClick={() => void showUsage(r)}>
            查看引用
          </Button>
          {editable && !r.system && (
            <>
              <Button type="link" size="small" onClick={() => setItemForm({ editing: r })}>
                编辑
              </Button>
              <Button type="link" size="small" loading={enable.pendingArgs?.[0] === r} onClick={() => void enable.run(r, !r.enabled)}>
                {r.enabled ? '停用' : '启用'}
              </Button>
              <Button type="link" size="small" danger onClick={() => void askRemove(r)}>
                删除
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  const ownDict = current !== null && !current.system;
  return (
    <Flex vertical gap={16} className="dictionary-center-page">
      <PageHeader
        title="字典中心"
        description="系统字典随产品提供、不可修改（离职原因可增加企业自己的选项）；企业字典供自定义表单字段使用。停用的选项不再供选择，已有记录照常显示。"
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDictForm({ editing: null })}>
              新增字典
            </Button>
          ) : undefined
        }
      />
      <Flex gap={16} align="flex-start">
        <Panel title="字典" className="dict-list-panel" bodyStyle={{ padding: 8, maxHeight: 'calc(100vh - 260px)', overflowY: 'auto' }}>
          <div style={{ width: 260 }}>{list.isLoading ? <Spin /> : <DictionaryList list={dicts} selected={current?.code ?? null} onSelect={select} />}</div>
        </Panel>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Panel
            className="dict-items-panel"
            title={
              current ? (
                <Space size={8}>
                  {current.name}
                  <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
                    {current.code}
                  </Typography.Text>
                  {current.system && <Tag color="blue">系统</Tag>}
                </Space>
              ) : (
                '选项'
              )
            }
            extra={
              <Space>
                {canEdit && ownDict && (
                  <>
                    <Button onClick={() => setDictForm({ editing: current })}>编辑字典</Button>
                    <Button danger onClick={() => confirmDelete(modal, () => removeDict.run(current.code), `删除字典「${current.name}」及其全部选项？已被使用的字典不能删除。`)}>
                      删除字典
                    </Button>
                  </>
                )}
                {editable && (
                  <Button type="primary" icon={<PlusOutlined />} className="dict-add-item" onClick={() => setItemForm({ editing: null })}>
                    新增选项
                  </Button>
                )}
              </Space>
            }
          >
            {current?.description && (
              <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
                {current.description}
                {current.system && !current.extendable ? '（系统字典，只读）' : ''}
                {editable ? '；拖动左侧手柄调整企业选项的顺序。' : ''}
              </Typography.Paragraph>
            )}
            <DictionaryItemsTable
              items={items.data ?? []}
              loading={items.isLoading}
              canReorder={editable}
              columns={columns}
              onReorder={(values) => void reorder.run(values)}
              empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={editable ? '暂无选项，点击新增选项添加' : '暂无选项'} />}
            />
          </Panel>
        </div>
      </Flex>

      <FormModal<DictValues>
        title={dictForm?.editing ? '编辑字典' : '新增字典'}
        open={dictForm !== null}
        onClose={() => setDictForm(null)}
        onSubmit={saveDict.run}
        values={dictForm?.editing ? { code: dictForm.editing.code, name: dictForm.editing.name, description: dictForm.editing.description } : { code: COMPANY_DICT_PREFIX }}
        formProps={{ className: 'dict-form' }}
      >
        <Form.Item name="name" label="字典名称" rules={[{ required: true, whitespace: true, message: '请输入字典名称' }]}>
          <Input maxLength={30} placeholder="如：工装尺码" />
        </Form.Item>
        <Form.Item
          name="code"
          label="字典编码"
          extra="以 c_ 开头，由字母、数字或下划线组成，保存后不可修改；表单字段按编码引用字典。"
          rules={[
            { required: true, message: '请输入字典编码' },
            { pattern: CODE_PATTERN, message: '字典编码应以 c_ 开头，由字母、数字或下划线组成' },
          ]}
        >
          <Input maxLength={40} disabled={dictForm?.editing !== null && dictForm?.editing !== undefined} placeholder="如：c_uniform_size" />
        </Form.Item>
        <Form.Item name="description" label="说明">
          <Input.TextArea maxLength={200} rows={2} placeholder="选填" />
        </Form.Item>
      </FormModal>

      <FormModal<ItemValues>
        title={itemForm?.editing ? '编辑选项' : `新增选项 · ${current?.name ?? ''}`}
        open={itemForm !== null}
        onClose={() => setItemForm(null)}
        onSubmit={saveItem.run}
        values={{ label: itemForm?.editing?.label ?? '' }}
        formProps={{ className: 'dict-item-form' }}
      >
        <Form.Item name="label" label="选项名称" rules={[{ required: true, whitespace: true, message: '请输入选项名称' }]} extra={itemForm?.editing ? `选项值 ${itemForm.editing.value} 不变，已有记录显示新名称。` : '选项值由系统生成，保存后不变。'}>
          <Input maxLength={50} placeholder="请输入选项名称" />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
