import {
  ASSET_API,
  ASSET_EDIT,
  ASSET_PATHS as P,
  ASSET_READ,
  zAssetCategoryId,
  zAssetCategorySave,
  zAssetCategoryStatus,
  zAssetId,
  zAssetIssue,
  zAssetPage,
  zAssetRepair,
  zAssetReturn,
  zAssetSave,
  zAssetScrap,
  zAssetSettingsSave,
  zAssetsOfEmployee,
  zAssetStats,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './assets.service.ts';

/** 资产中心 (ASSET_PATHS): reads need assetsList, every write assetsList.edit. */

const url = (path: string) => `${ASSET_API}${path}`;
const tags = ['资产中心'];

export function registerAssetRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.categoryList), access: ASSET_READ, summary: '资产分类（首次打开时建立默认分类）', tags, handler: (c) => svc.listCategoriesView(c) });
  defineRoute(app, s, { url: url(P.categorySave), access: ASSET_EDIT, summary: '新增或重命名资产分类', tags, body: zAssetCategorySave, handler: (c) => svc.saveCategory(c, c.body) });
  defineRoute(app, s, { url: url(P.categoryStatus), access: ASSET_EDIT, summary: '启用或停用资产分类', tags, body: zAssetCategoryStatus, handler: (c) => svc.setCategoryStatus(c, c.body.id, c.body.status) });
  defineRoute(app, s, { url: url(P.categoryRemove), access: ASSET_EDIT, summary: '删除资产分类（分类下有资产时不能删除）', tags, body: zAssetCategoryId, handler: (c) => svc.removeCategory(c, c.body.id) });
  defineRoute(app, s, { url: url(P.page), access: ASSET_READ, summary: '资产列表（关键字、分类、状态、领用人，分页）', tags, body: zAssetPage, handler: (c) => svc.pageAssets(c, c.body) });
  defineRoute(app, s, { url: url(P.stats), access: ASSET_READ, summary: '各状态资产数与资产价值合计', tags, body: zAssetStats, handler: (c) => svc.assetStats(c, c.body) });
  defineRoute(app, s, { url: url(P.exportList), access: ASSET_READ, summary: '导出资产清单（按当前筛选条件，加入下载中心）', tags, body: zAssetStats.extend({ status: zAssetPage.shape.status }), handler: (c) => svc.requestAssetExport(c, c.body) });
  defineRoute(app, s, { url: url(P.detail), access: ASSET_READ, summary: '资产详情与全部记录', tags, body: zAssetId, handler: (c) => svc.assetDetail(c, c.body.id) });
  defineRoute(app, s, { url: url(P.nextNo), access: ASSET_EDIT, summary: '生成下一个资产编号', tags, handler: (c) => svc.nextAssetNo(c) });
  defineRoute(app, s, { url: url(P.save), access: ASSET_EDIT, summary: '新增或编辑资产（资产编号在本企业唯一）', tags, body: zAssetSave, handler: (c) => svc.saveAsset(c, c.body) });
  defineRoute(app, s, { url: url(P.issue), access: ASSET_EDIT, summary: '领用：在库 → 已领用（领用人须为在职员工）', tags, body: zAssetIssue, handler: (c) => svc.issueAsset(c, c.body) });
  defineRoute(app, s, { url: url(P.giveBack), access: ASSET_EDIT, summary: '归还：已领用 → 在库', tags, body: zAssetReturn, handler: (c) => svc.returnAsset(c, c.body) });
  defineRoute(app, s, { url: url(P.repair), access: ASSET_EDIT, summary: '送修：在库 → 维修中', tags, body: zAssetRepair, handler: (c) => svc.repairAsset(c, c.body) });
  defineRoute(app, s, { url: url(P.repaired), access: ASSET_EDIT, summary: '修好：维修中 → 在库', tags, body: zAssetRepair, handler: (c) => svc.repairedAsset(c, c.body) });
  defineRoute(app, s, { url: url(P.scrap), access: ASSET_EDIT, summary: '报废（在库或维修中；报废后不能再变更）', tags, body: zAssetScrap, handler: (c) => svc.scrapAsset(c, c.body) });
  defineRoute(app, s, { url: url(P.settings), access: ASSET_READ, summary: '资产设置（有未归还资产时不能完成离职）', tags, handler: (c) => svc.readAssetSettings(c) });
  defineRoute(app, s, { url: url(P.settingsSave), access: ASSET_EDIT, summary: '保存资产设置', tags, body: zAssetSettingsSave, handler: (c) => svc.saveAssetSettings(c, c.body) });
  defineRoute(app, s, { url: url(P.ofEmployee), access: ASSET_READ, summary: '员工当前领用的资产', tags, body: zAssetsOfEmployee, handler: (c) => svc.assetsOfEmployee(c, c.body.employeeId) });
}
