import {
  CODES,
  LEAD_DEFAULT_PLAN,
  LEAD_EVENT_LABELS,
  LEAD_MERGE_WINDOW_MS,
  LEAD_RATE_LIMIT,
  LEAD_RATE_WINDOW_MS,
  LEAD_STATUS,
  leadPlanCode,
  leadStatusLabel,
  maskPhone,
  type LeadAdd,
  type LeadAddResult,
  type LeadEventView,
  type OpLeadView,
  type Promoter,
} from '@wfsaas/contracts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { Paged } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { serviceNamesAndDescriptions } from '../trade/index.ts';
import { decryptLeadMobile } from './leads-mobile.ts';
import * as q from './leads.queries.ts';

/** 客户线索 (docs/leads.md): submitted by signed-in users, merged when repeated, followed up by platform operators. */

export const MSG_LEAD_ADDED = '提交成功，顾问将在1个工作日内与您联系';
export const MSG_LEAD_MERGED = '您今天已咨询过该服务，我们已合并本次提交，顾问将尽快与您联系';
export const MSG_LEAD_RATE = `提交过于频繁：每小时最多提交${LEAD_RATE_LIMIT}次咨询，请稍后再试`;
const DEFAULT_PLAN_NAME = '订阅服务咨询';

type Who = { userId: number; companyId: number | null; ip: string; userAgent: string };

/** The service a plan number type asks about; a code outside the catalogue (and the default plan) is refused. */
export function planName(planNumType: string): string {
  const code = leadPlanCode(planNumType);
  if (code === LEAD_DEFAULT_PLAN) return DEFAULT_PLAN_NAME;
  const found = serviceNamesAndDescriptions([code])[0];
  if (!found) throw badRequest(`咨询服务：不存在的服务「${code}」`);
  return found.name;
}

const optional = <T>(v: T | undefined): T | null => (v === undefined || v === '' ? null : v);

/** club/add: decrypts the mobile, limits each user's pace, and merges a repeat of the same phone and plan within a day. */
export async function addLead(s: AppServices, who: Who, input: LeadAdd): Promise<LeadAddResult> {
  planName(input.planNumType);
  const mobile = decryptLeadMobile(input.mobile);
  const mobileHash = s.cipher.lookupHash(mobile);
  const promoter: Promoter | null = input.promoter ?? null;
  return s.database.inTransaction(async (tx) => {
    await q.lockUserLeads(tx, who.userId);
    const now = new Date();
    if ((await q.countSubmissionsSince(tx, who.userId, new Date(now.getTime() - LEAD_RATE_WINDOW_MS))) >= LEAD_RATE_LIMIT) throw new AppError(CODES.tooManyRequests, MSG_LEAD_RATE);
    const event = { actorUserId: who.userId, ip: who.ip, userAgent: who.userAgent, at: now };
    const earlier = await q.findRecentLead(tx, mobileHash, input.planNumType, new Date(now.getTime() - LEAD_MERGE_WINDOW_MS));
    if (earlier) {
      await q.updateLead(tx, earlier.id, {
        submitCount: earlier.submitCount + 1,
        lastSubmittedAt: now,
        remark: optional(input.remark) ?? earlier.remark,
        inEmp: input.inEmp ?? earlier.inEmp,
        companyId: earlier.companyId ?? who.companyId,
        ...(earlier.promoter ? {} : { promoter, promoterId: promoter?.promoterId ?? null }),
      });
      await q.insertLeadEvent(tx, { ...event, leadId: earlier.id, kind: 'merge', detail: { remark: optional(input.remark), promoterId: promoter?.promoterId ?? null } });
      return { id: earlier.id, merged: true, message: MSG_LEAD_MERGED };
    }
    const lead = await q.insertLead(tx, {
      userId: who.userId,
      companyId: who.companyId,
      mobileEnc: s.cipher.encrypt(mobile),
      mobileHash,
      clueSeat: input.clueSeat,
      sourceType: input.sourceType,
      insuranceType: input.insuranceType,
      planNumType: input.planNumType,
      adSign: optional(input.adSign),
      gwSource: optional(input.gwSource) ?? promoter?.gwSource ?? null,
      isPost: input.isPost ?? null,
      remark: optional(input.remark),
      inEmp: input.inEmp ?? null,
      promoter,
      promoterId: promoter?.promoterId ?? null,
      status: LEAD_STATUS.fresh,
      createdAt: now,
      lastSubmittedAt: now,
    });
    await q.insertLeadEvent(tx, { ...event, leadId: lead.id, kind: 'submit', detail: { planNumType: input.planNumType, companyId: who.companyId, promoterId: promoter?.promoterId ?? null } });
    return { id: lead.id, merged: false, message: MSG_LEAD_ADDED };
  });
}

