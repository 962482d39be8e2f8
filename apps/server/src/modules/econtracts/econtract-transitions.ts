import { CONTRACT_FORM, CONTRACT_STATUS, EXPIRING_DAYS, SIGN_ORDER, URGE_INTERVAL_MINUTES, type ContractStatus } from '@wfsaas/contracts';
import { addDays } from '../../platform/china-date.ts';

/**
 * The contract status machine, as a pure function: what an action does to a
 * contract in a given state, or the Chinese reason it is refused.
 */

export type ContractState = {
  status: number;
  form: number;
  signOrder: number;
  companySigned: boolean;
  employeeSigned: boolean;
  /** Last day to sign (YYYY-MM-DD, China), or null. */
  deadline: string | null;
  lastUrgedAt: Date | null;
};

export type ContractAction = 'companySign' | 'employeeSign' | 'withdraw' | 'suspend' | 'resume' | 'end' | 'urge' | 'paperSigned';

export type Decision = { ok: true; next: ContractStatus } | { ok: false; message: string };

export const MSG = {
  withdrawn: '合同已撤回',
  suspended: '合同已中止，请先恢复',
  ended: '合同已终止',
  completed: '合同已完成签署',
  notSuspended: '合同未处于中止状态，无需恢复',
  notCompleted: '仅已签署或已中止的合同可以终止',
  paperOnly: '仅纸质合同可以标记为已签署',
  electronicOnly: '纸质合同无需电子签署，请上传签署后的扫描件',
  companyAlready: '企业已签署该合同',
  employeeAlready: '员工已签署该合同',
  waitCompany: '请等待企业签署后再签署本合同',
  waitEmployee: '请等待员工签署后再由企业签署',
  pastDeadline: '合同已超过签署截止日期，无法签署',
  urgeSigned: '员工已签署，无需催签',
  urgeNotTurn: '企业尚未签署，暂不能催促员工签署',
  urgeTooSoon: `同一合同 ${URGE_INTERVAL_MINUTES} 分钟内只能催签一次，请稍后再试`,
} as const;

const refuse = (message: string): Decision => ({ ok: false, message });

/** Refusal for any non-open status (withdrawn, suspended, ended, signed). */
function notOpen(status: number): string | null {
  if (status === CONTRACT_STATUS.withdrawn) return MSG.withdrawn;
  if (status === CONTRACT_STATUS.suspended) return MSG.suspended;
  if (status === CONTRACT_STATUS.ended) return MSG.ended;
  if (status === CONTRACT_STATUS.signed) return MSG.completed;
  return null;
}

function afterSigning(s: ContractState, party: 'company' | 'employee'): ContractStatus {
  const company = s.companySigned || party === 'company';
  const employee = s.employeeSigned || party === 'employee';
  return company && employee ? CONTRACT_STATUS.signed : CONTRACT_STATUS.signing;
}

export function decide(s: ContractState, action: ContractAction, now: { today: string; at: Date }): Decision {
  switch (action) {
    case 'companySign':
    case 'employeeSign': {
      const closed = notOpen(s.status);
      if (closed) return refuse(closed);
      if (s.form !== CONTRACT_FORM.electronic) return refuse(MSG.electronicOnly);
      if (s.deadline && now.today > s.deadline) return refuse(MSG.pastDeadline);
      if (action === 'companySign') {
        if (s.companySigned) return refuse(MSG.companyAlready);
        if (s.signOrder === SIGN_ORDER.employeeFirst && !s.employeeSigned) return refuse(MSG.waitEmployee);
        return { ok: true, next: afterSigning(s, 'company') };
      }
      if (s.employeeSigned) return refuse(MSG.employeeAlready);
      if (s.signOrder === SIGN_ORDER.companyFirst && !s.companySigned) return refuse(MSG.waitCompany);
      return { ok: true, next: afterSigning(s, 'employee') };
    }
    case 'withdraw':
    case 'suspend': {
      const closed = notOpen(s.status);
      if (closed) return refuse(s.status === CONTRACT_STATUS.signed ? `${MSG.completed}，不能${action === 'withdraw' ? '撤回' : '中止'}` : closed);
      return { ok: true, next: action === 'withdraw' ? CONTRACT_STATUS.withdrawn : CONTRACT_STATUS.suspended };
    }
    case 'resume':
      if (s.status !== CONTRACT_STATUS.suspended) return refuse(MSG.notSuspended);
      return { ok: true, next: s.companySigned || s.employeeSigned ? CONTRACT_STATUS.signing : CONTRACT_STATUS.pending };
    case 'end':
      if (s.status === CONTRACT_STATUS.ended) return refuse(MSG.ended);
      if (s.status !== CONTRACT_STATUS.signed && s.status !== CONTRACT_STATUS.suspended) return refuse(MSG.notCompleted);
      return { ok: true, next: CONTRACT_STATUS.ended };
    case 'urge': {
      const closed = notOpen(s.status);
      if (closed) return refuse(closed);
      if (s.form !== CONTRACT_FORM.electronic) return refuse(MSG.electronicOnly);
      if (s.employeeSigned) return refuse(MSG.urgeSigned);
      if (s.signOrder === SIGN_ORDER.companyFirst && !s.companySigned) return refuse(MSG.urgeNotTurn);
      if (s.lastUrgedAt && now.at.getTime() - s.lastUrgedAt.getTime() < URGE_INTERVAL_MINUTES * 60_000) return refuse(MSG.urgeTooSoon);
      return { ok: true, next: s.status as ContractStatus };
    }
    case 'paperSigned': {
      const closed = notOpen(s.status);
      if (closed) return refuse(closed);
      if (s.form !== CONTRACT_FORM.paper) return refuse(MSG.paperOnly);
      return { ok: true, next: CONTRACT_STATUS.signed };
    }
  }
}

/** The status shown: a signed contract whose term ends within EXPIRING_DAYS shows as 4 (即将到期). */
export function displayStatus(status: number, contractEnd: string | null, today: string): ContractStatus {
  if (status === CONTRACT_STATUS.signed && contractEnd && contractEnd >= today && contractEnd <= addDays(today, EXPIRING_DAYS)) return CONTRACT_STATUS.expiring;
  return status as ContractStatus;
}

/** Whose turn it is to sign, or null when nobody can sign now. */
export function awaiting(s: ContractState): 'company' | 'employee' | 'both' | null {
  if (s.form !== CONTRACT_FORM.electronic || (s.status !== CONTRACT_STATUS.pending && s.status !== CONTRACT_STATUS.signing)) return null;
  const company = !s.companySigned && !(s.signOrder === SIGN_ORDER.employeeFirst && !s.employeeSigned);
  const employee = !s.employeeSigned && !(s.signOrder === SIGN_ORDER.companyFirst && !s.companySigned);
  if (company && employee) return 'both';
  return company ? 'company' : employee ? 'employee' : null;
}
