import { COMPANY_INFO_FIELDS, type LoginShareRow, type ThreeInitAuthItem } from '@wfsaas/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Select, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { EMPTY_TEXT, formatDate, formatDateTime } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { ACCREDIT_EDIT, enterpriseCalls, useInvalidateEnterprise, useShares, useThreeInitAuth } from './enterprise.api.ts';

const INFO_LABELS: Record<string, string> = Object.fromEntries(COMPANY_INFO_FIELDS.map((f) => [f.key, f.title]));

function ThreeInitAuthTab({ canEdit }: { canEdit: boolean }) {
  const list = useThreeInitAuth();
  const invalidate = useInvalidateEnterprise();
  const { modal } = App.useApp();
  const cancel = useAction(enterpriseCalls.cancelThreeInitAuth, { success: '已取消授权', invalidate });
  const sync = useAction(enterpriseCalls.syncThreeInitAuth, { success: '已同步给合作公司', invalidate });
  const columns: TableColumnsType<ThreeInitAuthItem> = [
    { title: '授权对象', dataIndex: 'partyCompanyName', render: (v: string | null, r) => v ?? `公司 ${r.partyCompanyId}` },
    { title: '授权部门', key: 'dep', render: (_, r) => (r.departmentIds.length ? `${r.departmentIds.length} 个部门` : EMPTY_TEXT) },
    { title: '授权印章', key: 'seal', render: (_, r) => (r.sealIds.length ? `${r.sealIds.length} 枚印章` : EMPTY_TEXT) },
    {
      title: '企业信息项',
      key: 'info',
      render: (_, r) => {
        const on = Object.entries(r.companyInfoConfig ?? {}).filter(([, v]) => v);
        return on.length ? on.map(([k]) => <Tag key={k}>{INFO_LABELS[k] ?? k}</Tag>) : EMPTY_TEXT;
      },
    },
    { title: '状态', dataIndex: 'statusName', render: (v: string, r) => <Tag color={r.status === 1 ? 'green' : 'default'}>{v}</Tag> },
    { title: '最近同步', dataIndex: 'syncedAt', render: (v: string | null) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      render: (_, r) =>
        canEdit && r.status === 1 ? (
          <Space>
            <Button type="link" size="small" loading={sync.pendingArgs?.[0] === r.id} onClick={() => void sync.run(r.id)}>
              同步
            </Button>
            <Button type="link" size="small" danger onClick={() => modal.confirm({ title: '取消授权', content: `确定取消对「${r.partyCompanyName ?? r.partyCompanyId}」的授权吗？`, onOk: () => cancel.run(r.id) })}>
              取消授权
            </Button>
          </Space>
        ) : (
          EMPTY_TEXT
        ),
    },
  ];
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="三方授权：本公司授权合作公司使用的部门、印章与企业信息项，只能选择本公司自己的部门与印章。" />
      <Table<ThreeInitAuthItem> rowKey="id" className="three-init-auth-table" columns={columns} dataSource={list.data?.data ?? []} loading={list.isLoading} pagination={false} locale={{ emptyText: '暂无三方授权' }} />
    </>
  );
}

type ShareValues = { targetCompanyId: number; userIds: number[]; roleId: number };

