import { z } from 'zod';
import { zPaging } from '../paging.ts';
import { zDay, zMoney } from '../payroll/fields.ts';

/** 资产中心: categories, assets and their events, and the resignation setting. Every endpoint is `POST ${ASSET_API}<path>`. */

export const ASSET_API = '/wfsaas-saas/api/asset';
export const ASSET_PATHS = {
  categoryList: '/category/list',
  categorySave: '/category/save',
  categoryStatus: '/category/status',
  categoryRemove: '/category/remove',
  page: '/page',
  stats: '/stats',
  exportList: '/export',
  detail: '/detail',
  save: '/save',
  nextNo: '/nextNo',
  issue: '/issue',
  giveBack: '/return',
  repair: '/repair',
  repaired: '/repaired',
  scrap: '/scrap',
  settings: '/settings',
  settingsSave: '/settings/save',
  ofEmployee: '/ofEmployee',
} as const;
export const ASSET_READ = 'assetsList';
export const ASSET_EDIT = 'assetsList.edit';

/** 1 在库, 2 已领用, 3 维修中, 4 已报废 (final). */
export const ASSET_STATUS = { inStock: 1, issued: 2, repairing: 3, scrapped: 4 } as const;
export type AssetStatus = (typeof ASSET_STATUS)[keyof typeof ASSET_STATUS];
export const ASSET_STATUSES = [
  { value: 1, label: '在库' },
  { value: 2, label: '已领用' },
  { value: 3, label: '维修中' },
  { value: 4, label: '已报废' },
] as const;
export const assetStatusLabel = (v: number): string => ASSET_STATUSES.find((s) => s.value === v)?.label ?? String(v);

export const ASSET_ACTIONS = [
  { value: 'create', label: '登记入库' },
  { value: 'edit', label: '编辑' },
  { value: 'issue', label: '领用' },
  { value: 'return', label: '归还' },
  { value: 'repair', label: '送修' },
  { value: 'repaired', label: '修好' },
  { value: 'scrap', label: '报废' },
] as const;
export const assetActionLabel = (v: string): string => ASSET_ACTIONS.find((s) => s.value === v)?.label ?? v;

/** The categories a new company starts with. */
export const DEFAULT_ASSET_CATEGORIES = ['电脑', '手机', '显示器', '工牌', '钥匙', '办公家具'] as const;

const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`).describe(label);
const id = (label: string) => z.coerce.number().int().positive().describe(label);

export const zAssetId = z.object({ id: id('资产') });
export const zAssetCategorySave = z.object({
  id: id('分类').optional(),
  name: text('分类名称', 20).min(1, '分类名称不能为空'),
});
export const zAssetCategoryStatus = z.object({ id: id('分类'), status: z.union([z.literal(0), z.literal(1)]).describe('状态') });
export const zAssetCategoryId = z.object({ id: id('分类') });

/** 资产编号: letters, digits and - _ . (unique per company). */
export const zAssetSave = z.object({
  id: id('资产').optional(),
  assetNo: text('资产编号', 40).min(1, '资产编号不能为空').regex(/^[A-Za-z0-9._-]+$/, '资产编号只能包含字母、数字和 - _ .'),
  name: text('资产名称', 60).min(1, '资产名称不能为空'),
  categoryId: id('资产分类'),
  brandModel: text('品牌型号', 60).default(''),
  serialNo: text('序列号', 60).default(''),
  value: zMoney('资产价值').default('0'),
  purchaseDate: zDay('购入日期').nullable().default(null),
  location: text('存放地点', 60).default(''),
  remark: text('备注', 200).default(''),
});
export type AssetSave = z.infer<typeof zAssetSave>;

export const zAssetPage = z.object({
  ...zPaging,
  keyword: text('关键字', 60).optional(),
  categoryId: id('资产分类').optional(),
  status: z.coerce.number().int().min(1).max(4).optional().describe('状态'),
  holderEmployeeId: id('领用人').optional(),
});
export type AssetPage = z.infer<typeof zAssetPage>;
export const zAssetStats = zAssetPage.omit({ pageNum: true, pageSize: true, status: true });

export const zAssetIssue = z.object({
  id: id('资产'),
  employeeId: id('领用人'),
  day: zDay('领用日期'),
  expectedReturnOn: zDay('预计归还日期').nullable().default(null),
  note: text('备注', 200).default(''),
});
export const zAssetReturn = z.object({
  id: id('资产'),
  day: zDay('归还日期'),
  condition: text('归还状况', 100).min(1, '归还状况不能为空'),
});
export const zAssetRepair = z.object({ id: id('资产'), day: zDay('日期'), note: text('说明', 200).default('') });
export const zAssetScrap = z.object({ id: id('资产'), day: zDay('报废日期'), reason: text('报废原因', 200).min(1, '报废原因不能为空') });
export const zAssetSettingsSave = z.object({ blockQuit: z.boolean().describe('有未归还资产时不能完成离职') });
export const zAssetsOfEmployee = z.object({ employeeId: id('员工') });

export type AssetCategoryView = { id: number; name: string; status: 0 | 1; assetCount: number };
export type AssetView = {
  id: number;
  assetNo: string;
  name: string;
  categoryId: number;
  categoryName: string;
  brandModel: string;
  serialNo: string;
  value: string;
  purchaseDate: string | null;
  location: string;
  remark: string;
  status: AssetStatus;
  holderEmployeeId: number | null;
  holderName: string | null;
  holderNo: string | null;
  issuedOn: string | null;
  expectedReturnOn: string | null;
};
export type AssetEventView = { id: number; action: string; actionLabel: string; fromStatus: number | null; toStatus: number; employeeName: string | null; day: string | null; note: string; actorName: string | null; at: string };
export type AssetDetail = AssetView & { events: AssetEventView[] };
/** Counts per status (all statuses, for the tabs) and the value of the assets not scrapped. */
export type AssetStats = { counts: Record<'all' | '1' | '2' | '3' | '4', number>; totalValue: string; issuedValue: string };
export type AssetSettings = { blockQuit: boolean };
/** An asset a leaver still holds. */
export type UnreturnedAsset = { id: number; assetNo: string; name: string; categoryName: string; employeeId: number; employeeName: string; issuedOn: string | null };
