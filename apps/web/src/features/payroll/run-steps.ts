import { RUN_STATUS, type RunView } from '@wfsaas/contracts';

/** The steps of a run, each a screen of its own. */
export const RUN_STEPS = [
  { key: 'import', title: '导入数据', path: '/fzsxapp/salaryPerDataImport' },
  { key: 'check', title: '数据校验', path: '/fzsxapp/checkDataIntegrity' },
  { key: 'calculate', title: '计算薪资', path: '/fzsxapp/startCalculateSalary' },
  { key: 'review', title: '审核结果', path: '/fzsxapp/calculateSalaryDetail' },
  { key: 'submit', title: '锁定提交', path: '/fzsxapp/submitPayroll' },
] as const;
export type RunStepKey = (typeof RUN_STEPS)[number]['key'];

export function runStepPath(key: RunStepKey, runId: number): string {
  return `${RUN_STEPS.find((s) => s.key === key)!.path}/${runId}`;
}

/** The screen a run's state leads to next. */
export function nextStepOf(run: Pick<RunView, 'status'>): RunStepKey {
  switch (run.status) {
    case RUN_STATUS.awaitingImport:
      return 'import';
    case RUN_STATUS.awaitingCalculation:
      return 'check';
    case RUN_STATUS.calculating:
      return 'calculate';
    case RUN_STATUS.calculated:
      return 'review';
    default:
      return 'submit';
  }
}
