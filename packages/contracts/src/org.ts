import { z } from 'zod';
import { zId } from './auth.ts';
import { MAX_PAGE_SIZE } from './envelope.ts';

/**
 * Organisation: departments and their effective-dated versions, the
 * department template, positions, rank categories and ranks with pay bands, cost centres.
 */

// ── shared pieces ──

const emptyToNull = (v: unknown) => (v === '' ? null : typeof v === 'string' && v.trim() === '' ? null : v);
const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v);

const zPageNum = z.coerce.number().int().min(1).max(1_000_000).default(1).describe('页码');
const zPageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10).describe('每页条数');

/** An optional reference: a positive id, or null / '' to leave it empty. */
const zOptionalRef = (label: string) =>
  z
    .preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), zId(label).nullish())
    .describe(label);

const zCode = (label: string) =>
  z
    .preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .max(30)
        .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, '只能包含字母、数字、-、_、.，且以字母或数字开头')
        .nullish(),
    )
    .describe(label);

const zText = (label: string, max: number) => z.preprocess(emptyToNull, z.string().trim().max(max).nullish()).describe(label);

/** Planned headcount (编制): a whole number of people, or null when not planned. */
const zHeadcount = z
  .preprocess((v) => digitsToNumber(emptyToNull(v)), z.number().int().min(0).max(99_999).nullish())
  .describe('编制人数');

/** A calendar day, YYYY-MM-DD. */
const zDay = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式不正确，应为 YYYY-MM-DD')
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), '不是有效的日期')
    .describe(label);

/**
 * A monthly amount in yuan, as a string with at most two decimals (a number is accepted and read
 * as its decimal text). Answers carry it as a string with exactly two decimals.
 */
export const zMoney = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : emptyToNull(v)),
      z
        .string()
        .trim()
        .regex(/^\d{1,12}(\.\d{1,2})?$/, '格式不正确，应为不小于0、最多两位小数的金额')
        .nullish(),
    )
    .describe(label);

// ── departments ──

export const DEPARTMENT_STATUS = { disabled: 0, active: 1, deleted: 9 } as const;

export const zDepartmentTree = z
  .object({ includeDisabled: z.boolean().default(false).describe('包含已停用部门') })
  .prefault({});
export type DepartmentTreeInput = z.infer<typeof zDepartmentTree>;

export const zDepartmentId = z.object({ id: zId('部门') });
export type DepartmentIdInput = z.infer<typeof zDepartmentId>;

export const zDepartmentAdd = z.object({
  parentId: zOptionalRef('上级部门'),
  name: z.string().trim().min(1).max(50).describe('部门名称'),
  code: zCode('部门编码'),
  leaderEmployeeId: zOptionalRef('负责人'),
  headcountPlan: zHeadcount,
});
export type DepartmentAdd = z.infer<typeof zDepartmentAdd>;

/** Changes what is given: an absent field stays as it is; null (or '') clears an optional one. */
export const zDepartmentUpdate = z.object({
  id: zId('部门'),
  name: z.string().trim().min(1).max(50).optional().describe('部门名称'),
  code: zCode('部门编码'),
  leaderEmployeeId: zOptionalRef('负责人'),
  headcountPlan: zHeadcount,
});
export type DepartmentUpdate = z.infer<typeof zDepartmentUpdate>;

/** parentId null (or absent) moves to the top level; sort is the 0-based position among the new siblings. */
export const zDepartmentMove = z.object({
  id: zId('部门'),
  parentId: zOptionalRef('上级部门'),
  sort: z.preprocess(digitsToNumber, z.number().int().min(0).max(100_000).default(0)).describe('排序'),
});
export type DepartmentMove = z.infer<typeof zDepartmentMove>;

export const zDepartmentMerge = z.object({ sourceId: zId('被合并部门'), targetId: zId('目标部门') });
export type DepartmentMerge = z.infer<typeof zDepartmentMerge>;

