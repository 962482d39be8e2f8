import type { ContractEvidence } from '@wfsaas/contracts';
import { renderTextPdf, signPdf } from '@wfsaas/esign';
import type { AppServices } from '../../platform/services.ts';
import { contractView } from './contract-views.service.ts';
import { findContract, requireContract, requireReadPermission } from './contracts.service.ts';
import { checkChain, companyCertificate, esignCall, EVENT_LABELS, signingTsa, listContractEvents } from './econtract-support.ts';
import type { ServiceCtx } from '../../platform/http.ts';

export async function evidence(c: ServiceCtx, contractId: number): Promise<ContractEvidence> {
  await requireReadPermission(c);
  await requireContract(c.tx, c.companyId, contractId);
  const events = await listContractEvents(c.tx, c.companyId, contractId);
  const chain = checkChain(events);
  return {
    contractId,
    events: events.map((e) => ({
      seq: e.seq,
      type: e.type,
      label: EVENT_LABELS[e.type] ?? e.type,
      actor: e.actorName,
      detail: e.detail,
      ip: e.ip,
      userAgent: e.userAgent,
      at: e.createdAt.toISOString(),
      hash: e.hash,
    })),
    intact: chain.intact,
    brokenAt: chain.brokenAt,
  };
}

/** The evidence report: the contract's facts and its event chain, rendered and signed with the company certificate and a time-stamp. */
export async function evidenceReport(s: AppServices, c: ServiceCtx, contractId: number): Promise<{ name: string; bytes: Buffer }> {
  const ev = await evidence(c, contractId);
  const v = await contractView(c.tx, c.companyId, contractId);
  const r = (await findContract(c.tx, c.companyId, contractId))!;
  const printable = (t: string) => t.replace(/[^\x20-\x7e\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/g, '?');
  const at = (x: string) => new Date(x).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
  const paragraphs = [
    { text: '一、合同信息', heading: true },
    `合同编号：${v.contractNo}`,
    `合同名称：${printable(v.title)}`,
    `员工：${printable(v.employeeName)}（${v.employeeNo ?? '无工号'}）`,
    `签署状态：${v.signStatusLabel}；签署顺序：${v.signOrderLabel}`,
    `原始文件 SHA-256：${r.baseSha256}`,
    `签署后文件 SHA-256：${r.currentSha256 ?? '尚未签署'}`,
    { text: '二、签署过程（哈希链）', heading: true },
    `证据链校验：${ev.intact ? '完整，未被篡改' : `第 ${ev.brokenAt} 条记录起校验失败`}`,
    ...ev.events.map((e) =>
      printable(
        `${e.seq}. ${at(e.at)} ${e.label}${e.actor ? `，操作人 ${e.actor}` : ''}${e.ip ? `，IP ${e.ip}` : ''}${e.detail.certificateSerial ? `，证书序列号 ${String(e.detail.certificateSerial)}` : ''}${e.detail.mobile ? `，手机号 ${String(e.detail.mobile)}` : ''}；记录哈希 ${e.hash}`,
      ),
    ),
  ];
  const pdf = await esignCall(() => renderTextPdf({ title: '电子合同签署证据报告', paragraphs }));
  const cert = await companyCertificate(s, c.tx, c.companyId);
  const tsa = await signingTsa(s, c.tx);
  const bytes = await esignCall(() => signPdf(pdf, { p12: cert.p12, passphrase: cert.passphrase, reason: '证据报告', location: 'CN', name: cert.name, timestamp: tsa }));
  return { name: `证据报告-${v.contractNo}.pdf`, bytes };
}
