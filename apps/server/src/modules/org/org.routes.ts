import {
  zCostCenterAdd,
  zCostCenterId,
  zCostCenterPage,
  zCostCenterUpdate,
  zDepartmentAdd,
  zDepartmentAsOf,
  zDepartmentId,
  zDepartmentMerge,
  zDepartmentMove,
  zDepartmentTree,
  zDepartmentUpdate,
  zDepartmentVersionId,
  zDepartmentVersionPage,
  zDepartmentVersionSave,
  zOrgEmployeeQuery,
  zPositionAdd,
  zPositionId,
  zPositionPage,
  zPositionUpdate,
  zRankAdd,
  zRankCategoryAdd,
  zRankCategoryId,
  zRankCategoryUpdate,
  zRankId,
  zRankList,
  zRankUpdate,
} from '@wfsaas/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import { checkUploadContent, readSingleUpload, XLSX_MIME, sendFile } from '../../platform/files/index.ts';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as costCenters from './cost-centers.service.ts';
import * as imports from './department-import.service.ts';
import { readDepartmentTemplate, TEMPLATE_FILE_NAME, type TemplateRow } from './department-template.ts';
import * as departments from './departments.service.ts';
import * as positions from './positions.service.ts';
import * as ranks from './ranks.service.ts';
import * as versions from './versions.service.ts';

const ORG_READ = 'organizationalIndex';
const ORG_WRITE = 'organizationalstructure.edit';
const CHART_READ = 'organizationalIndexduo';
const PR_READ = 'positionRank';
const PR_WRITE = 'positionRank.edit';
const CC_READ = 'costCenter';
const CC_WRITE = 'costCenter.edit';

/** The largest department template accepted. */
const TEMPLATE_LIMIT_BYTES = 5 * 1024 * 1024;

/** Reads the uploaded template (field `file`) into memory, checks it is an xlsx and reads its rows. */
async function receiveTemplate(req: FastifyRequest, limitBytes: number): Promise<TemplateRow[]> {
  const { filename, data } = await readSingleUpload(req, limitBytes, {
    notMultipart: '请以文件表单（multipart/form-data）上传部门模板',
    missing: '请选择要导入的部门模板文件',
    tooLarge: `文件过大，部门模板不能超过 ${Math.floor(limitBytes / 1024 / 1024)} MB`,
  });
  const size = data.length;
  if (size === 0) throw badRequest('文件内容为空，请选择填写好的部门模板（.xlsx）');
  const check = checkUploadContent(filename, data.subarray(0, 64 * 1024), data.subarray(Math.max(0, size - 64 * 1024)));
  if (!check.ok || check.ext !== 'xlsx') throw badRequest('文件格式不正确，请上传下载的部门模板（.xlsx 文件）');
  return readDepartmentTemplate(data);
}

