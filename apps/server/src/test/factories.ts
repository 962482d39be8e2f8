import type { EmployeeDetail, LabourContractView, PhoneContractView } from '@wfsaas/contracts';
import { generateNameSignature } from '@wfsaas/esign';
import { expect } from 'vitest';
import { makeIdNumber } from '../modules/employees/employees.seed.ts';
import { API as SIGN_API, linkTokenFromOutbox, phoneTicket } from '../modules/econtracts/econtract-test-support.ts';
import { listDepartments } from '../modules/org/departments.queries.ts';
import type { TestApp } from './harness.ts';
import { joinCompany } from './members.ts';

/**
 * Test data made the way the product makes it: through the API, as a member allowed to. Module
 * tests use these instead of their own helpers or rows written with SQL.
 */

const API = '/wfsaas-saas/api';

/** Serials unique in a worker process: a test file's database is its own, so unique within it too. */
let serial = 0;
const next = () => ++serial;

export type HireInput = {
  token: string;
  companyId?: number;
  name: string;
  departmentId?: number | null;
  hireDate: string;
  /** 0 待入职, 1 试用, 2 正式 (the default). */
  status?: 0 | 1 | 2;
  probationEndDate?: string | null;
  /** Given, or made unique: an ID number (born `birthDate`), a 199… mobile, an employee number `T<serial>`. */
  idNumber?: string;
  mobile?: string;
  employeeNo?: string;
  birthDate?: string;
  gender?: 1 | 2;
  /** Any other field of the add form (workLocation, position, …). */
  extra?: Record<string, unknown>;
};

/** A hired employee with the ID number and mobile it was given (the detail shows them masked). */
export type Hired = EmployeeDetail & { idNumber: string; mobile: string };

/** Hires an employee through 添加员工, as the member holding `token`; fails the test on a refusal. */
export async function hireEmployee(t: TestApp, o: HireInput): Promise<Hired> {
  const n = next();
  const idNumber = o.idNumber ?? makeIdNumber('110101', o.birthDate ?? '1990-01-01', n, o.gender ?? 1);
  // 199 and a serial above the demo seed's range: never a demo employee's number
  const mobile = o.mobile ?? `199${String(70_000_000 + n).slice(-8)}`;
  const body = {
    name: o.name,
    mobile,
    idType: 1,
    idNumber,
    employmentType: 1,
    employeeNo: o.employeeNo ?? `T${String(n).padStart(5, '0')}`,
    departmentId: o.departmentId ?? undefined,
    hireDate: o.hireDate,
    probationEndDate: o.probationEndDate ?? undefined,
    status: o.status ?? 2,
    ...o.extra,
  };
  const r = await t.call<EmployeeDetail>(`${API}/companyEmployee/add/v2`, { token: o.token, companyId: o.companyId ?? 1, body });
  expect(r.body.code, `hire ${o.name}: ${r.body.message}`).toBe(200);
  return { ...r.body.data, idNumber, mobile };
}

/** Records a labour contract for an employee (劳动合同 台账), as the member holding `token`. */
export async function addLabourContract(
  t: TestApp,
  o: { token: string; companyId?: number; employeeId: number; startDate: string; endDate?: string; type?: number; contractNo?: string },
): Promise<LabourContractView> {
  const body = { employeeId: o.employeeId, type: o.type ?? 1, startDate: o.startDate, endDate: o.endDate, contractNo: o.contractNo ?? `LC-${next()}` };
  const r = await t.call<LabourContractView>(`${API}/employeeContract/add`, { token: o.token, companyId: o.companyId ?? 1, body });
  expect(r.body.code, `labour contract: ${r.body.message}`).toBe(200);
  return r.body.data;
}

/** A role of the company holding exactly `permissionKeys`, made by an administrator; its id. */
export async function createRole(t: TestApp, o: { adminToken: string; companyId?: number; name: string; permissionKeys: string[] }): Promise<number> {
  const companyId = o.companyId ?? 1;
  const r = await t.call<{ id: number }>('/wfsaas-system/api/sys/role/save', { token: o.adminToken, companyId, body: { name: o.name } });
  expect(r.body.code, `role ${o.name}: ${r.body.message}`).toBe(200);
  const p = await t.call('/wfsaas-system/api/sys/rolePermission/save', { token: o.adminToken, companyId, body: { roleId: r.body.data.id, permissionKeys: o.permissionKeys } });
  expect(p.body.code, `role ${o.name} permissions: ${p.body.message}`).toBe(200);
  return r.body.data.id;
}

/**
 * Signs in as a member holding one role with `permissionKeys`: the role is made, the phone invited
 * with it, and the person joins by SMS code as the product has them do.
 */
export async function signInAsRole(
  t: TestApp,
  o: { adminToken: string; companyId?: number; phone: string; role: string; permissionKeys: string[] },
): Promise<{ token: string; userId: number; roleId: number }> {
  const companyId = o.companyId ?? 1;
  const roleId = await createRole(t, { adminToken: o.adminToken, companyId, name: o.role, permissionKeys: o.permissionKeys });
  const joined = await joinCompany(t, { adminToken: o.adminToken, companyId, phone: o.phone, nickname: o.role, roleIds: [roleId] });
  return { token: joined.token, userId: joined.userId, roleId };
}

/**
 * Downloads a stored file by its public id through a temp token, as the member holding `token`:
 * the HTTP status of a file, or the code of a refusal (an envelope).
 */
