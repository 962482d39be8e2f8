import { PAYROLL_API, PAYROLL_OPENING_PATHS as P, PAYROLL_IMPORT_MAX_BYTES, PAYROLL_PERMISSIONS as A, zOpeningImportQuery, zOpeningPage, zOpeningRemove, zOpeningYear } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { sendFile, XLSX_MIME } from '../../platform/files/index.ts';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { receiveDataFile, type ParsedDataSheet } from './payroll-import.ts';
import * as opening from './payroll-opening.service.ts';

/** 期初累计数据: employees' cumulative figures of the year from a previous payroll system. */
export function registerPayrollOpeningRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['算薪'];
  const url = (path: string) => `${PAYROLL_API}${path}`;
  defineRoute(app, s, { url: url(P.page), access: A.runRead, summary: '期初累计数据：员工本年度截至某月的累计收入、扣除与已预缴税额（分页）', tags, body: zOpeningPage, handler: (c) => opening.pageOpenings(c, c.body) });
  defineRoute(app, s, {
    url: url(P.template),
    access: A.runRead,
    summary: '期初累计数据导入模板（xlsx，直接返回文件）',
    tags,
    body: zOpeningYear,
    handler: async (c) => {
      const file = await opening.openingTemplate(c.body.year);
      return sendFile(c.reply, { name: file.fileName, type: XLSX_MIME, body: file.body });
    },
  });
  defineRoute(app, s, {
    url: url(P.import),
    access: A.runEdit,
    summary: '导入期初累计数据（multipart，字段名 file；?year=）：按工号或证件号码匹配员工，有问题的行不导入并说明原因，同一员工同一年度再次导入覆盖',
    tags,
    bodyLimit: PAYROLL_IMPORT_MAX_BYTES + 1024 * 1024,
    receive: async (req) => {
      let query;
      try {
        query = parseInput(zOpeningImportQuery, req.query);
      } catch (err) {
        if (req.isMultipart()) req.raw.resume();
        throw err;
      }
      return { ...query, ...(await receiveDataFile(s, req)) };
    },
    handler: (c) => {
      const r = c.received as { year: number; fileName: string; sheet: ParsedDataSheet };
      return opening.importOpenings(s, c, r.year, r);
    },
  });
  defineRoute(app, s, { url: url(P.remove), access: A.runEdit, summary: '删除员工的期初累计数据', tags, body: zOpeningRemove, handler: (c) => opening.removeOpenings(c, c.body) });
}
