import {
  APPROVAL,
  CONTRACT_STATUSES,
  DISMISS_STATUS,
  GENDERS,
  ORDER_STATUS,
  PLACEMENT_STATUS,
  type CustodyConfigView,
  type CustodyField,
  type CustodyOrdersView,
  type CustodyProviderView,
  type CustodySave,
  type CustodyWorkerRow,
  type OrderRow,
  type zCustodyApprove,
  type zCustodyDismissSave,
  type zCustodyOrderSave,
  type zCustodyWorkers,
} from '@wfsaas/contracts';
import type { z } from 'zod';
import { writeAudit, type AuditEntry } from '../../platform/audit.ts';
import { chinaToday } from '../../platform/china-date.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { listClients, platformCompaniesByCreditCode } from './clients.queries.ts';
import { nextOrderNo, pagePlacements, requireClient } from './common.queries.ts';
import { inProviderScope, listCustodyLinksOfClient, type CustodyLink } from './custody-scope.ts';
import * as q from './custody.queries.ts';
import * as d from './dismissals.queries.ts';
import { contractStatuses } from './onboarding.queries.ts';
import { pageOrders, updateOrder } from './orders.queries.ts';
import { createOrder, historyEntry, orderRow, orderRowOf, requireOrder } from './orders.service.ts';

/** 共管: the provider's settings per client, and what a client company's users see and do for the workers placed with it. */

function configView(client: { id: number; name: string; creditCode: string }, linked: { id: number; name: string } | undefined, link: q.LinkRow | undefined): CustodyConfigView {
  return {
    clientId: client.id,
    clientName: client.name,
    creditCode: client.creditCode,
    linkedCompanyId: linked?.id ?? null,
    linkedCompanyName: linked?.name ?? null,
    enabled: link?.enabled ?? false,
    fields: link?.fields ?? [],
    payVisible: link?.payVisible ?? false,
    approveOrders: link?.approveOrders ?? false,
    approveDismissals: link?.approveDismissals ?? false,
    confirmBills: link?.confirmBills ?? true,
  };
}

export async function listConfigs(c: ServiceCtx): Promise<CustodyConfigView[]> {
  const clients = await listClients(c.tx, c.companyId);
  const linked = await platformCompaniesByCreditCode(c.tx, c.companyId, clients.map((x) => x.creditCode));
  const links = new Map((await q.listLinksOfProvider(c.tx, c.companyId)).map((l) => [l.clientId, l]));
  return clients.map((x) => configView(x, x.creditCode ? linked.get(x.creditCode) : undefined, links.get(x.id)));
}

/** Custody needs the client on the platform (matched by credit code); the link names that company. */
export async function saveConfig(c: ServiceCtx, input: CustodySave): Promise<CustodyConfigView> {
  const client = await requireClient(c.tx, c.companyId, input.clientId);
  const linked = client.creditCode ? (await platformCompaniesByCreditCode(c.tx, c.companyId, [client.creditCode])).get(client.creditCode) : undefined;
  const before = await q.findCustodyLinkOfClient(c.tx, c.companyId, client.id);
  if (input.enabled && !linked) throw badRequest(`开启共管：用工单位“${client.name}”尚未入驻平台（按统一社会信用代码匹配），无法共管`);
  const clientCompanyId = linked?.id ?? before?.clientCompanyId;
  if (input.enabled && linked) {
    // A client company sees one client of each provider: custody names the provider, not the client.
    const other = await q.otherEnabledLink(c.tx, c.companyId, linked.id, client.id);
    const otherName = other ? (await listClients(c.tx, c.companyId, [other.clientId]))[0]?.name : undefined;
    if (otherName) throw conflict(`开启共管：平台企业“${linked.name}”已作为用工单位“${otherName}”开启共管，同一企业只能开启一个用工单位的共管`);
  }
  if (!clientCompanyId) return configView(client, linked, before ?? undefined);
  const saved = await q.upsertLink(c.tx, c.companyId, client.id, {
    clientCompanyId,
    enabled: input.enabled,
    fields: [...new Set(input.fields)],
    payVisible: input.payVisible,
    approveOrders: input.approveOrders,
    approveDismissals: input.approveDismissals,
    confirmBills: input.confirmBills,
    updatedBy: c.user.userId,
  });
  await c.audit({ action: 'os.custody.save', entity: 'os_custody_link', entityId: client.id, before, after: saved });
  return configView(client, linked, saved);
}

// ── The client's side: every read below runs inside inProviderScope and filters by link.clientId ──

function auditInProvider(c: ServiceCtx, providerId: number, entry: AuditEntry): Promise<void> {
  return writeAudit(c.tx, { companyId: providerId, actorUserId: c.user.userId, ip: c.ip, userAgent: c.userAgent }, entry);
}

