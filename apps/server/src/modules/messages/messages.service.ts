import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { Paged } from '../../platform/http.ts';
import * as q from './messages.queries.ts';

export const MESSAGE_TYPE_NAMES: Record<number, string> = { 1: '系统通知', 2: '审批提醒', 3: '到期提醒', 4: '任务完成' };

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

export type MessagePageInput = { pageNum: number; pageSize: number; readStatus?: 0 | 1 | null; type?: number | null };

/** The caller: the signed-in user in the company of the request. */
export type Reader = { companyId: number; userId: number };

function toView(r: q.MessageRow): MessageView {
  return {
    id: Number(r.id),
    type: r.type,
    typeName: MESSAGE_TYPE_NAMES[r.type] ?? '其他',
    title: r.title,
    content: r.content,
    link: r.link,
    readStatus: r.readAt ? 1 : 0,
    readTime: r.readAt ? r.readAt.toISOString() : null,
    createTime: r.createdAt.toISOString(),
  };
}

/** The caller's own notices, newest first. */
export async function listMyMessages(tx: Tx, who: Reader, input: MessagePageInput): Promise<Paged<MessageView>> {
  const filter: q.MessageFilter = { readStatus: input.readStatus ?? undefined, type: input.type ?? undefined };
  const total = await q.countMessages(tx, who.companyId, who.userId, filter);
  const rows = total === 0 ? [] : await q.listMessagesPage(tx, who.companyId, who.userId, filter, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(rows.map(toView), input.pageNum, input.pageSize, total);
}

export async function countMyUnread(tx: Tx, who: Reader): Promise<{ count: number }> {
  return { count: await q.countMessages(tx, who.companyId, who.userId, { readStatus: 0 }) };
}

/** One notice; opening it marks it read. */
export async function openMessage(tx: Tx, who: Reader, id: number): Promise<MessageView> {
  const row = await q.findMessageById(tx, who.companyId, who.userId, id);
  if (!row) throw notFound('消息');
  if (!row.readAt) {
    await q.markMessagesRead(tx, who.companyId, who.userId, [id]);
    return toView((await q.findMessageById(tx, who.companyId, who.userId, id))!);
  }
  return toView(row);
}

/** Every id must be one of the caller's own notices, or nothing changes. */
async function requireOwn(tx: Tx, who: Reader, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const own = await q.listOwnMessageIds(tx, who.companyId, who.userId, unique);
  if (own.length !== unique.length) throw notFound('消息');
  return unique;
}

export async function markRead(tx: Tx, who: Reader, ids: number[]): Promise<{ updated: number }> {
  const own = await requireOwn(tx, who, ids);
  return { updated: await q.markMessagesRead(tx, who.companyId, who.userId, own) };
}

export async function markAllRead(tx: Tx, who: Reader): Promise<{ updated: number }> {
  return { updated: await q.markMessagesRead(tx, who.companyId, who.userId) };
}

/** Archives notices: they leave the list and the unread count, and are kept. */
export async function removeMessages(tx: Tx, who: Reader, ids: number[]): Promise<{ removed: number }> {
  const own = await requireOwn(tx, who, ids);
  return { removed: await q.archiveMessages(tx, who.companyId, who.userId, own) };
}
