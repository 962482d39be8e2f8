import { normalizeIdNumber, type EmployeeAdd, type EmployeeUpdate, type UniqueField } from '@wfsaas/contracts';
import { writeAudit, writeAudits } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AppServices } from '../../platform/services.ts';
import { loadFieldSettings } from '../implement/index.ts';
import { isEmployeeNumberingOn, MSG_EMPLOYEE_NO_REQUIRED, numberNewEmployees } from './employee-no-rule.service.ts';
import { checkCustomFields, checkDates, defaultStatus, identityOf, requirePositionInDepartment, requireRef, requireUnique, sealBankAccount, sealEmergency, sealIdNumber, sealMobile, uniqueConflict } from './employee-rules.ts';
import { auditDiff, auditView, nameTokens } from './employee-view.ts';
import { createEmployeeWriteCache, rememberWrite, type EmployeeWriteCache } from './employee-write-cache.ts';
import * as q from './employees.queries.ts';
import { recordEmployeeFills } from './custom-form.service.ts';

/**
 * Writing employee records. `createEmployee` and `updateEmployee` hold every rule of a record (the
 * add form, the API and the xlsx import all come through them, one record per call): document
 * number by type, birth date and gender from an ID card, dates in order, organisation references,
 * uniqueness of mobile, document number and employee number in the company, custom fields by the
 * company's form. A broken rule throws AppError with a Chinese message naming the field. Identifiers
 * are stored encrypted with a look-up hash and a masked copy; the audit log keeps masked values.
 */

/** Who writes: for the audit log. */
export type EmployeeActor = { userId: number | null; ip?: string | null; userAgent?: string | null };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The fields the company made required (系统配置 · 字段配置) must hold a value; on an update only the
 * fields being changed are looked at. Core fields keep their own rules, checked by the schema.
 */
async function requireConfiguredFields(tx: Tx, companyId: number, values: Record<string, unknown>, cache: EmployeeWriteCache, partial: boolean): Promise<void> {
  cache.fieldSettings ??= await loadFieldSettings(tx, companyId);
  for (const f of cache.fieldSettings) {
    if (f.core || !f.required || (partial && values[f.key] === undefined)) continue;
    if (blank(values[f.key])) throw badRequest(`请填写${f.label}`);
  }
}

/** Every rule of a new record; answers the values to store. */
async function prepareNewEmployee(services: AppServices, tx: Tx, companyId: number, actor: EmployeeActor, input: EmployeeAdd, cache: EmployeeWriteCache): Promise<q.EmployeeInsert> {
  const { cipher } = services;
  const idNumber = normalizeIdNumber(input.idNumber);
  const { gender, birthDate } = identityOf(input.idType, idNumber, input);
  checkDates({ birthDate, hireDate: input.hireDate, probationEndDate: input.probationEndDate ?? null });
  await requireConfiguredFields(tx, companyId, { ...input, gender, birthDate }, cache, false);
  if (!input.employeeNo) {
    // a dry run (an import's check) leaves the number to the rule; createEmployees fills it first
    cache.numbering ??= await isEmployeeNumberingOn(tx, companyId);
    if (!cache.numbering) throw badRequest(MSG_EMPLOYEE_NO_REQUIRED);
  }
  await requireRef(tx, companyId, 'department', input.departmentId, cache);
  await requireRef(tx, companyId, 'position', input.positionId, cache);
  await requirePositionInDepartment(tx, companyId, input.positionId, input.departmentId, cache);
  await requireRef(tx, companyId, 'rank', input.rankId, cache);
  await requireRef(tx, companyId, 'costCenter', input.costCenterId, cache);
  await requireUnique(tx, companyId, { mobileHash: cipher.lookupHash(input.mobile), idNumberHash: cipher.lookupHash(idNumber), employeeNo: input.employeeNo }, undefined, cache);
  const customFields = await checkCustomFields(tx, companyId, null, input.customFields ?? {}, cache, false);

  return {
    companyId,
    name: input.name,
    nameIndexed: true,
    employeeNo: input.employeeNo ?? null,
    ...sealMobile(cipher, input.mobile),
    idType: input.idType,
    ...sealIdNumber(cipher, idNumber),
    gender,
    birthDate,
    email: input.email ?? null,
    nationality: input.nationality || '中国',
    ethnicity: input.ethnicity ?? null,
    hukouType: input.hukouType ?? null,
    education: input.education ?? null,
    maritalStatus: input.maritalStatus ?? null,
    emergencyContact: sealEmergency(cipher, input.emergencyContact),
    address: input.address || null,
    bankName: input.bankName || null,
    ...sealBankAccount(cipher, input.bankAccount),
    departmentId: input.departmentId,
    positionId: input.positionId ?? null,
    rankId: input.rankId ?? null,
    costCenterId: input.costCenterId ?? null,
    employmentType: input.employmentType,
    workLocation: input.workLocation || null,
    hireDate: input.hireDate,
    probationEndDate: input.probationEndDate ?? null,
    salary: input.salary ? Number(input.salary).toFixed(2) : null,
    status: input.status ?? defaultStatus(input.hireDate, input.probationEndDate),
    customFields,
    createdBy: actor.userId,
    updatedBy: actor.userId,
  };
}

