import Decimal from 'decimal.js';
import { DISPATCH_POST_KINDS, DISPATCH_RATIO_MAX, DISPATCH_RATIO_WARN, type DispatchRatio, type PostKind } from '@wfsaas/contracts';

/** The dispatch rules of 劳务派遣暂行规定: the share of dispatched workers, the posts they may fill, the term of a placement. */

const LAW = '（劳务派遣暂行规定第四条）';

/**
 * 用工总量 = the client's own headcount + its dispatched workers (with `adding` more to come);
 * warn from 9 %, refuse past 10 %.
 */
export function dispatchRatio(input: { ownHeadcount: number; dispatched: number; adding?: number }): DispatchRatio {
  const adding = input.adding ?? 0;
  const dispatched = input.dispatched + adding;
  const total = input.ownHeadcount + dispatched;
  const exact = total === 0 ? new Decimal(0) : new Decimal(dispatched).div(total);
  const ratio = exact.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  const level: DispatchRatio['level'] = exact.gt(DISPATCH_RATIO_MAX) ? 'refuse' : exact.gte(DISPATCH_RATIO_WARN) ? 'warn' : 'ok';
  const percent = exact.times(100).toFixed(2, Decimal.ROUND_HALF_UP);
  const cap = new Decimal(DISPATCH_RATIO_MAX).times(100).toString();
  const figures = `派遣人数${adding > 0 ? '将达到' : '为'}${dispatched}人，占用工总量${total}人的${percent}%`;
  const message = level === 'refuse' ? `${figures}，超过${cap}%的上限${LAW}` : level === 'warn' ? `${figures}，接近${cap}%的上限${LAW}` : null;
  return { dispatched, total, ratio: ratio.toFixed(4), level, message };
}

/** Dispatched workers fill only temporary, auxiliary or substitute posts; other kinds of client may fill any. */
export function postAllowed(kind: number, postKind: PostKind | null): boolean {
  if (kind !== 1) return true;
  return postKind !== null && DISPATCH_POST_KINDS.includes(postKind);
}

/** A placement ends at the agreement's end at the latest; asked for nothing, it ends there. */
export function placementEnd(agreementEnd: string, asked: string | null): { endDate: string; error: null } | { endDate: null; error: string } {
  if (asked === null) return { endDate: agreementEnd, error: null };
  if (asked > agreementEnd) return { endDate: null, error: `派驻结束日期：不能晚于用工单位协议结束日期（${agreementEnd}）` };
  return { endDate: asked, error: null };
}
