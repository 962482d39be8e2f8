import { z } from 'zod';

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
  .regex(/^[a-z][a-zA-Z0-9_]{1,39}$/, '字典编码应为2-40位字母、数字或下划线，以小写字母开头')
  .describe('字典编码');

export const zDictionaryItemsQuery = z.object({ code: zDictionaryCode, includeDisabled: z.boolean().optional() });
export type DictionaryItemsQuery = z.infer<typeof zDictionaryItemsQuery>;

/** One item as every select reads it; `value` is what records store. */
export type DictionaryItem = { value: string; label: string; enabled: boolean; sort: number; system: boolean };
export type DictionaryView = { code: string; name: string; system: boolean; description: string; itemCount: number; enabledCount: number };
