import {
  BATCH_STATUS,
  BOARD_KEYS,
  BOARD_WINDOW_DAYS,
  EMPLOYEE_STATUS,
  EMPLOYMENT_TYPES,
  zContractPage,
  zConversionPage,
  zEmployeePageList,
  zPayslipPage,
  zRenewalPage,
  type BoardCount,
  type BoardItem,
  type BoardKey,
  type BoardLink,
  type BoardTone,
  type EmployeeFilters,
  type RiskKey,
  type ServiceBoard,
} from '@wfsaas/contracts';
import { addDays, addMonths, chinaToday } from '../../platform/china-date.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { listGrantedKeys } from '../../platform/permissions.ts';
import type { AppServices } from '../../platform/services.ts';
import { pageContracts } from '../econtracts/index.ts';
import { countEmployees } from '../employees/index.ts';
import { conversionCounts, inductionCounts, renewalCounts } from '../lifecycle/index.ts';
import { pageBatches } from '../payslips/index.ts';
import { boardView } from '../social-insurance/index.ts';
import { APPLY_MONTH_PATH, CONVERSION_PATH, INDUCTION_PATH, link, ON_ROSTER, PAYSLIP_PATH, RENEWAL_PATH, SIGN_CONTRACT_PATH, STAFF_ROLL_PATH } from './board-links.ts';

/**
 * 服务看板: each count is the total of the list its link opens, computed by that list's own service
 * (same filters, same department data permission), and shown only to a caller holding that list's key.
 */

/** A label or link that depends on data (the payslip month, the declarable month) is read only when its count is shown. */
type Lazy<T> = T | (() => Promise<T>);
type Spec = { key: string; label: Lazy<string>; unit: string; tone: BoardTone; permission: string; link: Lazy<BoardLink>; riskKey?: RiskKey; value: () => Promise<number> };
type ItemSpec = { key: BoardKey; label: Lazy<string>; counts: Spec[] };

const resolve = <T>(v: Lazy<T>): Promise<T> => (typeof v === 'function' ? (v as () => Promise<T>)() : Promise.resolve(v));

const STAFF_ROLL = 'staffRoll';
const FULL_TIME = EMPLOYMENT_TYPES[0].value;

/** The first and last day of today's month. */
export function monthRange(today: string): { month: string; from: string; to: string } {
  const from = `${today.slice(0, 7)}-01`;
  return { month: today.slice(0, 7), from, to: addDays(addMonths(from, 1), -1) };
}

/** 入职超30天未签劳动合同: hired (on the roster) full-time on or before this day, without a labour contract in force. */
export function unsignedFilters(today: string): Pick<EmployeeFilters, 'status' | 'employmentType' | 'hireDateTo' | 'withoutLabourContract'> {
  return { status: ON_ROSTER as EmployeeFilters['status'], employmentType: [FULL_TIME], hireDateTo: addDays(today, -(BOARD_WINDOW_DAYS + 1)), withoutLabourContract: true };
}
export function unsignedLink(today: string): BoardLink {
  const f = unsignedFilters(today);
  return link(STAFF_ROLL_PATH, { status: f.status!.join(','), employmentType: f.employmentType!.join(','), hireDate: `~${f.hireDateTo}`, labourContract: 'none' });
}

/** The payslip month the board follows: the latest month with a sent batch, else this month. */
async function payslipMonth(c: ServiceCtx, today: string): Promise<string> {
  const sent = await pageBatches(c, zPayslipPage.parse({ status: BATCH_STATUS.sent, pageSize: 1 }));
  return sent.list[0]?.month ?? today.slice(0, 7);
}

/** Sums of the payslip figures over every batch payslipManagement lists for the month. */
async function payslipStages(c: ServiceCtx, month: string): Promise<{ sent: number; viewed: number; confirmed: number }> {
  const out = { sent: 0, viewed: 0, confirmed: 0 };
  for (let pageNum = 1; ; pageNum++) {
    const page = await pageBatches(c, zPayslipPage.parse({ month, pageNum, pageSize: 100 }));
    for (const b of page.list) {
      out.sent += b.stageCounts.sent;
      out.viewed += b.stageCounts.viewed;
      out.confirmed += b.stageCounts.confirmed;
    }
    if (pageNum >= page.pageMessage.pages) return out;
  }
}

function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= fn());
}