export const zOrgEmployeeQuery = z
  .object({ keyword: zText('关键字', 50), limit: z.coerce.number().int().min(1).max(50).default(20).describe('数量') })
  .prefault({});
export type OrgEmployeeQuery = z.infer<typeof zOrgEmployeeQuery>;

/** A department of the tree with its planned (编制) and actual (在职) headcount. */
export type DepartmentNode = {
  id: number;
  parentId: number | null;
  name: string;
  code: string | null;
  path: string;
  /** 1 for a top-level department */
  level: number;
  leaderEmployeeId: number | null;
  leaderName: string | null;
  headcountPlan: number | null;
  sort: number;
  /** 1 active, 0 disabled */
  status: number;
  /** employees placed in this department itself */
  ownActual: number;
  /** employees in this department and every department below it */
  subtreeActual: number;
  /** the planned headcounts of this department and every department below it, added up */
  subtreePlan: number;
  children: DepartmentNode[];
};

export type DepartmentTreeResult = {
  tree: DepartmentNode[];
  totalPlan: number;
  totalActual: number;
  /** active employees without a department */
  unassignedActual: number;
};

export type DepartmentDetail = Omit<DepartmentNode, 'children'> & {
  parentName: string | null;
  childCount: number;
  costCenter: { id: number; code: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
};

export type DepartmentOption = { id: number; parentId: number | null; name: string; code: string | null; path: string; status: number; sort: number };

export type OrgEmployeeOption = { id: number; name: string; employeeNo: string | null; departmentName: string | null };

// ── department versions ──

export const zDepartmentVersionSave = z.object({
  name: z.string().trim().min(1).max(50).describe('版本名称'),
  effectiveDate: zDay('生效日期'),
});
export type DepartmentVersionSave = z.infer<typeof zDepartmentVersionSave>;

export const zDepartmentVersionPage = z.object({ pageNum: zPageNum, pageSize: zPageSize }).prefault({});
export type DepartmentVersionPageInput = z.infer<typeof zDepartmentVersionPage>;

export const zDepartmentVersionId = z.object({ id: zId('组织架构版本') });
export const zDepartmentAsOf = z.object({ date: zDay('查询日期') });
export type DepartmentAsOfInput = z.infer<typeof zDepartmentAsOf>;

export type DepartmentVersionItem = { id: number; name: string; effectiveDate: string; departmentCount: number; createdBy: number | null; createdAt: string };

/** One department as a version keeps it. */
export type DepartmentSnapshotEntry = {
  id: number;
  parentId: number | null;
  name: string;
  code: string | null;
  leaderEmployeeId: number | null;
  leaderName: string | null;
  headcountPlan: number | null;
  sort: number;
  status: number;
  actual: number;
};

export type DepartmentVersionTree = { version: DepartmentVersionItem; tree: DepartmentNode[]; totalPlan: number; totalActual: number };

// ── department template ──

export const DEPARTMENT_TEMPLATE_COLUMNS = ['部门名称', '部门编码', '上级部门编码', '负责人工号', '编制人数'] as const;
export const DEPARTMENT_IMPORT_MAX_ROWS = 2000;

export type DepartmentImportError = { row: number; message: string };
/** With any error nothing is written: created is 0 and errors lists every bad row. */
export type DepartmentImportResult = { total: number; created: number; errors: DepartmentImportError[] };

// ── positions ──

export const zPositionPage = z
  .object({
    pageNum: zPageNum,
    pageSize: zPageSize,
    keyword: zText('关键字', 50),
    departmentId: zOptionalRef('所属部门'),
    /** 'company': company-wide positions only; 'department': those of a department only */
    scope: z.enum(['all', 'company', 'department']).default('all').describe('适用范围'),
    status: z.preprocess(emptyToNull, z.union([z.literal(0), z.literal(1)]).nullish()).describe('状态'),
  })
  .prefault({});
export type PositionPageInput = z.infer<typeof zPositionPage>;

export const zPositionAdd = z.object({
  name: z.string().trim().min(1).max(50).describe('职位名称'),
  code: zCode('职位编码'),
  departmentId: zOptionalRef('所属部门'),
  description: zText('职位说明', 500),
});
export type PositionAdd = z.infer<typeof zPositionAdd>;

export const zPositionUpdate = zPositionAdd.extend({ id: zId('职位') });
export type PositionUpdate = z.infer<typeof zPositionUpdate>;

export const zPositionId = z.object({ id: zId('职位') });

export type PositionItem = {
  id: number;
  name: string;
  code: string | null;
  departmentId: number | null;
  departmentName: string | null;
  description: string | null;
  /** 1 active, 0 disabled */
  status: number;
  activeEmployeeCount: number;
  createdAt: string;
  updatedAt: string;
};

// ── rank categories and ranks ──

export const zRankCategoryAdd = z.object({
  name: z.string().trim().min(1).max(30).describe('职级类别名称'),
  code: zCode('职级类别编码'),
  sort: z.preprocess(digitsToNumber, z.number().int().min(0).max(9999).default(0)).describe('排序'),
});
export type RankCategoryAdd = z.infer<typeof zRankCategoryAdd>;
export const zRankCategoryUpdate = zRankCategoryAdd.extend({ id: zId('职级类别') });
export type RankCategoryUpdate = z.infer<typeof zRankCategoryUpdate>;
export const zRankCategoryId = z.object({ id: zId('职级类别') });

export type RankCategoryItem = { id: number; name: string; code: string | null; sort: number; rankCount: number };

export const zRankList = z.object({ categoryId: zOptionalRef('职级类别') }).prefault({});
export type RankListInput = z.infer<typeof zRankList>;

export const zRankAdd = z.object({
  categoryId: zId('职级类别'),
  name: z.string().trim().min(1).max(30).describe('职级名称'),
  level: z.preprocess(digitsToNumber, z.number().int().min(0).max(999).default(0)).describe('级别'),
  payMin: zMoney('薪资下限'),
  payMax: zMoney('薪资上限'),
});
export type RankAdd = z.infer<typeof zRankAdd>;
export const zRankUpdate = zRankAdd.extend({ id: zId('职级') });
export type RankUpdate = z.infer<typeof zRankUpdate>;
export const zRankId = z.object({ id: zId('职级') });

export type RankItem = {
  id: number;
  categoryId: number;
  categoryName: string;
  name: string;
  level: number;
  /** monthly, yuan, two decimals */
  payMin: string | null;
  payMax: string | null;
  activeEmployeeCount: number;
};

// ── cost centres ──

export const zCostCenterPage = z.object({ pageNum: zPageNum, pageSize: zPageSize, keyword: zText('关键字', 50) }).prefault({});
export type CostCenterPageInput = z.infer<typeof zCostCenterPage>;

export const zCostCenterAdd = z.object({
  code: z.string().trim().min(1).max(30).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, '只能包含字母、数字、-、_、.，且以字母或数字开头').describe('成本中心编码'),
  name: z.string().trim().min(1).max(50).describe('成本中心名称'),
  ownerEmployeeId: zOptionalRef('负责人'),
  description: zText('说明', 500),
  departmentIds: z.array(zId('部门')).max(1000).default([]).describe('关联部门'),
});
export type CostCenterAdd = z.infer<typeof zCostCenterAdd>;
export const zCostCenterUpdate = zCostCenterAdd.extend({ id: zId('成本中心') });
export type CostCenterUpdate = z.infer<typeof zCostCenterUpdate>;
export const zCostCenterId = z.object({ id: zId('成本中心') });

export type CostCenterItem = {
  id: number;
  code: string;
  name: string;
  ownerEmployeeId: number | null;
  ownerName: string | null;
  description: string | null;
  departments: { id: number; name: string }[];
  createdAt: string;
  updatedAt: string;
};
