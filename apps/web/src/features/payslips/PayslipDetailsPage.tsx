import { BATCH_STATUS, PAYSLIP_STATUS, type PayslipRowView } from '@wfsaas/contracts';
import { App, Alert, Button, Drawer, Dropdown, Empty, Flex, Input, Result, Space, Spin, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { batchStatusTone, maskMobile, payslipStatusTone, stageTabs } from './payslip-format.ts';
import { PAYSLIP_EDIT, PAYSLIP_SEND, payslipCalls, useBatchDetail, useInvalidatePayslips, type DetailQuery, type PayslipActionName } from './payslips.api.ts';
import { BatchFacts } from './BatchFacts.tsx';
import { AssignModal, ReplaceModal, ReplyModal, RowDrawer } from './PayslipRowDialogs.tsx';
import { sendBlockedReason } from './send-settings.ts';
import { SendSettingsForm } from './SendSettingsForm.tsx';

const S = PAYSLIP_STATUS;

/** Which per-employee actions a payslip's state allows. */
export const ROW_ACTIONS: Record<PayslipActionName | 'reply' | 'replace', (r: PayslipRowView) => boolean> = {
  resend: (r) => r.employeeId !== null && ([S.failed, S.sent, S.viewed] as number[]).includes(r.status),
  withdraw: (r) => ([S.pending, S.sent, S.viewed, S.confirmed, S.feedback, S.failed] as number[]).includes(r.status),
  urge: (r) => ([S.sent, S.viewed] as number[]).includes(r.status),
  reply: (r) => r.status === S.feedback,
  replace: (r) => r.status === S.withdrawn,
  abort: () => false,
  remove: () => false,
};

const ACTION_TEXT: Record<'resend' | 'withdraw' | 'urge', { label: string; confirm: string; done: string }> = {
  resend: { label: '重发', confirm: '确认重新发送工资条?', done: '已重新发送' },
  withdraw: { label: '撤回', confirm: '确认撤回工资条? 撤回后员工将不能查看。', done: '已撤回' },
  urge: { label: '催确认', confirm: '确认提醒员工尽快确认工资条?', done: '已发送提醒' },
};

/** /gzt-vite/payslipDetails/:id (工资条详情): one batch, its employees, their receipts and feedback. */
export default function PayslipDetailsPage() {
  const { id } = useParams();
  const batchId = Number(id);
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canSend = map[PAYSLIP_SEND] === true;
  const canEdit = map[PAYSLIP_EDIT] === true;
  const [tab, setTab] = useState('all');
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<DetailQuery>({ batchId, pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [viewing, setViewing] = useState<PayslipRowView | null>(null);
  const [replying, setReplying] = useState<PayslipRowView | null>(null);
  const [replacing, setReplacing] = useState<PayslipRowView | null>(null);
  const [assigning, setAssigning] = useState<PayslipRowView | null>(null);
  // 工资条管理's 发送 of a draft opens this page with ?send=1
  const [params, setParams] = useSearchParams();
  const [sending, setSending] = useState(params.get('send') === '1');
  const detail = useBatchDetail(query);
  const invalidate = useInvalidatePayslips();
  const act = useAction((name: 'resend' | 'withdraw' | 'urge', payslipIds: number[] | undefined) => payslipCalls.action(name, { batchId, payslipIds }), {
    success: (r, name) => {
      const done = ACTION_TEXT[name].done;
      return r && r.skipped > 0 ? `${done} ${r.affected} 条，${r.skipped} 条状态不符已跳过` : `${done}${r ? ` ${r.affected} 条` : ''}`;
    },
    invalidate,
    onSuccess: () => setSelected([]),
  });
  const resetPassword = useAction((payslipId: number) => payslipCalls.resetPassword(payslipId), { success: '操作成功' });
  const drop = useAction((payslipId: number) => payslipCalls.assign(payslipId, null), { success: '删除成功', invalidate });
  const exportReceipts = useAction((title: string) => payslipCalls.exportReceipts(batchId, `${title}回执.xlsx`));

  if (!Number.isInteger(batchId) || batchId <= 0) return <Result status="404" title="工资条不存在" extra={<Link to="/gzt-vite/payslipManagement">返回工资条管理</Link>} />;
  const batch = detail.data?.batch;
  if (!batch) {
    return detail.isError ? (
      <Result status="warning" title="未能读取工资条" extra={<Link to="/gzt-vite/payslipManagement">返回工资条管理</Link>} />
    ) : (
      <Flex justify="center" style={{ padding: 80 }}>
        <Spin />
      </Flex>
    );
  }

  const runAction = (name: 'resend' | 'withdraw' | 'urge', payslipIds?: number[], title?: string) =>
    modal.confirm({ title: title ?? ACTION_TEXT[name].confirm, okText: '确定', cancelText: '取消', type: 'warning', onOk: () => act.run(name, payslipIds) });

  const confirmResetPassword = (r: PayslipRowView) =>
    modal.confirm({
      title: '确认重置查询密码?',
      content: `${r.name}下次查看工资条时需重新设置查询密码。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => resetPassword.run(r.id),
    });

  const dropRow = (r: PayslipRowView) =>
    modal.confirm({
      title: '确认是否删除?',
      content: `删除第 ${r.rowNo} 行（${r.name}）后，该行不会发送。`,
      okText: '确定',
      cancelText: '取消',
      type: 'warning',
      onOk: () => drop.run(r.id),
    });

  const figures = batch.stageCounts;
  const tabs = stageTabs(figures);
  const isDraft = batch.status === BATCH_STATUS.draft;
  const blocked = sendBlockedReason(figures.unmatched);
  const sentOrSending = batch.status === BATCH_STATUS.sent || batch.status === BATCH_STATUS.sending;
  const closeSend = () => {
    setSending(false);
    if (params.has('send')) setParams({}, { replace: true });
  };
  const rowActions = (r: PayslipRowView) => {
    const items: { key: string; label: string; danger?: boolean; onClick: () => void }[] = [];
    if (canEdit && isDraft) items.push({ key: 'drop', label: '删除该行', danger: true, onClick: () => dropRow(r) });
    if (canSend && sentOrSending && ROW_ACTIONS.resend(r)) items.push({ key: 'resend', label: '重发', onClick: () => runAction('resend', [r.id]) });
    if (canSend && sentOrSending && ROW_ACTIONS.urge(r)) items.push({ key: 'urge', label: '催确认', onClick: () => runAction('urge', [r.id]) });
    if (canEdit && sentOrSending && ROW_ACTIONS.withdraw(r)) items.push({ key: 'withdraw', label: '撤回', danger: true, onClick: () => runAction('withdraw', [r.id]) });
    if (canEdit && ROW_ACTIONS.replace(r)) items.push({ key: 'replace', label: '更正', onClick: () => setReplacing(r) });
    if (canEdit && batch.requirePassword && r.employeeId !== null) items.push({ key: 'resetPassword', label: '重置查询密码', onClick: () => confirmResetPassword(r) });
    return items;
  };

  const columns: TableColumnsType<PayslipRowView> = [
    { title: '姓名', dataIndex: 'name', width: 100, fixed: 'left' },
    { title: '工号', dataIndex: 'employeeNo', width: 100, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '部门', dataIndex: 'departmentName', width: 120, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '手机号', dataIndex: 'mobile', width: 130, render: (v: string | null) => maskMobile(v) },
    { title: '实发工资', dataIndex: 'netPay', width: 130, align: 'right', render: (v: string | null) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(v)}</span> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (v: number, r) => (
        <Space size={4}>
          <StatusTag tone={payslipStatusTone(v)}>{r.statusLabel}</StatusTag>
          {r.version > 1 && <Tag>更正版</Tag>}
        </Space>
      ),
    },
    { title: '发送时间', dataIndex: 'sentAt', width: 150, render: (v: string | null) => formatDateTime(v) },
    { title: '查看时间', dataIndex: 'viewedAt', width: 150, render: (v: string | null) => formatDateTime(v) },
    { title: '确认时间', dataIndex: 'confirmedAt', width: 150, render: (v: string | null) => formatDateTime(v) },
    {
      title: '反馈 / 原因',
      key: 'feedback',
      width: 200,
      ellipsis: true,
      render: (_: unknown, r) => (r.matchError ? <span style={{ color: '#cf1322' }}>{r.matchError}</span> : r.failReason ? <span style={{ color: '#cf1322' }}>{r.failReason}</span> : r.feedback ? <span title={r.feedback}>{r.feedback}{r.reply ? '（已回复）' : ''}</span> : EMPTY_TEXT),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => {
        const more = rowActions(r);
        return (
          <Space size={4}>
            {canEdit && isDraft && r.employeeId === null ? (
              <Button type="link" size="small" className="row-assign" onClick={() => setAssigning(r)}>
                匹配人员
              </Button>
            ) : (
              <Button type="link" size="small" className="row-view" onClick={() => setViewing(r)} disabled={r.employeeId === null}>
                查看
              </Button>
            )}
            {canSend && ROW_ACTIONS.reply(r) && (
              <Button type="link" size="small" className="row-reply" onClick={() => setReplying(r)}>
                回复
              </Button>
            )}
            {more.length > 0 && (
              <Dropdown menu={{ items: more.map(({ onClick, ...i }) => ({ ...i, onClick })) }}>
                <Button type="link" size="small" className="row-more">
                  更多
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  const activeTab = tabs.find((t) => t.key === tab) ?? tabs[0]!;

  return (
    <Flex vertical gap={16} className="payslip-details-page">
      <PageHeader
        title={
          <Space>
            {batch.title}
            <StatusTag tone={batchStatusTone(batch.status)}>{batch.statusLabel}</StatusTag>
          </Space>
        }
        description={<Link to="/gzt-vite/payslipManagement">返回工资条管理</Link>}
        extra={
          <>
            {canSend && isDraft && (
              <Button type="primary" className="send-draft" onClick={() => setSending(true)}>
                发送
              </Button>
            )}
            {canEdit && sentOrSending && (
              <Button danger className="withdraw-all" onClick={() => runAction('withdraw', undefined, '确认撤回本批全部工资条? 撤回后员工将不能查看。')}>
                全部撤回
              </Button>
            )}
            {canSend && sentOrSending && (
              <Button className="resend-rest" onClick={() => runAction('resend', undefined, '确认向发送失败和未查看的员工重新发送?')}>
                重发失败/未查看
              </Button>
            )}
            <Button loading={exportReceipts.pending} className="export-receipts" onClick={() => void exportReceipts.run(batch.title)}>
              导出回执
            </Button>
          </>
        }
      />
      <Panel>
        <BatchFacts batch={batch} />
        {batch.status === BATCH_STATUS.sending && <Alert style={{ marginTop: 12 }} type="info" showIcon message="正在发送，页面会自动刷新发送进度" />}
        {isDraft && (
          <Alert
            style={{ marginTop: 12 }}
            type={blocked ? 'warning' : 'info'}
            showIcon
            className="draft-alert"
            message={blocked ? `草稿尚未发送：${blocked}` : '草稿尚未发送给员工，确认无误后点击「发送」，设置发送渠道与查看方式。'}
            action={
              blocked ? (
                <Button size="small" className="show-unmatched" onClick={() => setQuery((q) => ({ ...q, pageNum: 1, unmatched: q.unmatched ? undefined : true }))}>
                  {query.unmatched ? '查看全部' : '只看未匹配'}
                </Button>
              ) : undefined
            }
          />
        )}
      </Panel>
      <Panel bodyStyle={{ paddingTop: 8 }}>
        <Tabs
          activeKey={tab}
          className="status-tabs"
          onChange={(k) => {
            setTab(k);
            setSelected([]);
            setQuery((q) => ({ ...q, pageNum: 1, stage: tabs.find((t) => t.key === k)?.stage }));
          }}
          items={tabs.map((t) => ({ key: t.key, label: `${t.label} ${t.count}` }))}
          tabBarExtraContent={
            <Input.Search
              allowClear
              placeholder="姓名/工号"
              style={{ width: 220 }}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
            />
          }
        />
        {selected.length > 0 && (
          <Flex gap={8} align="center" className="batch-actions" style={{ marginBottom: 12, padding: '8px 12px', background: '#e6f4ff', borderRadius: 6 }}>
            <span>已选择 {selected.length} 项</span>
            {canSend && sentOrSending && <Button size="small" onClick={() => runAction('resend', selected)}>重发</Button>}
            {canSend && sentOrSending && <Button size="small" onClick={() => runAction('urge', selected)}>催确认</Button>}
            {canEdit && sentOrSending && (
              <Button size="small" danger onClick={() => runAction('withdraw', selected)}>
                撤回
              </Button>
            )}
            <Button size="small" type="link" onClick={() => setSelected([])}>
              取消选择
            </Button>
          </Flex>
        )}
        <Table<PayslipRowView>
          rowKey="id"
          size="middle"
          className="payslip-rows"
          scroll={{ x: 1600 }}
          loading={detail.isFetching && !detail.isRefetching}
          dataSource={detail.data?.rows ?? []}
          columns={columns}
          rowSelection={canSend || canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true } : undefined}
          pagination={serverPagination(query, detail.data?.pageMessage, (next) => setQuery((q) => ({ ...q, ...next })))}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tab === 'all' ? '暂无工资条' : `暂无${activeTab.label}的工资条`} /> }}
        />
      </Panel>
      <Drawer title={`发送工资条：${batch.title}`} open={sending && isDraft} onClose={closeSend} width={560} destroyOnHidden className="send-drawer">
        <SendSettingsForm batchId={batch.id} blockedReason={blocked} onBack={closeSend} backLabel="取消" onSent={closeSend} />
      </Drawer>
      <AssignModal row={assigning} onClose={() => setAssigning(null)} />
      <RowDrawer row={viewing} onClose={() => setViewing(null)} />
      <ReplyModal row={replying} onClose={() => setReplying(null)} />
      <ReplaceModal row={replacing} onClose={() => setReplacing(null)} />
    </Flex>
  );
}

