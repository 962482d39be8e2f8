import { Empty, Spin } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useLatestMessages } from './messages.api.ts';

type Props = { open: boolean; canOpenMessages: boolean; count: number; onGo: (to: string) => void; onClose: () => void };

/** The bell's popover: the five newest messages, or the unread count for members without the message centre. */
export default function MessageBellList({ open, canOpenMessages, count, onGo, onClose }: Props) {
  const latest = useLatestMessages(open && canOpenMessages);
  return (
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
                onClick={() => onGo(`/messageCenter?open=${m.id}`)}
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
          <Link to="/messageCenter" onClick={onClose}>
            进入消息中心
          </Link>
        </div>
      )}
    </div>
  );
}