export async function downloadStatus(t: TestApp, o: { token: string; companyId?: number; publicId: string }): Promise<number> {
  const tt = await t.call<string[]>('/wfsaas-auth/getTempToken', { token: o.token, companyId: o.companyId ?? 1, body: 1 });
  expect(tt.body.code, tt.body.message).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: `/wfsaas-file/api/file/download/${o.publicId}?temptoken=${tt.body.data[0]}` });
  return String(res.headers['content-type']).startsWith('application/json') ? (res.json() as { code: number }).code : res.statusCode;
}

/** The id of the company's department named `name` (the demo organisation has 财务部, 产品部, 人力资源部 …). */
export async function departmentIdByName(t: TestApp, name: string, companyId = 1): Promise<number> {
  const found = (await listDepartments(t.database.db, companyId, { includeDisabled: false })).find((d) => d.name === name);
  if (!found) throw new Error(`no department ${name} in company ${companyId}`);
  return found.id;
}

/** Starts the signing of a package's contracts for an employee (发起签署); the first contract's id. */
export async function initiateContract(
  t: TestApp,
  o: { token: string; companyId?: number; employeeId: number; packageId: number; contractStart?: string; contractEnd?: string; extra?: Record<string, unknown> },
): Promise<number> {
  const body = { employeeId: o.employeeId, packageId: o.packageId, contractStart: o.contractStart ?? '2026-12-01', contractEnd: o.contractEnd ?? '2029-11-30', ...o.extra };
  const r = await t.call<{ contractIds: number[] }>(`${SIGN_API}/contract/initiate`, { token: o.token, companyId: o.companyId ?? 1, body });
  expect(r.body.code, `initiate: ${r.body.message}`).toBe(200);
  return r.body.data.contractIds[0]!;
}

/** The company's seal on contracts (企业签署), as the member holding `token`: the answer, for a test to check. */
export function companySignContracts(t: TestApp, o: { token: string; companyId?: number; contractIds: number[]; sealId: number; extra?: Record<string, unknown> }) {
  return t.call<{ signed: number[]; skipped: { contractId: number; reason: string }[] }>(`${SIGN_API}/contract/companySign`, {
    token: o.token,
    companyId: o.companyId ?? 1,
    body: { contractIds: o.contractIds, sealId: o.sealId, ...o.extra },
  });
}

/**
 * The employee signs on the phone as the product has them do: opens the SMS link, proves who they
 * are by SMS code, fills their fields and signs by hand. The sign call's answer.
 */
export async function employeeSignContract(t: TestApp, o: { contractId: number; who: { name: string; idNumber: string }; values?: Record<string, string> }) {
  const token = await linkTokenFromOutbox(t, o.contractId);
  const ticket = await phoneTicket(t, o.contractId, token, o.who);
  const fill = await t.call<PhoneContractView>(`${SIGN_API}/m/contract/fill`, { body: { contractId: o.contractId, t: token, ticket, values: o.values ?? { address: '杭州市西湖区文三路 1 号' } } });
  expect(fill.body.code, `fill: ${fill.body.message}`).toBe(200);
  const signature = `data:image/png;base64,${generateNameSignature(o.who.name).toString('base64')}`;
  return t.call<PhoneContractView>(`${SIGN_API}/m/contract/sign`, { body: { contractId: o.contractId, t: token, ticket, signature, intent: true } });
}

/** A contract signed by both sides (company first): initiated, sealed, signed by the employee; its id. */
export async function signContract(
  t: TestApp,
  o: { token: string; companyId?: number; employeeId: number; packageId: number; sealId: number; who: { name: string; idNumber: string }; sealExtra?: Record<string, unknown> },
): Promise<number> {
  const contractId = await initiateContract(t, o);
  const sealed = await companySignContracts(t, { token: o.token, companyId: o.companyId, contractIds: [contractId], sealId: o.sealId, extra: o.sealExtra });
  expect(sealed.body.data?.signed, `company sign: ${sealed.body.message}`).toEqual([contractId]);
  const signed = await employeeSignContract(t, { contractId, who: o.who });
  expect(signed.body.code, `employee sign: ${signed.body.message}`).toBe(200);
  return contractId;
}

/**
 * Certifies a company the way the product does, by a small payment: its administrator starts it, the
 * platform operator makes the transfer and marks it, the administrator types the amount. A company
 * signs contracts only once certified (docs/enterprise.md).
 */
export async function certifyCompany(t: TestApp, o: { adminToken: string; companyId: number }): Promise<void> {
  const url = '/wfsaas-saas/api/companyAuth/saveByPayment';
  const started = await t.call<{ id: number }>(url, { token: o.adminToken, companyId: o.companyId, body: { action: 'start', bankName: '测试银行', accountNumber: '6222020000000001' } });
  expect(started.body.code, `certify: ${started.body.message}`).toBe(200);
  const operator = await t.login('13900000000');
  const waiting = await t.call<{ companyId: number; id: number; amount: string }[]>('/wfsaas-saas/api/operator/certification/payments', { token: operator, body: { status: 0 } });
  const mine = waiting.body.data.find((p) => p.companyId === o.companyId && p.id === started.body.data.id)!;
  await t.call('/wfsaas-saas/api/operator/certification/paymentExecuted', { token: operator, body: { companyId: o.companyId, id: mine.id } });
  const verified = await t.call<{ verified: boolean }>(url, { token: o.adminToken, companyId: o.companyId, body: { action: 'verify', paymentId: mine.id, amount: mine.amount } });
  expect(verified.body.data.verified, `certify: ${verified.body.message}`).toBe(true);
}
