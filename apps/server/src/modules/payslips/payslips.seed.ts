import Decimal from 'decimal.js';
import { BATCH_STATUS, MSG_PAYSLIP_NO_EMPLOYEE, PAYSLIP_STATUS, type PayslipColumn } from '@wfsaas/contracts';
import type { AppServices } from '../../platform/services.ts';
import { appendEvents, type NewEvent } from './payslip-evidence.ts';
import { payslipLinkToken, payslipTokenHash } from './payslip-links.ts';
import * as q from './payslips.queries.ts';
import { insertLink } from './payslip-phone.queries.ts';

/**
 * Demo seed for the first company: last month's payslips, sent, with mixed receipts (viewed,
 * confirmed, one question answered, one failed send), and this month's draft with one row to match.
 */

const COLUMNS: PayslipColumn[] = [
  { index: 0, label: '姓名', group: 'info', show: false },
  { index: 1, label: '工号', group: 'info', show: false },
  { index: 2, label: '应发工资/基本工资', group: 'income', show: true },
  { index: 3, label: '应发工资/绩效', group: 'income', show: true },
  { index: 4, label: '应发工资/加班费', group: 'income', show: true },
  { index: 5, label: '养老保险', group: 'deduction', show: true },
  { index: 6, label: '医疗保险', group: 'deduction', show: true },
  { index: 7, label: '住房公积金', group: 'deduction', show: true },
  { index: 8, label: '个人所得税', group: 'deduction', show: true },
  { index: 9, label: '实发工资', group: 'net', show: true },
];
const IDENTITY = [
  { index: 0, kind: 'name' as const },
  { index: 1, kind: 'employeeNo' as const },
];
const MAX_ROWS = 30;

function monthOf(at: Date, back: number): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

function salaryCells(name: string, employeeNo: string, i: number): string[] {
  const base = new Decimal(6000 + ((i * 737) % 9000));
  const bonus = new Decimal((i * 311) % 2500);
  const overtime = new Decimal(i % 3 === 0 ? 0 : ((i * 97) % 800) + 0.5);
  const gross = base.plus(bonus).plus(overtime);
  const pension = base.times(0.08);
  const medical = base.times(0.02);
  const fund = base.times(0.07);
  const taxable = Decimal.max(0, gross.minus(pension).minus(medical).minus(fund).minus(5000));
  const tax = taxable.times(0.03);
  const net = gross.minus(pension).minus(medical).minus(fund).minus(tax);
  return [name, employeeNo, ...[base, bonus, overtime, pension, medical, fund, tax, net].map((v) => v.toFixed(2))];
}

export async function seedDemoPayslips(s: AppServices, now = new Date()): Promise<number> {
  const [company] = await q.listCompanyIds(s.database.db);
  if (!company) return 0;
  const companyId = company;
  return s.database.inTenant(companyId, async (tx) => {
    if ((await q.listBatchesPage(tx, companyId, {}, 0, 1)).total > 0) return 0;
    const people = (await q.listEmployeesForMatching(tx, companyId)).sort((a, b) => a.id - b.id).slice(0, MAX_ROWS);
    if (people.length === 0) return 0;
    const sentAt = new Date(now.getTime() - 5 * 86_400_000);
    const last = await q.insertBatch(tx, {
      companyId,
      month: monthOf(now, 1),
      title: `${monthOf(now, 1).replace('-', '年')}月工资条`,
      status: BATCH_STATUS.sent,
      headerRows: 2,
      columns: COLUMNS,
      identity: IDENTITY,
      note: '如对工资条有疑问，请在确认前提出反馈，人事部将在3个工作日内回复。',
      channels: ['app', 'sms'],
      verifyMethod: 'sms',
      autoConfirmDays: 7,
      sendAt: null,
      sentAt,
    });
    const rows = await q.insertPayslipRows(
      tx,
      people.map((p, i) => {
        const cells = salaryCells(p.name, p.employeeNo ?? '', i);
        return { companyId, batchId: last.id, rowNo: i + 3, employeeId: p.id, name: p.name, identityText: `工号 ${p.employeeNo ?? ''}`, cells, netPay: cells[9]! };
      }),
    );
    const events: NewEvent[] = [];
    const at = (days: number) => new Date(sentAt.getTime() + days * 86_400_000);
    for (const [i, row] of rows.entries()) {
      const token = payslipLinkToken(s, companyId, row.id);
      const tokenHash = payslipTokenHash(s, token);
      await insertLink(tx, { tokenHash, companyId, payslipId: row.id });
      const failed = i === rows.length - 1 && rows.length > 3;
      const kind = failed ? 'failed' : i === 1 ? 'feedback' : i % 3 === 0 ? 'confirmed' : i % 3 === 1 ? 'viewed' : 'sent';
      const set: Parameters<typeof q.updatePayslip>[3] = { tokenHash, sentAt };
      if (failed) Object.assign(set, { status: PAYSLIP_STATUS.failed, sentAt: null, failReason: '员工未登记手机号，无法发送短信' });
      else if (kind === 'sent') set.status = PAYSLIP_STATUS.sent;
      else if (kind === 'viewed') Object.assign(set, { status: PAYSLIP_STATUS.viewed, viewedAt: at(1) });
      else if (kind === 'confirmed') Object.assign(set, { status: PAYSLIP_STATUS.confirmed, viewedAt: at(1), confirmedAt: at(1.1) });
      else Object.assign(set, { status: PAYSLIP_STATUS.feedback, viewedAt: at(1), feedback: '本月加班费比考勤记录少了一天，请核实。', feedbackAt: at(1.2), reply: '已核实，差额将在下月工资中补发。', repliedAt: at(2) });
      await q.updatePayslip(tx, companyId, row.id, set);
      const ev = (k: NewEvent['kind'], detail: Record<string, unknown> = {}): NewEvent => ({ payslipId: row.id, kind: k, detail: { seed: true, ...detail } });
      if (failed) {
        events.push(ev('fail', { reason: '员工未登记手机号，无法发送短信' }));
        continue;
      }
      events.push(ev('send', { channels: ['inapp', 'sms'], round: 0, version: 1 }));
      if (kind !== 'sent') events.push(ev('view'));
      if (kind === 'confirmed') events.push(ev('confirm'));
      if (kind === 'feedback') events.push(ev('feedback'), ev('reply'));
    }
    await appendEvents(tx, companyId, last.id, events);

    const draft = await q.insertBatch(tx, {
      companyId,
      month: monthOf(now, 0),
      title: `${monthOf(now, 0).replace('-', '年')}月工资条`,
      status: BATCH_STATUS.draft,
      headerRows: 2,
      columns: COLUMNS,
      identity: IDENTITY,
      note: '',
    });
    const draftRows: Parameters<typeof q.insertPayslipRows>[1] = people.slice(0, Math.min(8, people.length)).map((p, i) => {
      const cells = salaryCells(p.name, p.employeeNo ?? '', i + 1);
      return { companyId, batchId: draft.id, rowNo: i + 3, employeeId: p.id, name: p.name, identityText: `工号 ${p.employeeNo ?? ''}`, cells, netPay: cells[9]! };
    });
    // A row of someone not on the roster: the draft shows how unmatched rows are handled.
    const stranger = salaryCells('赵一鸣', 'X9999', 99);
    draftRows.push({ companyId, batchId: draft.id, rowNo: draftRows.length + 3, employeeId: null, name: '赵一鸣', identityText: '工号 X9999', cells: stranger, netPay: stranger[9]!, matchError: MSG_PAYSLIP_NO_EMPLOYEE });
    await q.insertPayslipRows(tx, draftRows);
    return 2;
  });
}
