import { SIGN_ORDERS, type PackageSave, type PackageView } from '@wfsaas/contracts';
import { App, Button, Drawer, Empty, Flex, Form, Input, InputNumber, Radio, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { EC_PACKAGE_EDIT, ecCalls, useInvalidateContracts, usePackagePage, useTemplatePage } from './econtracts.api.ts';

type FormValues = { name: string; templateIds: number[]; signOrder: 1 | 2 | 3; deadlineDays: number; remark?: string };

function PackageDrawer({ editing, onClose }: { editing: PackageView | 'new'; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const templates = useTemplatePage({ pageNum: 1, pageSize: 500 });
  const invalidate = useInvalidateContracts();
  const [busy, setBusy] = useState(false);
  const initial: Partial<FormValues> =
    editing === 'new' ? { signOrder: 1, deadlineDays: 7, templateIds: [] } : { name: editing.name, templateIds: editing.templates.map((t) => t.id), signOrder: editing.signOrder, deadlineDays: editing.deadlineDays, remark: editing.remark };
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body: PackageSave = { ...(editing === 'new' ? {} : { id: editing.id }), name: v.name.trim(), templateIds: v.templateIds, signOrder: v.signOrder, deadlineDays: v.deadlineDays, remark: v.remark?.trim() ?? '' };
      await ecCalls.savePackage(body);
      toastSuccess('保存成功');
      await invalidate();
      onClose();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open
      size="large"
      title={editing === 'new' ? '新建合同包' : '编辑合同包'}
      onClose={() => closeWithGuard(modal, form.isFieldsTouched(), onClose)}
      className="package-drawer"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={() => closeWithGuard(modal, form.isFieldsTouched(), onClose)}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} className="package-save">
            确定
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial}>
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
      </Form>
    </Drawer>
  );
}

/** /qszx-vite/signedPackageManage (合同包管理, kept alive): packages of templates signed together. */
export default function PackagesPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[EC_PACKAGE_EDIT] === true;
  const [form] = Form.useForm<{ name?: string }>();
  const [query, setQuery] = useState<{ pageNum: number; pageSize: number; name?: string }>({ pageNum: 1, pageSize: 10 });
  const page = usePackagePage(query);
  const invalidate = useInvalidateContracts();
  const [editing, setEditing] = useState<PackageView | 'new' | null>(null);

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
            <Button type="link" size="small" onClick={() => setEditing(r)} className="package-edit">
              编辑
            </Button>
          )}
          {canEdit && (
            <Button
              type="link"
              size="small"
              danger
              className="package-remove"
              onClick={() =>
                confirmDelete(
                  modal,
                  async () => {
                    try {
                      await ecCalls.removePackage(r.id);
                      toastSuccess('删除成功');
                    } finally {
                      await invalidate();
                    }
                  },
                  `删除合同包「${r.name}」后不能再用它发起签署，已发起的合同不受影响。`,
                )
              }
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="packages-page">
      <PageHeader
        title="合同包管理"
        description="把需要一起签署的合同模板组成合同包（如劳动合同 + 保密协议），设定签署顺序与期限。"
        extra={
          canEdit && (
            <Button type="primary" onClick={() => setEditing('new')} className="package-new">
              新建合同包
            </Button>
          )
        }
      />
      <Panel>
        <QueryForm<{ name?: string }> form={form} name="package-query" onSearch={(v) => setQuery({ pageNum: 1, pageSize: query.pageSize, name: v.name?.trim() || undefined })}>
          <Form.Item name="name" label="名称">
            <Input allowClear placeholder="合同包名称" />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel>
        <Table<PackageView>
          rowKey="id"
          className="package-table"
          size="middle"
          scroll={{ x: 1100 }}
          loading={page.isFetching}
          dataSource={page.data?.data ?? []}
          columns={columns}
          pagination={serverPagination(query, page.data?.pageMessage, (next) => setQuery((q) => ({ ...q, ...next })))}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={canEdit ? '暂无合同包，点击新建合同包' : '暂无合同包'} /> }}
        />
      </Panel>
      {editing && <PackageDrawer editing={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
