import { z } from 'zod';
import { zId } from '../auth.ts';

/** inductionProgress: the steps of one onboarding, done or to do, with who and when (docs/lifecycle.md). */

export const INDUCTION_PROGRESS_PATH = '/wfsaas-saas/api/inductionProgress/detail';
export const zInductionProgress = z.object({ employeeId: zId('员工') });

/** done 已完成, current 待办理 (the next step), todo 未开始, closed 已终止 (放弃或取消入职). */
export type InductionStepState = 'done' | 'current' | 'todo' | 'closed';
export type InductionStep = { key: 'added' | 'confirmed' | 'contract'; title: string; state: InductionStepState; description: string | null; by: string | null; at: string | null };
export type InductionProgress = { employeeId: number; name: string; outcome: 'pending' | 'onboarded' | 'discontinued' | 'cancelled'; steps: InductionStep[] };
