import {
  DICT_API,
  DICT_EDIT,
  DICT_PATHS as P,
  DICT_READ,
  zDictionaryItemEnable,
  zDictionaryItemRef,
  zDictionaryItemReorder,
  zDictionaryItemSave,
  zDictionaryItemsQuery,
  zDictionaryRef,
  zDictionarySave,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './dictionaries.service.ts';

/** 字典中心 (DICT_PATHS): every member reads items for the selects; the editor needs dictionaryCenter(.edit). */

const url = (path: string) => `${DICT_API}${path}`;
const tags = ['字典中心'];

export function registerDictionaryRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.list), access: DICT_READ, summary: '字典列表（系统字典在前，含选项数）', tags, handler: (c) => svc.listDictionaries(c) });
  defineRoute(app, s, {
    url: url(P.items),
    access: 'member',
    summary: '字典选项（按编码；默认仅启用的选项，includeDisabled 含停用）',
    tags,
    body: zDictionaryItemsQuery,
    handler: (c) => svc.listItems(c, c.body.code, c.body.includeDisabled),
  });
  defineRoute(app, s, { url: url(P.save), access: DICT_EDIT, summary: '新增字典（isNew，编码以 c_ 开头）或修改名称、说明', tags, body: zDictionarySave, handler: (c) => svc.saveDictionary(c, c.body) });
  defineRoute(app, s, { url: url(P.remove), access: DICT_EDIT, summary: '删除企业字典（无表单字段引用、选项均未使用）', tags, body: zDictionaryRef, handler: (c) => svc.removeDictionary(c, c.body.code) });
  defineRoute(app, s, { url: url(P.itemSave), access: DICT_EDIT, summary: '新增选项或修改选项名称（系统选项不可改）', tags, body: zDictionaryItemSave, handler: (c) => svc.saveItem(c, c.body) });
  defineRoute(app, s, { url: url(P.itemReorder), access: DICT_EDIT, summary: '调整企业选项顺序（系统选项固定在前）', tags, body: zDictionaryItemReorder, handler: (c) => svc.reorderItems(c, c.body.code, c.body.values) });
  defineRoute(app, s, { url: url(P.itemEnable), access: DICT_EDIT, summary: '启用或停用选项（停用后不再供选择，已有记录照常显示）', tags, body: zDictionaryItemEnable, handler: (c) => svc.enableItem(c, c.body.code, c.body.value, c.body.enabled) });
  defineRoute(app, s, { url: url(P.itemRemove), access: DICT_EDIT, summary: '删除未使用的选项（已使用的只能停用）', tags, body: zDictionaryItemRef, handler: (c) => svc.removeItem(c, c.body.code, c.body.value) });
  defineRoute(app, s, { url: url(P.itemUsage), access: DICT_READ, summary: '选项的使用情况（哪些记录使用，数量和示例）', tags, body: zDictionaryItemRef, handler: (c) => svc.itemUsage(c, c.body.code, c.body.value) });
}