/** createEmployee's checks alone (a dry run): throws as createEmployee would, writes nothing. */
export async function validateNewEmployee(services: AppServices, tx: Tx, companyId: number, input: EmployeeAdd, cache: EmployeeWriteCache = createEmployeeWriteCache()): Promise<void> {
  await prepareNewEmployee(services, tx, companyId, { userId: null }, input, cache);
}

/** Creates one employee; answers the stored row. */
export async function createEmployee(
  services: AppServices,
  tx: Tx,
  companyId: number,
  actor: EmployeeActor,
  input: EmployeeAdd,
  cache: EmployeeWriteCache = createEmployeeWriteCache(),
): Promise<q.EmployeeRow> {
  const [row] = await createEmployees(services, tx, companyId, actor, [input], cache);
  return row!;
}

/**
 * Creates several employees together: every rule of each (the batch's own mobiles, ID numbers and
 * employee numbers included), then one statement each for the records, their name tokens and their
 * audit entries. Throws the first refusal and writes nothing then; answers the rows in input order.
 */
export async function createEmployees(
  services: AppServices,
  tx: Tx,
  companyId: number,
  actor: EmployeeActor,
  inputs: readonly EmployeeAdd[],
  cache: EmployeeWriteCache = createEmployeeWriteCache(),
): Promise<q.EmployeeRow[]> {
  const values: q.EmployeeInsert[] = [];
  const taken = new Map<string, string>();
  for (const input of await numberNewEmployees(tx, companyId, inputs)) {
    const v = await prepareNewEmployee(services, tx, companyId, actor, input, cache);
    const keys: [UniqueField, string | null | undefined][] = [
      ['idNumber', v.idNumberHash],
      ['mobile', v.mobileHash],
      ['employeeNo', v.employeeNo],
    ];
    for (const [field, key] of keys) {
      const holder = key ? taken.get(`${field}:${key}`) : undefined;
      if (holder !== undefined) throw uniqueConflict(field, holder);
    }
    for (const [field, key] of keys) if (key) taken.set(`${field}:${key}`, v.name);
    values.push(v);
  }
  const rows = await q.insertEmployees(tx, values);
  await q.insertNameTokens(
    tx,
    companyId,
    rows.map((r) => ({ employeeId: r.id, tokens: nameTokens(r.name) })),
  );
  await writeAudits(
    tx,
    { companyId, actorUserId: actor.userId, ip: actor.ip, userAgent: actor.userAgent },
    rows.map((r) => ({ action: 'employee.add', entity: 'employee', entityId: r.id, after: auditView(r) })),
  );
  for (const r of rows) rememberWrite(cache, null, r);
  await recordEmployeeFills(tx, companyId, rows.filter((r) => Object.keys(r.customFields ?? {}).length > 0).map((r) => r.id), actor.userId);
  return rows;
}

