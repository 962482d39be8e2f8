import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Badge, Button, Descriptions, Empty, Flex, Modal, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { pageAfterRemoval, serverPagination, type PageQuery } from '../../app/ui/table.ts';
import { messageCalls, useInvalidateMessages, useMessagePage, useUnreadCount } from './messages.api.ts';
import { MESSAGE_TABS, MESSAGE_TYPE_COLOR, messageLinkTarget, messageTabCounts, parseMessageTab, readStatusOf, type MessageTab, type MessageView } from './messages.ts';

function MessageDetail({ message, onClose }: { message: MessageView | null; onClose: () => void }) {
  const navigate = useNavigate();
  const target = messageLinkTarget(message?.link);
  const go = () => {
    if (!target) return;
    onClose();
    if (target.kind === 'internal') navigate(target.to);
    else window.open(target.href, '_blank', 'noopener,noreferrer');
  };
  return (
    <Modal
      title={message?.title}
      open={message !== null}
      onCancel={onClose}
      width={600}
      className="message-detail"
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          {target && (
            <Button type="primary" onClick={go}>
              前往处理
            </Button>
          )}
        </Space>
      }
    >
      {message && (
        <Flex vertical gap={16} style={{ paddingTop: 8 }}>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'type', label: '消息类型', children: <Tag color={MESSAGE_TYPE_COLOR[message.type]}>{message.typeName}</Tag> },
              { key: 'time', label: '发送时间', children: formatDateTime(message.createTime) },
            ]}
          />
          <div style={{ background: '#fafafa', borderRadius: 8, padding: '16px 20px', lineHeight: 1.8, whiteSpace: 'pre-wrap', color: 'rgba(0,0,0,0.88)' }}>{message.content}</div>
        </Flex>
      )}
    </Modal>
  );
}

/** /messageCenter: the member's notices by read state; open, mark read (one, several, all), remove. */
export default function MessageCenterPage() {
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const tab = parseMessageTab(params.get('tab'));
  const openId = Number(params.get('open')) || null;
  const [paging, setPaging] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const query = useMemo(() => ({ ...paging, ...(readStatusOf(tab) !== undefined ? { readStatus: readStatusOf(tab) } : {}) }), [paging, tab]);
  const list = useMessagePage(query);
  const all = useMessagePage({ pageNum: 1, pageSize: 1 });
  const unread = useUnreadCount();
  const invalidate = useInvalidateMessages();
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<MessageView | null>(null);
  const [busy, setBusy] = useState(false);
  const counts = messageTabCounts(all.data?.pageMessage.total, unread.data);
  const rows = list.data?.data ?? [];
  const total = list.data?.pageMessage.total ?? 0;

  const openMessage = async (id: number) => {
    const m = await messageCalls.detail(id);
    setDetail(m);
    void invalidate();
  };

  // ?open=<id> (from the bell) opens that message once.
  useEffect(() => {
    if (!openId) return;
    void openMessage(openId).catch(() => undefined);
    setParams(
      (p) => {
        p.delete('open');
        return p;
      },
      { replace: true },
    );
    // Runs for each new id in the URL.
  }, [openId]);

  const run = async (fn: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    try {
      await fn();
      toastSuccess('操作成功');
      setSelected([]);
      after?.();
      await invalidate();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };

  const selectedUnread = rows.filter((r) => selected.includes(r.id) && r.readStatus === 0).map((r) => r.id);

  const onRemove = (ids: number[]) =>
    confirmDelete(
      modal,
      () => run(() => messageCalls.remove(ids), () => setPaging((q) => pageAfterRemoval(q, total, ids.length))),
      ids.length > 1 ? `将删除选中的 ${ids.length} 条消息。` : '删除后该消息将不再显示。',
    );

  const columns: TableColumnsType<MessageView> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (v: string, m) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <button
            type="button"
            onClick={() => void openMessage(m.id).catch(() => undefined)}
            className="message-title"
            style={{ all: 'unset', cursor: 'pointer', color: 'rgba(0,0,0,0.88)', fontWeight: m.readStatus === 0 ? 600 : 400, display: 'flex', alignItems: 'center', gap: 6 }}
          >
            {m.readStatus === 0 && <Badge status="error" />}
            <span>{v}</span>
          </button>
          <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 560 }}>{m.content}</span>
        </Flex>
      ),
    },
    { title: '类型', dataIndex: 'typeName', width: 110, render: (v: string, m) => <Tag color={MESSAGE_TYPE_COLOR[m.type]}>{v}</Tag> },
    { title: '状态', dataIndex: 'readStatus', width: 100, render: (v: 0 | 1) => (v === 0 ? <StatusTag tone="processing">未读</StatusTag> : <StatusTag tone="default">已读</StatusTag>) },
    { title: '发送时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, m) => (
        <Space size={0} separator={<span style={{ color: '#f0f0f0' }}>|</span>}>
          <Button type="link" size="small" onClick={() => void openMessage(m.id).catch(() => undefined)}>
            查看
          </Button>
          {m.readStatus === 0 && (
            <Button type="link" size="small" onClick={() => void run(() => messageCalls.read([m.id]))}>
              标为已读
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => onRemove([m.id])}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  const emptyText: Record<MessageTab, string> = { all: '暂无消息，有新的通知时会显示在这里', unread: '没有未读消息，所有消息都已读过', read: '暂无已读消息，打开一条消息后它会出现在这里' };

  return (
    <Flex vertical gap={16} className="message-center">
      <PageHeader
        title="消息中心"
        description="系统通知、审批与到期提醒都会发送到这里。"
        extra={
          <Button icon={<CheckOutlined />} disabled={!unread.data} loading={busy} onClick={() => void run(() => messageCalls.readAll())} className="read-all">
            全部已读
          </Button>
        }
        footer={
          <Tabs
            activeKey={tab}
            onChange={(k) => {
              setSelected([]);
              setPaging((p) => ({ ...p, pageNum: 1 }));
              setParams(k === 'all' ? {} : { tab: k }, { replace: true });
            }}
            items={MESSAGE_TABS.map((t) => ({ key: t.key, label: counts[t.key] === undefined ? t.label : `${t.label} ${counts[t.key]}` }))}
            tabBarStyle={{ marginBottom: 0 }}
            className="message-tabs"
          />
        }
      />
      <Panel bodyStyle={{ paddingTop: 16 }}>
        {selected.length > 0 && (
          <Flex align="center" gap={12} style={{ background: '#e6f4ff', border: '1px solid #91caff', borderRadius: 6, padding: '8px 16px', marginBottom: 12 }} className="batch-bar">
            <span>已选择 {selected.length} 条</span>
            <Button size="small" disabled={selectedUnread.length === 0} onClick={() => void run(() => messageCalls.read(selectedUnread))}>
              标为已读
            </Button>
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onRemove(selected)}>
              删除
            </Button>
            <Button size="small" type="link" onClick={() => setSelected([])}>
              取消选择
            </Button>
          </Flex>
        )}
        <Table<MessageView>
          rowKey="id"
          size="middle"
          className="messages-table"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          pagination={serverPagination(paging, list.data?.pageMessage, (p) => setPaging(p))}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText[tab]} /> }}
        />
      </Panel>
      <MessageDetail
        message={detail}
        onClose={() => {
          setDetail(null);
        }}
      />
    </Flex>
  );
}
