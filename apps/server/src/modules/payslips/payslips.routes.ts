import {
  PAYSLIP_API,
  PAYSLIP_EDIT,
  PAYSLIP_IMPORT,
  PAYSLIP_MANAGE,
  PAYSLIP_MAX_BYTES,
  PAYSLIP_SEND,
  zPayslipAction,
  zPayslipAdd,
  zPayslipAssign,
  zPayslipBatchId,
  zPayslipConfirm,
  zPayslipDetail,
  zPayslipFeedback,
  zPayslipHeaderQuery,
  zPayslipPage,
  zPayslipReplace,
  zPayslipReply,
  zPayslipRowView,
  zPayslipSubmit,
  zPayslipTemplateId,
  zPayslipTemplateSave,
  zPayslipPassword,
  zPayslipPasswordReset,
  zPayslipTicket,
  zPayslipToken,
  zPayslipVerifyId,
  zPayslipVerifySms,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { deleteStoredFile, XLSX_MIME, sendFile } from '../../platform/files/index.ts';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as imp from './payslip-import.service.ts';
import * as phone from './payslip-phone.service.ts';
import * as send from './payslip-send.service.ts';
import { SYS_TABLE_HEADERS } from './payslip-sheet.ts';
import * as svc from './payslips.service.ts';

/** 工资条 (/gzt-vite): import a payroll sheet, match employees, send, follow receipts; the employee's phone page. */
export function registerPayslipRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['工资条'];
  const base = `${PAYSLIP_API}/payslip`;

  defineRoute(app, s, {
    url: `${base}/header`,
    access: PAYSLIP_IMPORT,
    summary: '上传工资表（multipart，字段名 file；?headerRows=1|2 可选，缺省自动识别）：识别表头（合并单元格为两行表头）、身份列与分组建议，保留文件供 add 使用',
    tags,
    bodyLimit: PAYSLIP_MAX_BYTES + 1024 * 1024,
    receive: async (req, who) => {
      let query;
      try {
        query = parseInput(zPayslipHeaderQuery, req.query);
      } catch (err) {
        if (req.isMultipart()) req.raw.resume();
        throw err;
      }
      return imp.receivePayslipSheet(s, req, who, query.headerRows as 1 | 2 | undefined);
    },
    handler: async (c) => {
      const received = c.received as imp.ReceivedSheet;
      try {
        return await imp.recordSheetPreview(c, received);
      } catch (err) {
        await deleteStoredFile(s, received.stored.storageKey).catch((e: unknown) => c.req.log.error({ err: e }, 'could not delete a refused payslip sheet'));
        throw err;
      }
    },
  });
  defineRoute(app, s, { url: `${base}/add`, access: PAYSLIP_IMPORT, summary: '由已上传的工资表生成草稿批次：逐行按姓名 + 手机号/证件号码/工号匹配员工', tags, body: zPayslipAdd, handler: (c) => imp.addPayslipBatch(s, c, c.body) });
  defineRoute(app, s, { url: `${base}/assign`, access: PAYSLIP_EDIT, summary: '处理未匹配的行：指定员工 {payslipId, employeeId} 或删除 {payslipId, drop: true}（仅草稿）', tags, body: zPayslipAssign, handler: (c) => imp.assignPayslip(c, c.body) });
  defineRoute(app, s, { url: `${base}/submit`, access: PAYSLIP_SEND, summary: '发送草稿：立即发送（后台任务）或定时发送（sendAt）；仍有未匹配的行时不能发送', tags, body: zPayslipSubmit, handler: (c) => send.submitBatch(s, c, c.body) });
  defineRoute(app, s, { url: `${base}/page`, access: PAYSLIP_MANAGE, summary: '工资条批次（按月份，分页，含各状态人数）', tags, body: zPayslipPage, handler: (c) => svc.pageBatches(c, c.body) });
  defineRoute(app, s, { url: `${base}/detail`, access: PAYSLIP_MANAGE, summary: '批次详情 {batch, rows}：员工工资条分页，可按状态、未匹配、姓名/工号筛选', tags, body: zPayslipDetail, handler: (c) => svc.batchDetail(c, c.body) });
  defineRoute(app, s, { url: `${base}/row-view`, access: PAYSLIP_MANAGE, summary: '查看一名员工的工资条（与员工手机端所见一致，不记录查看）', tags, body: zPayslipRowView, handler: (c) => svc.payslipRowView(c, c.body.payslipId) });
  defineRoute(app, s, { url: `${base}/resend`, access: PAYSLIP_SEND, summary: '重新发送：发送失败或尚未查看的工资条（payslipIds 缺省为全部）', tags, body: zPayslipAction, handler: (c) => send.resendPayslips(s, c, c.body) });
  defineRoute(app, s, { url: `${base}/abort`, access: PAYSLIP_SEND, summary: '终止定时发送（尚未开始发送的批次，不发送任何工资条）', tags, body: zPayslipBatchId, handler: (c) => send.abortBatch(c, c.body.batchId) });
  defineRoute(app, s, { url: `${base}/withdraw`, access: PAYSLIP_SEND, summary: '撤回已发送的工资条（payslipIds 缺省为全部）：员工打开链接时显示已撤回', tags, body: zPayslipAction, handler: (c) => send.withdrawPayslips(c, c.body) });
  defineRoute(app, s, { url: `${base}/urge`, access: PAYSLIP_SEND, summary: '催确认：再次通知已发送/已查看但未确认的员工', tags, body: zPayslipAction, handler: (c) => send.urgePayslips(s, c, c.body) });
  defineRoute(app, s, { url: `${base}/remove`, access: PAYSLIP_EDIT, summary: '删除草稿批次（已发送的批次请撤回）', tags, body: zPayslipBatchId, handler: (c) => svc.removeBatch(c, c.body.batchId) });
  defineRoute(app, s, { url: `${base}/reply`, access: PAYSLIP_EDIT, summary: '回复员工反馈', tags, body: zPayslipReply, handler: (c) => svc.replyFeedback(c, c.body) });
  defineRoute(app, s, {
    url: `${base}/replace`,
    access: PAYSLIP_EDIT,
    summary: '更正已撤回的工资条 {payslipId, cells: [{index, value}]}：生成新版本（保留历史），已发送的批次立即发给该员工',
    tags,
    body: zPayslipReplace,
    handler: (c) => svc.replacePayslip(s, c, c.body),
  });
  defineRoute(app, s, {
    url: `${base}/export`,
    access: PAYSLIP_MANAGE,
    summary: '导出回执（xlsx，直接返回文件）：姓名、工号、部门、状态、发送/查看/确认时间、反馈',
    tags,
    body: zPayslipBatchId,
    handler: async (c) => {
      const file = await svc.exportReceipts(c, c.body.batchId);
      return sendFile(c.reply, { name: file.fileName, type: XLSX_MIME, body: file.body });
    },
  });

  defineRoute(app, s, { url: `${base}/password/reset`, access: PAYSLIP_EDIT, summary: '重置员工的工资条查询密码（员工下次查看时重新设置）', tags, body: zPayslipPasswordReset, handler: (c) => svc.resetPayslipPassword(c, c.body.payslipId) });
  defineRoute(app, s, { url: `${base}/template/list`, access: PAYSLIP_IMPORT, summary: '工资条模板列表', tags, handler: (c) => svc.listTemplates(c) });
  defineRoute(app, s, { url: `${base}/template/save`, access: PAYSLIP_EDIT, summary: '保存工资条模板（有 id 时修改）', tags, body: zPayslipTemplateSave, handler: (c) => svc.saveTemplate(c, c.body) });
  defineRoute(app, s, { url: `${base}/template/remove`, access: PAYSLIP_EDIT, summary: '删除工资条模板', tags, body: zPayslipTemplateId, handler: (c) => svc.removeTemplate(c, c.body.id) });
  defineRoute(app, s, { url: `${PAYSLIP_API}/channel/list`, access: PAYSLIP_MANAGE, summary: '发送渠道、是否可用及本月短信余量', tags, handler: (c) => svc.listChannels(s, c) });
  defineRoute(app, s, { url: `${PAYSLIP_API}/sys-table-header/list`, access: PAYSLIP_IMPORT, summary: '系统工资项目名称及所属分组', tags, handler: async () => SYS_TABLE_HEADERS });

  // The employee's phone page: no sign-in, the link's token is the key.
  const m = `${PAYSLIP_API}/m/payslip`;
  const mTags = ['工资条（员工手机端）'];
  defineRoute(app, s, { url: `${m}/open`, access: 'public', summary: '打开工资条链接 {token}：公司、月份、脱敏姓名与手机号、验证方式', tags: mTags, body: zPayslipToken, handler: (c) => phone.openPayslip(s, c) });
  defineRoute(app, s, { url: `${m}/sms`, access: 'public', summary: '向员工登记的手机号发送验证码（60秒一次，每小时5次）', tags: mTags, body: zPayslipToken, handler: (c) => phone.sendPayslipSms(s, c) });
  defineRoute(app, s, { url: `${m}/verify-sms`, access: 'public', summary: '短信验证码验证，返回查看凭证 ticket（30分钟有效）', tags: mTags, body: zPayslipVerifySms, handler: (c) => phone.verifyPayslipSms(s, c) });
  defineRoute(app, s, { url: `${m}/verify-id`, access: 'public', summary: '姓名 + 证件号后6位验证，返回查看凭证 ticket（30分钟有效）', tags: mTags, body: zPayslipVerifyId, handler: (c) => phone.verifyPayslipId(s, c) });
  defineRoute(app, s, { url: `${m}/password`, access: 'public', summary: '工资条查询密码：首次设置，之后输入（错误5次锁定15分钟）；返回可查看工资条的 ticket', tags: mTags, body: zPayslipPassword, handler: (c) => phone.payslipPassword(s, c) });
  defineRoute(app, s, { url: `${m}/view`, access: 'public', summary: '查看工资条 {token, ticket}（记录查看）', tags: mTags, body: zPayslipTicket, handler: (c) => phone.viewPayslip(s, c) });
  defineRoute(app, s, { url: `${m}/confirm`, access: 'public', summary: '确认工资条（批次要求时附手写签名 PNG）', tags: mTags, body: zPayslipConfirm, handler: (c) => phone.confirmPayslip(s, c) });
  defineRoute(app, s, { url: `${m}/feedback`, access: 'public', summary: '对工资条提出疑问', tags: mTags, body: zPayslipFeedback, handler: (c) => phone.feedbackPayslip(s, c) });
}
