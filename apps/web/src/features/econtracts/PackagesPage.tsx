import { SIGN_ORDERS, type PackageView } from '@wfsaas/contracts';
import { App, Button, Flex, Form, Input, InputNumber, Radio, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { EC_PACKAGE_EDIT, ecCalls, useInvalidateContracts, usePackagePage, useTemplatePage } from './econtracts.api.ts';

type FormValues = { name: string; templateIds: number[]; signOrder: 1 | 2 | 3; deadlineDays: number; remark?: string };

const NEW_PACKAGE: Partial<FormValues> = { signOrder: 1, deadlineDays: 7, templateIds: [] };

function PackageDrawer({ open, item, onClose }: { open: boolean; item: PackageView | null; onClose: () => void }) {
  const templates = useTemplatePage({ pageNum: 1, pageSize: 500 });
  const save = useAction(
    (v: FormValues) => ecCalls.savePackage({ ...(item ? { id: item.id } : {}), name: v.name.trim(), templateIds: v.templateIds, signOrder: v.signOrder, deadlineDays: v.deadlineDays, remark: v.remark?.trim() ?? '' }),
    { success: '保存成功', invalidate: useInvalidateContracts(), onSuccess: onClose },
  );
  return (
    <FormDrawer<FormValues>
      open={open}
      width={736}
      title={item ? '编辑合同包' : '新建合同包'}
      onClose={onClose}
      onSubmit={save.run}
      values={item ? { name: item.name, templateIds: item.templates.map((t) => t.id), signOrder: item.signOrder, deadlineDays: item.deadlineDays, remark: item.remark } : NEW_PACKAGE}
      className="package-drawer"
      okClassName="package-save"
    >
      <Form.Item name="name" label="合同包名称" rules={[{ required: true, whitespace: true, message: '请填写合同包名称' }, { max: 60, message: '不能超过 60 个字' }]}>
        <Input maxLength={60} placeholder="例如：新员工入职合同包" aria-label="合同包名称" />
      </Form.Item>
      <Form.Item name="templateIds" label="合同模板" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个合同模板' }]} extra="合同包中的每个模板发起时生成一份合同，员工一次签完。">
        <Select mode="multiple" aria-label="合同模板" showSearch={{ optionFilterProp: 'label' }} loading={templates.isLoading} options={(templates.data?.data ?? []).map((t) => ({ value: t.id, label: t.name }))} placeholder="请选择模板" />
      </Form.Item>
      <Form.Item name="signOrder" label="签署顺序" rules={[{ required: true }]}>
        <Radio.Group options={SIGN_ORDERS.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      <Form.Item name="deadlineDays" label="签署期限（天）" rules={[{ required: true, message: '请填写签署期限' }]} extra="自发起之日起，员工须在期限内完成签署（1–90 天）。">
        <InputNumber min={1} max={90} precision={0} style={{ width: 160 }} aria-label="签署期限" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '不能超过 200 个字' }]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormDrawer>
  );
}

const SCHEMA = { name: text };

/** /qszx-vite/signedPackageManage (合同包管理, kept alive): packages of templates signed together. */
export default function PackagesPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[EC_PACKAGE_EDIT] === true;
  const query = useListQuery({ name: 'packages', schema: SCHEMA });
  const page = usePackagePage(query.params);
  const invalidate = useInvalidateContracts();
  // a refused removal refreshes the list too
  const remove = useAction((id: number) => ecCalls.removePackage(id).finally(invalidate), { success: '删除成功' });
  const [editing, setEditing] = useState<{ open: boolean; item: PackageView | null }>({ open: false, item: null });

  const columns: TableColumnsType<PackageView> = [
    { title: '合同包名称', dataIndex: 'name', width: 220, render: (v: string, r) => <Link to={`/qszx-vite/contractTemplatesList/${r.id}`}>{v}</Link> },
    {
      title: '包含模板',
      dataIndex: 'templates',
      render: (v: PackageView['templates']) => (
        <Flex wrap gap={4}>
          {v.map((t) => (
            <Tag key={t.id}>{t.name}</Tag>
          ))}
        </Flex>
      ),
    },
    { title: '签署顺序', dataIndex: 'signOrderLabel', width: 120 },
    { title: '签署期限', dataIndex: 'deadlineDays', width: 100, align: 'right', render: (v: number) => `${v} 天` },
    { title: '备注', dataIndex: 'remark', width: 180, ellipsis: true, render: (v: string) => v || '—' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/qszx-vite/contractTemplatesList/${r.id}`)} className="package-templates">
            模板
          </Button>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing({ open: true, item: r })} className="package-edit">
              编辑
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" danger className="package-remove" onClick={() => confirmDelete(modal, () => remove.run(r.id), `删除合同包「${r.name}」后不能再用它发起签署，已发起的合同不受影响。`)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListScreen<PackageView, typeof SCHEMA>
      className="packages-page"
      title="合同包管理"
      description="把需要一起签署的合同模板组成合同包（如劳动合同 + 保密协议），设定签署顺序与期限。"
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setEditing({ open: true, item: null })} className="package-new">
            新建合同包
          </Button>
        )
      }
      query={query}
      formName="package-query"
      fields={
        <Form.Item name="name" label="名称">
          <Input allowClear placeholder="合同包名称" />
        </Form.Item>
      }
      table={{ rowKey: 'id', className: 'package-table', scroll: { x: 1100 }, columns, result: page, empty: canEdit ? '暂无合同包，点击新建合同包' : '暂无合同包' }}
    >
      <PackageDrawer open={editing.open} item={editing.item} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
    </ListScreen>
  );
}
