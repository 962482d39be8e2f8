import type { SubAccountInvitation } from '@wfsaas/contracts';
import { App, Button, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../app/ui/format.ts';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag, type StatusTone } from '../../app/ui/StatusTag.tsx';
import { serverPagination, type PageQuery } from '../../app/ui/table.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { rpCalls, useInvitationsPage, useInvalidateRp } from './role-permission.api.ts';

const TONE: Record<number, StatusTone> = { 0: 'processing', 1: 'success', 2: 'warning', 3: 'default' };

/**
 * 邀请记录: people invited by phone to become sub-accounts. An invitation takes effect when its
 * holder signs in by SMS code and accepts it; until then it can be sent again or withdrawn.
 */
export function InvitationsPanel({ canEdit }: { canEdit: boolean }) {
  const { modal } = App.useApp();
  const [query, setQuery] = useState<PageQuery>({ pageNum: 1, pageSize: 5 });
  const page = useInvitationsPage(query);
  const invalidate = useInvalidateRp();
  const [resendingId, setResendingId] = useState<number | null>(null);
  const resend = useAction(rpCalls.resendInvitation, { success: '邀请短信已重新发送', invalidate });
  const cancel = useAction(rpCalls.cancelInvitation, { success: '邀请已撤销', invalidate });
  const rows = page.data?.data ?? [];
  if (!page.isFetching && rows.length === 0 && query.pageNum === 1) return null;

  const columns: TableColumnsType<SubAccountInvitation> = [
    { title: '姓名', dataIndex: 'nickname', width: 140 },
    { title: '手机号', dataIndex: 'phone', width: 140 },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: SubAccountInvitation['roles']) => (roles.length === 0 ? <span style={{ color: 'rgba(0,0,0,0.25)' }}>未分配</span> : roles.map((r) => <Tag key={r.id}>{r.name}</Tag>)),
    },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_: unknown, i) => (i.expired ? <StatusTag tone="error">已过期</StatusTag> : <StatusTag tone={TONE[i.status] ?? 'default'}>{i.statusName}</StatusTag>),
    },
    { title: '邀请人', dataIndex: 'invitedByName', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '邀请时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 160,
      render: (_: unknown, i) =>
        canEdit && i.status === 0 ? (
          <Space size={0} className="row-actions">
            <Button type="link" size="small" loading={resend.pending && resendingId === i.id}
              onClick={() => {
                setResendingId(i.id);
                void resend.run(i.id);
              }}>
              重新发送
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({ title: '确认撤销该邀请?', content: `撤销后「${i.nickname}」不能再通过此邀请加入本企业。`, okText: '确定', cancelText: '取消', type: 'warning', onOk: () => cancel.run(i.id) })
              }
            >
              撤销
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <Panel title="邀请记录" bodyStyle={{ paddingTop: 8 }}>
      <Table<SubAccountInvitation>
        rowKey="id"
        size="middle"
        className="invitations-table"
        columns={columns}
        dataSource={rows}
        loading={page.isFetching}
        scroll={{ x: 960 }}
        pagination={serverPagination(query, page.data?.pageMessage, (p) => setQuery((q) => ({ ...q, ...p })))}
      />
    </Panel>
  );
}
