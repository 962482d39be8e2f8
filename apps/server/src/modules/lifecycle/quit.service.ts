import {
  CHANGE_STATUS,
  changeStatusLabel,
  EMPLOYEE_STATUS,
  handoverStatusLabel,
  ID_TYPES,
  quitTypeLabel,
  type EmployeeChangeView,
  type QuitDo,
  type QuitCertificateInfo,
  type QuitAssets,
  type QuitPage,
  type QuitRow,
  type Rehire,
} from '@wfsaas/contracts';
import { fillFields, renderTextPdf, type LaidOutLine, type Paragraph } from '@wfsaas/esign';
import type { Tx } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { employeeDepartmentScope, requireDepartmentInScope, requireEmployeesInScope, setEmployeeFacts } from '../employees/index.ts';
import { assetsBlockQuit, unreturnedAssets, unreturnedMessage } from '../enterprise/index.ts';
import { findDocumentSeal, readSealPng, recordSealStamp } from '../esign/index.ts';
import { requireDictionaryItem } from '../implement/index.ts';
import { governChange, requirePlanRedate } from './change-plans.service.ts';
import { actorOf, DAILY_JOB_ACTOR, DEAL_CODE, startScene, withdrawContractsOnLeave, type LeaveActor } from './contract-hooks.ts';
import * as q from './lifecycle.queries.ts';
import { dateRefusal, quitRefusal, rehireRefusal } from './change-rules.ts';
import { toChangeView } from './regularisation.service.ts';
import { chinaToday, addMonths } from '../../platform/china-date.ts';
import { type CertificateFacts, employeeName, findCertificateFacts, findDepartmentState, listQuitPage } from './quit.queries.ts';
import type { ConversionDbRow } from './regularisation.queries.ts';

/**
 * 离职: resign (待离职 at once, 已离职 on the last working day), cancel, re-date, the handover
 * status, the resigned roster, rehire, and the resignation certificate. Rules are in
 * @wfsaas/contracts lifecycle.ts.
 */


async function requireEmployee(c: ServiceCtx, employeeId: number): Promise<q.EmployeeFacts> {
  const e = await q.findEmployeeFacts(c.tx, c.companyId, employeeId, true);
  if (!e) throw notFound('员工');
  await requireEmployeesInScope(c, [e]);
  return e;
}

function checkLastDay(e: q.EmployeeFacts, day: string): void {
  const refused = dateRefusal(e, day, chinaToday(), '最后工作日');
  if (refused) throw badRequest(refused);
}

/** Applies a resignation: 已离职 with the last working day as the leave date. */
async function applyQuit(services: AppServices, tx: Tx, companyId: number, change: q.ChangeRow, actor: LeaveActor): Promise<q.ChangeRow> {
  await setEmployeeFacts(tx, companyId, change.employeeId, { status: EMPLOYEE_STATUS.left, leaveDate: change.effectiveDate });
  await withdrawContractsOnLeave(services, tx, companyId, change.employeeId, actor);
  return q.updateChange(tx, companyId, change.id, { status: CHANGE_STATUS.effective, appliedAt: new Date() });
}

async function changeView(c: ServiceCtx, id: number): Promise<EmployeeChangeView> {
  const [row] = await q.listChangesWithUsers(c.tx, c.companyId, { ids: [id] });
  return toChangeView(row!);
}

