import { normalizeIdNumber, type FormDefinition, type SystemFieldSetting } from '@wfsaas/contracts';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './employees.queries.ts';

/**
 * The live employees holding the mobiles, document numbers and employee numbers of a batch, fetched
 * at once (prefetchEmployeeKeys): a value in `probed` is answered from the maps without a query.
 */
export type KnownEmployees = {
  probed: { mobile: Set<string>; idNumber: Set<string>; employeeNo: Set<string> };
  byMobile: Map<string, q.EmployeeKeys>;
  byIdNumber: Map<string, q.EmployeeKeys>;
  byEmployeeNo: Map<string, q.EmployeeKeys>;
};

/**
 * Look-ups reused across the calls of one batch (an import): the form definition, the
 * organisation records already checked and the employees holding the batch's unique values. Only
 * valid within one transaction of one company (`known` is kept up to date by the writes made
 * through the cache; drop it when a transaction ends).
 */
export type EmployeeWriteCache = { definition?: FormDefinition | null; refs: Map<string, string | null>; known?: KnownEmployees; numbering?: boolean; fieldSettings?: SystemFieldSetting[] };

export function createEmployeeWriteCache(): EmployeeWriteCache {
  return { refs: new Map() };
}

const PREFETCH_CHUNK = 2000;

/** Fetches, in a few queries, the live employees holding any of these values; later checks of them need no query. */
export async function prefetchEmployeeKeys(
  services: AppServices,
  tx: Tx,
  companyId: number,
  cache: EmployeeWriteCache,
  values: readonly { mobile?: string | null; idNumber?: string | null; employeeNo?: string | null }[],
): Promise<void> {
  const { cipher } = services;
  const known: KnownEmployees = { probed: { mobile: new Set(), idNumber: new Set(), employeeNo: new Set() }, byMobile: new Map(), byIdNumber: new Map(), byEmployeeNo: new Map() };
  for (const v of values) {
    const mobile = v.mobile?.trim();
    const idNumber = v.idNumber ? normalizeIdNumber(v.idNumber) : '';
    const employeeNo = v.employeeNo?.trim();
    if (mobile) known.probed.mobile.add(cipher.lookupHash(mobile));
    if (idNumber) known.probed.idNumber.add(cipher.lookupHash(idNumber));
    if (employeeNo) known.probed.employeeNo.add(employeeNo);
  }
  const mobiles = [...known.probed.mobile];
  const idNumbers = [...known.probed.idNumber];
  const employeeNos = [...known.probed.employeeNo];
  const n = Math.max(mobiles.length, idNumbers.length, employeeNos.length);
  for (let i = 0; i < n; i += PREFETCH_CHUNK) {
    const rows = await q.listEmployeeKeys(tx, companyId, {
      mobileHashes: mobiles.slice(i, i + PREFETCH_CHUNK),
      idNumberHashes: idNumbers.slice(i, i + PREFETCH_CHUNK),
      employeeNos: employeeNos.slice(i, i + PREFETCH_CHUNK),
    });
    for (const r of rows) rememberEmployee(known, r);
  }
  cache.known = known;
}

function rememberEmployee(known: KnownEmployees, r: q.EmployeeKeys): void {
  if (r.mobileHash) known.byMobile.set(r.mobileHash, r);
  if (r.idNumberHash) known.byIdNumber.set(r.idNumberHash, r);
  if (r.employeeNo) known.byEmployeeNo.set(r.employeeNo, r);
}

/** After a write through the cache: the maps follow the employee's new values (its old ones are free again). */
export function rememberWrite(cache: EmployeeWriteCache, before: q.EmployeeKeys | null, after: q.EmployeeKeys): void {
  const known = cache.known;
  if (!known) return;
  if (before) {
    if (before.mobileHash && known.byMobile.get(before.mobileHash)?.id === before.id) known.byMobile.delete(before.mobileHash);
    if (before.idNumberHash && known.byIdNumber.get(before.idNumberHash)?.id === before.id) known.byIdNumber.delete(before.idNumberHash);
    if (before.employeeNo && known.byEmployeeNo.get(before.employeeNo)?.id === before.id) known.byEmployeeNo.delete(before.employeeNo);
  }
  const keys = { id: after.id, name: after.name, mobileHash: after.mobileHash, idNumberHash: after.idNumberHash, employeeNo: after.employeeNo };
  // values of the write that were not prefetched are looked up in the database, so need not be remembered
  if (keys.mobileHash && known.probed.mobile.has(keys.mobileHash)) known.byMobile.set(keys.mobileHash, keys);
  if (keys.idNumberHash && known.probed.idNumber.has(keys.idNumberHash)) known.byIdNumber.set(keys.idNumberHash, keys);
  if (keys.employeeNo && known.probed.employeeNo.has(keys.employeeNo)) known.byEmployeeNo.set(keys.employeeNo, keys);
}

/** The conflicts of a probe from the prefetched employees; null when a value of it was not prefetched. */
export function knownConflicts(known: KnownEmployees | undefined, probe: q.UniqueProbe, exceptId: number | undefined): q.UniqueHit[] | null {
  if (!known) return null;
  if (probe.mobileHash && !known.probed.mobile.has(probe.mobileHash)) return null;
  if (probe.idNumberHash && !known.probed.idNumber.has(probe.idNumberHash)) return null;
  if (probe.employeeNo && !known.probed.employeeNo.has(probe.employeeNo)) return null;
  const hits: q.UniqueHit[] = [];
  const add = (field: q.UniqueHit['field'], r: q.EmployeeKeys | undefined) => {
    if (r && r.id !== exceptId) hits.push({ field, id: r.id, name: r.name });
  };
  if (probe.idNumberHash) add('idNumber', known.byIdNumber.get(probe.idNumberHash));
  if (probe.mobileHash) add('mobile', known.byMobile.get(probe.mobileHash));
  if (probe.employeeNo) add('employeeNo', known.byEmployeeNo.get(probe.employeeNo));
  return hits;
}

/**
 * The live employee with this employee number or document number (an import's "update by employee
 * number or ID number"). Null when none; a conflict when the two point at different employees.
 */
export async function findEmployeeByNoOrIdNumber(
  services: AppServices,
  tx: Tx,
  companyId: number,
  by: { employeeNo?: string | null; idNumber?: string | null },
  cache?: EmployeeWriteCache,
): Promise<{ id: number; name: string } | null> {
  const employeeNo = by.employeeNo?.trim() || undefined;
  const idNumber = by.idNumber ? normalizeIdNumber(by.idNumber) : undefined;
  const idNumberHash = idNumber ? services.cipher.lookupHash(idNumber) : undefined;
  const known = cache?.known;
  let rows: { id: number; name: string }[];
  if (known && (!employeeNo || known.probed.employeeNo.has(employeeNo)) && (!idNumberHash || known.probed.idNumber.has(idNumberHash))) {
    const byNo = employeeNo ? known.byEmployeeNo.get(employeeNo) : undefined;
    const byId = idNumberHash ? known.byIdNumber.get(idNumberHash) : undefined;
    rows = [byNo, byId].filter((r): r is q.EmployeeKeys => r !== undefined).sort((a, b) => a.id - b.id);
    if (rows.length === 2 && rows[0]!.id === rows[1]!.id) rows = [rows[0]!];
  } else {
    rows = await q.findEmployeeRowByNoOrIdHash(tx, companyId, { employeeNo, idNumberHash });
  }
  if (rows.length > 1) throw conflict(`工号与证件号码分别属于不同的员工（${rows.map((r) => r.name).join('、')}），请核对`);
  return rows[0] ?? null;
}