const has = <T extends object>(o: T, k: keyof T) => Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

/** A change of document type or number, gender or birth date, checked together; answers the birth date the record will have. */
async function applyIdentityChange(services: AppServices, tx: Tx, companyId: number, input: EmployeeUpdate, existing: q.EmployeeRow, change: q.EmployeeChange, cache: EmployeeWriteCache): Promise<string | null> {
  const { cipher } = services;
  const identityTouched = has(input, 'idType') || has(input, 'idNumber') || has(input, 'gender') || has(input, 'birthDate');
  if (!identityTouched) return existing.birthDate;
  const idType = input.idType ?? existing.idType ?? 1;
  const idNumber = input.idNumber !== undefined ? normalizeIdNumber(input.idNumber) : existing.idNumberEnc ? cipher.decrypt(existing.idNumberEnc) : '';
  // a new document number brings its own birth date and gender; otherwise the stored ones stand unless given
  const numberChanged = input.idNumber !== undefined || input.idType !== undefined;
  const given = {
    gender: input.gender !== undefined || numberChanged ? input.gender : existing.gender,
    birthDate: input.birthDate !== undefined || numberChanged ? input.birthDate : existing.birthDate,
  };
  // a record without a document number (made before numbers were required) takes gender and birth date as given
  const identity = idNumber ? identityOf(idType, idNumber, given) : { gender: given.gender ?? null, birthDate: given.birthDate ?? null };
  if (idNumber && (input.idNumber !== undefined || input.idType !== undefined)) {
    if (idType !== existing.idType) change.idType = idType;
    const hash = cipher.lookupHash(idNumber);
    if (hash !== existing.idNumberHash) {
      await requireUnique(tx, companyId, { idNumberHash: hash }, existing.id, cache);
      Object.assign(change, sealIdNumber(cipher, idNumber));
    }
  }
  change.gender = identity.gender;
  change.birthDate = identity.birthDate;
  return identity.birthDate;
}

/** Department, position, rank and cost centre that change: each must be in use, and a position must fit the department. */
async function applyRefChanges(tx: Tx, companyId: number, input: EmployeeUpdate, existing: q.EmployeeRow, change: q.EmployeeChange, cache: EmployeeWriteCache): Promise<void> {
  if (input.departmentId !== undefined && input.departmentId !== existing.departmentId) {
    await requireRef(tx, companyId, 'department', input.departmentId, cache);
    change.departmentId = input.departmentId;
  }
  if (input.positionId !== undefined && input.positionId !== existing.positionId) {
    await requireRef(tx, companyId, 'position', input.positionId, cache);
    await requirePositionInDepartment(tx, companyId, input.positionId, input.departmentId ?? existing.departmentId, cache);
    change.positionId = input.positionId;
  }
  if (input.rankId !== undefined && input.rankId !== existing.rankId) {
    await requireRef(tx, companyId, 'rank', input.rankId, cache);
    change.rankId = input.rankId;
  }
  if (input.costCenterId !== undefined && input.costCenterId !== existing.costCenterId) {
    await requireRef(tx, companyId, 'costCenter', input.costCenterId, cache);
    change.costCenterId = input.costCenterId;
  }
}