/** companyEmployeeQuit/do */
export async function doQuit(c: ServiceCtx, input: QuitDo): Promise<EmployeeChangeView> {
  const e = await requireEmployee(c, input.employeeId);
  const refused = quitRefusal(e, await q.findWaitingChange(c.tx, c.companyId, e.id, 'quit'), input.lastWorkingDay, chinaToday());
  if (refused) throw badRequest(refused);
  // 资产中心's setting: with it on, everything issued to the leaver must be returned first (docs/assets.md)
  const held = unreturnedMessage(e.name, await unreturnedAssets(c, [e.id]));
  if (held && (await assetsBlockQuit(c))) throw badRequest(held);
  let handoverToName: string | null = null;
  if (input.handoverTo !== undefined) {
    if (input.handoverTo === e.id) throw badRequest('工作交接人：不能是离职员工本人');
    handoverToName = await employeeName(c.tx, c.companyId, input.handoverTo);
    if (!handoverToName) throw badRequest('工作交接人：所选员工不存在');
  }
  // a chosen 离职原因 is an enabled item of the dictionary (the company's own additions included); its label is kept as the reason
  const reasonItem = input.reasonCode === undefined ? null : await requireDictionaryItem(c, 'quitReason', input.reasonCode, '离职原因');
  const plan = await governChange(c, { type: 'quit', scene: 'quit', departmentId: e.departmentId, effectiveDate: input.lastWorkingDay, formValues: input.formValues, dateField: '最后工作日' });
  const { review, form } = plan;
  let change = await q.insertChange(c.tx, {
    companyId: c.companyId,
    employeeId: e.id,
    type: 'quit',
    effectiveDate: input.lastWorkingDay,
    before: { status: e.status },
    after: {
      status: EMPLOYEE_STATUS.left,
      quitType: input.quitType,
      reason: reasonItem?.label ?? input.reason ?? null,
      ...(reasonItem ? { reasonCode: reasonItem.value } : {}),
      handoverTo: input.handoverTo ?? null,
      handoverToName,
      handoverNote: input.handoverNote || null,
      handoverStatus: 0,
    },
    remark: input.remark || null,
    createdBy: c.user.userId,
    form,
    ...(review ? { status: CHANGE_STATUS.pendingReview } : {}),
  });
  await plan.record(change.id);
  // under review, the employee is not 待离职 until the resignation is approved
  if (!review) {
    await setEmployeeFacts(c.tx, c.companyId, e.id, { status: EMPLOYEE_STATUS.leaving });
    if (input.lastWorkingDay <= chinaToday()) change = await applyQuit(c.services, c.tx, c.companyId, change, actorOf(c));
  }
  await c.audit({ action: 'employee.quit', entity: 'employee', entityId: e.id, before: { status: e.status }, after: { ...change.after, lastWorkingDay: input.lastWorkingDay, changeStatus: change.status } });
  // under review, the signing starts when it is approved
  if (!review) await startScene(c, [e.id], DEAL_CODE.resignation);
  return changeView(c, change.id);
}

async function requireWaitingQuit(c: ServiceCtx, changeId: number, doing: string, orUnderReview = false): Promise<{ change: q.ChangeRow; employee: q.EmployeeFacts }> {
  const change = await q.findChange(c.tx, c.companyId, changeId, true);
  if (!change || change.type !== 'quit') throw notFound('离职记录');
  const employee = await requireEmployee(c, change.employeeId);
  const open = change.status === CHANGE_STATUS.waiting || (orUnderReview && change.status === CHANGE_STATUS.pendingReview);
  if (!open) throw badRequest(`只有${orUnderReview ? '待生效或待审批' : '待生效'}的离职可以${doing}，该记录${changeStatusLabel(change.status)}`);
  return { change, employee };
}

/** The leaver's unreturned assets, and whether they block the resignation (the 办理离职 screens show them). */
export async function quitAssets(c: ServiceCtx, employeeId: number): Promise<QuitAssets> {
  const e = await requireEmployee(c, employeeId);
  const assets = await unreturnedAssets(c, [e.id]);
  return { assets, blocking: assets.length > 0 && (await assetsBlockQuit(c)), message: unreturnedMessage(e.name, assets) };
}

/** companyEmployeeQuit/cancel: the employee returns to the status they had. */
export async function cancelQuit(c: ServiceCtx, changeId: number): Promise<EmployeeChangeView> {
  const { change, employee } = await requireWaitingQuit(c, changeId, '取消', true);
  // a resignation still under review never made the employee 待离职
  const back = change.status === CHANGE_STATUS.pendingReview ? employee.status : Number(change.before.status ?? EMPLOYEE_STATUS.regular);
  await q.updateChange(c.tx, c.companyId, change.id, { status: CHANGE_STATUS.cancelled, cancelledAt: new Date(), cancelledBy: c.user.userId });
  await setEmployeeFacts(c.tx, c.companyId, employee.id, { status: back });
  await c.audit({ action: 'employeeChange.cancel', entity: 'employee', entityId: employee.id, before: { changeId: change.id, status: employee.status }, after: { status: back } });
  return changeView(c, change.id);
}

