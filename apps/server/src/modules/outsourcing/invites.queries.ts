import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PlacementTerms } from '@wfsaas/contracts';
import { osClients, osInvites, osPlacements } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Self-onboarding invitations made for placements, and the placements made from their registrations. */

export type InviteTermsRow = { inviteId: number; clientId: number; clientName: string; terms: PlacementTerms };

export async function insertInviteTerms(exec: Executor, companyId: number, v: { inviteId: number; clientId: number; terms: PlacementTerms; createdBy: number }): Promise<void> {
  await exec.insert(osInvites).values({ companyId, ...v });
}

export async function listInviteTerms(exec: Executor, companyId: number, limit: number, inviteId?: number): Promise<InviteTermsRow[]> {
  return exec
    .select({ inviteId: osInvites.inviteId, clientId: osInvites.clientId, clientName: osClients.name, terms: osInvites.terms })
    .from(osInvites)
    .innerJoin(osClients, and(eq(osClients.companyId, osInvites.companyId), eq(osClients.id, osInvites.clientId)))
    .where(inviteId === undefined ? eq(osInvites.companyId, companyId) : and(eq(osInvites.companyId, companyId), eq(osInvites.inviteId, inviteId)))
    .orderBy(desc(osInvites.inviteId))
    .limit(limit);
}

/** Each employee's placements that are not abandoned: employee id → placement id (the latest). */
export async function placementsOfEmployees(exec: Executor, companyId: number, employeeIds: readonly number[]): Promise<Map<number, number>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await exec
    .select({ id: osPlacements.id, employeeId: osPlacements.employeeId })
    .from(osPlacements)
    .where(and(eq(osPlacements.companyId, companyId), inArray(osPlacements.employeeId, [...employeeIds]), inArray(osPlacements.status, [1, 2, 3, 4])))
    .orderBy(osPlacements.id);
  return new Map(rows.map((r) => [r.employeeId, r.id]));
}
