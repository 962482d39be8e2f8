import { EMPLOYEE_STATUS, PLACEMENT_STATUS, type OnboardingInvite, type OnboardingResult, type OsInviteView } from '@wfsaas/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { updateEmployee } from '../employees/index.ts';
import { createInvite, invitesByIds, pageSubmissions } from '../self-onboarding/index.ts';
import * as iq from './invites.queries.ts';
import * as q from './onboarding.queries.ts';
import { evaluateTerms, placementView, placeWorker, planWorkLocation, refuseOn } from './onboarding.service.ts';

/**
 * The phone self-onboarding link of outsourced labour: an invitation (邀请入职) made with placement
 * terms; the worker registers on the phone, HR approves the registration in 邀请入职 (a pending
 * hire), and 派驻 places that hire on the link's terms, checked again as they stand then.
 */

const LIST_LIMIT = 50;

/** outsource/onboarding/invite */
export async function createPlacementInvite(c: ServiceCtx, input: OnboardingInvite): Promise<OsInviteView> {
  const e = await evaluateTerms(c, input.placement);
  refuseOn(e);
  const invite = await createInvite(c.services, c, {
    title: `${e.client.name} · ${input.placement.post}`,
    expiresOn: input.expiresOn,
    departmentId: input.departmentId,
    hireDate: input.placement.startDate,
  });
  await iq.insertInviteTerms(c.tx, c.companyId, { inviteId: invite.id, clientId: e.client.id, terms: input.placement, createdBy: c.user.userId });
  await c.audit({ action: 'os.onboardingInvite', entity: 'onboarding_invite', entityId: invite.id, after: { clientId: e.client.id, terms: input.placement } });
  const [view] = await invitesView(c, invite.id);
  return view!;
}

async function invitesView(c: ServiceCtx, inviteId?: number): Promise<OsInviteView[]> {
  const rows = await iq.listInviteTerms(c.tx, c.companyId, LIST_LIMIT, inviteId);
  const invites = await invitesByIds(c, rows.map((r) => r.inviteId));
  const out: OsInviteView[] = [];
  for (const r of rows) {
    const invite = invites.get(r.inviteId);
    const subs = await registrationsOf(c, r.inviteId);
    const placed = await iq.placementsOfEmployees(c.tx, c.companyId, subs.flatMap((s) => (s.employeeId === null ? [] : [s.employeeId])));
    out.push({
      inviteId: r.inviteId,
      title: invite?.title ?? `${r.clientName} · ${r.terms.post}`,
      link: invite?.link ?? '',
      expiresOn: invite?.expiresOn ?? '',
      expired: invite ? invite.expired || invite.status !== 1 : true,
      clientName: r.clientName,
      post: r.terms.post,
      startDate: r.terms.startDate,
      registrations: subs.map((s) => ({
        submissionId: s.id,
        name: s.name,
        mobile: s.mobile,
        status: s.status,
        statusLabel: s.statusLabel,
        employeeId: s.employeeId,
        placementId: s.employeeId === null ? null : (placed.get(s.employeeId) ?? null),
      })),
    });
  }
  return out;
}

/** The registrations of one invitation (at most 100, newest first). */
async function registrationsOf(c: ServiceCtx, inviteId: number) {
  return (await pageSubmissions(c.services, c, { pageNum: 1, pageSize: 100, inviteId })).list;
}

/** outsource/onboarding/invited */
export async function invitedPage(c: ServiceCtx): Promise<OsInviteView[]> {
  return invitesView(c);
}

/** outsource/onboarding/invited/place: the approved registration's pending hire, placed on the link's terms. */
export async function placeInvited(c: ServiceCtx, input: { inviteId: number; employeeId: number }): Promise<OnboardingResult> {
  const [terms] = await iq.listInviteTerms(c.tx, c.companyId, 1, input.inviteId);
  if (!terms) throw notFound('入职邀请');
  const subs = await registrationsOf(c, input.inviteId);
  if (!subs.some((s) => s.status === 1 && s.employeeId === input.employeeId)) throw badRequest('员工：不是该邀请下已通过审核的入职登记');
  const worker = await q.findWorker(c.tx, c.companyId, input.employeeId);
  if (!worker || worker.archived || worker.status !== EMPLOYEE_STATUS.pending) throw badRequest('员工：只有待入职的员工可以派驻');
  if ((await iq.placementsOfEmployees(c.tx, c.companyId, [input.employeeId])).has(input.employeeId)) throw conflict(`${worker.name}已派驻，不能重复派驻`);
  const e = await evaluateTerms(c, terms.terms);
  refuseOn(e);
  // the registration was approved as an ordinary hire: the placement makes it 劳务派遣 or 外包, insured at the plan's entity
  const workLocation = await planWorkLocation(c, e.plan);
  await updateEmployee(c.services, c.tx, c.companyId, { userId: c.user.userId, ip: c.ip, userAgent: c.userAgent }, { id: input.employeeId, employmentType: e.client.kind === 1 ? 4 : 5, ...(workLocation ? { workLocation } : {}) });
  const row = await placeWorker(c, e, terms.terms, input.employeeId, PLACEMENT_STATUS.pending, true);
  await c.audit({ action: 'os.invitedPlace', entity: 'os_placement', entityId: row.id, after: { inviteId: input.inviteId, employeeId: input.employeeId, clientId: row.clientId, post: row.post } });
  return { placement: await placementView(c, row.id), warnings: e.warnings };
}