/** companyEmployeeQuit/updateLastDay: today or earlier takes effect at once. */
export async function redateQuit(c: ServiceCtx, changeId: number, lastWorkingDay: string): Promise<EmployeeChangeView> {
  const { change, employee } = await requireWaitingQuit(c, changeId, '修改最后工作日');
  checkLastDay(employee, lastWorkingDay);
  await requirePlanRedate(c, change.id, lastWorkingDay, '最后工作日');
  let row = await q.updateChange(c.tx, c.companyId, change.id, { effectiveDate: lastWorkingDay });
  if (lastWorkingDay <= chinaToday()) row = await applyQuit(c.services, c.tx, c.companyId, row, actorOf(c));
  await c.audit({ action: 'employeeChange.redate', entity: 'employee', entityId: employee.id, before: { changeId: change.id, lastWorkingDay: change.effectiveDate }, after: { lastWorkingDay, status: row.status } });
  return changeView(c, change.id);
}

/**
 * quitProgress/update: the handover status of a resignation under way, or of a former employee's
 * latest resignation (a handover finished after the last day; the certificate states it).
 */
export async function setHandover(c: ServiceCtx, changeId: number, handoverStatus: number): Promise<EmployeeChangeView> {
  const change = await q.findChange(c.tx, c.companyId, changeId, true);
  if (!change || change.type !== 'quit') throw notFound('离职记录');
  const employee = await requireEmployee(c, change.employeeId);
  const latest = (await q.listChangesWithUsers(c.tx, c.companyId, { employeeId: employee.id })).find((x) => x.type === 'quit' && x.status === CHANGE_STATUS.effective);
  const leftByIt = change.status === CHANGE_STATUS.effective && employee.status === EMPLOYEE_STATUS.left && latest?.id === change.id;
  if (change.status !== CHANGE_STATUS.waiting && !leftByIt) throw badRequest(`只有待生效的离职或离职员工最近一次的离职记录可以更新交接状态，该记录${changeStatusLabel(change.status)}`);
  const after = { ...change.after, handoverStatus };
  await q.updateChangeAfter(c.tx, c.companyId, change.id, after);
  await c.audit({ action: 'employeeQuit.handover', entity: 'employee', entityId: employee.id, before: { handoverStatus: change.after.handoverStatus ?? 0 }, after: { handoverStatus } });
  return changeView(c, change.id);
}

function quitRow(r: ConversionDbRow & { leaveDate: string | null }, change: EmployeeChangeView | null): QuitRow {
  const a = change?.after ?? {};
  const quitType = typeof a.quitType === 'number' ? a.quitType : null;
  return {
    employeeId: r.employeeId,
    name: r.name,
    employeeNo: r.employeeNo,
    departmentName: r.departmentName,
    positionName: r.positionName,
    status: r.status,
    hireDate: r.hireDate,
    leaveDate: r.leaveDate,
    change,
    quitType,
    quitTypeLabel: quitTypeLabel(quitType),
    reason: typeof a.reason === 'string' ? a.reason : null,
    lastWorkingDay: change?.effectiveDate ?? r.leaveDate,
    handoverStatus: Number(a.handoverStatus ?? 0),
    handoverStatusLabel: handoverStatusLabel(Number(a.handoverStatus ?? 0)),
    handoverToName: typeof a.handoverToName === 'string' ? a.handoverToName : null,
  };
}