/** Who acted, as the provider's history shows it: the client company's user. */
const byClient = (c: ServiceCtx, clientName: string) => `${c.user.nickname}（${clientName}）`;

export async function clientOverview(c: ServiceCtx): Promise<CustodyProviderView[]> {
  const links = await listCustodyLinksOfClient(c.tx, c.companyId);
  const out: CustodyProviderView[] = [];
  for (const providerId of [...new Set(links.map((l) => l.providerCompanyId))]) {
    const providerName = await q.companyName(c.tx, providerId);
    const view = await inProviderScope(c, providerId, async (link) => {
      const client = await q.clientOfLink(c.tx, providerId, link.clientId);
      if (!client) return null;
      const counts = await q.overviewCounts(c.tx, providerId, link.clientId);
      return {
        providerId,
        providerName,
        clientId: client.id,
        clientName: client.name,
        kind: client.kind as CustodyProviderView['kind'],
        fields: link.fields,
        payVisible: link.payVisible,
        approveOrders: link.approveOrders,
        approveDismissals: link.approveDismissals,
        confirmBills: link.confirmBills,
        ...counts,
      };
    });
    if (view) out.push(view);
  }
  return out;
}

const genderLabel = (g: number | null) => (g === null ? null : (GENDERS.find((x) => x.value === g)?.label ?? null));
const contractLabel = (s: number | undefined) => (s === undefined ? null : (CONTRACT_STATUSES.find((x) => x.value === s)?.label ?? null));

/** The client's workers with only the fields the provider shares; pay only when it is visible. */
export async function clientWorkers(c: ServiceCtx, f: z.infer<typeof zCustodyWorkers>): Promise<Paged<CustodyWorkerRow>> {
  return inProviderScope(c, f.providerId, async (link) => {
    const statuses = [PLACEMENT_STATUS.pending, PLACEMENT_STATUS.active, PLACEMENT_STATUS.leaving, PLACEMENT_STATUS.left];
    const ids = f.keyword ? await q.placementIdsByName(c.tx, f.providerId, link.clientId, f.keyword) : undefined;
    const { rows, total } = await pagePlacements(c.tx, f.providerId, { clientId: link.clientId, statuses, ids }, (f.pageNum - 1) * f.pageSize, f.pageSize);
    const shows = (field: CustodyField) => link.fields.includes(field);
    const employeeIds = rows.map((r) => r.employeeId);
    const extras = shows('idNumber') || shows('gender') ? await q.employeeExtras(c.tx, f.providerId, employeeIds) : new Map();
    const contracts = shows('contract') ? await contractStatuses(c.tx, f.providerId, rows.flatMap((r) => r.contractIds)) : new Map<number, number>();
    const wages = link.payVisible ? await q.latestBilledWages(c.tx, f.providerId, link.clientId, employeeIds) : new Map<number, string>();
    const list = rows.map((r) => {
      const w: CustodyWorkerRow = { placementId: r.id, name: r.name, post: r.post, status: r.status };
      if (shows('employeeNo')) w.employeeNo = r.employeeNo;
      if (shows('mobile')) w.mobile = r.mobile;
      if (shows('idNumber')) w.idNumber = extras.get(r.employeeId)?.idNumberMasked ?? null;
      if (shows('gender')) w.gender = genderLabel(extras.get(r.employeeId)?.gender ?? null);
      if (shows('startDate')) w.startDate = r.startDate;
      if (shows('contract')) w.contract = contractLabel(r.contractIds.map((id) => contracts.get(id)).filter((s) => s !== undefined).at(-1));
      if (link.payVisible) w.pay = wages.get(r.employeeId) ?? null;
      return w;
    });
    return new Paged(list, f.pageNum, f.pageSize, total);
  });
}

/** The client's orders and dismissals, newest first (the latest 500 of each). */
export async function clientOrders(c: ServiceCtx, providerId: number): Promise<CustodyOrdersView> {
  return inProviderScope(c, providerId, async (link) => {
    const { rows } = await pageOrders(c.tx, providerId, { clientId: link.clientId }, 0, 500);
    const dismissals = await d.pageDismissals(c.tx, providerId, { clientId: link.clientId }, 0, 500);
    return { orders: rows.map(orderRow), dismissals: dismissals.rows };
  });
}

