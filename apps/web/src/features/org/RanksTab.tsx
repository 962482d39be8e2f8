import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { RankCategoryItem, RankItem } from '@wfsaas/contracts';
import { App, Button, Empty, Flex, Form, Input, InputNumber, Select, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { EMPTY_TEXT } from '../../app/ui/format.ts';
import { FormDrawer, FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { orgCalls, useInvalidateOrg, useRankCategories, useRanks } from './org.api.ts';
import { compareDecimal, formatYuan } from './org-tree.ts';

type CategoryValues = { name: string; code?: string; sort?: number };

function CategoryModal({ category, open, onClose }: { category: RankCategoryItem | null; open: boolean; onClose: () => void }) {
  const save = useAction(orgCalls.saveCategory, { success: '保存成功', invalidate: useInvalidateOrg(), onSuccess: onClose });
  return (
    <FormModal<CategoryValues>
      title={category ? '编辑职级类别' : '新增职级类别'}
      open={open}
      onClose={onClose}
      values={category ? { name: category.name, code: category.code ?? '', sort: category.sort } : {}}
      onSubmit={(v) => save.run({ ...(category ? { id: category.id } : {}), name: v.name.trim(), code: v.code?.trim() || null, sort: v.sort ?? 0 })}
      formProps={{ className: 'category-form' }}
    >
      <Form.Item name="name" label="类别名称" rules={[{ required: true, whitespace: true, message: '请输入类别名称' }]}>
        <Input maxLength={30} placeholder="如：专业序列" />
      </Form.Item>
      <Form.Item name="code" label="类别编码" rules={[{ pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/, message: '只能包含字母、数字、-、_、.' }]}>
        <Input maxLength={30} placeholder="如：P（选填）" />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="数字小的排在前面">
        <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

type RankValues = { categoryId: number; name: string; level?: number; payMin?: string | null; payMax?: string | null };

function RankDrawer({ rank, categoryId, categories, open, onClose }: { rank: RankItem | null; categoryId: number | null; categories: RankCategoryItem[]; open: boolean; onClose: () => void }) {
  const save = useAction(orgCalls.saveRank, { success: '保存成功', invalidate: useInvalidateOrg(), onSuccess: onClose });
  const money = { min: '0', max: '999999999999.99', precision: 2, stringMode: true, step: '100', prefix: '¥', style: { width: '100%' } } as const;
  return (
    <FormDrawer<RankValues>
      title={rank ? '编辑职级' : '新增职级'}
      open={open}
      onClose={onClose}
      values={rank ? { categoryId: rank.categoryId, name: rank.name, level: rank.level, payMin: rank.payMin, payMax: rank.payMax } : categoryId ? { categoryId } : {}}
      onSubmit={(v) => save.run({ ...(rank ? { id: rank.id } : {}), categoryId: v.categoryId, name: v.name.trim(), level: v.level ?? 0, payMin: v.payMin || null, payMax: v.payMax || null })}
      formProps={{ className: 'rank-form' }}
    >
      <Form.Item name="categoryId" label="职级类别" rules={[{ required: true, message: '请选择职级类别' }]}>
        <Select options={categories.map((c) => ({ value: c.id, label: c.name }))} placeholder="请选择职级类别" />
      </Form.Item>
      <Form.Item name="name" label="职级名称" rules={[{ required: true, whitespace: true, message: '请输入职级名称' }]}>
        <Input maxLength={30} placeholder="如：P5" />
      </Form.Item>
      <Form.Item name="level" label="级别" extra="数字越大级别越高，列表按级别排序">
        <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item name="payMin" label="月薪下限（元）" style={{ flex: 1 }}>
          <InputNumber<string> {...money} placeholder="选填" />
        </Form.Item>
        <Form.Item
          name="payMax"
          label="月薪上限（元）"
          style={{ flex: 1 }}
          dependencies={['payMin']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: string | null | undefined) => {
                const min = getFieldValue('payMin') as string | null | undefined;
                return !v || !min || compareDecimal(min, v) <= 0 ? Promise.resolve() : Promise.reject(new Error('薪资下限不能高于上限'));
              },
            }),
          ]}
        >
          <InputNumber<string> {...money} placeholder="选填" />
        </Form.Item>
      </Flex>
    </FormDrawer>
  );
}