/** Every rule of a change; answers the record as stored and the change to write. */
async function prepareEmployeeUpdate(services: AppServices, tx: Tx, companyId: number, input: EmployeeUpdate, cache: EmployeeWriteCache, lock: boolean): Promise<{ existing: q.EmployeeRow; change: q.EmployeeChange }> {
  const { cipher } = services;
  const existing = await q.findEmployeeRow(tx, companyId, input.id, { forUpdate: lock });
  if (!existing) throw notFound('员工');
  const change: q.EmployeeChange = {};
  await requireConfiguredFields(tx, companyId, input, cache, true);

  const birthDate = await applyIdentityChange(services, tx, companyId, input, existing, change, cache);
  const hireDate = input.hireDate ?? existing.hireDate;
  const probationEndDate = input.probationEndDate !== undefined ? input.probationEndDate : existing.probationEndDate;
  checkDates({ birthDate, hireDate, probationEndDate });

  if (input.name !== undefined && input.name !== existing.name) Object.assign(change, { name: input.name, nameIndexed: true });
  if (input.mobile !== undefined && cipher.lookupHash(input.mobile) !== existing.mobileHash) {
    await requireUnique(tx, companyId, { mobileHash: cipher.lookupHash(input.mobile) }, existing.id, cache);
    Object.assign(change, sealMobile(cipher, input.mobile));
  }
  if (input.employeeNo !== undefined && input.employeeNo !== existing.employeeNo) {
    await requireUnique(tx, companyId, { employeeNo: input.employeeNo }, existing.id, cache);
    change.employeeNo = input.employeeNo;
  }
  await applyRefChanges(tx, companyId, input, existing, change, cache);
  if (input.bankAccount !== undefined) {
    const hash = input.bankAccount ? cipher.lookupHash(input.bankAccount) : null;
    if (hash !== existing.bankAccountHash) Object.assign(change, sealBankAccount(cipher, input.bankAccount));
  }
  if (input.emergencyContact !== undefined) change.emergencyContact = sealEmergency(cipher, input.emergencyContact);
  if (input.customFields !== undefined) {
    const values = await checkCustomFields(tx, companyId, existing.id, input.customFields ?? {}, cache, true);
    const merged = { ...(existing.customFields ?? {}) };
    for (const [k, v] of Object.entries(values)) {
      if (v === null) delete merged[k];
      else merged[k] = v;
    }
    change.customFields = merged;
  }
  const plain = ['email', 'nationality', 'ethnicity', 'hukouType', 'education', 'maritalStatus', 'address', 'bankName', 'employmentType', 'workLocation', 'hireDate', 'probationEndDate', 'status'] as const;
  for (const k of plain) {
    const v = input[k];
    if (v === undefined) continue;
    (change as Record<string, unknown>)[k] = typeof v === 'string' && v === '' ? null : v;
  }
  if (change.nationality === null) change.nationality = '中国';
  return { existing, change };
}

/** updateEmployee's checks alone (a dry run): throws as updateEmployee would, writes nothing. */
export async function validateEmployeeUpdate(services: AppServices, tx: Tx, companyId: number, input: EmployeeUpdate, cache: EmployeeWriteCache = createEmployeeWriteCache()): Promise<void> {
  await prepareEmployeeUpdate(services, tx, companyId, input, cache, false);
}

/**
 * Changes one employee: fields left out keep their values, null clears an optional field, custom
 * fields merge by key. Answers the stored row and the names of the fields that changed.
 */
export async function updateEmployee(
  services: AppServices,
  tx: Tx,
  companyId: number,
  actor: EmployeeActor,
  input: EmployeeUpdate,
  cache: EmployeeWriteCache = createEmployeeWriteCache(),
): Promise<{ row: q.EmployeeRow; changed: string[] }> {
  const { existing, change } = await prepareEmployeeUpdate(services, tx, companyId, input, cache, true);
  if (change.name !== undefined && change.name !== null) {
    await q.replaceNameTokens(tx, companyId, existing.id, nameTokens(change.name));
  }
  const row = Object.keys(change).length ? await q.updateEmployeeRow(tx, companyId, existing.id, { ...change, updatedBy: actor.userId }) : existing;
  if (!row) throw notFound('员工');
  const diff = auditDiff(auditView(existing), auditView(row));
  if (diff.keys.length > 0) {
    await writeAudit(
      tx,
      { companyId, actorUserId: actor.userId, ip: actor.ip, userAgent: actor.userAgent },
      { action: 'employee.update', entity: 'employee', entityId: row.id, before: diff.before, after: diff.after },
    );
  }
  rememberWrite(cache, existing, row);
  if (input.customFields !== undefined) await recordEmployeeFills(tx, companyId, [row.id], actor.userId);
  return { row, changed: diff.keys };
}