/** An order the client raises itself: approved by it already, waiting for the provider to accept. */
export async function clientOrderSave(c: ServiceCtx, input: z.infer<typeof zCustodyOrderSave>): Promise<OrderRow> {
  const { providerId, ...order } = input;
  return inProviderScope(c, providerId, async (link) => {
    const client = await requireClient(c.tx, providerId, link.clientId);
    const created = await createOrder(c.tx, providerId, client, order, {
      raisedBy: 'client',
      approval: APPROVAL.approved,
      userId: c.user.userId,
      by: byClient(c, client.name),
      action: '用工单位提交补岗单',
    });
    await auditInProvider(c, providerId, { action: 'os.custody.order.create', entity: 'os_order', entityId: created.id, after: created });
    return orderRowOf(c.tx, providerId, created.id);
  });
}

/** A dismissal the client raises for its own workers on the job. */
export async function clientDismissSave(c: ServiceCtx, input: z.infer<typeof zCustodyDismissSave>): Promise<{ id: number; orderNo: string }> {
  return inProviderScope(c, input.providerId, async (link) => {
    const providerId = input.providerId;
    const client = await requireClient(c.tx, providerId, link.clientId);
    const ids = [...new Set(input.placementIds)];
    const { rows } = await pagePlacements(c.tx, providerId, { ids, clientId: link.clientId, statuses: [PLACEMENT_STATUS.active] }, 0, ids.length);
    if (rows.length !== ids.length) throw badRequest('退回人员：只能退回本单位在岗的派驻人员');
    const open = await d.openLinesOf(c.tx, providerId, ids);
    const already = rows.filter((r) => open.has(r.id)).map((r) => `${r.name}（${open.get(r.id)}）`);
    if (already.length) throw conflict(`退回人员：${already.join('、')}已在处理中的退工单上`);
    const orderNo = await nextOrderNo(c.tx, providerId, 'os_dismissals', 'TG', chinaToday());
    const saved = await d.insertDismissal(c.tx, {
      companyId: providerId,
      orderNo,
      clientId: client.id,
      reason: input.reason,
      lastDay: input.lastDay,
      status: DISMISS_STATUS.waiting,
      approval: APPROVAL.approved,
      raisedBy: 'client',
      history: [historyEntry(byClient(c, client.name), `用工单位提交退工单（${rows.length}人）`)],
      createdBy: c.user.userId,
    });
    await d.insertLines(c.tx, rows.map((r) => ({ companyId: providerId, dismissalId: saved.id, placementId: r.id, employeeId: r.employeeId })));
    await auditInProvider(c, providerId, { action: 'os.custody.dismiss.create', entity: 'os_dismissal', entityId: saved.id, after: { ...saved, placementIds: ids } });
    return { id: saved.id, orderNo: saved.orderNo };
  });
}

/** The client approves or rejects an order or a dismissal the provider raised for it. */
export async function clientApprove(c: ServiceCtx, input: z.infer<typeof zCustodyApprove>): Promise<{ id: number; approval: number }> {
  return inProviderScope(c, input.providerId, async (link: CustodyLink) => {
    const providerId = input.providerId;
    const client = await requireClient(c.tx, providerId, link.clientId);
    const approval = input.approve ? APPROVAL.approved : APPROVAL.rejected;
    const action = `${input.approve ? '用工单位同意' : '用工单位驳回'}${input.remark ? `：${input.remark}` : ''}`;
    const by = byClient(c, client.name);
    if (input.target === 'order') {
      const order = await requireOrder(c.tx, providerId, input.id);
      if (order.clientId !== link.clientId) throw notFound('补岗单');
      if (order.approval !== APPROVAL.waiting || order.status === ORDER_STATUS.cancelled) throw conflict(`补岗单“${order.orderNo}”不在待审批状态`);
      await updateOrder(c.tx, providerId, order.id, { approval, history: [...order.history, historyEntry(by, action)] });
      await auditInProvider(c, providerId, { action: 'os.custody.order.approve', entity: 'os_order', entityId: order.id, before: { approval: order.approval }, after: { approval, remark: input.remark } });
      return { id: order.id, approval };
    }
    const dismissal = await d.findDismissal(c.tx, providerId, input.id, true);
    if (!dismissal || dismissal.clientId !== link.clientId) throw notFound('退工单');
    if (dismissal.approval !== APPROVAL.waiting || dismissal.status === DISMISS_STATUS.cancelled) throw conflict(`退工单“${dismissal.orderNo}”不在待审批状态`);
    await d.updateDismissal(c.tx, providerId, dismissal.id, { approval, history: [...dismissal.history, historyEntry(by, action)] });
    await auditInProvider(c, providerId, { action: 'os.custody.dismiss.approve', entity: 'os_dismissal', entityId: dismissal.id, before: { approval: dismissal.approval }, after: { approval, remark: input.remark } });
    return { id: dismissal.id, approval };
  });
}
