import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Badge, Button, Descriptions, Flex, Modal, Space, Tabs, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime } from '../../app/ui/format.ts';
import { oneOf } from '../../app/ui/list-query.ts';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
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

const SCHEMA = { tab: oneOf(MESSAGE_TABS.map((t) => t.key)) };
const DEFAULTS = { tab: 'all' as MessageTab };

/** /messageCenter: the member's notices by read state; open, mark read (one, several, all), remove. */
export default function MessageCenterPage() {
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const query = useListQuery({ name: 'messages', schema: SCHEMA, defaults: DEFAULTS });
  const tab = parseMessageTab(query.filters.tab ?? null);
  const openId = Number(params.get('open')) || null;
  const list = useMessagePage({ ...query.page, ...(readStatusOf(tab) !== undefined ? { readStatus: readStatusOf(tab) } : {}) });
  const all = useMessagePage({ pageNum: 1, pageSize: 1 });
  const unread = useUnreadCount();
  const invalidate = useInvalidateMessages();
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<MessageView | null>(null);
  const counts = messageTabCounts(all.data?.pageMessage.total, unread.data);
  const rows = list.data?.data ?? [];
  const open = useAction((id: number) => messageCalls.detail(id), {
    onSuccess: (m) => {
      setDetail(m);
      void invalidate();
    },
  });
  const write = useAction((call: () => Promise<unknown>) => call(), { success: '操作成功', invalidate, onSuccess: () => setSelected([]) });
  const openMessage = (id: number) => void open.run(id);

  // ?open=<id> (from the bell) opens that message once.
  useEffect(() => {
    if (!openId) return;
    openMessage(openId);
    setParams(
      (p) => {
        p.delete('open');
        return p;
      },
      { replace: true },
    );
    // Runs for each new id in the URL.
  }, [openId]);

  const selectedUnread = rows.filter((r) => selected.includes(r.id) && r.readStatus === 0).map((r) => r.id);

  const onRemove = (ids: number[]) =>
    confirmDelete(
      modal,
      () => write.run(() => messageCalls.remove(ids)),
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
            onClick={() => openMessage(m.id)}
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
          <Button type="link" size="small" onClick={() => openMessage(m.id)}>
            查看
          </Button>
          {m.readStatus === 0 && (
            <Button type="link" size="small" onClick={() => void write.run(() => messageCalls.read([m.id]))}>
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
          <Button icon={<CheckOutlined />} disabled={!unread.data} loading={write.pending} onClick={() => void write.run(() => messageCalls.readAll())} className="read-all">
            全部已读
          </Button>
        }
        footer={
          <Tabs
            activeKey={tab}
            onChange={(k) => {
              setSelected([]);
              query.search({ tab: k as MessageTab });
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
            <Button size="small" disabled={selectedUnread.length === 0} onClick={() => void write.run(() => messageCalls.read(selectedUnread))}>
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
        <ListTable<MessageView, typeof SCHEMA>
          rowKey="id"
          className="messages-table"
          columns={columns}
          result={list}
          query={query}
          scroll={{ x: 900 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          empty={emptyText[tab]}
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
