import type { SessionUser } from '../../platform/auth.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { startSceneSigning, withdrawPendingContractsForEmployee } from '../econtracts/index.ts';

/**
 * The employee lifecycle's e-contract hooks. Onboarding, regularisation, transfer, renewal, contract
 * change and resignation each start the signing scene the company configured for them (deal codes
 * 1000–1005, 签署场景); a company without such a scene starts nothing. A scene that cannot start (a
 * template that no longer renders, say) never undoes the HR change: it is recorded in the audit log
 * and the change stands. When an employee leaves, their unfinished contracts are withdrawn, except
 * the resignation scene's own, which they may still sign after the last day.
 */

export const DEAL_CODE = { onboarding: 1000, regularisation: 1001, transfer: 1002, renewal: 1003, change: 1004, resignation: 1005 } as const;
export type DealCode = (typeof DEAL_CODE)[keyof typeof DEAL_CODE];


/** Starts the scene for each employee; answers how many contracts were started. */
export async function startScene(c: ServiceCtx, employeeIds: readonly number[], dealCode: DealCode): Promise<number> {
  let started = 0;
  for (const employeeId of employeeIds) {
    try {
      // a savepoint: a scene that fails leaves nothing behind and the change goes on
      const r = await c.tx.transaction((sp) => startSceneSigning({ ...c, tx: sp }, { employeeId, dealCode }));
      started += r?.contractIds.length ?? 0;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await c.audit({ action: 'econtract.sceneNotStarted', entity: 'employee', entityId: employeeId, after: { dealCode, message: err.message } });
    }
  }
  return started;
}

/** Who withdraws on leaving: the HR user doing it now, or the daily job (no user). */
export type LeaveActor = { user: SessionUser | null; ip: string; userAgent: string };
export const DAILY_JOB_ACTOR: LeaveActor = { user: null, ip: '', userAgent: 'daily-job' };

export function actorOf(c: Pick<ServiceCtx, 'user' | 'ip' | 'userAgent'>): LeaveActor {
  return { user: c.user, ip: c.ip, userAgent: c.userAgent };
}

/** On the last working day: the employee's unfinished contracts (but the resignation scene's) are withdrawn. */
export async function withdrawContractsOnLeave(services: AppServices, tx: Tx, companyId: number, employeeId: number, actor: LeaveActor): Promise<number> {
  return withdrawPendingContractsForEmployee(
    { tx, companyId, services, user: actor.user, ip: actor.ip, userAgent: actor.userAgent, isAdmin: false, audit: async () => undefined },
    employeeId,
    '员工已离职，未完成签署的合同自动撤回',
    { keepDealCode: DEAL_CODE.resignation },
  );
}
