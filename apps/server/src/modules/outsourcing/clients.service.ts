import { CLIENT_KIND, DISPATCH_POST_KINDS, isValidUscc, maskPhone, ORDER_STATUS, PLACEMENT_STATUS, POST_KINDS, type ClientSave, type ClientView } from '@wfsaas/contracts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './clients.queries.ts';
import { requireClient, requirePlan } from './common.queries.ts';

/** 用工单位: list, save (agreement term, posts under the dispatch rules, credit code and the linked platform company), remove. */

const OPEN_PLACEMENTS = [PLACEMENT_STATUS.pending, PLACEMENT_STATUS.active, PLACEMENT_STATUS.leaving];
const OPEN_ORDERS = [ORDER_STATUS.waiting, ORDER_STATUS.recruiting, ORDER_STATUS.partial];
const MOBILE = /^1[3-9]\d{9}$/;

function phoneOf(c: ServiceCtx, enc: string | null): string {
  return enc ? c.services.cipher.decrypt(enc) : '';
}

/** The clients as views: the linked platform company and, when linked, its on-job headcount. */
export async function clientViews(c: ServiceCtx, ids?: readonly number[]): Promise<ClientView[]> {
  const rows = await q.listClients(c.tx, c.companyId, ids);
  const linked = await q.platformCompaniesByCreditCode(c.tx, c.companyId, rows.map((r) => r.creditCode));
  const headcounts = new Map<number, number>();
  for (const company of linked.values()) headcounts.set(company.id, await q.countOnJobEmployeesOf(c.tx, c.companyId, company.id));
  return rows.map((r) => {
    const company = r.creditCode ? linked.get(r.creditCode) : undefined;
    return {
      id: r.id,
      name: r.name,
      creditCode: r.creditCode,
      kind: r.kind as ClientView['kind'],
      agreementStart: r.agreementStart,
      agreementEnd: r.agreementEnd,
      planId: r.planId,
      planName: r.planName,
      headcount: r.headcount,
      effectiveHeadcount: company ? (headcounts.get(company.id) ?? 0) : r.headcount,
      posts: r.posts,
      contactName: r.contactName,
      contactPhone: maskPhone(phoneOf(c, r.contactPhoneEnc)),
      remark: r.remark,
      linkedCompanyId: company?.id ?? null,
      linkedCompanyName: company?.name ?? null,
      activeCount: Number(r.activeCount),
    };
  });
}

export async function listClientsView(c: ServiceCtx): Promise<ClientView[]> {
  return clientViews(c);
}

const postKindLabel = (kind: string) => POST_KINDS.find((k) => k.value === kind)?.label ?? kind;

/** The rules of the form itself: term, posts, credit code and phone. */
function checkInput(input: ClientSave): void {
  if (input.agreementEnd <= input.agreementStart) throw badRequest('协议结束日期：应晚于协议开始日期');
  const seen = new Set<string>();
  for (const p of input.posts) {
    if (seen.has(p.name)) throw badRequest(`可派驻岗位：岗位“${p.name}”重复`);
    seen.add(p.name);
  }
  if (input.kind === CLIENT_KIND.dispatch) {
    const bad = input.posts.find((p) => !DISPATCH_POST_KINDS.includes(p.kind));
    if (bad) throw badRequest(`可派驻岗位：劳务派遣只能用于临时性、辅助性或替代性岗位（“${bad.name}”为${postKindLabel(bad.kind)}）`);
  }
  if (input.creditCode && !isValidUscc(input.creditCode)) throw badRequest('统一社会信用代码：格式不正确，请核对18位统一社会信用代码');
}

export async function saveClient(c: ServiceCtx, input: ClientSave): Promise<ClientView> {
  const before = input.id ? await requireClient(c.tx, c.companyId, input.id) : null;
  checkInput(input);
  // An unchanged masked phone (the form shows the stored one masked) keeps the stored number.
  const keepPhone = before !== null && input.contactPhone !== '' && input.contactPhone === maskPhone(phoneOf(c, before.contactPhoneEnc));
  if (!keepPhone && input.contactPhone && !MOBILE.test(input.contactPhone)) throw badRequest('联系电话：格式不正确，应为11位手机号');
  await requirePlan(c.tx, c.companyId, input.planId);
  if (await q.findClientIdByName(c.tx, c.companyId, input.name, input.id)) throw conflict(`用工单位名称：用工单位「${input.name}」已存在`);
  if (before && before.kind !== CLIENT_KIND.dispatch && input.kind === CLIENT_KIND.dispatch) {
    const regular = await q.countPlacements(c.tx, c.companyId, before.id, OPEN_PLACEMENTS, 'regular');
    if (regular > 0) throw conflict(`合作方式：用工单位“${before.name}”还有${regular}名派驻在主营岗位的人员，不能改为劳务派遣`);
  }
  const values: q.NewClient = {
    name: input.name,
    creditCode: input.creditCode,
    kind: input.kind,
    agreementStart: input.agreementStart,
    agreementEnd: input.agreementEnd,
    planId: input.planId,
    headcount: input.headcount,
    posts: input.posts.map((p) => ({ name: p.name, kind: p.kind })),
    contactName: input.contactName,
    contactPhoneEnc: keepPhone ? before.contactPhoneEnc : input.contactPhone ? c.services.cipher.encrypt(input.contactPhone) : null,
    remark: input.remark,
    updatedBy: c.user.userId,
  };
  const saved = before ? await q.updateClient(c.tx, c.companyId, before.id, values) : await q.insertClient(c.tx, c.companyId, { ...values, createdBy: c.user.userId });
  if (before && before.creditCode !== saved.creditCode) {
    const linked = await q.platformCompaniesByCreditCode(c.tx, c.companyId, [saved.creditCode]);
    await q.relinkCustody(c.tx, c.companyId, saved.id, linked.get(saved.creditCode)?.id ?? null, c.user.userId);
  }
  const masked = (row: q.ClientRow | null) => row && { ...row, contactPhoneEnc: undefined, contactPhone: maskPhone(phoneOf(c, row.contactPhoneEnc)) };
  await c.audit({ action: before ? 'os.client.update' : 'os.client.create', entity: 'os_client', entityId: saved.id, before: masked(before), after: masked(saved) });
  return (await clientViews(c, [saved.id]))[0]!;
}

export async function removeClient(c: ServiceCtx, id: number): Promise<null> {
  const client = await requireClient(c.tx, c.companyId, id);
  const placed = await q.countPlacements(c.tx, c.companyId, id, OPEN_PLACEMENTS);
  if (placed > 0) throw conflict(`用工单位“${client.name}”还有${placed}名待入职、在岗或待离岗人员，不能删除`);
  const orders = await q.countOrders(c.tx, c.companyId, id, OPEN_ORDERS);
  if (orders > 0) throw conflict(`用工单位“${client.name}”还有${orders}张未完成的补岗单，不能删除`);
  await q.archiveClient(c.tx, c.companyId, id, c.user.userId);
  await q.relinkCustody(c.tx, c.companyId, id, null, c.user.userId);
  await c.audit({ action: 'os.client.remove', entity: 'os_client', entityId: id, before: { name: client.name, creditCode: client.creditCode } });
  return null;
}