/** 职级: rank categories on the left, their ranks with monthly pay bands on the right. */
export function RanksTab({ canEdit }: { canEdit: boolean }) {
  const { modal } = App.useApp();
  const categories = useRankCategories();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const cats = categories.data ?? [];
  const current = cats.find((c) => c.id === categoryId) ?? cats[0] ?? null;
  const ranks = useRanks(current?.id ?? null);
  const [categoryForm, setCategoryForm] = useState<{ open: boolean; category: RankCategoryItem | null }>({ open: false, category: null });
  const [rankForm, setRankForm] = useState<{ open: boolean; rank: RankItem | null }>({ open: false, rank: null });
  const removeCategory = useAction(orgCalls.deleteCategory, { success: '删除成功', invalidate: useInvalidateOrg() });
  const removeRank = useAction(orgCalls.deleteRank, { success: '删除成功', invalidate: useInvalidateOrg() });

  const columns: TableColumnsType<RankItem> = [
    { title: '职级', dataIndex: 'name', width: 120 },
    { title: '级别', dataIndex: 'level', width: 80, align: 'right' },
    { title: '月薪下限', dataIndex: 'payMin', width: 160, align: 'right', render: (v: string | null) => <span className="money">{formatYuan(v)}</span> },
    { title: '月薪上限', dataIndex: 'payMax', width: 160, align: 'right', render: (v: string | null) => <span className="money">{formatYuan(v)}</span> },
    { title: '在职人数', dataIndex: 'activeEmployeeCount', width: 100, align: 'right' },
  ];
  if (canEdit) {
    columns.push({
      title: '操作',
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setRankForm({ open: true, rank: r })}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => confirmDelete(modal, () => removeRank.run(r.id), `删除职级「${r.name}」后不可恢复。有在职员工任该职级时不能删除。`)}
          >
            删除
          </Button>
        </Space>
      ),
    });
  }

  return (
    <Flex gap={16} align="flex-start">
      <div style={{ width: 240, flex: 'none', border: '1px solid #f0f0f0', borderRadius: 8, padding: 8 }} className="rank-categories">
        <Flex justify="space-between" align="center" style={{ padding: '4px 8px 8px' }}>
          <span style={{ fontWeight: 600 }}>职级类别</span>
          {canEdit && (
            <Tooltip title="新增职级类别">
              <Button type="text" size="small" icon={<PlusOutlined />} onClick={() => setCategoryForm({ open: true, category: null })} aria-label="新增职级类别" />
            </Tooltip>
          )}
        </Flex>
        {cats.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无职级类别" />}
        {cats.map((c) => {
          const active = current?.id === c.id;
          return (
            <Flex
              key={c.id}
              align="center"
              justify="space-between"
              className="rank-category"
              data-active={active}
              onClick={() => setCategoryId(c.id)}
              style={{ padding: '8px 8px', borderRadius: 6, cursor: 'pointer', background: active ? '#e6f4ff' : undefined, color: active ? '#1677ff' : undefined }}
            >
              <span>
                {c.name}
                {c.code && <span style={{ color: 'rgba(0,0,0,0.45)', marginInlineStart: 6 }}>{c.code}</span>}
                <span style={{ color: 'rgba(0,0,0,0.45)', marginInlineStart: 6 }}>({c.rankCount})</span>
              </span>
              {canEdit && (
                <Space size={0} onClick={(e) => e.stopPropagation()}>
                  <Button type="text" size="small" icon={<EditOutlined />} aria-label={`编辑${c.name}`} onClick={() => setCategoryForm({ open: true, category: c })} />
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={`删除${c.name}`}
                    onClick={() => confirmDelete(modal, () => removeCategory.run(c.id), `删除职级类别「${c.name}」后不可恢复。类别下还有职级时不能删除。`)}
                  />
                </Space>
              )}
            </Flex>
          );
        })}
      </div>
      <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" align="center">
          <span style={{ fontWeight: 600 }}>{current ? `${current.name}的职级` : '职级'}</span>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} disabled={!current} onClick={() => setRankForm({ open: true, rank: null })} className="add-rank">
              新增职级
            </Button>
          )}
        </Flex>
        <Table<RankItem>
          rowKey="id"
          size="middle"
          className="ranks-table"
          columns={columns}
          dataSource={current ? (ranks.data ?? []) : []}
          loading={ranks.isFetching}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: current ? '该类别下暂无职级，点击新增职级' : '请先新增职级类别' }}
          footer={() => <span style={{ color: 'rgba(0,0,0,0.45)' }}>金额为月薪（元）；{EMPTY_TEXT} 表示未设置</span>}
        />
      </Flex>
      {canEdit && (
        <>
          <CategoryModal open={categoryForm.open} category={categoryForm.category} onClose={() => setCategoryForm({ open: false, category: null })} />
          <RankDrawer open={rankForm.open} rank={rankForm.rank} categoryId={current?.id ?? null} categories={cats} onClose={() => setRankForm({ open: false, rank: null })} />
        </>
      )}
    </Flex>
  );
}
