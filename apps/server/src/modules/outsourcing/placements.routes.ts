import {
  OS_API,
  OS_PATHS as P,
  OS_PERMISSIONS as A,
  zBoard,
  zDismissCancel,
  zDismissHandle,
  zDismissIdBody,
  zDismissPage,
  zDismissSave,
  zFormerPage,
  zFormerReplace,
  zOnboardingAbandon,
  zInvitedPlace,
  zOnboardingAdd,
  zOnboardingInvite,
  zOnboardingCheck,
  zOnboardingConfirm,
  zOnboardingPage,
  zOsQuitPage,
  zOsQuitStart,
  zPlacementIdBody,
  zRosterPage,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { boardView } from './board.service.ts';
import * as dm from './dismissals.service.ts';
import * as inv from './invites.service.ts';
import * as ob from './onboarding.service.ts';
import * as qt from './quits.service.ts';
import * as rs from './roster.service.ts';

/** 外包用工: onboarding and placements, the rosters, quits, former staff, dismissals and the board. */

const url = (path: string) => `${OS_API}${path}`;
const tags = ['外包用工'];

export function registerPlacementRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.board), access: A.boardRead, summary: '外包看板：各用工单位在岗、本月入离职、未完成工单、派遣比例、协议剩余天数与本月账单', tags, body: zBoard, handler: (c) => boardView(c, c.body) });

  defineRoute(app, s, { url: url(P.onboardingCheck), access: A.onboardingEdit, summary: '入职前校验派驻条件：岗位性质、派遣比例（10%上限）、协议期限与补岗单', tags, body: zOnboardingCheck, handler: (c) => ob.onboardingCheck(c, c.body) });
  defineRoute(app, s, { url: url(P.onboardingAdd), access: A.onboardingEdit, summary: '发起入职：新增待入职员工（劳务派遣或外包）并派驻到用工单位', tags, body: zOnboardingAdd, handler: (c) => ob.onboardingAdd(c, c.body) });
  defineRoute(app, s, { url: url(P.onboardingConfirm), access: A.onboardingEdit, summary: '确认到岗：确认入职、派驻生效、发起方案合同包签署', tags, body: zOnboardingConfirm, handler: (c) => ob.onboardingConfirm(c, c.body) });
  defineRoute(app, s, { url: url(P.onboardingAbandon), access: A.onboardingEdit, summary: '放弃入职（仅待入职）', tags, body: zOnboardingAbandon, handler: (c) => ob.onboardingAbandon(c, c.body) });
  defineRoute(app, s, { url: url(P.onboardingInvite), access: A.onboardingEdit, summary: '手机自助入职：按派驻条件生成邀请入职链接，员工在手机上登记，审核通过后派驻', tags, body: zOnboardingInvite, handler: (c) => inv.createPlacementInvite(c, c.body) });
  defineRoute(app, s, { url: url(P.invitedPage), access: A.onboardingRead, summary: '外包自助入职链接及其登记（已通过的是否已派驻）', tags, handler: (c) => inv.invitedPage(c) });
  defineRoute(app, s, { url: url(P.invitedPlace), access: A.onboardingEdit, summary: '按链接的派驻条件派驻已通过审核的自助入职人员（重新校验派遣规则）', tags, body: zInvitedPlace, handler: (c) => inv.placeInvited(c, c.body) });
  defineRoute(app, s, { url: url(P.onboardingPage), access: A.onboardingRead, summary: '入职记录（待入职、在岗、已放弃，分页）', tags, body: zOnboardingPage, handler: (c) => ob.onboardingPage(c, c.body) });

  defineRoute(app, s, { url: url(P.rosterPage), access: 'member', summary: '派遣员工（需派遣员工权限）或外包员工（需外包员工权限）花名册，分页', tags, body: zRosterPage, handler: (c) => rs.rosterPage(c, c.body) });
  defineRoute(app, s, { url: url(P.formerPage), access: A.formerRead, summary: '前员工：最近一次派驻已离岗且当前无派驻的人员', tags, body: zFormerPage, handler: (c) => rs.formerPage(c, c.body) });
  defineRoute(app, s, { url: url(P.formerReplace), access: A.formerEdit, summary: '前员工重新派遣（已离职的先办理再入职）', tags, body: zFormerReplace, handler: (c) => rs.formerReplace(c, c.body) });

  defineRoute(app, s, { url: url(P.quitPage), access: A.quitRead, summary: '离岗管理（待离岗、已离岗，分页）', tags, body: zOsQuitPage, handler: (c) => qt.quitPage(c, c.body) });
  defineRoute(app, s, { url: url(P.quitStart), access: A.quitEdit, summary: '办理离岗：员工离职（同时发起离职）或用工单位退回', tags, body: zOsQuitStart, handler: (c) => qt.quitStart(c, c.body) });
  defineRoute(app, s, { url: url(P.quitComplete), access: A.quitEdit, summary: '确认离岗（最后工作日之后）', tags, body: zPlacementIdBody, handler: (c) => qt.quitComplete(c, c.body.placementId) });

  defineRoute(app, s, { url: url(P.dismissPage), access: A.dismissRead, summary: '减员工单（退工单）列表，分页', tags, body: zDismissPage, handler: (c) => dm.dismissPage(c, c.body) });
  defineRoute(app, s, { url: url(P.dismissDetail), access: A.dismissRead, summary: '退工单详情与各人员处理结果', tags, body: zDismissIdBody, handler: (c) => dm.dismissDetail(c, c.body.id) });
  defineRoute(app, s, { url: url(P.dismissSave), access: A.dismissEdit, summary: '新建退工单（用工单位退回在岗人员；共管且需审批时待用工单位审批）', tags, body: zDismissSave, handler: (c) => dm.dismissSave(c, c.body) });
  defineRoute(app, s, { url: url(P.dismissHandle), access: A.dismissEdit, summary: '处理退回人员：重新派遣或办理离职', tags, body: zDismissHandle, handler: (c) => dm.dismissHandle(c, c.body) });
  defineRoute(app, s, { url: url(P.dismissCancel), access: A.dismissEdit, summary: '取消退工单（尚无人员处理时）', tags, body: zDismissCancel, handler: (c) => dm.dismissCancel(c, c.body) });
}
