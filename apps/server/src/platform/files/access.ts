import type { FileKind } from '../../db/schema/index.ts';
import type { SessionUser } from '../auth.ts';
import type { Tx } from '../db.ts';
import { listGrantedKeys } from '../permissions.ts';
import type { AppServices } from '../services.ts';
import type { FileRow } from './files.ts';

/**
 * Who may download a stored file: the rule of the screen that shows what the file belongs to
 * (docs/security.md). Each module registers the rule of its kinds; a kind without a rule is never
 * served by the generic download.
 */

/** The member asking for a file, in the file's company. */
export type FileReader = { tx: Tx; companyId: number; user: SessionUser; isAdmin: boolean; services: AppServices };

export type FileAccessRule = {
  /** Files of this kind hold personal data or are otherwise sensitive (a seal): every download is audit-logged. */
  audited: boolean;
  /** Whether the reader may have this file, by the owning screen's permission and data scope. */
  allows(reader: FileReader, file: FileRow): Promise<boolean>;
};

const rules = new Map<FileKind, FileAccessRule>([
  // An upload not yet attached to anything: its uploader alone.
  ['upload', { audited: true, allows: async (r, f) => f.uploadedBy === r.user.userId }],
  // Company assets such as the logo are public anyway.
  ['static', { audited: false, allows: async () => true }],
]);

export function registerFileAccess(kind: FileKind, rule: FileAccessRule): void {
  rules.set(kind, rule);
}

export function fileAccessRule(kind: FileKind): FileAccessRule | undefined {
  return rules.get(kind);
}

/** Whether the reader holds any of the permission keys (administrators hold every key switched on). */
export async function readerHolds(r: Pick<FileReader, 'tx' | 'companyId' | 'user' | 'isAdmin'>, ...keys: string[]): Promise<boolean> {
  const granted = new Set(await listGrantedKeys(r.tx, r.companyId, r.user.userId, r.isAdmin));
  return keys.some((k) => granted.has(k));
}
