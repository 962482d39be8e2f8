/** The message centre's pure rules: tabs, counts, links. */

export type MessageView = {
  id: number;
  type: number;
  typeName: string;
  title: string;
  content: string;
  link: string | null;
  /** 0 unread, 1 read */
  readStatus: 0 | 1;
  readTime: string | null;
  createTime: string;
};

export type MessageTab = 'all' | 'unread' | 'read';

export const MESSAGE_TABS: readonly { key: MessageTab; label: string; readStatus: 0 | 1 | undefined }[] = [
  { key: 'all', label: '全部', readStatus: undefined },
  { key: 'unread', label: '未读', readStatus: 0 },
  { key: 'read', label: '已读', readStatus: 1 },
];

export function parseMessageTab(v: string | null | undefined): MessageTab {
  return v === 'unread' || v === 'read' ? v : 'all';
}

export function readStatusOf(tab: MessageTab): 0 | 1 | undefined {
  return MESSAGE_TABS.find((t) => t.key === tab)!.readStatus;
}

/** Tab counts from the total and the unread count (read = the rest). */
export function messageTabCounts(total: number | undefined, unread: number | undefined): Record<MessageTab, number | undefined> {
  const read = total !== undefined && unread !== undefined ? Math.max(0, total - unread) : undefined;
  return { all: total, unread, read };
}

/** Colour of a message type's Tag. */
export const MESSAGE_TYPE_COLOR: Record<number, string> = { 1: 'blue', 2: 'purple', 3: 'orange', 4: 'green' };

/**
 * Where a message's link leads: a path inside the app (opened with the router), an http(s) address
 * (a new tab), or nowhere (anything else, e.g. `javascript:`).
 */
export function messageLinkTarget(link: string | null | undefined): { kind: 'internal'; to: string } | { kind: 'external'; href: string } | null {
  const v = (link ?? '').trim();
  if (!v) return null;
  if (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) return { kind: 'internal', to: v };
  if (/^https?:\/\//i.test(v)) {
    try {
      return { kind: 'external', href: new URL(v).toString() };
    } catch {
      return null;
    }
  }
  return null;
}
