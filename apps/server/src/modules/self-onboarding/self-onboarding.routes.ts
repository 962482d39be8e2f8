import {
  INVITE_EDIT,
  INVITE_READ,
  MAX_ID_PHOTO_BYTES,
  ONBOARD_API,
  ONBOARD_PHONE_API,
  zInviteCreate,
  zInvitePage,
  zInviteRef,
  zOnboardSms,
  zOnboardSubmit,
  zOnboardTicket,
  zOnboardToken,
  zOnboardVerify,
  zPhotoQuery,
  zPhotoRef,
  zSubmissionApprove,
  zSubmissionPage,
  zSubmissionReject,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { openStoredFile, readSingleUpload, sendFile } from '../../platform/files/index.ts';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './self-onboarding.service.ts';

/** 自助入职 (/selfOnboarding/invite): invitations, submissions and their review; the candidate's phone page. */
export function registerSelfOnboardingRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['自助入职'];
  defineRoute(app, s, { url: `${ONBOARD_API}/invite/create`, access: INVITE_EDIT, summary: '新建入职邀请（链接与二维码）', tags, body: zInviteCreate, handler: (c) => svc.createInvite(s, c, c.body) });
  defineRoute(app, s, { url: `${ONBOARD_API}/invite/page`, access: INVITE_READ, summary: '入职邀请列表（含各状态登记数）', tags, body: zInvitePage, handler: (c) => svc.pageInvites(c, c.body) });
  defineRoute(app, s, { url: `${ONBOARD_API}/invite/close`, access: INVITE_EDIT, summary: '关闭入职邀请（链接不再接受登记）', tags, body: zInviteRef, handler: (c) => svc.closeInvite(c, c.body.inviteId) });
  defineRoute(app, s, { url: `${ONBOARD_API}/submission/page`, access: INVITE_READ, summary: '入职登记列表（证件号、手机号、银行卡号脱敏）', tags, body: zSubmissionPage, handler: (c) => svc.pageSubmissions(s, c, c.body) });
  defineRoute(app, s, { url: `${ONBOARD_API}/submission/approve`, access: INVITE_EDIT, summary: '审核通过：生成待入职员工', tags, body: zSubmissionApprove, handler: (c) => svc.approveSubmission(s, c, c.body) });
  defineRoute(app, s, { url: `${ONBOARD_API}/submission/reject`, access: INVITE_EDIT, summary: '驳回（候选人可修改后重新提交）', tags, body: zSubmissionReject, handler: (c) => svc.rejectSubmission(s, c, c.body.submissionId, c.body.reason) });
  defineRoute(app, s, {
    url: `${ONBOARD_API}/submission/photo`,
    access: INVITE_READ,
    summary: '入职登记的证件照片 {submissionId, side: front|back}',
    tags,
    body: zPhotoRef,
    handler: async (c) => {
      const file = await svc.submissionPhoto(c, c.body.submissionId, c.body.side);
      const stream = await openStoredFile(s, file);
      return sendFile(c.reply, { name: file.originalName, type: file.mime, body: stream, disposition: 'inline' });
    },
  });

  const mTags = ['自助入职（候选人手机端）'];
  defineRoute(app, s, { url: `${ONBOARD_PHONE_API}/open`, access: 'public', summary: '打开入职邀请链接：公司、邀请名称、有效期、是否可登记', tags: mTags, body: zOnboardToken, handler: (c) => svc.openInvite(s, c) });
  defineRoute(app, s, { url: `${ONBOARD_PHONE_API}/sms`, access: 'public', summary: '向候选人手机号发送验证码（60秒一次，每小时5次）', tags: mTags, body: zOnboardSms, handler: (c) => svc.sendOnboardSms(s, c) });
  defineRoute(app, s, { url: `${ONBOARD_PHONE_API}/verify`, access: 'public', summary: '验证手机号，返回登记凭证和此前的登记状态', tags: mTags, body: zOnboardVerify, handler: (c) => svc.verifyOnboardSms(s, c) });
  defineRoute(app, s, {
    url: `${ONBOARD_PHONE_API}/upload`,
    access: 'public',
    summary: `上传证件照片（multipart，字段名 file；?token=&ticket=）：JPG 或 PNG，不超过 ${MAX_ID_PHOTO_BYTES / 1024 / 1024} MB`,
    tags: mTags,
    handler: async (c) => {
      let query;
      try {
        query = parseInput(zPhotoQuery, c.req.query);
      } catch (err) {
        if (c.req.isMultipart()) c.req.raw.resume();
        throw err;
      }
      const file = await readSingleUpload(c.req, MAX_ID_PHOTO_BYTES, { missing: '请选择证件照片', tooLarge: `证件照片不能超过 ${MAX_ID_PHOTO_BYTES / 1024 / 1024} MB` });
      return svc.uploadOnboardPhoto(s, c, query.token, query.ticket, file);
    },
  });
  defineRoute(app, s, { url: `${ONBOARD_PHONE_API}/status`, access: 'public', summary: '登记凭证对应的当前登记状态（审核后再次打开链接时刷新）', tags: mTags, body: zOnboardTicket, handler: (c) => svc.onboardStatus(s, c) });
  defineRoute(app, s, { url: `${ONBOARD_PHONE_API}/submit`, access: 'public', summary: '提交入职登记（被驳回后可在同一链接重新提交）', tags: mTags, body: zOnboardSubmit, handler: (c) => svc.submitOnboarding(s, c) });
}