function toView(s: AppServices, r: q.LeadListRow): OpLeadView {
  let name: string;
  try {
    name = planName(r.planNumType);
  } catch {
    name = r.planNumType;
  }
  return {
    id: r.id,
    mobile: maskPhone(s.cipher.decrypt(r.mobileEnc)),
    userName: r.userName ?? '',
    companyId: r.companyId,
    companyName: r.companyName,
    clueSeat: r.clueSeat,
    planNumType: r.planNumType,
    planName: name,
    sourceType: r.sourceType,
    insuranceType: r.insuranceType,
    adSign: r.adSign,
    gwSource: r.gwSource,
    isPost: r.isPost,
    remark: r.remark,
    inEmp: r.inEmp,
    promoter: (r.promoter as Promoter | null) ?? null,
    status: r.status,
    statusLabel: leadStatusLabel(r.status),
    followNote: r.followNote,
    followedAt: r.followedAt?.toISOString() ?? null,
    submitCount: r.submitCount,
    createdAt: r.createdAt.toISOString(),
    lastSubmittedAt: r.lastSubmittedAt.toISOString(),
  };
}

type OpWho = { userId: number; ip: string; userAgent: string };

export async function pageLeads(s: AppServices, tx: Tx | Db, f: { status?: number; promoterId?: string; pageNum: number; pageSize: number }): Promise<Paged<OpLeadView>> {
  const { rows, total } = await q.pageLeads(tx, f, f.pageNum, f.pageSize);
  return new Paged(rows.map((r) => toView(s, r)), f.pageNum, f.pageSize, total);
}

async function requireLead(tx: Tx, id: number, forUpdate = false): Promise<q.LeadRecord> {
  const lead = await q.findLead(tx, id, { forUpdate });
  if (!lead) throw notFound('线索');
  return lead;
}

/** The full phone, for calling back; every look is recorded. */
export async function revealMobile(s: AppServices, tx: Tx, who: OpWho, id: number): Promise<{ mobile: string }> {
  const lead = await requireLead(tx, id);
  await q.insertLeadEvent(tx, { leadId: id, kind: 'reveal', actorUserId: who.userId, ip: who.ip, userAgent: who.userAgent, detail: {} });
  return { mobile: s.cipher.decrypt(lead.mobileEnc) };
}

/** A follow-up: the note and the status it leaves the lead in. */
export async function followLead(s: AppServices, tx: Tx, who: OpWho, input: { id: number; status: number; note: string }): Promise<OpLeadView> {
  const lead = await requireLead(tx, input.id, true);
  await q.updateLead(tx, lead.id, { status: input.status, followNote: input.note, followedBy: who.userId, followedAt: new Date() });
  await q.insertLeadEvent(tx, { leadId: lead.id, kind: 'follow', actorUserId: who.userId, ip: who.ip, userAgent: who.userAgent, detail: { from: lead.status, to: input.status, note: input.note } });
  const { rows } = await q.pageLeads(tx, { id: lead.id }, 1, 1);
  return toView(s, rows[0]!);
}

export async function leadEvents(tx: Tx, id: number): Promise<LeadEventView[]> {
  await requireLead(tx, id);
  const rows = await q.listLeadEvents(tx, id);
  return rows.map((r) => ({ id: r.id, kind: r.kind, kindLabel: LEAD_EVENT_LABELS[r.kind] ?? r.kind, actorName: r.actorName, detail: (r.detail ?? {}) as Record<string, unknown>, at: r.at.toISOString() }));
}
