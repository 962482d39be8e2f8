import { LEAD_STATUSES, type OpLeadView } from '@wfsaas/contracts';
import { Button, Drawer, Empty, Flex, Form, Input, Select, Space, Table, Timeline, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { EMPTY_TEXT, formatDateTime } from '../../../../app/ui/format.ts';
import { FormModal } from '../../../../app/ui/FormOverlay.tsx';
import { StatusTag, type StatusTone } from '../../../../app/ui/StatusTag.tsx';
import { serverPagination } from '../../../../app/ui/table.ts';
import { useAction } from '../../../../app/ui/use-action.ts';
import { operatorLeadCalls, useInvalidateOperatorLeads, useLeadEvents, useOperatorLeadPage } from '../leads.api.ts';

const TONES: Record<number, StatusTone> = { 1: 'processing', 2: 'warning', 3: 'success', 4: 'default' };

function promoterText(r: OpLeadView): string {
  const p = r.promoter;
  if (!p) return EMPTY_TEXT;
  return [p.promoterId, p.gwSource && `来源 ${p.gwSource}`, p.spreadType && `方式 ${p.spreadType}`, p.emailCompany && `邮件 ${p.emailCompany}`].filter(Boolean).join(' · ');
}

type FollowValues = { status: number; note: string };

/** 平台运营 · 客户线索: the consult requests of every user, newest first; reveal a phone (recorded), follow up with a note and a status. */
export default function LeadsPanel() {
  const [status, setStatus] = useState<number | undefined>(1);
  const [promoterId, setPromoterId] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const page = useOperatorLeadPage({ ...paging, status, promoterId: promoterId.trim() || undefined });
  const invalidate = useInvalidateOperatorLeads();
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const [following, setFollowing] = useState<OpLeadView | null>(null);
  const [history, setHistory] = useState<OpLeadView | null>(null);
  const events = useLeadEvents(history?.id ?? null);
  const reveal = useAction((r: OpLeadView) => operatorLeadCalls.reveal(r.id), { onSuccess: (res, r) => setRevealed((m) => ({ ...m, [r.id]: res.mobile })) });
  const follow = useAction((r: OpLeadView, v: FollowValues) => operatorLeadCalls.follow(r.id, v.status, v.note.trim()), { success: '已保存跟进记录', invalidate, onSuccess: () => setFollowing(null) });

  const columns: TableColumnsType<OpLeadView> = [
    {
      title: '手机号',
      key: 'mobile',
      width: 170,
      render: (_: unknown, r) =>
        revealed[r.id] ? (
          <Typography.Text copyable>{revealed[r.id]}</Typography.Text>
        ) : (
          <Space size={4}>
            <span>{r.mobile}</span>
            <Button type="link" size="small" className="op-lead-reveal" loading={reveal.pendingArgs?.[0] === r} onClick={() => void reveal.run(r)}>
              查看
            </Button>
          </Space>
        ),
    },
    { title: '咨询服务', dataIndex: 'planName', width: 130 },
    { title: '提交人', dataIndex: 'userName', width: 130, render: (v: string) => v || EMPTY_TEXT },
    { title: '企业', dataIndex: 'companyName', width: 190, ellipsis: true, render: (v: string | null) => v ?? '（未加入企业）' },
    { title: '企业人数', dataIndex: 'inEmp', width: 90, align: 'right', render: (v: number | null) => (v === null ? EMPTY_TEXT : `${v}人`) },
    { title: '推广信息', key: 'promoter', width: 200, ellipsis: true, render: (_: unknown, r) => promoterText(r) },
    { title: '咨询内容', dataIndex: 'remark', width: 200, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number, r) => <StatusTag tone={TONES[v] ?? 'default'}>{r.statusLabel}</StatusTag> },
    { title: '跟进记录', dataIndex: 'followNote', width: 200, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '提交次数', dataIndex: 'submitCount', width: 90, align: 'right' },
    { title: '最近提交', dataIndex: 'lastSubmittedAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" className="op-lead-follow" onClick={() => setFollowing(r)}>
            跟进
          </Button>
          <Button type="link" size="small" onClick={() => setHistory(r)}>
            记录
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} className="leads-panel">
      <Space wrap>
        <Select
          allowClear
          placeholder="全部状态"
          value={status}
          style={{ width: 140 }}
          onChange={(v) => {
            setStatus(v);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
          options={LEAD_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
        />
        <Input.Search
          allowClear
          placeholder="推广人编号"
          style={{ width: 220 }}
          onSearch={(v) => {
            setPromoterId(v);
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        />
      </Space>
      <Table<OpLeadView>
        rowKey="id"
        className="op-lead-table"
        columns={columns}
        dataSource={page.data?.data ?? []}
        loading={page.isFetching}
        scroll={{ x: 1800 }}
        pagination={serverPagination(paging, page.data?.pageMessage, setPaging)}
        locale={{ emptyText: status === 1 ? '暂无新线索' : '暂无线索' }}
      />
      <FormModal<FollowValues>
        title={following ? `跟进线索 · ${following.planName} ${following.mobile}` : '跟进线索'}
        open={following !== null}
        onClose={() => setFollowing(null)}
        values={{ status: following && following.status === 1 ? 2 : (following?.status ?? 2) }}
        onSubmit={(v) => follow.run(following!, v)}
        okText="保存"
        okClassName="op-lead-follow-ok"
      >
        <Form.Item name="status" label="状态" rules={[{ required: true, message: '请选择状态' }]}>
          <Select options={LEAD_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>
        <Form.Item name="note" label="跟进记录" rules={[{ required: true, whitespace: true, message: '请填写跟进记录' }]}>
          <Input.TextArea maxLength={500} showCount rows={3} placeholder="如：已电话联系，约下周二演示" />
        </Form.Item>
      </FormModal>
      <Drawer title={history ? `线索记录 · ${history.mobile}` : '线索记录'} open={history !== null} onClose={() => setHistory(null)} width={420} destroyOnHidden>
        {events.data && events.data.length > 0 ? (
          <Timeline
            items={events.data.map((e) => ({
              children: (
                <div>
                  <div>
                    {e.kindLabel}
                    {e.actorName ? ` · ${e.actorName}` : ''}
                  </div>
                  {typeof e.detail.note === 'string' && <Typography.Text type="secondary">{e.detail.note}</Typography.Text>}
                  <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{formatDateTime(e.at)}</div>
                </div>
              ),
            }))}
          />
        ) : (
          <Empty description="暂无记录" />
        )}
      </Drawer>
    </Flex>
  );
}
