import { PlusOutlined } from '@ant-design/icons';
import { SUBMISSION_STATUSES, type InviteView, type SubmissionStatus, type SubmissionView } from '@wfsaas/contracts';
import { App, Button, Flex, Form, Input, Select, Space, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate, formatDateTime } from '../../app/ui/format.ts';
import { oneOf, text } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { inviteSectionFromSearch, inviteState, SUBMISSION_TONES, type InviteSection as Section } from './invite-helpers.ts';
import { InviteDrawer } from './InviteDrawer.tsx';
import { QrModal } from './QrModal.tsx';
import { INVITE_EDIT, onboardingCalls, useInvalidateOnboarding, useInvitePage, useSubmissionPage } from './self-onboarding.api.ts';
import { SubmissionDrawer } from './SubmissionDrawer.tsx';

const INVITE_SCHEMA = { status: oneOf([0, 1] as const) };
const SUBMISSION_SCHEMA = { keyword: text, status: oneOf(SUBMISSION_STATUSES.map((s) => s.value)) };
const SUBMISSION_DEFAULTS = { status: 0 as SubmissionStatus };

function InvitesSection({ canEdit, onShowSubmissions }: { canEdit: boolean; onShowSubmissions: (invite: InviteView) => void }) {
  const { modal } = App.useApp();
  const query = useListQuery({ name: 'onboard-invites', schema: INVITE_SCHEMA, prefix: 'invites' });
  const status = query.filters.status;
  const [creating, setCreating] = useState(false);
  const [qrFor, setQrFor] = useState<InviteView | null>(null);
  const list = useInvitePage({ ...query.page, status });
  const invalidate = useInvalidateOnboarding();
  const closeInvite = useAction((id: number) => onboardingCalls.closeInvite(id), { success: '操作成功', invalidate });

  const close = (r: InviteView) =>
    modal.confirm({
      title: '确认关闭该邀请?',
      content: `关闭后候选人将无法再通过「${r.title}」的链接登记，已提交的登记不受影响。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => closeInvite.run(r.id),
    });

  const columns: TableColumnsType<InviteView> = [
    { title: '邀请名称', dataIndex: 'title', width: 200, ellipsis: true },
    {
      title: '状态',
      key: 'status',
      width: 96,
      render: (_: unknown, r) => {
        const s = inviteState(r);
        return <StatusTag tone={s.tone}>{s.label}</StatusTag>;
      },
    },
    {
      title: '有效期至',
      dataIndex: 'expiresOn',
      width: 160,
      render: (v: string, r) => (
        <Space size={4}>
          {formatDate(v)}
          {r.expired && <Tag color="orange">已过期</Tag>}
        </Space>
      ),
    },
    { title: '入职部门', dataIndex: 'departmentName', width: 130, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '入职岗位', dataIndex: 'positionName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '预计入职日期', dataIndex: 'hireDate', width: 120, render: (v: string | null) => formatDate(v) },
    { title: '待审核', key: 'submitted', width: 72, align: 'right', render: (_: unknown, r) => r.counts.submitted },
    { title: '已通过', key: 'approved', width: 72, align: 'right', render: (_: unknown, r) => r.counts.approved },
    { title: '已驳回', key: 'rejected', width: 72, align: 'right', render: (_: unknown, r) => r.counts.rejected },
    { title: '创建人', dataIndex: 'createdByName', width: 100, render: (v: string | null, r) => <span title={formatDateTime(r.createdAt)}>{v ?? EMPTY_TEXT}</span> },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_: unknown, r) => (
        <Flex gap={4} wrap>
          <Button type="link" size="small" onClick={() => setQrFor(r)} disabled={r.status !== 1 || r.expired}>
            二维码
          </Button>
          <Button type="link" size="small" onClick={() => onShowSubmissions(r)}>
            查看登记
          </Button>
          {canEdit && r.status === 1 && (
            <Button type="link" size="small" danger onClick={() => close(r)}>
              关闭邀请
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} gap={8} wrap>
        <Select<0 | 1 | 'all'>
          style={{ width: 160 }}
          value={status ?? 'all'}
          aria-label="邀请状态"
          onChange={(v) => query.search({ status: v === 'all' ? undefined : v })}
          options={[
            { value: 'all', label: '全部状态' },
            { value: 1, label: '进行中' },
            { value: 0, label: '已关闭' },
          ]}
        />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} className="invite-create">
            新建邀请
          </Button>
        )}
      </Flex>
      <ListTable<InviteView, typeof INVITE_SCHEMA> rowKey="id" className="invite-table" columns={columns} result={list} query={query} scroll={{ x: 1300 }} empty={canEdit ? '暂无入职邀请，点击新建邀请' : '暂无入职邀请'} />
      <InviteDrawer open={creating} onClose={() => setCreating(false)} onCreated={(invite) => setQrFor(invite)} />
      <QrModal invite={qrFor} onClose={() => setQrFor(null)} />
    </>
  );
}

function SubmissionsSection({ canEdit, invite, onClearInvite }: { canEdit: boolean; invite: InviteView | null; onClearInvite: () => void }) {
  const query = useListQuery({ name: 'onboard-submissions', schema: SUBMISSION_SCHEMA, defaults: SUBMISSION_DEFAULTS, prefix: 'submissions' });
  const status = query.filters.status ?? 0;
  const [open, setOpen] = useState<SubmissionView | null>(null);
  const list = useSubmissionPage({ ...query.page, status, keyword: query.filters.keyword?.trim() || undefined, inviteId: invite?.id });

  const columns: TableColumnsType<SubmissionView> = [
    { title: '姓名', dataIndex: 'name', width: 110 },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '证件号码', dataIndex: 'idNumber', width: 190 },
    { title: '邀请', dataIndex: 'inviteTitle', width: 180, ellipsis: true },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (v: string) => formatDateTime(v) },
    ...(status !== 0 ? [{ title: '审核时间', dataIndex: 'reviewedAt', width: 150, render: (v: string | null) => formatDateTime(v) }] : []),
    ...(status === 2 ? [{ title: '驳回原因', dataIndex: 'rejectReason', ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT }] : []),
    { title: '状态', dataIndex: 'statusLabel', width: 100, render: (v: string, r) => <StatusTag tone={SUBMISSION_TONES[r.status]}>{v}</StatusTag> },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r)}>
          {canEdit && r.status === 0 ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <QueryForm<{ keyword?: string }> name="onboard-submissions" values={{ keyword: query.filters.keyword }} onSearch={(v) => query.search({ keyword: v.keyword })}>
        <Form.Item name="keyword" label="姓名">
          <Input placeholder="候选人姓名" allowClear maxLength={50} />
        </Form.Item>
      </QueryForm>
      {invite && (
        <Flex align="center" gap={8} style={{ margin: '4px 0 8px' }} className="submission-invite-filter">
          <span style={{ color: 'rgba(0,0,0,0.55)' }}>邀请：</span>
          <Tag closable onClose={onClearInvite} color="blue">
            {invite.title}
          </Tag>
        </Flex>
      )}
      <Tabs
        activeKey={String(status)}
        onChange={(k) => query.search({ status: Number(k) as SubmissionStatus })}
        items={SUBMISSION_STATUSES.map((s) => ({ key: String(s.value), label: s.label }))}
        className="submission-status-tabs"
      />
      <ListTable<SubmissionView, typeof SUBMISSION_SCHEMA> rowKey="id" className="submission-table" columns={columns} result={list} query={query} scroll={{ x: 1100 }} empty={status === 0 ? '暂无待审核的登记，候选人扫码提交后显示在这里' : '暂无数据'} />
      <SubmissionDrawer submission={open} canEdit={canEdit} onClose={() => setOpen(null)} />
    </>
  );
}

/** /selfOnboarding/invite (邀请入职): invitation links and QR codes, and the review of what candidates submit. */
export default function InvitePage() {
  const { map } = usePermissions();
  const canEdit = map[INVITE_EDIT] === true;
  // a reviewer's notice links to ?tab=submissions
  const location = useLocation();
  const [section, setSection] = useState<Section>(() => inviteSectionFromSearch(location.search));
  const [invite, setInvite] = useState<InviteView | null>(null);
  return (
    <Flex vertical gap={16} className="self-onboarding-page">
      <PageHeader title="邀请入职" description="生成入职邀请链接或二维码发给候选人，候选人在手机上验证手机号并填写入职信息，审核通过后生成待入职员工。" />
      <Panel>
        <Tabs
          activeKey={section}
          onChange={(k) => setSection(k as Section)}
          className="self-onboarding-tabs"
          items={[
            { key: 'invites', label: '入职邀请', children: <InvitesSection canEdit={canEdit} onShowSubmissions={(r) => { setInvite(r); setSection('submissions'); }} /> },
            { key: 'submissions', label: '入职登记', children: <SubmissionsSection canEdit={canEdit} invite={invite} onClearInvite={() => setInvite(null)} /> },
          ]}
        />
      </Panel>
    </Flex>
  );
}
