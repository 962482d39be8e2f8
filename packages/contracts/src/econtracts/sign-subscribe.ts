import { z } from 'zod';

/** 消息订阅: which e-contract events a member is notified of in the message centre, per company (default: all). */

export const SIGN_SUBSCRIBE_API = '/wfsaas-sign/api/signSubscribe';
export const SIGN_SUBSCRIBE_PATHS = { get: '/get', save: '/save' } as const;
/** Who may keep a subscription: a member who can open the contract list. */
export const SIGN_SUBSCRIBE_ACCESS = 'employeeContractManagement';

export const SIGN_EVENTS = [
  { key: 'toSign', label: '待我签署', hint: '员工已签署、等待企业盖章的合同（我发起的）' },
  { key: 'completed', label: '签署完成', hint: '我发起的合同双方签署完成' },
  { key: 'withdrawn', label: '被撤回', hint: '我发起的合同被他人撤回或因员工离职自动撤回' },
] as const;
export type SignEvent = (typeof SIGN_EVENTS)[number]['key'];
export type SignSubscription = Record<SignEvent, boolean>;

export const zSignSubscribeSave = z.object({
  toSign: z.boolean().describe('待我签署'),
  completed: z.boolean().describe('签署完成'),
  withdrawn: z.boolean().describe('被撤回'),
});
