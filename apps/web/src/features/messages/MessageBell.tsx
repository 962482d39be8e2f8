import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUnreadCount } from './unread-count.ts';

// the popover's list (antd Empty, the latest-messages query) is fetched when the pointer nears the bell, not with the header
const loadList = () => import('./MessageBellList.tsx');
const MessageBellList = lazy(loadList);

/**
 * The header bell: the unread count (polled every minute, refreshed after read actions) and, for
 * members who may open the message centre, the five newest messages.
 */
export function MessageBell({ canOpenMessages }: { canOpenMessages: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const count = unread.data ?? 0;

  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };

  const content = (
    <Suspense
      fallback={
        <div style={{ width: 320, textAlign: 'center', padding: 24 }}>
          <Spin size="small" />
        </div>
      }
    >
      <MessageBellList open={open} canOpenMessages={canOpenMessages} count={count} onGo={go} onClose={() => setOpen(false)} />
    </Suspense>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={count > 0 ? `消息通知（${count} 条未读）` : '消息通知'} content={content} open={open} onOpenChange={setOpen}>
      <Button
        type="text"
        aria-label={count > 0 ? `消息通知，${count} 条未读` : '消息通知'}
        className="message-bell"
        data-unread={unread.data ?? ''}
        style={{ height: 40 }}
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
      >
        <Badge count={count} overflowCount={99} size="small" offset={[2, -2]} className="message-bell-badge">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
