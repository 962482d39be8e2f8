import { z } from 'zod';

/** Small look-ups other screens call: service names and descriptions, a custody account's figures. */

export const SERVICE_REGISTRATION_PATH = '/wfsaas-saas/api/serviceRegistration/getNameAndDesc';
export const STAT_CAPITAL_PATH = '/wfsaas-basicpush/api/capital/statCapital';

export const zServiceNameIds = z.object({
  ids: z.array(z.string().trim().min(1).max(30).describe('服务编码')).min(1).max(50).describe('服务编码'),
});
export type ServiceNameAndDesc = { id: string; name: string; description: string };

export const zStatCapital = z.object({
  id: z.string().trim().min(1).max(30).regex(/^TG\d{8,}$/, '格式不正确，应为托管账户号（TG开头）').describe('托管账户'),
});
/** A custody account's figures, in yuan with two decimals. */
export type CapitalStat = {
  id: string;
  /** 可用余额 (托管资金). */
  balance: string;
  /** 冻结: reserved for payouts not yet released (待发工资). */
  frozen: string;
  /** 在途充值: registered, not yet confirmed. */
  inTransit: string;
  /** 累计充值: confirmed deposits. */
  deposited: string;
  /** 累计发放 (已发工资). */
  paidOut: string;
  /** 平台服务费. */
  fees: string;
};
