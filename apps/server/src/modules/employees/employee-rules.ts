import {
  EMPLOYEE_STATUS,
  identityDocumentError,
  maskId,
  maskPhone,
  parseChineseIdCard,
  UNIQUE_FIELD_LABELS,
  validateCustomFieldValues,
  type EmployeeAdd,
  type FormDefinition,
  type UniqueField,
  type Widget,
} from '@wfsaas/contracts';
import type { StoredEmergencyContact } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { AppServices } from '../../platform/services.ts';
import { chinaToday } from '../../platform/china-date.ts';
import { loadEmployeeFormDefinition } from './custom-form.service.ts';
import { checkPickedRecords } from '../forms/index.ts';
import { knownConflicts, type EmployeeWriteCache } from './employee-write-cache.ts';
import * as q from './employees.queries.ts';

/** The checks of an employee record shared by creating and changing one, and the sealing of its identifiers. */

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

export async function requireRef(tx: Tx, companyId: number, kind: RefKind, id: number | null | undefined, cache: EmployeeWriteCache): Promise<void> {
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
export async function requirePositionInDepartment(tx: Tx, companyId: number, positionId: number | null | undefined, departmentId: number | null | undefined, cache: EmployeeWriteCache): Promise<void> {
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
export async function checkCustomFields(tx: Tx, companyId: number, employeeId: number | null, values: Record<string, unknown>, cache: EmployeeWriteCache, partial: boolean): Promise<Record<string, unknown>> {
  const definition = await definitionOf(tx, companyId, cache);
  const r = validateCustomFieldValues(definition, values, { partial });
  if (!r.ok) throw badRequest(r.errors[0]!.message);
  await checkPickedRecords(tx, companyId, definition?.widgetList ?? [], r.values);
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
export function identityOf(idType: number, idNumber: string, given: { gender?: number | null; birthDate?: string | null }): { gender: number | null; birthDate: string | null } {
  const err = identityDocumentError(idType, idNumber);
  if (err) throw badRequest(err);
  if (idType !== 1) return { gender: given.gender ?? null, birthDate: given.birthDate ?? null };
  const parsed = parseChineseIdCard(idNumber)!;
  if (given.birthDate && given.birthDate !== parsed.birthDate) throw badRequest('出生日期与身份证号码不一致');
  if (given.gender && given.gender !== parsed.gender) throw badRequest('性别与身份证号码不一致');
  return { gender: parsed.gender, birthDate: parsed.birthDate };
}

export function checkDates(d: { birthDate: string | null; hireDate: string | null; probationEndDate: string | null }): void {
  const today = chinaToday();
  if (d.birthDate && d.birthDate > today) throw badRequest('出生日期不能晚于今天');
  if (d.birthDate && d.hireDate && d.birthDate >= d.hireDate) throw badRequest('入职日期须晚于出生日期');
  if (d.probationEndDate && d.hireDate && d.probationEndDate < d.hireDate) throw badRequest('试用期结束日期不能早于入职日期');
}

/** A status left out follows the dates: future hire → 待入职, probation running → 试用期, else 正式. */
export function defaultStatus(hireDate: string, probationEndDate: string | null | undefined): number {
  const today = chinaToday();
  if (hireDate > today) return EMPLOYEE_STATUS.pending;
  if (probationEndDate && probationEndDate >= today) return EMPLOYEE_STATUS.probation;
  return EMPLOYEE_STATUS.regular;
}

export async function requireUnique(tx: Tx, companyId: number, probe: q.UniqueProbe, exceptId: number | undefined, cache: EmployeeWriteCache): Promise<void> {
  const hits = knownConflicts(cache.known, probe, exceptId) ?? (await q.findUniqueConflicts(tx, companyId, probe, exceptId));
  const hit = hits[0];
  if (hit) throw uniqueConflict(hit.field, hit.name);
}

export const uniqueConflict = (field: UniqueField, holder: string) => conflict(`${UNIQUE_FIELD_LABELS[field]}已被员工「${holder}」使用`);

type Cipher = AppServices['cipher'];

export const sealMobile = (cipher: Cipher, mobile: string) => ({ mobileEnc: cipher.encrypt(mobile), mobileHash: cipher.lookupHash(mobile), mobileMasked: maskPhone(mobile) });
export const sealIdNumber = (cipher: Cipher, idNumber: string) => ({ idNumberEnc: cipher.encrypt(idNumber), idNumberHash: cipher.lookupHash(idNumber), idNumberMasked: maskId(idNumber) });
export const sealBankAccount = (cipher: Cipher, account: string | null | undefined) =>
  account
    ? { bankAccountEnc: cipher.encrypt(account), bankAccountHash: cipher.lookupHash(account), bankAccountMasked: maskId(account) }
    : { bankAccountEnc: null, bankAccountHash: null, bankAccountMasked: null };
export const sealEmergency = (cipher: Cipher, ec: EmployeeAdd['emergencyContact']): StoredEmergencyContact | null =>
  ec ? { name: ec.name, relation: ec.relation || null, phoneEnc: cipher.encrypt(ec.phone), phoneMasked: maskPhone(ec.phone) } : null;
