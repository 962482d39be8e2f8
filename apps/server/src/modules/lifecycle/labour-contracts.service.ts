import {
  CHANGE_STATUS,
  EMPLOYEE_STATUS,
  labourContractStatusLabel,
  labourContractTypeLabel,
  type ContractChangeDo,
  type ContractChangeRow,
  type EmployeeChangeView,
  type LabourContractAdd,
  type LabourContractView,
  type Renew,
  type RenewalCounts,
  type RenewalPage,
  type RenewalRow,
} from '@wfsaas/contracts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { employeeDepartmentScope, requireEmployeesInScope } from '../employees/index.ts';
import { DEAL_CODE, startScene } from './contract-hooks.ts';
import * as q from './lifecycle.queries.ts';
import { doQuit } from './quit.service.ts';
import { toChangeView } from './regularisation.service.ts';
import { chinaToday, addDays } from '../../platform/china-date.ts';
import { countRenewalTabs, findCurrentContract, findLabourContract, insertLabourContract, type LabourContractRow, listContractsOf, listRenewalPage, updateLabourContract } from './labour-contracts.queries.ts';
import { listTransferPage } from './transfer.queries.ts';

/** 劳动合同: contract records, renewal (续签), not renewing (不续签) and contract change (合同变更). Rules in @wfsaas/contracts lifecycle.ts. */


const OPEN_ENDED = 2;
const ON_JOB: readonly number[] = [EMPLOYEE_STATUS.probation, EMPLOYEE_STATUS.regular, EMPLOYEE_STATUS.leaving];

