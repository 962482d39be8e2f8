import {
  codeLabel,
  EDUCATIONS,
  EMPLOYEE_STATUSES,
  EMPLOYMENT_TYPES,
  GENDERS,
  HUKOU_TYPES,
  ID_TYPES,
  MARITAL_STATUSES,
  type EmployeeDetail,
  type EmployeeListItem,
} from '@wfsaas/contracts';
import type { RosterRow } from './employee-list.queries.ts';
import type { EmployeeRow } from './employees.queries.ts';

/** Shapes the roster answers take, and the small text rules the record uses. */

/**
 * The tokens of a name for the indexed "contains" search: every character and every pair of
 * neighbouring characters, lower-cased. A keyword of n ≥ 2 characters matches when all its pairs are
 * among them (then `like` confirms the order); a single character matches its own token.
 */
export function nameTokens(name: string): string[] {
  const chars = [...name.trim().toLowerCase()];
  const out = new Set<string>(chars);
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  return [...out];
}

/** The tokens a keyword must find: its pairs, or the character itself. */
export function keywordTokens(keyword: string): string[] {
  const chars = [...keyword.trim().toLowerCase()];
  if (chars.length <= 1) return chars;
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  return [...out];
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Ids along a materialised path '/1/5/9/'. */
export function pathIds(path: string | null | undefined): number[] {
  if (!path) return [];
  return path
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : d);

export function toListItem(r: RosterRow): EmployeeListItem {
  return {
    id: r.id,
    name: r.name,
    employeeNo: r.employeeNo,
    gender: r.gender,
    genderName: codeLabel(GENDERS, r.gender),
    birthDate: r.birthDate,
    idType: r.idType,
    idTypeName: codeLabel(ID_TYPES, r.idType),
    idNumberMasked: r.idNumberMasked ?? '',
    mobileMasked: r.mobileMasked ?? '',
    email: r.email,
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    departmentPathNames: r.departmentPathNames ?? [],
    positionId: r.positionId,
    positionName: r.positionName,
    rankId: r.rankId,
    rankName: r.rankName,
    costCenterId: r.costCenterId,
    costCenterName: r.costCenterName,
    employmentType: r.employmentType,
    employmentTypeName: codeLabel(EMPLOYMENT_TYPES, r.employmentType),
    status: r.status,
    statusName: codeLabel(EMPLOYEE_STATUSES, r.status),
    hireDate: r.hireDate,
    probationEndDate: r.probationEndDate,
    leaveDate: r.leaveDate,
    workLocation: r.workLocation,
    customFields: r.customFields ?? {},
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** `photoPublicId`: the public id of the record's photo file (e.photoFileId is its row id). */
export function toDetail(r: RosterRow, e: EmployeeRow, canViewSensitive: boolean, photoPublicId: string | null): EmployeeDetail {
  const ec = e.emergencyContact;
  return {
    ...toListItem(r),
    nationality: e.nationality,
    ethnicity: e.ethnicity,
    hukouType: e.hukouType,
    hukouTypeName: codeLabel(HUKOU_TYPES, e.hukouType),
    education: e.education,
    educationName: codeLabel(EDUCATIONS, e.education),
    maritalStatus: e.maritalStatus,
    maritalStatusName: codeLabel(MARITAL_STATUSES, e.maritalStatus),
    emergencyContact: ec ? { name: ec.name, phoneMasked: ec.phoneMasked, relation: ec.relation ?? null } : null,
    address: e.address,
    bankName: e.bankName,
    bankAccountMasked: e.bankAccountMasked ?? '',
    photoFileId: photoPublicId,
    canViewSensitive,
  };
}

/** What the audit log keeps of a record: masked identifiers only. */
export function auditView(e: EmployeeRow): Record<string, unknown> {
  return {
    name: e.name,
    employeeNo: e.employeeNo,
    mobile: e.mobileMasked,
    idType: e.idType,
    idNumber: e.idNumberMasked,
    gender: e.gender,
    birthDate: e.birthDate,
    email: e.email,
    nationality: e.nationality,
    ethnicity: e.ethnicity,
    hukouType: e.hukouType,
    education: e.education,
    maritalStatus: e.maritalStatus,
    emergencyContact: e.emergencyContact ? { name: e.emergencyContact.name, phone: e.emergencyContact.phoneMasked, relation: e.emergencyContact.relation } : null,
    address: e.address,
    bankName: e.bankName,
    bankAccount: e.bankAccountMasked,
    departmentId: e.departmentId,
    positionId: e.positionId,
    rankId: e.rankId,
    costCenterId: e.costCenterId,
    employmentType: e.employmentType,
    workLocation: e.workLocation,
    hireDate: e.hireDate,
    probationEndDate: e.probationEndDate,
    status: e.status,
    photoFileId: e.photoFileId,
    customFields: e.customFields,
  };
}

/** The entries of `after` that differ from `before`, both sides. */
export function auditDiff(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown>; keys: string[] } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  const keys: string[] = [];
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)) {
      b[k] = before[k] ?? null;
      a[k] = after[k] ?? null;
      keys.push(k);
    }
  }
  return { before: b, after: a, keys };
}
