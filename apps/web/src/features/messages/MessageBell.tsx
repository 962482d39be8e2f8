import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLatestMessages, useUnreadCount } from './messages.api.ts';

/**
 * The header bell: the unread count (polled every minute, refreshed after read actions) and, for
 * members who may open the message centre, the five newest messages.
 */
export function MessageBell({ canOpenMessages }: { canOpenMessages: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const latest = useLatestMessages(open && canOpenMessages);
  const count = unread.data ?? 0;

  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };

  const content = (
    <div style={{ width: 320 }} className="message-popover">
      {!canOpenMessages ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={count > 0 ? `您有 ${count} 条未读消息` : '暂无新消息'} />
      ) : latest.isLoading ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin size="small" />
        </div>
      ) : (latest.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {latest.data!.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => go(`/messageCenter?open=${m.id}`)}
                style={{ display: 'block', width: '100%', textAlign: 'left', border: 0, background: 'none', cursor: 'pointer', padding: '8px 4px', borderBottom: '1px solid #f5f5f5' }}
              >
                <div style={{ display: 'flex', alignItems: 'center', gap: 6, color: 'rgba(0,0,0,0.88)', fontWeight: m.readStatus === 0 ? 600 : 400 }}>
                  {m.readStatus === 0 && <span aria-label="未读" style={{ width: 6, height: 6, borderRadius: '50%', background: '#ff4d4f', flex: 'none' }} />}
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{m.title}</span>
                </div>
                <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, marginTop: 2 }}>
                  {m.typeName} · {dayjs(m.createTime).format('YYYY-MM-DD HH:mm')}
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}
      {canOpenMessages && (
        <div style={{ textAlign: 'center', paddingTop: 8 }}>
          <Link to="/messageCenter" onClick={() => setOpen(false)}>
            进入消息中心
          </Link>
        </div>
      )}
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={count > 0 ? `消息通知（${count} 条未读）` : '消息通知'} content={content} open={open} onOpenChange={setOpen}>
      <Button type="text" aria-label={count > 0 ? `消息通知，${count} 条未读` : '消息通知'} className="message-bell" data-unread={unread.data ?? ''} style={{ height: 40 }}>
        <Badge count={count} overflowCount={99} size="small" offset={[2, -2]} className="message-bell-badge">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
