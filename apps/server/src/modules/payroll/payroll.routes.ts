import {
  PAYROLL_API,
  PAYROLL_IMPORT_MAX_BYTES,
  PAYROLL_PATHS as P,
  PAYROLL_PERMISSIONS as A,
  zCalendarList,
  zCalendarSave,
  zCalendarWorkingDays,
  zDeclarationExport,
  zDeclarationList,
  zDeclarationStatus,
  zGroupMembers,
  zGroupSave,
  zOverview,
  zPaymentPage,
  zPayrollGroupId,
  zBankFileExport,
  zPayrollRunId,
  zPolicyId,
  zPolicyList,
  zPolicySave,
  zRunCreate,
  zRunExplain,
  zRunImportQuery,
  zRunInputSave,
  zRunPage,
  zRunResults,
  zRunUnlock,
  zSheetDetail,
  zSheetPage,
  zTaxProfileList,
  zTaxProfileSave,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { receiveDataSheet, type ParsedDataSheet } from './payroll-import.ts';
import { registerPayrollDataRoutes } from './payroll-data.routes.ts';
import { registerPayrollOpeningRoutes } from './payroll-opening.routes.ts';
import * as out from './payroll-outputs.service.ts';
import * as runs from './payroll-runs.service.ts';
import * as setup from './payroll-setup.service.ts';

/** 算薪 (/fzsxapp) and 工资表与个税 (/dfdbs). */
export function registerPayrollRoutes(app: FastifyInstance, s: AppServices) {
  registerPayrollDataRoutes(app, s);
  registerPayrollOpeningRoutes(app, s);
  registerSetupRoutes(app, s);
  registerRunRoutes(app, s);
  registerSheetRoutes(app, s);
}

const tags = ['算薪'];
const url = (path: string) => `${PAYROLL_API}${path}`;

/** City policies, the calendar, salary groups and tax profiles. */
function registerSetupRoutes(app: FastifyInstance, s: AppServices) {
  // City policies
  defineRoute(app, s, { url: url(P.policyList), access: A.groupRead, summary: '社保公积金政策（内置与本企业），可按城市筛选', tags, body: zPolicyList, handler: (c) => setup.listPoliciesView(c, c.body.city) });
  defineRoute(app, s, { url: url(P.policySave), access: A.groupEdit, summary: '保存本企业的社保政策（新增城市，或修改内置政策的企业副本）', tags, body: zPolicySave, handler: (c) => setup.savePolicy(c, c.body) });
  defineRoute(app, s, { url: url(P.policyRemove), access: A.groupEdit, summary: '删除本企业的社保政策（内置政策恢复生效）', tags, body: zPolicyId, handler: (c) => setup.removePolicy(c, c.body.id) });

  // Calendar
  defineRoute(app, s, { url: url(P.calendarList), access: A.calendarRead, summary: '工作日历：法定节假日、调休上班日与每月工作日天数', tags, body: zCalendarList, handler: (c) => setup.calendarView(c, c.body.year) });
  defineRoute(app, s, { url: url(P.calendarSave), access: A.calendarEdit, summary: '保存本企业一年的日历设置（覆盖内置日期）', tags, body: zCalendarSave, handler: (c) => setup.saveCalendar(c, c.body) });
  defineRoute(app, s, {
    url: url(P.calendarWorkingDays),
    access: A.groupRead,
    summary: '某月的工作日天数',
    tags,
    body: zCalendarWorkingDays,
    handler: async (c) => ({ month: c.body.month, workingDays: await setup.workingDaysOfMonth(c.tx, c.companyId, c.body.month) }),
  });

  // Salary groups
  defineRoute(app, s, { url: url(P.groupList), access: A.groupRead, summary: '薪资组列表', tags, handler: (c) => setup.listGroupsView(c) });
  defineRoute(app, s, { url: url(P.groupDetail), access: A.groupRead, summary: '薪资组详情', tags, body: zPayrollGroupId, handler: (c) => setup.groupDetail(c, c.body.id) });
  defineRoute(app, s, { url: url(P.groupSave), access: A.groupEdit, summary: '保存薪资组（有 id 时修改）：校验全部公式，出错时不保存', tags, body: zGroupSave, handler: (c) => setup.saveGroup(c, c.body) });
  defineRoute(app, s, { url: url(P.groupRemove), access: A.groupEdit, summary: '删除薪资组', tags, body: zPayrollGroupId, handler: (c) => setup.removeGroup(c, c.body.id) });
  defineRoute(app, s, { url: url(P.groupMembers), access: A.groupRead, summary: '薪资组某月的人员（分页）', tags, body: zGroupMembers, handler: (c) => setup.groupMembers(c, c.body) });

  // Tax profiles
  defineRoute(app, s, { url: url(P.taxProfileList), access: A.runRead, summary: '员工年度个税扣除信息', tags, body: zTaxProfileList, handler: (c) => setup.listTaxProfilesView(c, c.body.year, c.body.employeeIds) });
  defineRoute(app, s, { url: url(P.taxProfileSave), access: A.runEdit, summary: '保存员工年度个税扣除信息（专项附加扣除、首次取得工资、上年收入不超过6万元）', tags, body: zTaxProfileSave, handler: (c) => setup.saveTaxProfile(c, c.body) });
}

/** A month's runs: data, check, calculation, results, lock, submit, payslips, export; the month's overview. */
function registerRunRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, { url: url(P.runPage), access: A.runRead, summary: '薪资批次（按月份、薪资组、状态，分页）', tags, body: zRunPage, handler: (c) => runs.pageRunsView(c, c.body, c.body.pageNum, c.body.pageSize) });
  defineRoute(app, s, { url: url(P.runCreate), access: A.runEdit, summary: '新建某薪资组某月的薪资批次', tags, body: zRunCreate, handler: (c) => runs.createRun(c, c.body) });
  defineRoute(app, s, { url: url(P.runDetail), access: A.runRead, summary: '薪资批次详情', tags, body: zPayrollRunId, handler: (c) => runs.runDetail(c, c.body.runId) });
  defineRoute(app, s, {
    url: url(P.runImport),
    access: A.runEdit,
    summary: '导入月度数据（multipart，字段名 file；?runId=）：按表头名称对应导入项，按工号或证件号码匹配员工',
    tags,
    bodyLimit: PAYROLL_IMPORT_MAX_BYTES + 1024 * 1024,
    receive: async (req) => {
      let query;
      try {
        query = parseInput(zRunImportQuery, req.query);
      } catch (err) {
        if (req.isMultipart()) req.raw.resume();
        throw err;
      }
      return { runId: query.runId, sheet: await receiveDataSheet(s, req) };
    },
    handler: async (c) => {
      const received = c.received as { runId: number; sheet: ParsedDataSheet };
      return runs.importRunData(s, c, received.runId, received.sheet);
    },
  });
  defineRoute(app, s, { url: url(P.runInputSave), access: A.runEdit, summary: '录入或修改一名员工的导入项数值', tags, body: zRunInputSave, handler: (c) => runs.saveRunInput(c, c.body) });
  defineRoute(app, s, { url: url(P.runCheck), access: A.runRead, summary: '数据完整性检查：缺少数据、月中入离职、未设月薪、缺少银行账号、按参保信息时本月无参保信息；计算后另含实发为负、较上月变动超过30%', tags, body: zPayrollRunId, handler: (c) => runs.checkRun(c, c.body.runId) });
  defineRoute(app, s, { url: url(P.runCalculate), access: A.runCalculate, summary: '计算薪资（后台任务，可查询进度）；锁定后不能重新计算', tags, body: zPayrollRunId, handler: (c) => runs.calculate(c, c.body.runId) });
  defineRoute(app, s, { url: url(P.runProgress), access: A.runRead, summary: '计算进度', tags, body: zPayrollRunId, handler: (c) => runs.progress(c, c.body.runId) });
  defineRoute(app, s, { url: url(P.runResults), access: A.runRead, summary: '计算结果（每名员工各工资项、社保、个税、实发及与上月差额，分页）', tags, body: zRunResults, handler: (c) => runs.results(c, c.body) });
  defineRoute(app, s, { url: url(P.runExplain), access: A.runRead, summary: '一名员工的计算过程：各工资项的公式、取值与结果，个税的累计预扣明细', tags, body: zRunExplain, handler: (c) => runs.explain(c, c.body) });
  defineRoute(app, s, { url: url(P.runLock), access: A.runLock, summary: '锁定薪资（锁定后不能重新计算）', tags, body: zPayrollRunId, handler: (c) => runs.lockRunAction(c, c.body.runId) });
  defineRoute(app, s, { url: url(P.runUnlock), access: A.runLock, summary: '解锁薪资（须填写原因，记入审计日志）', tags, body: zRunUnlock, handler: (c) => runs.unlockRun(c, c.body) });
  defineRoute(app, s, { url: url(P.runSubmit), access: A.runSubmit, summary: '提交工资表（已锁定的批次）', tags, body: zPayrollRunId, handler: (c) => runs.submitRun(c, c.body.runId) });
  defineRoute(app, s, { url: url(P.runRemove), access: A.runEdit, summary: '删除未锁定的薪资批次', tags, body: zPayrollRunId, handler: (c) => runs.removeRun(c, c.body.runId) });
  defineRoute(app, s, { url: url(P.runPushPayslip), access: A.runSubmit, summary: '推送工资条：由已锁定或已提交的批次生成工资条草稿批次，返回工资条批次 id', tags, body: zPayrollRunId, handler: (c) => out.pushToPayslips(s, c, c.body.runId) });
  defineRoute(app, s, { url: url(P.runExport), access: A.runRead, summary: '导出工资表（已计算、已锁定或已提交的批次）：加入下载中心，返回导出记录', tags, body: zPayrollRunId, handler: (c) => out.requestSheetExport(s, c, c.body.runId) });
  defineRoute(app, s, { url: url(P.overview), access: A.overview, summary: '开始算薪：本月各薪资组的批次与状态', tags, body: zOverview, handler: (c) => runs.overview(c, c.body.month) });
}