export function contractView(r: LabourContractRow): LabourContractView {
  return {
    id: r.id,
    employeeId: r.employeeId,
    contractNo: r.contractNo,
    type: r.type,
    typeLabel: labourContractTypeLabel(r.type),
    startDate: r.startDate,
    endDate: r.endDate,
    signDate: r.signDate,
    status: r.status,
    statusLabel: labourContractStatusLabel(r.status),
    renewedFrom: r.renewedFrom,
    terms: r.terms,
    remark: r.remark,
    createdAt: r.createdAt.toISOString(),
  };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A term fits its type: open-ended has no end; fixed-term, internship and service agreements end after they start. */
function checkTerm(type: number, start: string, end: string | null | undefined, endLabel: string): void {
  if (type === OPEN_ENDED) {
    if (end) throw badRequest(`${endLabel}：无固定期限劳动合同没有结束日期`);
    return;
  }
  if (!end && type !== 3) throw badRequest(`${endLabel}：${labourContractTypeLabel(type)}须填写结束日期`);
  if (end && end <= start) throw badRequest(`${endLabel}：应晚于合同开始日期（${start}）`);
}

async function requireEmployee(c: ServiceCtx, employeeId: number): Promise<q.EmployeeFacts> {
  const e = await q.findEmployeeFacts(c.tx, c.companyId, employeeId, true);
  if (!e) throw notFound('员工');
  await requireEmployeesInScope(c, [e]);
  return e;
}

async function requireCurrent(c: ServiceCtx, contractId: number): Promise<{ contract: LabourContractRow; employee: q.EmployeeFacts }> {
  const contract = await findLabourContract(c.tx, c.companyId, contractId, true);
  if (!contract) throw notFound('合同');
  const employee = await requireEmployee(c, contract.employeeId);
  if (contract.status !== 1) throw badRequest(`该合同${labourContractStatusLabel(contract.status)}，只能处理生效中的合同`);
  return { contract, employee };
}

/** employeeContract/add: the employee's current labour contract (one at a time). */
export async function addContract(c: ServiceCtx, input: LabourContractAdd): Promise<LabourContractView> {
  const e = await requireEmployee(c, input.employeeId);
  if (!ON_JOB.includes(e.status) && e.status !== EMPLOYEE_STATUS.pending) throw badRequest(`${e.name}已离职，不能新增合同`);
  const current = await findCurrentContract(c.tx, c.companyId, e.id);
  if (current) throw badRequest(`${e.name}已有生效中的合同（${current.startDate} 至 ${current.endDate ?? '无固定期限'}），请续签或变更`);
  checkTerm(input.type, input.startDate, input.endDate, '合同结束日期');
  if (input.signDate && input.signDate > chinaToday()) throw badRequest('签订日期：不能晚于今天');
  const row = await insertLabourContract(c.tx, {
    companyId: c.companyId,
    employeeId: e.id,
    type: input.type,
    contractNo: input.contractNo || null,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    signDate: input.signDate ?? null,
    remark: input.remark || null,
    createdBy: c.user.userId,
  });
  await c.audit({ action: 'labourContract.add', entity: 'employee', entityId: e.id, after: { contractId: row.id, type: row.type, startDate: row.startDate, endDate: row.endDate } });
  return contractView(row);
}

/** employeeContract/list: every contract of one employee, latest first. */
export async function employeeContracts(c: ServiceCtx, employeeId: number): Promise<LabourContractView[]> {
  await requireEmployee(c, employeeId);
  return (await listContractsOf(c.tx, c.companyId, { employeeId })).map(contractView);
}

/** employeeContractChange/renewalList: contracts by tab, with the contract that followed a renewed one. */
export async function pageRenewals(c: ServiceCtx, input: RenewalPage): Promise<Paged<RenewalRow>> {
  const today = chinaToday();
  const f = { today, until: addDays(today, input.withinDays), keyword: input.keyword || undefined, scope: await employeeDepartmentScope(c) };
  const { rows, total } = await listRenewalPage(c.tx, c.companyId, input.tab, f, (input.pageNum - 1) * input.pageSize, input.pageSize);
  const ids = rows.map((r) => r.contractId);
  const contracts = new Map((await listContractsOf(c.tx, c.companyId, { ids })).map((k) => [k.id, k]));
  const next = new Map((await listContractsOf(c.tx, c.companyId, { renewedFrom: ids })).map((k) => [k.renewedFrom!, k]));
  const list: RenewalRow[] = rows.map((r) => {
    const k = contracts.get(r.contractId)!;
    const n = next.get(r.contractId);
    return {
      employeeId: r.employeeId,
      name: r.name,
      employeeNo: r.employeeNo,
      departmentName: r.departmentName,
      employeeStatus: r.employeeStatus,
      contract: contractView(k),
      next: n ? contractView(n) : null,
      daysLeft: k.endDate ? daysBetween(today, k.endDate) : null,
    };
  });
  return new Paged(list, input.pageNum, input.pageSize, total);
}

export async function renewalCounts(c: ServiceCtx, input: Pick<RenewalPage, 'withinDays' | 'keyword'>): Promise<RenewalCounts> {
  const today = chinaToday();
  return countRenewalTabs(c.tx, c.companyId, { today, until: addDays(today, input.withinDays), keyword: input.keyword || undefined, scope: await employeeDepartmentScope(c) });
}

/** employeeContractChange/renew: a new contract following the current one; the old one is 已续签. */
export async function renewContract(c: ServiceCtx, input: Renew): Promise<LabourContractView> {
  const { contract, employee } = await requireCurrent(c, input.contractId);
  if (!ON_JOB.includes(employee.status)) throw badRequest(`${employee.name}不是在职员工，不能续签`);
  if (!contract.endDate) throw badRequest('无固定期限劳动合同无需续签');
  if (input.startDate <= contract.startDate) throw badRequest(`新合同开始日期：应晚于原合同开始日期（${contract.startDate}）`);
  if (input.startDate > addDays(contract.endDate, 1)) throw badRequest(`新合同开始日期：不能晚于原合同结束日期的次日（${addDays(contract.endDate, 1)}），合同之间不能有空档`);
  checkTerm(input.type, input.startDate, input.endDate, '新合同结束日期');
  await updateLabourContract(c.tx, c.companyId, contract.id, { status: 2, endedAt: new Date() });
  const row = await insertLabourContract(c.tx, {
    companyId: c.companyId,
    employeeId: employee.id,
    type: input.type,
    contractNo: input.contractNo || null,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    renewedFrom: contract.id,
    terms: contract.terms,
    remark: input.remark || null,
    createdBy: c.user.userId,
  });
  await q.insertChange(c.tx, {
    companyId: c.companyId,
    employeeId: employee.id,
    type: 'renew',
    status: CHANGE_STATUS.effective,
    effectiveDate: input.startDate,
    before: { contractId: contract.id, typeLabel: labourContractTypeLabel(contract.type), startDate: contract.startDate, endDate: contract.endDate },
    after: { contractId: row.id, typeLabel: labourContractTypeLabel(row.type), startDate: row.startDate, endDate: row.endDate },
    remark: input.remark || null,
    createdBy: c.user.userId,
    appliedAt: new Date(),
  });
  await c.audit({ action: 'labourContract.renew', entity: 'employee', entityId: employee.id, before: { contractId: contract.id }, after: { contractId: row.id, type: row.type, startDate: row.startDate, endDate: row.endDate } });
  await startScene(c, [employee.id], DEAL_CODE.renewal);
  return contractView(row);
}

/** employeeContractChange/end (不续签): the contract ends on its end date; optionally the resignation starts. */
export async function endContract(c: ServiceCtx, contractId: number, startQuit: boolean, remark: string | undefined): Promise<LabourContractView> {
  const { contract, employee } = await requireCurrent(c, contractId);
  if (!contract.endDate) throw badRequest('无固定期限劳动合同没有到期日，请通过离职办理解除');
  const row = await updateLabourContract(c.tx, c.companyId, contract.id, { status: 3, endedAt: new Date() });
  await q.insertChange(c.tx, {
    companyId: c.companyId,
    employeeId: employee.id,
    type: 'contractEnd',
    status: CHANGE_STATUS.effective,
    effectiveDate: contract.endDate,
    before: { contractId: contract.id, typeLabel: labourContractTypeLabel(contract.type), endDate: contract.endDate },
    after: { startQuit: startQuit ? 1 : 0 },
    remark: remark || null,
    createdBy: c.user.userId,
    appliedAt: new Date(),
  });
  await c.audit({ action: 'labourContract.end', entity: 'employee', entityId: employee.id, after: { contractId: contract.id, endDate: contract.endDate, startQuit } });
  if (startQuit && (employee.status === EMPLOYEE_STATUS.probation || employee.status === EMPLOYEE_STATUS.regular)) {
    await doQuit(c, { employeeId: employee.id, quitType: 3, reason: '劳动合同到期不续签', lastWorkingDay: contract.endDate, remark: remark || undefined });
  }
  return contractView(row);
}

/** employeeContractChange/change (合同变更): the current contract's type, end date or terms change from a date. */
export async function changeContract(c: ServiceCtx, input: ContractChangeDo): Promise<EmployeeChangeView> {
  const { contract, employee } = await requireCurrent(c, input.contractId);
  if (input.effectiveDate < contract.startDate) throw badRequest(`变更生效日期：不能早于合同开始日期（${contract.startDate}）`);
  const type = input.type ?? contract.type;
  const endDate = input.endDate === undefined ? (type === OPEN_ENDED ? null : contract.endDate) : input.endDate;
  checkTerm(type, contract.startDate, endDate, '变更后合同结束日期');
  const terms = { ...contract.terms, lastChange: input.content };
  await updateLabourContract(c.tx, c.companyId, contract.id, { type, endDate, terms });
  const change = await q.insertChange(c.tx, {
    companyId: c.companyId,
    employeeId: employee.id,
    type: 'contractChange',
    status: CHANGE_STATUS.effective,
    effectiveDate: input.effectiveDate,
    before: { contractId: contract.id, typeLabel: labourContractTypeLabel(contract.type), endDate: contract.endDate },
    after: { contractId: contract.id, typeLabel: labourContractTypeLabel(type), endDate, content: input.content },
    createdBy: c.user.userId,
    appliedAt: new Date(),
  });
  await c.audit({ action: 'labourContract.change', entity: 'employee', entityId: employee.id, before: change.before, after: change.after });
  await startScene(c, [employee.id], DEAL_CODE.change);
  const [row] = await q.listChangesWithUsers(c.tx, c.companyId, { ids: [change.id] });
  return toChangeView(row!);
}

/** employeeContractChange/pageList: contract changes, latest first. */
export async function pageContractChanges(c: ServiceCtx, input: { pageNum: number; pageSize: number; keyword?: string }): Promise<Paged<ContractChangeRow>> {
  const { rows, total } = await listTransferPage(
    c.tx,
    c.companyId,
    { type: 'contractChange', keyword: input.keyword || undefined, scope: await employeeDepartmentScope(c) },
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  return new Paged(
    rows.map((r) => ({ ...toChangeView(r), name: r.name, employeeNo: r.employeeNo, departmentName: r.departmentName })),
    input.pageNum,
    input.pageSize,
    total,
  );
}