/** Organisation: departments, versions, the template, positions, ranks and cost centres. */
export function registerOrgRoutes(app: FastifyInstance, s: AppServices) {
  const dept = '/wfsaas-saas/api/companyDepartment';
  const ver = '/wfsaas-saas/api/companyDepartmentVersion';
  const tags = ['组织架构'];

  defineRoute(app, s, { url: `${dept}/tree`, access: ORG_READ, summary: '部门树（含本部门及下级合计的编制与在职人数）', tags, body: zDepartmentTree, handler: (c) => departments.departmentTree(c, c.body.includeDisabled) });
  defineRoute(app, s, { url: `${dept}/chart`, access: CHART_READ, summary: '组织架构图的部门树（同 tree，供架构图页面）', tags, body: zDepartmentTree, handler: (c) => departments.departmentTree(c, c.body.includeDisabled) });
  defineRoute(app, s, { url: `${dept}/options`, access: 'member', summary: '部门选项（平铺，供选择部门）', tags, body: zDepartmentTree, handler: (c) => departments.departmentOptions(c, c.body.includeDisabled) });
  defineRoute(app, s, { url: `${dept}/detail`, access: ORG_READ, summary: '部门详情', tags, body: zDepartmentId, handler: (c) => departments.departmentDetail(c, c.body.id) });
  defineRoute(app, s, { url: `${dept}/leaderOptions`, access: ORG_READ, summary: '可选的部门负责人（在职员工，按姓名或工号搜索）', tags, body: zOrgEmployeeQuery, handler: (c) => departments.employeeOptions(c, c.body) });
  defineRoute(app, s, { url: `${dept}/add`, access: ORG_WRITE, summary: '新增部门', tags, body: zDepartmentAdd, handler: (c) => departments.addDepartment(c, c.body) });
  defineRoute(app, s, { url: `${dept}/update`, access: ORG_WRITE, summary: '修改部门（名称、编码、负责人、编制）', tags, body: zDepartmentUpdate, handler: (c) => departments.updateDepartment(c, c.body) });
  defineRoute(app, s, { url: `${dept}/move`, access: ORG_WRITE, summary: '移动部门（连同下级；sort 为在新上级下的位置，从0开始）', tags, body: zDepartmentMove, handler: (c) => departments.moveDepartment(c, c.body) });
  defineRoute(app, s, { url: `${dept}/merge`, access: ORG_WRITE, summary: '合并部门（下级部门、员工、职位并入目标部门，原部门归档）', tags, body: zDepartmentMerge, handler: (c) => departments.mergeDepartments(c, c.body) });
  defineRoute(app, s, { url: `${dept}/disable`, access: ORG_WRITE, summary: '停用部门（连同下级部门；有在职员工时不能停用）', tags, body: zDepartmentId, handler: (c) => departments.disableDepartment(c, c.body.id) });
  defineRoute(app, s, { url: `${dept}/enable`, access: ORG_WRITE, summary: '启用部门（连同已停用的下级部门）', tags, body: zDepartmentId, handler: (c) => departments.enableDepartment(c, c.body.id) });
  defineRoute(app, s, { url: `${dept}/delete`, access: ORG_WRITE, summary: '删除部门（无员工且无下级部门时，归档）', tags, body: zDepartmentId, handler: (c) => departments.deleteDepartment(c, c.body.id) });

  defineRoute(app, s, {
    url: `${dept}/template/download`,
    access: ORG_READ,
    summary: '下载部门导入模板（xlsx）',
    tags,
    handler: async (c) => {
      const data = await imports.departmentTemplate(c);
      return sendFile(c.reply, { name: TEMPLATE_FILE_NAME, type: XLSX_MIME, body: data });
    },
  });
  defineRoute(app, s, {
    url: `${dept}/template/import`,
    access: ORG_WRITE,
    summary: '导入部门模板（multipart，字段名 file）：逐行校验，有错误时不写入并返回每行的错误',
    tags,
    receive: (req) => receiveTemplate(req, Math.min(TEMPLATE_LIMIT_BYTES, s.config.uploadLimitBytes)),
    handler: (c) => imports.importDepartments(c, c.received as TemplateRow[]),
  });

  defineRoute(app, s, { url: `${ver}/save`, access: ORG_WRITE, summary: '将当前组织架构保存为版本（生效日期）', tags, body: zDepartmentVersionSave, handler: (c) => versions.saveVersion(c, c.body) });
  defineRoute(app, s, { url: `${ver}/page`, access: ORG_READ, summary: '组织架构版本列表', tags, body: zDepartmentVersionPage, handler: (c) => versions.pageVersions(c, c.body) });
  defineRoute(app, s, { url: `${ver}/detail`, access: ORG_READ, summary: '组织架构版本详情（部门树）', tags, body: zDepartmentVersionId, handler: (c) => versions.versionDetail(c, c.body.id) });
  defineRoute(app, s, { url: `${ver}/asOf`, access: ORG_READ, summary: '某日的组织架构（生效日期不晚于该日的最新版本）', tags, body: zDepartmentAsOf, handler: (c) => versions.treeAsOf(c, c.body.date) });

  const prTags = ['职位职级'];
  const pos = '/wfsaas-saas/api/position';
  defineRoute(app, s, { url: `${pos}/page`, access: PR_READ, summary: '职位分页列表（可按部门、范围筛选）', tags: prTags, body: zPositionPage, handler: (c) => positions.pagePositions(c, c.body) });
  defineRoute(app, s, { url: `${pos}/add`, access: PR_WRITE, summary: '新增职位（全公司通用或某部门）', tags: prTags, body: zPositionAdd, handler: (c) => positions.addPosition(c, c.body) });
  defineRoute(app, s, { url: `${pos}/update`, access: PR_WRITE, summary: '修改职位', tags: prTags, body: zPositionUpdate, handler: (c) => positions.updatePosition(c, c.body) });
  defineRoute(app, s, { url: `${pos}/disable`, access: PR_WRITE, summary: '停用职位', tags: prTags, body: zPositionId, handler: (c) => positions.setPositionStatus(c, c.body.id, 0) });
  defineRoute(app, s, { url: `${pos}/enable`, access: PR_WRITE, summary: '启用职位', tags: prTags, body: zPositionId, handler: (c) => positions.setPositionStatus(c, c.body.id, 1) });
  defineRoute(app, s, { url: `${pos}/delete`, access: PR_WRITE, summary: '删除职位（无在职员工任该职位时，归档）', tags: prTags, body: zPositionId, handler: (c) => positions.deletePosition(c, c.body.id) });

  const cat = '/wfsaas-saas/api/rankCategory';
  defineRoute(app, s, { url: `${cat}/list`, access: PR_READ, summary: '职级类别列表', tags: prTags, handler: (c) => ranks.listCategories(c) });
  defineRoute(app, s, { url: `${cat}/add`, access: PR_WRITE, summary: '新增职级类别', tags: prTags, body: zRankCategoryAdd, handler: (c) => ranks.addCategory(c, c.body) });
  defineRoute(app, s, { url: `${cat}/update`, access: PR_WRITE, summary: '修改职级类别', tags: prTags, body: zRankCategoryUpdate, handler: (c) => ranks.updateCategory(c, c.body) });
  defineRoute(app, s, { url: `${cat}/delete`, access: PR_WRITE, summary: '删除职级类别（类别下无职级时）', tags: prTags, body: zRankCategoryId, handler: (c) => ranks.deleteCategory(c, c.body.id) });

  const rank = '/wfsaas-saas/api/rank';
  defineRoute(app, s, { url: `${rank}/list`, access: PR_READ, summary: '职级列表（含月薪范围，金额为两位小数的字符串）', tags: prTags, body: zRankList, handler: (c) => ranks.listRanks(c, c.body.categoryId) });
  defineRoute(app, s, { url: `${rank}/add`, access: PR_WRITE, summary: '新增职级', tags: prTags, body: zRankAdd, handler: (c) => ranks.addRank(c, c.body) });
  defineRoute(app, s, { url: `${rank}/update`, access: PR_WRITE, summary: '修改职级', tags: prTags, body: zRankUpdate, handler: (c) => ranks.updateRank(c, c.body) });
  defineRoute(app, s, { url: `${rank}/delete`, access: PR_WRITE, summary: '删除职级（无在职员工任该职级时，归档）', tags: prTags, body: zRankId, handler: (c) => ranks.deleteRank(c, c.body.id) });

  const ccTags = ['成本中心'];
  const cc = '/wfsaas-saas/api/costCenter';
  defineRoute(app, s, { url: `${cc}/page`, access: CC_READ, summary: '成本中心分页列表', tags: ccTags, body: zCostCenterPage, handler: (c) => costCenters.pageCostCenters(c, c.body) });
  defineRoute(app, s, { url: `${cc}/ownerOptions`, access: CC_READ, summary: '可选的成本中心负责人（在职员工）', tags: ccTags, body: zOrgEmployeeQuery, handler: (c) => departments.employeeOptions(c, c.body) });
  defineRoute(app, s, { url: `${cc}/add`, access: CC_WRITE, summary: '新增成本中心（一个部门只能属于一个成本中心）', tags: ccTags, body: zCostCenterAdd, handler: (c) => costCenters.addCostCenter(c, c.body) });
  defineRoute(app, s, { url: `${cc}/update`, access: CC_WRITE, summary: '修改成本中心（关联部门整体替换）', tags: ccTags, body: zCostCenterUpdate, handler: (c) => costCenters.updateCostCenter(c, c.body) });
  defineRoute(app, s, { url: `${cc}/delete`, access: CC_WRITE, summary: '删除成本中心（无在职员工归属时，归档）', tags: ccTags, body: zCostCenterId, handler: (c) => costCenters.deleteCostCenter(c, c.body.id) });
}
