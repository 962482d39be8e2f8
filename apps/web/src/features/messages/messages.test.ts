import { describe, expect, it } from 'vitest';
import { MESSAGE_TABS, messageLinkTarget, messageTabCounts, parseMessageTab, readStatusOf } from './messages.ts';

describe('message centre', () => {
  it('tabs 全部 / 未读 / 已读 map to the readStatus filter', () => {
    expect(MESSAGE_TABS.map((t) => t.label)).toEqual(['全部', '未读', '已读']);
    expect(parseMessageTab('unread')).toBe('unread');
    expect(parseMessageTab('read')).toBe('read');
    expect(parseMessageTab(null)).toBe('all');
    expect(parseMessageTab('junk')).toBe('all');
    expect(readStatusOf('all')).toBeUndefined();
    expect(readStatusOf('unread')).toBe(0);
    expect(readStatusOf('read')).toBe(1);
  });

  it('counts: read is the total less the unread; unknown until both are known', () => {
    expect(messageTabCounts(4, 2)).toEqual({ all: 4, unread: 2, read: 2 });
    expect(messageTabCounts(4, 0)).toEqual({ all: 4, unread: 0, read: 4 });
    expect(messageTabCounts(3, 5)).toEqual({ all: 3, unread: 5, read: 0 });
    expect(messageTabCounts(undefined, 2)).toEqual({ all: undefined, unread: 2, read: undefined });
  });

  it('a link goes inside the app, to an http(s) page, or nowhere', () => {
    expect(messageLinkTarget('/staffRoll')).toEqual({ kind: 'internal', to: '/staffRoll' });
    expect(messageLinkTarget(' /implement/rolePermission?tab=subAccount ')).toEqual({ kind: 'internal', to: '/implement/rolePermission?tab=subAccount' });
    expect(messageLinkTarget('https://example.com/a')).toEqual({ kind: 'external', href: 'https://example.com/a' });
    expect(messageLinkTarget('//evil.example.com')).toBeNull();
    expect(messageLinkTarget('/\\evil.example.com')).toBeNull();
    expect(messageLinkTarget('javascript:alert(1)')).toBeNull();
    expect(messageLinkTarget('')).toBeNull();
    expect(messageLinkTarget(null)).toBeNull();
  });
});
