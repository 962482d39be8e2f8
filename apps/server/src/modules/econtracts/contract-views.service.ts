import {
  contractStatusLabel,
  maskId,
  maskPhone,
  EXPIRING_DAYS,
  SIGN_ORDERS,
  type ContractDetail,
  type ContractForm,
  type ContractPage,
  type ContractView,
  type FieldKind,
  type SignOrder,
  type TemplateField,
} from '@wfsaas/contracts';
import type { Executor } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { findFile } from '../../platform/files/index.ts';
import { listGrantedKeys } from '../../platform/permissions.ts';
import type { AppServices } from '../../platform/services.ts';
import { chinaToday, addDays } from '../../platform/china-date.ts';
import { findContract, requireContract, requireReadPermission, stateOf, type ContractRow } from './contracts.service.ts';
import { awaiting, displayStatus } from './econtract-transitions.ts';
import { appendContractEvents, linkExpiry, listContractEvents, makeLinkToken, readFileBytes, signLinkPath } from './econtract-support.ts';
import * as q from './econtracts.queries.ts';
import { applyWatermark } from './watermark.service.ts';

/** Reading contracts: the list, one employee's, the detail with its signatures, and the documents to download. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const orderLabel = (o: number) => SIGN_ORDERS.find((x) => x.value === o)?.label ?? '';

type ViewRow = q.ContractListRow;

const filterBase = () => ({ today: chinaToday(), expiringUntil: addDays(chinaToday(), EXPIRING_DAYS) });

function toView(v: ViewRow): ContractView {
  const r = v.c;
  const shown = displayStatus(r.status, r.contractEnd, chinaToday());
  return {
    id: r.id,
    contractNo: r.contractNo,
    title: r.title,
    employeeId: r.employeeId,
    employeeName: v.employeeName,
    employeeNo: v.employeeNo,
    departmentName: v.departmentName,
    mobile: v.mobileMasked,
    contractTypeId: r.contractTypeId,
    contractTypeName: v.typeName,
    templateId: r.templateId,
    packageId: r.packageId,
    packageName: v.packageName,
    signOrder: r.signOrder as SignOrder,
    signOrderLabel: orderLabel(r.signOrder),
    form: r.form as ContractForm,
    signStatus: shown,
    signStatusLabel: contractStatusLabel(shown),
    complete: r.complete === 1 ? 1 : 0,
    deadline: r.deadline,
    contractStart: r.contractStart,
    contractEnd: r.contractEnd,
    companySignedAt: iso(r.companySignedAt),
    employeeSignedAt: iso(r.employeeSignedAt),
    completedAt: iso(r.completedAt),
    awaiting: awaiting(stateOf(r)),
    initiatedAt: r.createdAt.toISOString(),
    initiatedByName: v.initiatorName,
    lastUrgedAt: iso(r.lastUrgedAt),
    reason: r.reason,
  };
}

export async function pageContracts(c: ServiceCtx, input: ContractPage) {
  await requireReadPermission(c);
  const { pageNum, pageSize, ...f } = input;
  const { rows, total } = await q.listContracts(c.tx, c.companyId, { ...filterBase(), ...f }, (pageNum - 1) * pageSize, pageSize);
  return new Paged(rows.map(toView), pageNum, pageSize, total);
}

export async function contractsOfEmployee(c: ServiceCtx, employeeId: number): Promise<ContractView[]> {
  await requireReadPermission(c);
  const { rows } = await q.listContracts(c.tx, c.companyId, { ...filterBase(), employeeId }, 0, 200);
  return rows.map(toView);
}

export async function contractView(exec: Executor, companyId: number, id: number): Promise<ContractView> {
  const { rows } = await q.listContracts(exec, companyId, { ...filterBase(), contractId: id }, 0, 1);
  if (!rows[0]) throw notFound('合同');
  return toView(rows[0]);
}

export async function contractDetail(s: AppServices, c: ServiceCtx, id: number): Promise<ContractDetail> {
  await requireReadPermission(c);
  const view = await contractView(c.tx, c.companyId, id);
  const r = (await findContract(c.tx, c.companyId, id))!;
  const events = await listContractEvents(c.tx, c.companyId, id);
  const signatures: ContractDetail['signatures'] = [];
  for (const e of events) {
    if (e.type === 'companySigned' || e.type === 'employeeSigned') {
      signatures.push({
        party: e.type === 'companySigned' ? 'company' : 'employee',
        signerName: String(e.detail.signerName ?? ''),
        certificateSerial: String(e.detail.certificateSerial ?? ''),
        signedAt: e.createdAt.toISOString(),
        sealName: (e.detail.sealName as string | undefined) ?? null,
      });
    }
  }
  const canLink = view.awaiting === 'employee' || view.awaiting === 'both';
  // identifiers filled in from the record are shown masked unless the caller may view them in full
  const sensitive = (await listGrantedKeys(c.tx, c.companyId, c.user.userId, c.isAdmin)).includes('sensitive.view');
  const shown = (f: TemplateField, v: string | null) => (v === null || sensitive || f.kind !== 'record' ? v : f.source === 'idNumber' ? maskId(v) : f.source === 'mobile' ? maskPhone(v) : v);
  return {
    ...view,
    baseSha256: r.baseSha256,
    currentSha256: r.currentSha256,
    fields: (r.fields as (TemplateField & { value?: string | null })[]).map((f) => ({
      key: f.key,
      label: f.label,
      kind: f.kind as FieldKind,
      value: f.kind === 'input' ? (r.inputValues[f.key] ?? null) : shown(f, f.value ?? null),
    })),
    signatures,
    signLink: canLink ? signLinkPath(r.id, makeLinkToken(s, r.companyId, r.id, linkExpiry(r.deadline), r.linkVersion)) : null,
    paperScan: r.paperScanFileId !== null,
  };
}

/** The document to download: as signed, or (no signature yet) the base document under the company watermark. */
export async function downloadBytes(s: AppServices, exec: Executor, r: ContractRow): Promise<Buffer | Uint8Array> {
  if (r.currentFileId) return readFileBytes(s, exec, r.companyId, r.currentFileId);
  return applyWatermark(exec, r.companyId, await readFileBytes(s, exec, r.companyId, r.baseFileId));
}

export async function download(s: AppServices, c: ServiceCtx, contractId: number): Promise<{ name: string; bytes: Uint8Array }> {
  await requireReadPermission(c);
  const r = await requireContract(c.tx, c.companyId, contractId);
  const bytes = await downloadBytes(s, c.tx, r);
  await appendContractEvents(c.tx, c.companyId, contractId, [{ type: 'downloaded', actorUserId: c.user.userId, actorName: c.user.nickname, ip: c.ip, userAgent: c.userAgent, detail: { by: 'company' } }]);
  return { name: `${r.title}-${r.contractNo}.pdf`, bytes };
}

export async function paperScan(s: AppServices, c: ServiceCtx, contractId: number): Promise<{ name: string; mime: string; bytes: Buffer }> {
  await requireReadPermission(c);
  const r = await requireContract(c.tx, c.companyId, contractId);
  if (!r.paperScanFileId) throw notFound('纸质合同扫描件');
  const file = await findFile(c.tx, c.companyId, r.paperScanFileId);
  return { name: file?.originalName ?? `${r.contractNo}.pdf`, mime: file?.mime ?? 'application/pdf', bytes: await readFileBytes(s, c.tx, c.companyId, r.paperScanFileId) };
}
