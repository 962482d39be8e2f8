import { auditLog } from '../db/schema/index.ts';
import type { Executor } from './db.ts';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

export type AuditActor = { companyId: number; actorUserId: number | null; ip?: string | null; userAgent?: string | null };

/** The one way anything writes the audit log. Runs in the caller's transaction. */
export async function writeAudit(exec: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await writeAudits(exec, actor, [entry]);
}

/** Several entries of one actor in one statement (a batch written together). */
export async function writeAudits(exec: Executor, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await exec.insert(auditLog).values(
    entries.map((entry) => ({
      companyId: actor.companyId,
      actorUserId: actor.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
    })),
  );
}
