import { z } from 'zod';
import { EDUCATIONS, EMPLOYMENT_TYPES, ETHNICITIES, GENDERS, HUKOU_TYPES, ID_TYPES, MARITAL_STATUSES } from '../employee-codes.ts';
import { QUIT_TYPES } from '../lifecycle/resignation.ts';

/**
 * 字典中心: system dictionaries (fixed, read-only) and the company's own. Every select that shows
 * such a list reads it through `${DICT_API}${DICT_PATHS.items}` (docs/dictionaries.md).
 */

export const DICT_API = '/wfsaas-saas/api';
export const DICT_PATHS = {
  /** Every dictionary the caller's company has, system and own, with item counts. */
  list: '/customDictionary/list',
  /** One dictionary's items by code; `includeDisabled` for the editor, otherwise enabled items only. */
  items: '/customDictionary/items',
  save: '/customDictionary/save',
  remove: '/customDictionary/remove',
  itemSave: '/customDictionary/item/save',
  itemReorder: '/customDictionary/item/reorder',
  itemEnable: '/customDictionary/item/enable',
  itemRemove: '/customDictionary/item/remove',
  /** Where an item is used (records and forms naming it), so a used item is disabled, never deleted. */
  itemUsage: '/customDictionary/item/usage',
} as const;
export const DICT_READ = 'dictionaryCenter';
export const DICT_EDIT = 'dictionaryCenter.edit';

/** A dictionary's code: system codes are fixed; a company's own are `c_` + letters, digits and underscores. */
export const zDictionaryCode = z
  .string()
  .trim()
  .regex(/^[a-z][a-zA-Z0-9_]{1,39}$/, '应为2-40位字母、数字或下划线，以小写字母开头')
  .describe('字典编码');

export const zDictionaryItemsQuery = z.object({ code: zDictionaryCode, includeDisabled: z.boolean().optional() });
export type DictionaryItemsQuery = z.infer<typeof zDictionaryItemsQuery>;

/** One item as every select reads it; `value` is what records store. */
export type DictionaryItem = { value: string; label: string; enabled: boolean; sort: number; system: boolean };
export type DictionaryView = { code: string; name: string; system: boolean; description: string; itemCount: number; enabledCount: number };

// ── System dictionaries and the company's own (docs/dictionaries.md) ──

/** A company's own dictionary codes start with this; system codes never do. */
export const COMPANY_DICT_PREFIX = 'c_';
/** Items a company adds to an extendable system dictionary get values starting with this, so they never meet a system value. */
export const COMPANY_ITEM_PREFIX = 'c_';
/** A custom form widget names the dictionary its options come from in `options[DICT_WIDGET_KEY]`. */
export const DICT_WIDGET_KEY = 'dictionaryCode';

/** 政治面貌 (GB/T 4762 codes). */
export const POLITICAL_STATUSES = [
  { value: '01', label: '中共党员' },
  { value: '02', label: '中共预备党员' },
  { value: '03', label: '共青团员' },
  { value: '04', label: '民革党员' },
  { value: '05', label: '民盟盟员' },
  { value: '06', label: '民建会员' },
  { value: '07', label: '民进会员' },
  { value: '08', label: '农工党党员' },
  { value: '09', label: '致公党党员' },
  { value: '10', label: '九三学社社员' },
  { value: '11', label: '台盟盟员' },
  { value: '12', label: '无党派人士' },
  { value: '13', label: '群众' },
] as const;

/** 离职原因: the standard reasons; a company may add its own (离职类型 is the separate, fixed classification). */
export const QUIT_REASONS = [
  { value: '1', label: '个人发展' },
  { value: '2', label: '薪酬福利' },
  { value: '3', label: '家庭原因' },
  { value: '4', label: '工作环境' },
  { value: '5', label: '身体原因' },
  { value: '6', label: '继续深造' },
  { value: '7', label: '合同到期' },
  { value: '8', label: '公司调整' },
  { value: '9', label: '其他' },
] as const;

export type SystemDictionary = {
  code: string;
  name: string;
  description: string;
  /** Whether a company may add its own items after the fixed ones. */
  extendable: boolean;
  items: readonly { value: string; label: string }[];
};

