import { SIGN_EVENTS, SIGN_SUBSCRIBE_ACCESS, SIGN_SUBSCRIBE_API, SIGN_SUBSCRIBE_PATHS, zSignSubscribeSave, type SignEvent, type SignSubscription } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../platform/db.ts';
import { defineRoute, type ServiceCtx } from '../../platform/http.ts';
import { MESSAGE_TYPES, notify } from '../../platform/notify.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './sign-subscriptions.queries.ts';

/** 消息订阅 (signSubscribe): a member's choice of e-contract notices, and the notices that honour it. */

const ALL: SignSubscription = { toSign: true, completed: true, withdrawn: true };

export async function loadSubscription(exec: Tx, companyId: number, userId: number): Promise<SignSubscription> {
  const row = await q.findSubscription(exec, companyId, userId);
  return row ? { toSign: row.toSign, completed: row.completed, withdrawn: row.withdrawn } : { ...ALL };
}

export async function saveSubscription(c: ServiceCtx, input: SignSubscription): Promise<SignSubscription> {
  const before = await loadSubscription(c.tx, c.companyId, c.user.userId);
  await q.upsertSubscription(c.tx, c.companyId, c.user.userId, input);
  await c.audit({ action: 'econtract.subscribe', entity: 'sign_subscription', entityId: c.user.userId, before, after: input });
  return input;
}

type ContractRef = { id: number; companyId: number; title: string; contractNo: string; initiatedBy: number | null };

const TEXT: Record<SignEvent, (r: ContractRef) => { title: string; content: string }> = {
  toSign: (r) => ({ title: '合同待企业签署', content: `《${r.title}》（${r.contractNo}）员工已签署，等待企业盖章。` }),
  completed: (r) => ({ title: '合同签署完成', content: `《${r.title}》（${r.contractNo}）已由双方签署完成。` }),
  withdrawn: (r) => ({ title: '合同已撤回', content: `《${r.title}》（${r.contractNo}）已被撤回，签署终止。` }),
};

/**
 * Tells the contract's initiator of the event in the message centre — unless they caused it, left
 * the company, or unsubscribed from the event. Answers whether a notice was written.
 */
export async function notifyContractEvent(s: Pick<AppServices, 'cipher' | 'config'>, tx: Tx, r: ContractRef, event: SignEvent, actorUserId: number | null): Promise<boolean> {
  const to = r.initiatedBy;
  if (to === null || to === actorUserId) return false;
  if (!(await q.isActiveMember(tx, r.companyId, to))) return false;
  if (!(await loadSubscription(tx, r.companyId, to))[event]) return false;
  const text = TEXT[event](r);
  const type = event === 'completed' ? MESSAGE_TYPES.taskDone : MESSAGE_TYPES.approval;
  const res = await notify(tx, s, { companyId: r.companyId, userId: to, channels: ['inapp'], type, ...text, link: `/contractManagement/detail/${r.id}`, idempotencyKey: `econtract:${r.id}:${event}` });
  return res.written.length > 0;
}

export function registerSignSubscribeRoutes(app: FastifyInstance, s: AppServices): void {
  const url = (k: keyof typeof SIGN_SUBSCRIBE_PATHS) => `${SIGN_SUBSCRIBE_API}${SIGN_SUBSCRIBE_PATHS[k]}`;
  const tags = ['电子合同 · 消息订阅'];
  const events = SIGN_EVENTS.map((e) => e.label).join('、');
  defineRoute(app, s, { url: url('get'), access: SIGN_SUBSCRIBE_ACCESS, summary: `我的合同消息订阅（${events}；未设置时全部订阅）`, tags, handler: (c) => loadSubscription(c.tx, c.companyId, c.user.userId) });
  defineRoute(app, s, { url: url('save'), access: SIGN_SUBSCRIBE_ACCESS, summary: '保存我的合同消息订阅', tags, body: zSignSubscribeSave, handler: (c) => saveSubscription(c, c.body) });
}
