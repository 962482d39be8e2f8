import { z } from 'zod';
import { zDay } from '../payroll/fields.ts';
import type { RouteName } from '../routes.ts';

/** 系统初始化: the set-up checklist of a new company and its hand-overs (docs/implementation.md). Every endpoint is `POST ${SETUP_API}<path>`. */

export const SETUP_API = '/wfsaas-saas/api';
export const SETUP_PATHS = {
  status: '/systemInitialize/status',
  skip: '/systemInitialize/skip',
  unskip: '/systemInitialize/unskip',
  handover: '/systemInitialize/handover',
  handovers: '/systemInitialize/handovers',
} as const;
export const SETUP_READ = 'systemInitialize';
export const SETUP_EDIT = 'systemInitialize.edit';

/** The checklist in the order an implementer works through it; `route` is the screen that does the step. */
export const SETUP_STEPS = [
  { key: 'company', title: '企业信息与认证', route: 'enterpriseInformation', rule: '企业已通过认证' },
  { key: 'departments', title: '部门', route: 'organizationalIndex', rule: '至少有 1 个启用的部门（组织架构的根是企业本身，不算部门）' },
  { key: 'positionsRanks', title: '职位与职级', route: 'positionRank', rule: '至少有 1 个启用的职位和 1 个启用的职级' },
  { key: 'rolesAccounts', title: '角色与子账号', route: 'rolePermission', rule: '至少有 1 个启用的角色和 1 个子账号' },
  { key: 'dictionaries', title: '数据字典', route: 'dictionaryCenter', rule: '企业至少有 1 个自定义字典项' },
  { key: 'customFields', title: '自定义字段', route: 'staffRoll', rule: '员工档案至少有 1 个自定义字段' },
  { key: 'employees', title: '员工', route: 'staffRoll', rule: '至少有 1 名员工（未删除）' },
  { key: 'contractsSeals', title: '合同模板与印章', route: 'signedPackageManage', rule: '至少有 1 个合同模板和 1 枚启用的印章' },
  { key: 'salary', title: '薪资组与社保政策', route: 'salaryManagement', rule: '至少有 1 个薪资组和 1 条城市社保公积金政策' },
  { key: 'insuredEntities', title: '参保主体', route: 'selectInsured', rule: '至少有 1 个参保主体' },
  { key: 'payslipTemplate', title: '工资条模板', route: 'importPayslip', rule: '至少有 1 个工资条模板' },
  { key: 'reminders', title: '提醒设置', route: 'employmentRelationship', rule: '已保存过提醒设置' },
] as const satisfies readonly { key: string; title: string; route: RouteName; rule: string }[];
export type SetupStepKey = (typeof SETUP_STEPS)[number]['key'];

/** done: the data meets the rule; skipped: marked 无需配置 (and the data does not meet it); todo: neither. */
export type SetupStepState = 'done' | 'skipped' | 'todo';
export const SETUP_STEP_STATES = [
  { value: 'done', label: '已完成' },
  { value: 'skipped', label: '无需配置' },
  { value: 'todo', label: '待配置' },
] as const;

export type SetupCount = { label: string; value: number };
export type SetupStepView = {
  key: SetupStepKey;
  title: string;
  rule: string;
  route: RouteName;
  state: SetupStepState;
  /** What the rule counts, e.g. 部门 3. */
  counts: SetupCount[];
  skip: { byName: string; at: string } | null;
};
export type SetupStatusView = { steps: SetupStepView[]; finished: number; total: number; progress: number; lastHandover: SetupHandoverView | null };

export type SetupHandoverView = {
  id: number;
  handoverDate: string;
  receiver: string;
  note: string;
  progress: number;
  finished: number;
  total: number;
  createdByName: string;
  createdAt: string;
};

export const zSetupStepKey = z.enum(SETUP_STEPS.map((s) => s.key) as [SetupStepKey, ...SetupStepKey[]], { message: '初始化步骤不存在' }).describe('初始化步骤');
export const zSetupSkip = z.object({ step: zSetupStepKey });
export type SetupSkipInput = z.infer<typeof zSetupSkip>;

export const zSetupHandover = z.object({
  handoverDate: zDay('交付日期').refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, '交付日期不是有效的日期'),
  receiver: z.string().trim().min(1, '接收人不能为空').max(50, '接收人最多50个字').describe('接收人'),
  note: z.string().trim().max(500, '交付说明最多500个字').default('').describe('交付说明'),
});
export type SetupHandoverInput = z.infer<typeof zSetupHandover>;
