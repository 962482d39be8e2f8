import {
  EMPLOYEE_STATUS,
  identityDocumentError,
  maskId,
  maskPhone,
  normalizeIdNumber,
  parseChineseIdCard,
  UNIQUE_FIELD_LABELS,
  validateCustomFieldValues,
  type EmployeeAdd,
  type EmployeeUpdate,
  type FormDefinition,
  type UniqueField,
  type Widget,
} from '@wfsaas/contracts';
import type { StoredEmergencyContact } from '../../db/schema/index.ts';
import { writeAudit, writeAudits } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AppServices } from '../../platform/services.ts';
import { loadEmployeeFormDefinition } from './custom-form.service.ts';
import { isEmployeeNumberingOn, MSG_EMPLOYEE_NO_REQUIRED, numberNewEmployees } from './employee-no-rule.service.ts';
import { auditDiff, auditView, nameTokens } from './employee-view.ts';
import * as q from './employees.queries.ts';
import { chinaToday } from '../../platform/china-date.ts';

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
export type EmployeeWriteCache = { definition?: FormDefinition | null; refs: Map<string, string | null>; known?: KnownEmployees; numbering?: boolean };

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
function rememberWrite(cache: EmployeeWriteCache, before: q.EmployeeKeys | null, after: q.EmployeeKeys): void {
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

type RefKind = 'department' | 'position' | 'rank' | 'costCenter';
const REF_LABEL: Record<RefKind, string> = { department: '部门', position: '岗位', rank: '职级', costCenter: '成本中心' };

/** null when the record may be used, otherwise the message. */
async function checkRef(tx: Tx, companyId: number, kind: RefKind, id: number): Promise<string | null> {
  const ref =
    kind === 'department'
      ? await q.findDepartmentRef(tx, companyId, id)
      : kind === 'position'
        ? await q.findPositionRef(tx, companyId, id)
        : kind === 'rank'
          ? await q.findRankRef(tx, companyId, id)
          : await q.findCostCenterRef(tx, companyId, id);
  if (!ref) return `所选${REF_LABEL[kind]}不存在`;
  if (ref.status !== 1) return `所选${REF_LABEL[kind]}「${ref.name}」已停用，请重新选择`;
  return null;
}

async function requireRef(tx: Tx, companyId: number, kind: RefKind, id: number | null | undefined, cache: EmployeeWriteCache): Promise<void> {
  if (id === null || id === undefined) return;
  const key = `${kind}:${id}`;
  let message = cache.refs.get(key);
  if (message === undefined) {
    message = await checkRef(tx, companyId, kind, id);
    cache.refs.set(key, message);
  }
  if (message) throw badRequest(message);
}

/** A position chosen with a department is company-wide or that department's own. */
async function requirePositionInDepartment(tx: Tx, companyId: number, positionId: number | null | undefined, departmentId: number | null | undefined, cache: EmployeeWriteCache): Promise<void> {
  if (positionId === null || positionId === undefined || departmentId === null || departmentId === undefined) return;
  const key = `positionIn:${positionId}:${departmentId}`;
  let message = cache.refs.get(key);
  if (message === undefined) {
    const position = await q.findPositionRef(tx, companyId, positionId);
    message = position && position.departmentId !== null && position.departmentId !== departmentId ? `所选岗位「${position.name}」不属于所选部门，请重新选择岗位` : null;
    cache.refs.set(key, message);
  }
  if (message) throw badRequest(message);
}

async function definitionOf(tx: Tx, companyId: number, cache: EmployeeWriteCache): Promise<FormDefinition | null> {
  if (cache.definition === undefined) cache.definition = await loadEmployeeFormDefinition(tx, companyId);
  return cache.definition;
}

/**
 * Custom field values checked by widget type. File fields name files of the employee's own record
 * (uploaded as attachments first), so a new record cannot have them yet.
 */
async function checkCustomFields(tx: Tx, companyId: number, employeeId: number | null, values: Record<string, unknown>, cache: EmployeeWriteCache, partial: boolean): Promise<Record<string, unknown>> {
  const definition = await definitionOf(tx, companyId, cache);
  const r = validateCustomFieldValues(definition, values, { partial });
  if (!r.ok) throw badRequest(r.errors[0]!.message);
  const fileWidgets = (definition?.widgetList ?? []).filter((w: Widget) => (w.type === 'image' || w.type === 'file') && Array.isArray(r.values[w.key]));
  for (const w of fileWidgets) {
    const ids = r.values[w.key] as string[];
    const found = employeeId === null ? [] : await q.listRecordFiles(tx, companyId, employeeId, ids);
    if (found.length !== new Set(ids).size) throw badRequest(`${w.label}：请先在员工档案的「附件」中上传，再选择其中的文件`);
    if (w.type === 'image' && found.some((f) => !f.isImage)) throw badRequest(`${w.label}须为图片文件`);
  }
  return r.values;
}

/** Birth date and gender checked against (and filled from) an ID card. */
function identityOf(idType: number, idNumber: string, given: { gender?: number | null; birthDate?: string | null }): { gender: number | null; birthDate: string | null } {
  const err = identityDocumentError(idType, idNumber);
  if (err) throw badRequest(err);
  if (idType !== 1) return { gender: given.gender ?? null, birthDate: given.birthDate ?? null };
  const parsed = parseChineseIdCard(idNumber)!;
  if (given.birthDate && given.birthDate !== parsed.birthDate) throw badRequest('出生日期与身份证号码不一致');
  if (given.gender && given.gender !== parsed.gender) throw badRequest('性别与身份证号码不一致');
  return { gender: parsed.gender, birthDate: parsed.birthDate };
}

function checkDates(d: { birthDate: string | null; hireDate: string | null; probationEndDate: string | null }): void {
  const today = chinaToday();
  if (d.birthDate && d.birthDate > today) throw badRequest('出生日期不能晚于今天');
  if (d.birthDate && d.hireDate && d.birthDate >= d.hireDate) throw badRequest('入职日期须晚于出生日期');
  if (d.probationEndDate && d.hireDate && d.probationEndDate < d.hireDate) throw badRequest('试用期结束日期不能早于入职日期');
}

/** A status left out follows the dates: future hire → 待入职, probation running → 试用期, else 正式. */
function defaultStatus(hireDate: string, probationEndDate: string | null | undefined): number {
  const today = chinaToday();
  if (hireDate > today) return EMPLOYEE_STATUS.pending;
  if (probationEndDate && probationEndDate >= today) return EMPLOYEE_STATUS.probation;
  return EMPLOYEE_STATUS.regular;
}

/** The conflicts of a probe from the prefetched employees; null when a value of it was not prefetched. */
function knownConflicts(known: KnownEmployees | undefined, probe: q.UniqueProbe, exceptId: number | undefined): q.UniqueHit[] | null {
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

async function requireUnique(tx: Tx, companyId: number, probe: q.UniqueProbe, exceptId: number | undefined, cache: EmployeeWriteCache): Promise<void> {
  const hits = knownConflicts(cache.known, probe, exceptId) ?? (await q.findUniqueConflicts(tx, companyId, probe, exceptId));
  const hit = hits[0];
  if (hit) throw uniqueConflict(hit.field, hit.name);
}

const uniqueConflict = (field: UniqueField, holder: string) => conflict(`${UNIQUE_FIELD_LABELS[field]}已被员工「${holder}」使用`);

type Cipher = AppServices['cipher'];

const sealMobile = (cipher: Cipher, mobile: string) => ({ mobileEnc: cipher.encrypt(mobile), mobileHash: cipher.lookupHash(mobile), mobileMasked: maskPhone(mobile) });
const sealIdNumber = (cipher: Cipher, idNumber: string) => ({ idNumberEnc: cipher.encrypt(idNumber), idNumberHash: cipher.lookupHash(idNumber), idNumberMasked: maskId(idNumber) });
const sealBankAccount = (cipher: Cipher, account: string | null | undefined) =>
  account
    ? { bankAccountEnc: cipher.encrypt(account), bankAccountHash: cipher.lookupHash(account), bankAccountMasked: maskId(account) }
    : { bankAccountEnc: null, bankAccountHash: null, bankAccountMasked: null };
const sealEmergency = (cipher: Cipher, ec: EmployeeAdd['emergencyContact']): StoredEmergencyContact | null =>
  ec ? { name: ec.name, relation: ec.relation || null, phoneEnc: cipher.encrypt(ec.phone), phoneMasked: maskPhone(ec.phone) } : null;

/** Every rule of a new record; answers the values to store. */
async function prepareNewEmployee(services: AppServices, tx: Tx, companyId: number, actor: EmployeeActor, input: EmployeeAdd, cache: EmployeeWriteCache): Promise<q.EmployeeInsert> {
  const { cipher } = services;
  const idNumber = normalizeIdNumber(input.idNumber);
  const { gender, birthDate } = identityOf(input.idType, idNumber, input);
  checkDates({ birthDate, hireDate: input.hireDate, probationEndDate: input.probationEndDate ?? null });
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
  return rows;
}

const has = <T extends object>(o: T, k: keyof T) => Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

/** Every rule of a change; answers the record as stored and the change to write. */
async function prepareEmployeeUpdate(services: AppServices, tx: Tx, companyId: number, input: EmployeeUpdate, cache: EmployeeWriteCache, lock: boolean): Promise<{ existing: q.EmployeeRow; change: q.EmployeeChange }> {
  const { cipher } = services;
  const existing = await q.findEmployeeRow(tx, companyId, input.id, { forUpdate: lock });
  if (!existing) throw notFound('员工');
  const change: q.EmployeeChange = {};

  const identityTouched = has(input, 'idType') || has(input, 'idNumber') || has(input, 'gender') || has(input, 'birthDate');
  let birthDate = existing.birthDate;
  if (identityTouched) {
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
    birthDate = identity.birthDate;
  }
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
  return { row, changed: diff.keys };
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