export async function serviceBoard(services: AppServices, c: ServiceCtx): Promise<ServiceBoard> {
  const today = chinaToday();
  const keys = new Set(await listGrantedKeys(c.tx, c.companyId, c.user.userId, c.isAdmin));
  const roster = (f: EmployeeFilters | object) => () => countEmployees(services, c, zEmployeePageList.parse(f));
  const { from, to } = monthRange(today);
  const within = BOARD_WINDOW_DAYS;
  const conversion = once(() => conversionCounts(c, zConversionPage.parse({ withinDays: within })));
  const renewal = once(() => renewalCounts(c, zRenewalPage.parse({ withinDays: within })));
  const pMonth = once(() => payslipMonth(c, today));
  const stages = once(async () => payslipStages(c, await pMonth()));
  const si = once(() => boardView(c));
  const batches = (status: number) => async () => (await pageBatches(c, zPayslipPage.parse({ status, pageSize: 1 }))).pageMessage.total;

  const statusCount = (status: number, label: string, tone: BoardTone): Spec => ({
    key: `status${status}`,
    label,
    unit: '人',
    tone,
    permission: STAFF_ROLL,
    link: link(STAFF_ROLL_PATH, { tab: status }),
    value: roster({ status: [status] }),
  });

  const specs: ItemSpec[] = [
    {
      key: 'staffRollBoard',
      label: '在职花名册',
      counts: [
        { key: 'all', label: '在册员工', unit: '人', tone: 'default', permission: STAFF_ROLL, link: link(STAFF_ROLL_PATH), value: roster({ status: [EMPLOYEE_STATUS.pending, ...ON_ROSTER] }) },
        statusCount(EMPLOYEE_STATUS.probation, '试用期', 'processing'),
        statusCount(EMPLOYEE_STATUS.regular, '正式', 'success'),
        statusCount(EMPLOYEE_STATUS.pending, '待入职', 'default'),
        statusCount(EMPLOYEE_STATUS.leaving, '待离职', 'warning'),
      ],
    },
    {
      key: 'entryBoard',
      label: '入职',
      counts: [
        {
          key: 'joinedThisMonth',
          label: '本月入职',
          unit: '人',
          tone: 'success',
          permission: STAFF_ROLL,
          link: link(STAFF_ROLL_PATH, { status: ON_ROSTER.join(','), hireDate: `${from}~${to}` }),
          value: roster({ status: ON_ROSTER, hireDateFrom: from, hireDateTo: to }),
        },
        { key: 'pending', label: '待入职', unit: '人', tone: 'default', permission: 'selfOnboardingList', link: link(INDUCTION_PATH, { tab: 'pending' }), value: async () => (await inductionCounts(c, undefined)).pending },
      ],
    },
    {
      key: 'conversionHeadIndex',
      label: '转正',
      counts: [
        { key: 'due', label: `${within}天内试用期到期`, unit: '人', tone: 'warning', permission: 'conversion', riskKey: 'probationDue', link: link(CONVERSION_PATH, { tab: 'due', withinDays: within }), value: async () => (await conversion()).due },
        { key: 'overdue', label: '试用期已逾期', unit: '人', tone: 'error', permission: 'conversion', riskKey: 'probationOverdue', link: link(CONVERSION_PATH, { tab: 'overdue' }), value: async () => (await conversion()).overdue },
      ],
    },
    {
      key: 'overdueNotSigned',
      label: '未签劳动合同',
      counts: [{ key: 'unsigned', label: `入职超${within}天未签劳动合同`, unit: '人', tone: 'error', permission: STAFF_ROLL, riskKey: 'unsignedOverdue', link: unsignedLink(today), value: roster(unsignedFilters(today)) }],
    },
    {
      key: 'isExpiredSigned',
      label: '劳动合同到期',
      counts: [
        { key: 'expiring', label: `${within}天内合同到期`, unit: '份', tone: 'warning', permission: 'renewal', riskKey: 'contractExpiring', link: link(RENEWAL_PATH, { tab: 'expiring', withinDays: within }), value: async () => (await renewal()).expiring },
        { key: 'expired', label: '已过期未处理', unit: '份', tone: 'error', permission: 'renewal', riskKey: 'contractExpired', link: link(RENEWAL_PATH, { tab: 'expired' }), value: async () => (await renewal()).expired },
      ],
    },
    {
      key: 'distributionStatus',
      label: async () => `${await pMonth()} 工资条发放`,
      counts: (['sent', 'viewed', 'confirmed'] as const).map((stage) => ({
        key: stage,
        label: { sent: '已发送', viewed: '已查看', confirmed: '已确认' }[stage],
        unit: '人',
        tone: (stage === 'confirmed' ? 'success' : 'processing') as BoardTone,
        permission: 'payslipManagement',
        link: async () => link(PAYSLIP_PATH, { month: await pMonth() }),
        value: async () => (await stages())[stage],
      })),
    },
    {
      key: 'isWeWaitSign',
      label: '待企业签署',
      counts: [
        {
          key: 'awaitingCompany',
          label: '待企业签署合同',
          unit: '份',
          tone: 'warning',
          permission: 'signContract',
          link: link(SIGN_CONTRACT_PATH, { tab: 'company' }),
          value: async () => (await pageContracts(c, zContractPage.parse({ awaitingCompany: true, pageSize: 1 }))).pageMessage.total,
        },
      ],
    },
    {
      key: 'socialBoard',
      label: '社保待申报',
      counts: [{ key: 'waiting', label: async () => `${(await si()).month} 待申报`, unit: '人次', tone: 'warning', permission: 'applyMonth', link: link(APPLY_MONTH_PATH), value: async () => (await si()).waiting }],
    },
    {
      key: 'payslipBoard',
      label: '工资条批次',
      counts: [
        { key: 'draft', label: '草稿未发送', unit: '批', tone: 'default', permission: 'payslipManagement', link: link(PAYSLIP_PATH, { status: BATCH_STATUS.draft }), value: batches(BATCH_STATUS.draft) },
        { key: 'scheduled', label: '定时待发送', unit: '批', tone: 'processing', permission: 'payslipManagement', link: link(PAYSLIP_PATH, { status: BATCH_STATUS.scheduled }), value: batches(BATCH_STATUS.scheduled) },
      ],
    },
  ];

  const items: BoardItem[] = [];
  for (const spec of specs) {
    const counts: BoardCount[] = [];
    for (const s of spec.counts) {
      if (!keys.has(s.permission)) continue;
      const value = await s.value();
      counts.push({ key: s.key, label: await resolve(s.label), value, unit: s.unit, tone: s.tone, link: await resolve(s.link), ...(s.riskKey ? { riskKey: s.riskKey } : {}) });
    }
    if (counts.length > 0) items.push({ key: spec.key, label: await resolve(spec.label), counts });
  }
  items.sort((a, b) => BOARD_KEYS.indexOf(a.key) - BOARD_KEYS.indexOf(b.key));
  return { today, items };
}