/** companyEmployeeQuit/pageList (待离职) and companyEmployeeQuit/rosterList (已离职). */
export async function pageQuits(c: ServiceCtx, mode: 'leaving' | 'left', input: QuitPage): Promise<Paged<QuitRow>> {
  if (input.leaveFrom && input.leaveTo && input.leaveFrom > input.leaveTo) throw badRequest('离职日期起不能晚于离职日期止');
  const { rows, total } = await listQuitPage(
    c.tx,
    c.companyId,
    { mode, keyword: input.keyword || undefined, quitType: input.quitType, leaveFrom: input.leaveFrom, leaveTo: input.leaveTo, scope: await employeeDepartmentScope(c) },
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  const changes = new Map(
    (await q.listChangesWithUsers(c.tx, c.companyId, { ids: rows.map((r) => r.changeId).filter((x): x is number => x !== null) })).map((x) => [x.id, toChangeView(x)]),
  );
  return new Paged(
    rows.map((r) => quitRow(r, r.changeId !== null ? (changes.get(r.changeId) ?? null) : null)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

/** companyEmployeeQuit/rehire: a former employee comes back with a new hire date; the history stays. */
export async function rehire(c: ServiceCtx, input: Rehire): Promise<EmployeeChangeView> {
  const e = await requireEmployee(c, input.employeeId);
  const facts = await findCertificateFacts(c.tx, c.companyId, e.id);
  const refused = rehireRefusal(e, facts?.leaveDate ?? null, input.hireDate, chinaToday());
  if (refused) throw badRequest(refused);
  const dept = await findDepartmentState(c.tx, c.companyId, input.departmentId);
  if (!dept) throw badRequest('部门：所选部门不存在');
  if (dept.status !== 1) throw badRequest(`部门：所选部门「${dept.name}」已停用，请重新选择`);
  await requireDepartmentInScope(c, input.departmentId);
  let probationEndDate: string | null = null;
  if (input.status === EMPLOYEE_STATUS.probation) {
    if (!input.probationEndDate) throw badRequest('试用期结束日期：试用期入职时必填');
    if (input.probationEndDate <= input.hireDate) throw badRequest('试用期结束日期：应晚于再入职日期');
    if (input.probationEndDate > addMonths(input.hireDate, 6)) throw badRequest('试用期结束日期：试用期最长不得超过6个月（劳动合同法第十九条）');
    probationEndDate = input.probationEndDate;
  }
  const change = await q.insertChange(c.tx, {
    companyId: c.companyId,
    employeeId: e.id,
    type: 'rehire',
    status: CHANGE_STATUS.effective,
    effectiveDate: input.hireDate,
    before: { status: e.status, hireDate: e.hireDate, leaveDate: facts?.leaveDate ?? null, departmentId: e.departmentId },
    after: { status: input.status, hireDate: input.hireDate, departmentId: input.departmentId, departmentName: dept.name, probationEndDate },
    remark: input.remark || null,
    createdBy: c.user.userId,
    appliedAt: new Date(),
  });
  await setEmployeeFacts(c.tx, c.companyId, e.id, { status: input.status, hireDate: input.hireDate, leaveDate: null, probationEndDate, departmentId: input.departmentId });
  await c.audit({ action: 'employee.rehire', entity: 'employee', entityId: e.id, before: change.before, after: change.after });
  return changeView(c, change.id);
}

function chineseDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

/** The handover as the certificate states it, by the status recorded on the resignation. */
const HANDOVER_SENTENCES: Record<number, string> = { 0: '工作交接手续尚未办理', 1: '工作交接手续正在办理中', 2: '工作交接手续已办理完毕' };

/**
 * A former employee and the handover status of their latest effective resignation; null when no
 * resignation was recorded (a record from before), and the certificate then says nothing of it.
 */
async function certificateFacts(c: ServiceCtx, employeeId: number): Promise<{ f: CertificateFacts; handoverStatus: number | null }> {
  const f = await findCertificateFacts(c.tx, c.companyId, employeeId);
  if (!f) throw notFound('员工');
  await requireEmployeesInScope(c, [f]);
  if (f.status !== EMPLOYEE_STATUS.left || !f.leaveDate) throw badRequest(`${f.name}尚未离职，不能开具离职证明`);
  const quit = (await q.listChangesWithUsers(c.tx, c.companyId, { employeeId })).find((x) => x.type === 'quit' && x.status === CHANGE_STATUS.effective);
  if (!quit) return { f, handoverStatus: null };
  const handoverStatus = Number(quit.after.handoverStatus ?? 0);
  return { f, handoverStatus: handoverStatus in HANDOVER_SENTENCES ? handoverStatus : 0 };
}

/** resignationNotice/certificateInfo: what the certificate will say about the handover, and the seal it will carry. */
export async function resignationCertificateInfo(c: ServiceCtx, employeeId: number): Promise<QuitCertificateInfo> {
  const { handoverStatus } = await certificateFacts(c, employeeId);
  const seal = await findDocumentSeal(c);
  return { handoverStatus, handoverStatusLabel: handoverStatus === null ? null : handoverStatusLabel(handoverStatus), sealName: seal?.name ?? null };
}

/** 4.2 cm, the diameter of a company's official seal, in points. */
const SEAL_SIZE = 119;

/**
 * resignationNotice/certificate: 离职证明 of a former employee, as a PDF. The handover sentence follows
 * the resignation's recorded status; the company's seal (公章, else 合同专用章, that the caller may use)
 * is stamped over the company name and date — without one the certificate carries no seal.
 */
export async function resignationCertificate(services: AppServices, c: ServiceCtx, employeeId: number): Promise<{ fileName: string; pdf: Uint8Array; sealed: boolean }> {
  const { f, handoverStatus } = await certificateFacts(c, employeeId);
  const idLabel = ID_TYPES.find((t) => t.value === f.idType)?.label ?? '证件';
  const idNumber = f.idNumberEnc ? services.cipher.decrypt(f.idNumberEnc) : null;
  const job = [f.departmentName, f.positionName].filter(Boolean).join('');
  const today = chinaToday();
  const signature: LaidOutLine[] = [];
  // blank lines above the company name leave room for the seal, which must not cover the text
  const paragraphs: Paragraph[] = [
    `兹证明${f.name}${idNumber ? `（${idLabel}号码：${idNumber}）` : ''}${f.hireDate ? `自${chineseDate(f.hireDate)}起` : ''}在我单位${job ? `${job}` : ''}工作，于${chineseDate(f.leaveDate!)}与我单位解除（终止）劳动关系${handoverStatus === null ? '' : `，${HANDOVER_SENTENCES[handoverStatus]}`}。`,
    '特此证明。',
    '',
    '',
    '',
    { text: f.companyName, align: 'right', indent: false },
    { text: chineseDate(today), align: 'right', indent: false },
  ];
  let pdf = await renderTextPdf({
    title: '离职证明',
    pageNumbers: false,
    paragraphs,
    onLine: (line) => {
      if (line.paragraph >= paragraphs.length - 2) signature.push(line);
    },
  });
  const seal = await findDocumentSeal(c);
  const [name, date] = signature;
  if (seal && name && date) {
    // centred on the company name, its lower part over the date, as a seal is pressed by hand
    const cx = name.x + name.width / 2;
    const cy = (name.y + date.y) / 2 + name.size / 2;
    pdf = await fillFields(pdf, [{ page: name.page, x: cx - SEAL_SIZE / 2, y: cy - SEAL_SIZE / 2, width: SEAL_SIZE, height: SEAL_SIZE, image: await readSealPng(services, c.tx, seal) }]);
    await recordSealStamp(c, seal.id, { document: '离职证明', employeeId });
  }
  await c.audit({ action: 'employee.quitCertificate', entity: 'employee', entityId: employeeId, after: { name: f.name, leaveDate: f.leaveDate, handoverStatus, sealId: seal?.id ?? null } });
  return { fileName: `离职证明_${f.name}.pdf`, pdf, sealed: seal !== null };
}

/** The daily job's part for a resignation: the employee leaves on the last working day. */
export async function applyDueQuit(services: AppServices, tx: Tx, companyId: number, change: q.ChangeRow, actor: LeaveActor = DAILY_JOB_ACTOR): Promise<boolean> {
  await applyQuit(services, tx, companyId, change, actor);
  return true;
}