function LoginShareTab({ canEdit }: { canEdit: boolean }) {
  const { companyId } = useSession();
  const list = useShares();
  const invalidate = useInvalidateEnterprise();
  const { modal } = App.useApp();
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<LoginShareRow | null>(null);
  const [form] = Form.useForm<ShareValues>();
  const target = Form.useWatch('targetCompanyId', form) as number | undefined;
  const targets = useQuery({ queryKey: ['enterprise', companyId, 'shareTargets'], queryFn: enterpriseCalls.shareTargets, enabled: canEdit });
  const members = useQuery({ queryKey: ['enterprise', companyId, 'shareMembers'], queryFn: enterpriseCalls.shareMembers, enabled: adding });
  const roleTarget = changing?.targetCompanyId ?? target;
  const roles = useQuery({ queryKey: ['enterprise', companyId, 'shareRoles', roleTarget], queryFn: () => enterpriseCalls.shareRoles(roleTarget!), enabled: roleTarget !== undefined && (adding || changing !== null) });
  const add = useAction(enterpriseCalls.addShare, { success: '已共享', invalidate, onSuccess: () => setAdding(false) });
  const change = useAction(enterpriseCalls.changeShareRole, { success: '角色已修改', invalidate, onSuccess: () => setChanging(null) });
  const revoke = useAction(enterpriseCalls.revokeShare, { success: '已撤销共享', invalidate });
  const columns: TableColumnsType<LoginShareRow> = [
    { title: '成员', dataIndex: 'nickname' },
    { title: '手机号', dataIndex: 'phone' },
    { title: '共享到', dataIndex: 'targetCompanyName' },
    { title: '在该公司的角色', dataIndex: 'roleName' },
    { title: '共享时间', dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
    {
      title: '操作',
      key: 'actions',
      render: (_, r) =>
        canEdit ? (
          <Space>
            <Button type="link" size="small" onClick={() => setChanging(r)}>
              修改角色
            </Button>
            <Button type="link" size="small" danger onClick={() => modal.confirm({ title: '撤销共享', content: `撤销后「${r.nickname}」将不再是「${r.targetCompanyName}」的成员。确定撤销吗？`, onOk: () => revoke.run(r.id) })}>
              撤销
            </Button>
          </Space>
        ) : (
          EMPTY_TEXT
        ),
    },
  ];
  const noTargets = canEdit && targets.data !== undefined && targets.data.length === 0;
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="登录共享：同时担任两家公司管理员时，可让本公司的成员以指定角色登录另一家公司。撤销只移除因共享而加入的成员身份。"
        action={
          canEdit ? (
            <Button type="primary" size="small" className="login-share-add" disabled={noTargets} onClick={() => setAdding(true)}>
              新增共享
            </Button>
          ) : null
        }
      />
      {noTargets ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="您没有同时管理的其他公司，暂不能设置登录共享。" /> : null}
      <Table<LoginShareRow> rowKey="id" className="login-share-table" columns={columns} dataSource={list.data ?? []} loading={list.isLoading} pagination={false} locale={{ emptyText: '暂无登录共享' }} />
      <FormModal<ShareValues> title="新增登录共享" open={adding} onClose={() => setAdding(false)} form={form} onSubmit={(v) => add.run(v)}>
        <Form.Item name="targetCompanyId" label="共享到的公司" rules={[{ required: true, message: '请选择公司' }]}>
          <Select options={(targets.data ?? []).map((t) => ({ value: t.companyId, label: t.companyName }))} placeholder="请选择您同时管理的公司" onChange={() => form.setFieldValue('roleId', undefined)} />
        </Form.Item>
        <Form.Item name="userIds" label="本公司成员" rules={[{ required: true, message: '请至少选择一名成员' }]}>
          <Select mode="multiple" optionFilterProp="label" options={(members.data ?? []).map((m) => ({ value: m.userId, label: `${m.nickname}（${m.phone}）` }))} placeholder="请选择成员" />
        </Form.Item>
        <Form.Item name="roleId" label="在该公司的角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select disabled={target === undefined} options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))} placeholder={target === undefined ? '请先选择公司' : '请选择角色'} />
        </Form.Item>
      </FormModal>
      <FormModal<{ roleId: number }> title={`修改角色：${changing?.nickname ?? ''}`} open={changing !== null} onClose={() => setChanging(null)} values={{ roleId: changing?.roleId }} onSubmit={(v) => change.run(changing!.id, v.roleId)}>
        <Form.Item name="roleId" label={`在「${changing?.targetCompanyName ?? ''}」的角色`} rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))} />
        </Form.Item>
      </FormModal>
    </>
  );
}

function CustodyTab() {
  const { map } = usePermissions();
  return (
    <Alert
      type="info"
      showIcon
      message="共管设置：外包服务公司与用工单位共同管理外包员工的设置，在「共管管理」中维护。"
      action={map.condominiumManage ? <Link to="/qtOutsource/condominiumManage">前往共管管理</Link> : <span style={{ color: 'rgba(0,0,0,0.45)' }}>需要「共管管理」权限</span>}
    />
  );
}

/** /accredit (授权中心): 三方授权, 登录共享, 共管设置 (docs/enterprise.md). */
export default function AccreditPage() {
  const { map } = usePermissions();
  const canEdit = map[ACCREDIT_EDIT] === true;
  return (
    <div className="accredit-page">
      <PageHeader title="授权中心" description="本公司授予合作公司与其他公司的权限。" />
      <Panel>
        <Tabs
          items={[
            { key: 'three', label: '三方授权', children: <ThreeInitAuthTab canEdit={canEdit} /> },
            { key: 'share', label: '登录共享', children: <LoginShareTab canEdit={canEdit} /> },
            { key: 'custody', label: '共管设置', children: <CustodyTab /> },
          ]}
        />
      </Panel>
    </div>
  );
}