/** Submitted sheets, payments with the bank file, and the tax declaration. */
function registerSheetRoutes(app: FastifyInstance, s: AppServices) {
  const dTags = ['工资表与个税'];
  defineRoute(app, s, { url: url(P.sheetPage), access: A.sheetRead, summary: '工资表列表（已提交的薪资批次）', tags: dTags, body: zSheetPage, handler: (c) => out.pageSheets(c, c.body) });
  defineRoute(app, s, { url: url(P.sheetDetail), access: A.sheetRead, summary: '工资表详情（payslipId 即薪资批次 id），员工明细分页', tags: dTags, body: zSheetDetail, handler: (c) => out.sheetDetail(c, c.body) });
  defineRoute(app, s, { url: url(P.paymentPage), access: A.paymentRead, summary: '发放记录：已提交工资表的每名员工实发金额与收款账户（掩码）', tags: dTags, body: zPaymentPage, handler: (c) => out.pagePayments(c, c.body) });
  defineRoute(app, s, { url: url(P.paymentBankFile), access: A.paymentRead, summary: '导出银行代发文件（含完整银行账号，需「查看敏感信息」权限）：加入下载中心，返回导出记录', tags: dTags, body: zBankFileExport, handler: (c) => out.requestBankFileExport(s, c, c.body.runId, { layout: c.body.layout, accountId: c.body.accountId }) });
  defineRoute(app, s, { url: url(P.declarationList), access: A.declarationRead, summary: '个税申报记录（按月）', tags: dTags, body: zDeclarationList, handler: (c) => out.listDeclarationsView(c, c.body.year) });
  defineRoute(app, s, { url: url(P.declarationExport), access: A.declarationRead, summary: '导出正常工资薪金所得申报表（含完整证件号码，需「查看敏感信息」权限）：加入下载中心，返回导出记录', tags: dTags, body: zDeclarationExport, handler: (c) => out.requestDeclarationExport(s, c, c.body.month) });
  defineRoute(app, s, { url: url(P.declarationStatus), access: A.declarationEdit, summary: '设置某月的申报状态（未申报/已申报）', tags: dTags, body: zDeclarationStatus, handler: (c) => out.setDeclarationStatus(c, c.body) });
}
