import {
  ALTERNATION_EDIT,
  ALTERNATION_READ,
  CONTRACT_ALTER_EDIT,
  CONTRACT_ALTER_READ,
  CONVERSION_EDIT,
  CONVERSION_READ,
  RENEWAL_EDIT,
  RENEWAL_READ,
  zContractChangeDo,
  zContractChangePage,
  zContractEnd,
  zEmployeeContracts,
  zLabourContractAdd,
  zRenew,
  zRenewalPage,
  DIMISSION_ROSTER_EDIT,
  DIMISSION_ROSTER_READ,
  DO_QUIT_EDIT,
  DO_QUIT_READ,
  INDUCTION_EDIT,
  INDUCTION_READ,
  zInductionAdd,
  zInductionAgain,
  zInductionClose,
  zInductionConfirm,
  zInductionPage,
  zChangeRedate,
  zChangeRef,
  zConversionPage,
  zEmployeePlacement,
  zEmployeeTimeline,
  zProbationExtend,
  zQuitCertificate,
  zQuitAssets,
  zQuitDo,
  zQuitHandover,
  zQuitPage,
  zQuitRedate,
  zRehire,
  zRegularDo,
  zTransferDo,
  zTransferPage,
  TRANSACTION_SET_EDIT,
  TRANSACTION_SET_READ,
  TRANSACTION_SET_REVIEW,
  zChangeApprove,
  zChangeReject,
  zChangeReviewPage,
  zChangeSettings,
  zChangeFormGet,
  zChangeFormSave,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { registerChangePlanRoutes } from './change-plans.routes.ts';
import * as review from './change-review.service.ts';
import * as settings from './change-settings.service.ts';
import * as induction from './induction.service.ts';
import { registerInductionProgressRoutes } from './induction-progress.ts';
import * as contracts from './labour-contracts.service.ts';
import * as quit from './quit.service.ts';
import * as reg from './regularisation.service.ts';
import * as transfer from './transfer.service.ts';
import { sendFile } from '../../platform/files/index.ts';

const API = '/wfsaas-saas/api';

/** 转正 (…/conversion), 调岗调薪 (…/alternation), 离职 (…/doQuit, …/dimissionRoster) and the employee's change timeline. */
export function registerLifecycleRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['转正'];
  const base = `${API}/employeeRegularWorker`;
  defineRoute(app, s, { url: `${base}/pageList`, access: CONVERSION_READ, summary: '转正列表（待转正、已逾期、待生效、已转正）', tags, body: zConversionPage, handler: (c) => reg.pageConversion(c, c.body) });
  defineRoute(app, s, { url: `${base}/counts`, access: CONVERSION_READ, summary: '转正列表各页签的人数', tags, body: zConversionPage, handler: (c) => reg.conversionCounts(c, c.body) });
  defineRoute(app, s, { url: `${base}/do`, access: CONVERSION_EDIT, summary: '办理转正（今天及以前的日期立即生效，之后的日期到期生效）', tags, body: zRegularDo, handler: (c) => reg.doRegularisation(c, c.body) });
  defineRoute(app, s, { url: `${base}/cancel`, access: CONVERSION_EDIT, summary: '取消待生效的转正', tags, body: zChangeRef, handler: (c) => reg.cancelChange(c, c.body.changeId) });
  defineRoute(app, s, { url: `${base}/updateEffectiveDate`, access: CONVERSION_EDIT, summary: '修改待生效转正的生效日期', tags, body: zChangeRedate, handler: (c) => reg.redateChange(c, c.body.changeId, c.body.effectiveDate) });
  defineRoute(app, s, { url: `${base}/extendProbation`, access: CONVERSION_EDIT, summary: '延长试用期（最长不超过入职后6个月）', tags, body: zProbationExtend, handler: (c) => reg.extendProbation(c, c.body) });
  const chg = `${API}/companyEmployeeChange`;
  const ttags = ['调岗调薪'];
  defineRoute(app, s, { url: `${chg}/pageList`, access: ALTERNATION_READ, summary: '调岗调薪记录（待生效在前）', tags: ttags, body: zTransferPage, handler: (c) => transfer.pageTransfers(c, c.body) });
  defineRoute(app, s, { url: `${chg}/current`, access: ALTERNATION_READ, summary: '员工当前的部门、岗位、职级、成本中心、工作地点和月基本工资', tags: ttags, body: zEmployeePlacement, handler: (c) => transfer.employeePlacement(c, c.body.employeeId) });
  defineRoute(app, s, { url: `${chg}/do`, access: ALTERNATION_EDIT, summary: '办理调岗调薪（今天及以前的日期立即生效，之后的日期到期生效）', tags: ttags, body: zTransferDo, handler: (c) => transfer.doTransfer(s, c, c.body) });
  defineRoute(app, s, { url: `${chg}/cancel`, access: ALTERNATION_EDIT, summary: '取消待生效的调岗调薪', tags: ttags, body: zChangeRef, handler: (c) => transfer.cancelTransfer(c, c.body.changeId) });
  defineRoute(app, s, { url: `${chg}/updateEffectiveDate`, access: ALTERNATION_EDIT, summary: '修改待生效调岗调薪的生效日期', tags: ttags, body: zChangeRedate, handler: (c) => transfer.redateTransfer(s, c, c.body.changeId, c.body.effectiveDate) });
  const ind = `${API}/companyEmployeeInduction`;
  const itags = ['入职管理'];
  defineRoute(app, s, { url: `${ind}/pageList`, access: INDUCTION_READ, summary: '入职列表（待入职、已入职、放弃入职、已取消）', tags: itags, body: zInductionPage, handler: (c) => induction.pageInductions(c, c.body) });
  defineRoute(app, s, { url: `${ind}/counts`, access: INDUCTION_READ, summary: '入职列表各页签的人数', tags: itags, body: zInductionPage, handler: (c) => induction.inductionCounts(c, c.body.keyword) });
  defineRoute(app, s, { url: `${ind}/add`, access: INDUCTION_EDIT, summary: '新增待入职员工（预计入职日期）', tags: itags, body: zInductionAdd, handler: (c) => induction.addPendingHire(s, c, c.body) });
  defineRoute(app, s, { url: `${ind}/confirm`, access: INDUCTION_EDIT, summary: '确认入职（可批量审核；未填入职日期时按各自的预计入职日期；全部成功或全部不变）', tags: itags, body: zInductionConfirm, handler: (c) => induction.confirmHires(c, c.body.employeeIds, c.body.hireDate) });
  defineRoute(app, s, { url: `${ind}/discontinue`, access: INDUCTION_EDIT, summary: '放弃入职（候选人放弃）', tags: itags, body: zInductionClose, handler: (c) => induction.closeHire(c, c.body.employeeId, 'discontinued', c.body.reason) });
  defineRoute(app, s, { url: `${ind}/cancel`, access: INDUCTION_EDIT, summary: '取消入职（公司取消）', tags: itags, body: zInductionClose, handler: (c) => induction.closeHire(c, c.body.employeeId, 'cancelled', c.body.reason) });
  registerInductionProgressRoutes(app, s);
  defineRoute(app, s, { url: `${ind}/againDo`, access: INDUCTION_EDIT, summary: '重新办理已放弃或已取消的入职', tags: itags, body: zInductionAgain, handler: (c) => induction.reopenHire(c, c.body.employeeId, c.body.hireDate) });

  const ec = `${API}/employeeContract`;
  const ecc = `${API}/employeeContractChange`;
  const ctags = ['劳动合同'];
  defineRoute(app, s, { url: `${ec}/list`, access: 'staffRoll', summary: '员工的劳动合同记录', tags: ctags, body: zEmployeeContracts, handler: (c) => contracts.employeeContracts(c, c.body.employeeId) });
  defineRoute(app, s, { url: `${ec}/add`, access: 'staffRoll.edit', summary: '新增员工当前的劳动合同（每人只有一份生效中的合同）', tags: ctags, body: zLabourContractAdd, handler: (c) => contracts.addContract(c, c.body) });
  defineRoute(app, s, { url: `${ecc}/renewalList`, access: RENEWAL_READ, summary: '合同续签列表（即将到期、已过期未处理、已续签、不续签）', tags: ctags, body: zRenewalPage, handler: (c) => contracts.pageRenewals(c, c.body) });
  defineRoute(app, s, { url: `${ecc}/renewalCounts`, access: RENEWAL_READ, summary: '合同续签列表各页签的数量', tags: ctags, body: zRenewalPage, handler: (c) => contracts.renewalCounts(c, c.body) });
  defineRoute(app, s, { url: `${ecc}/renew`, access: RENEWAL_EDIT, summary: '续签劳动合同', tags: ctags, body: zRenew, handler: (c) => contracts.renewContract(c, c.body) });
  defineRoute(app, s, { url: `${ecc}/end`, access: RENEWAL_EDIT, summary: '不续签：合同到期终止，可同时办理离职', tags: ctags, body: zContractEnd, handler: (c) => contracts.endContract(c, c.body.contractId, c.body.startQuit, c.body.remark) });
  defineRoute(app, s, { url: `${ecc}/change`, access: CONTRACT_ALTER_EDIT, summary: '合同变更（类型、期限或条款）', tags: ctags, body: zContractChangeDo, handler: (c) => contracts.changeContract(c, c.body) });
  defineRoute(app, s, { url: `${ecc}/pageList`, access: CONTRACT_ALTER_READ, summary: '合同变更记录', tags: ctags, body: zContractChangePage, handler: (c) => contracts.pageContractChanges(c, c.body) });

  const q = `${API}/companyEmployeeQuit`;
  const qtags = ['离职管理'];
  defineRoute(app, s, { url: `${q}/pageList`, access: DO_QUIT_READ, summary: '待离职员工（离职办理中，按最后工作日）', tags: qtags, body: zQuitPage, handler: (c) => quit.pageQuits(c, 'leaving', c.body) });
  defineRoute(app, s, { url: `${q}/rosterList`, access: DIMISSION_ROSTER_READ, summary: '离职员工花名册（按离职日期倒序）', tags: qtags, body: zQuitPage, handler: (c) => quit.pageQuits(c, 'left', c.body) });
  defineRoute(app, s, { url: `${q}/do`, access: DO_QUIT_EDIT, summary: '办理离职（员工即转为待离职，最后工作日当天转为已离职）', tags: qtags, body: zQuitDo, handler: (c) => quit.doQuit(c, c.body) });
  defineRoute(app, s, { url: `${q}/unreturnedAssets`, access: DO_QUIT_READ, summary: '离职员工未归还的资产（资产中心设置开启时须先归还才能办理离职）', tags: qtags, body: zQuitAssets, handler: (c) => quit.quitAssets(c, c.body.employeeId) });
  defineRoute(app, s, { url: `${q}/cancel`, access: DO_QUIT_EDIT, summary: '取消离职（员工恢复原状态）', tags: qtags, body: zChangeRef, handler: (c) => quit.cancelQuit(c, c.body.changeId) });
  defineRoute(app, s, { url: `${q}/updateLastDay`, access: DO_QUIT_EDIT, summary: '修改最后工作日', tags: qtags, body: zQuitRedate, handler: (c) => quit.redateQuit(c, c.body.changeId, c.body.lastWorkingDay) });
  defineRoute(app, s, { url: `${API}/quitProgress/update`, access: DO_QUIT_EDIT, summary: '更新离职交接状态', tags: qtags, body: zQuitHandover, handler: (c) => quit.setHandover(c, c.body.changeId, c.body.handoverStatus) });
  defineRoute(app, s, { url: `${q}/rehire`, access: DIMISSION_ROSTER_EDIT, summary: '离职员工再入职（保留历史记录）', tags: qtags, body: zRehire, handler: (c) => quit.rehire(c, c.body) });
  defineRoute(app, s, {
    url: `${API}/resignationNotice/certificate`,
    access: DIMISSION_ROSTER_READ,
    summary: '离职证明（PDF）',
    tags: qtags,
    body: zQuitCertificate,
    handler: async (c) => {
      const { fileName, pdf, sealed } = await quit.resignationCertificate(s, c, c.body.employeeId);
      return sendFile(c.reply, { name: fileName, type: 'application/pdf', body: pdf, cache: null, headers: { 'x-certificate-sealed': sealed ? '1' : '0' } });
    },
  });
  defineRoute(app, s, { url: `${API}/resignationNotice/certificateInfo`, access: DIMISSION_ROSTER_READ, summary: '离职证明将写明的交接状态与加盖的印章（无可用印章时为空）', tags: qtags, body: zQuitCertificate, handler: (c) => quit.resignationCertificateInfo(c, c.body.employeeId) });
  defineRoute(app, s, { url: `${API}/companyEmployeeChange/timeline`, access: 'staffRoll', summary: '员工异动记录（时间线）', tags: ['员工异动'], body: zEmployeeTimeline, handler: (c) => reg.employeeTimeline(c, c.body.employeeId) });

  const scene = `${API}/abnormalChangeSceneConfig`;
  const exe = `${API}/abnormalChangeExecution`;
  const stags = ['异动设置'];
  // every member reads the settings: the add-employee and onboarding forms prefill the probation from them
  defineRoute(app, s, { url: `${scene}/get`, access: 'member', summary: '异动设置（需审批的异动、默认试用期）', tags: stags, handler: (c) => settings.loadChangeSettings(c.tx, c.companyId) });
  defineRoute(app, s, { url: `${scene}/save`, access: TRANSACTION_SET_EDIT, summary: '保存异动设置', tags: stags, body: zChangeSettings, handler: (c) => settings.saveChangeSettings(c, c.body) });
  const form = `${API}/abnormalChangeFormConfig`;
  defineRoute(app, s, { url: `${form}/get`, access: 'member', summary: '异动表单（该异动类型的企业自定义表单，未设置时为 null）', tags: stags, body: zChangeFormGet, handler: (c) => settings.loadChangeForm(c.tx, c.companyId, c.body.type) });
  defineRoute(app, s, { url: `${form}/save`, access: TRANSACTION_SET_EDIT, summary: '保存异动表单（formConfig + widgetList）', tags: stags, body: zChangeFormSave, handler: (c) => settings.saveChangeForm(c, c.body) });
  defineRoute(app, s, { url: `${form}/remove`, access: TRANSACTION_SET_EDIT, summary: '清除异动表单（已办理的异动保留当时填写的内容）', tags: stags, body: zChangeFormGet, handler: (c) => settings.removeChangeForm(c, c.body.type) });
  defineRoute(app, s, { url: `${exe}/pageList`, access: TRANSACTION_SET_READ, summary: '异动审批列表（待审批、已驳回、已通过）', tags: stags, body: zChangeReviewPage, handler: (c) => review.pageChangeReviews(c, c.body) });
  defineRoute(app, s, { url: `${exe}/counts`, access: TRANSACTION_SET_READ, summary: '异动审批各页签的数量', tags: stags, body: zChangeReviewPage, handler: (c) => review.changeReviewCounts(c, c.body) });
  defineRoute(app, s, { url: `${exe}/approve`, access: TRANSACTION_SET_REVIEW, summary: '审批通过（到期的异动立即生效）', tags: stags, body: zChangeApprove, handler: (c) => review.approveChanges(s, c, c.body) });
  defineRoute(app, s, { url: `${exe}/reject`, access: TRANSACTION_SET_REVIEW, summary: '驳回异动（填写原因）', tags: stags, body: zChangeReject, handler: (c) => review.rejectChanges(c, c.body) });
  registerChangePlanRoutes(app, s);
}