const fromTable = (t: readonly { value: number | string; label: string }[]) => t.map((o) => ({ value: String(o.value), label: o.label }));

/** The fixed lists, in the order the screen shows them; values are the stored codes as strings. */
export const SYSTEM_DICTIONARIES: readonly SystemDictionary[] = [
  { code: 'idType', name: '证件类型', description: '员工证件的类型', extendable: false, items: fromTable(ID_TYPES) },
  { code: 'gender', name: '性别', description: '员工性别', extendable: false, items: fromTable(GENDERS) },
  { code: 'employmentType', name: '用工类型', description: '员工的用工形式', extendable: false, items: fromTable(EMPLOYMENT_TYPES) },
  { code: 'education', name: '学历', description: '员工的最高学历', extendable: false, items: fromTable(EDUCATIONS) },
  { code: 'ethnicity', name: '民族', description: '56个民族（GB/T 3304），取值为民族名称', extendable: false, items: ETHNICITIES.map((e) => ({ value: e, label: e })) },
  { code: 'politicalStatus', name: '政治面貌', description: '政治面貌（GB/T 4762），可用于自定义表单字段', extendable: false, items: POLITICAL_STATUSES },
  { code: 'maritalStatus', name: '婚姻状况', description: '员工婚姻状况', extendable: false, items: fromTable(MARITAL_STATUSES) },
  { code: 'hukouType', name: '户口性质', description: '员工户口性质', extendable: false, items: fromTable(HUKOU_TYPES) },
  { code: 'quitType', name: '离职类型', description: '离职的分类，用于离职统计和离职证明', extendable: false, items: fromTable(QUIT_TYPES) },
  { code: 'quitReason', name: '离职原因', description: '办理离职时选择的原因；企业可增加自己的选项', extendable: true, items: QUIT_REASONS },
];

export function systemDictionary(code: string): SystemDictionary | undefined {
  return SYSTEM_DICTIONARIES.find((d) => d.code === code);
}

/** A system dictionary or a company's own: `c_` + letters, digits and underscores. */
export const zCompanyDictionaryCode = zDictionaryCode.refine((c) => c.startsWith(COMPANY_DICT_PREFIX), '字典编码应以 c_ 开头（系统字典不能新增或修改）');

const zDictName = z.string().trim().min(1).max(30).describe('字典名称');
const zItemLabel = z.string().trim().min(1).max(50).describe('选项名称');
const zItemValue = z.string().trim().min(1).max(50).describe('选项值');

/** 新增字典 (`isNew`) or rename / re-describe one; the code never changes. */
export const zDictionarySave = z.object({
  code: zCompanyDictionaryCode,
  name: zDictName,
  description: z.string().trim().max(200).optional().describe('字典说明'),
  isNew: z.boolean().optional(),
});
export type DictionarySave = z.infer<typeof zDictionarySave>;

export const zDictionaryRef = z.object({ code: zDictionaryCode });

/** 新增选项 (no `value`: the value is given) or rename one (`value` of the item). */
export const zDictionaryItemSave = z.object({ code: zDictionaryCode, value: zItemValue.optional(), label: zItemLabel });
export type DictionaryItemSave = z.infer<typeof zDictionaryItemSave>;

export const zDictionaryItemRef = z.object({ code: zDictionaryCode, value: zItemValue });
export const zDictionaryItemEnable = z.object({ code: zDictionaryCode, value: zItemValue, enabled: z.boolean().describe('启用状态') });
/** The company's items in their new order (system items stay first, as they are). */
export const zDictionaryItemReorder = z.object({ code: zDictionaryCode, values: z.array(zItemValue).min(1).max(500).describe('选项顺序') });

/** Where an item is used: per place, how many records and a few of them by name. */
export type DictionaryUsagePlace = { place: string; count: number; examples: string[] };
export type DictionaryUsage = { code: string; value: string; label: string; count: number; places: DictionaryUsagePlace[] };
/** What a dictionary view adds for the editor: whether a company may add items to it. */
export type DictionaryListView = DictionaryView & { extendable: boolean };
