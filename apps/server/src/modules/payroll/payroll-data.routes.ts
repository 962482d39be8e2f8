import {
  DATA_KINDS,
  dataKindPath,
  PAYROLL_API,
  PAYROLL_DATA_PATHS as P,
  PAYROLL_DATA_PERMISSIONS as A,
  PAYROLL_IMPORT_MAX_BYTES,
  PAYROLL_PERMISSIONS,
  zBaseDataPage,
  zDataBatchId,
  zDataBatchPage,
  zDataBatchRows,
  zDataGroupSave,
  zDataPush,
  zDataTableId,
  zDataTableList,
  zDataTableSave,
  zDataUploadQuery,
  zRunDataQuery,
  zRunInputsPage,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { sendFile, XLSX_MIME } from '../../platform/files/index.ts';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { receiveDataFile, type ParsedDataSheet } from './payroll-import.ts';
import * as batches from './payroll-data-batches.service.ts';
import * as tables from './payroll-data-tables.service.ts';
import * as data from './payroll-data.service.ts';

/** A workbook made for the caller, answered as the file itself. */
const xlsx = (file: { fileName: string; body: Buffer }) => ({ name: file.fileName, type: XLSX_MIME, body: file.body });

/** 共享数据: data tables and batches of the three kinds, the push API, the groups' tables, pulls into runs, base data. */
export function registerPayrollDataRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['共享数据'];
  const url = (path: string) => `${PAYROLL_API}${path}`;

  for (const k of DATA_KINDS) {
    const read = k.route;
    const edit = k.edit;
    const u = (sub: Parameters<typeof dataKindPath>[1]) => url(dataKindPath(k.key, sub));
    const what = k.label;
    defineRoute(app, s, { url: u('tableList'), access: read, summary: `${what}：数据表列表（含有效批次数与最近月份）`, tags, body: zDataTableList, handler: (c) => tables.listTables(c, k.kind, c.body.keyword) });
    defineRoute(app, s, { url: u('tableDetail'), access: read, summary: `${what}：数据表详情`, tags, body: zDataTableId, handler: (c) => tables.tableDetail(c, k.kind, c.body.id) });
    defineRoute(app, s, { url: u('tableSave'), access: edit, summary: `${what}：保存数据表（有 id 时修改）：名称、类别、匹配方式、表头与工资项的对应`, tags, body: zDataTableSave, handler: (c) => tables.saveTable(c, k.kind, c.body) });
    defineRoute(app, s, { url: u('tableRemove'), access: edit, summary: `${what}：删除数据表（已有批次的归档）`, tags, body: zDataTableId, handler: (c) => tables.removeTable(c, k.kind, c.body.id) });
    defineRoute(app, s, { url: u('tableTemplate'), access: read, summary: `${what}：数据表的导入模板（xlsx，直接返回文件）`, tags, body: zDataTableId, handler: async (c) => sendFile(c.reply, xlsx(await tables.tableTemplate(c, k.kind, c.body.id))) });
    defineRoute(app, s, { url: u('batchPage'), access: read, summary: `${what}：数据表的批次（按月份、状态，分页）`, tags, body: zDataBatchPage, handler: (c) => batches.pageBatches(c, k.kind, c.body) });
    defineRoute(app, s, { url: u('batchDetail'), access: read, summary: `${what}：批次详情`, tags, body: zDataBatchId, handler: (c) => batches.batchDetail(c, k.kind, c.body.id) });
    defineRoute(app, s, { url: u('batchVoid'), access: edit, summary: `${what}：作废批次`, tags, body: zDataBatchId, handler: (c) => batches.voidBatch(c, k.kind, c.body.id) });
    defineRoute(app, s, { url: u('batchRows'), access: read, summary: `${what}：批次的数据行（全部/有错误/未匹配，分页）`, tags, body: zDataBatchRows, handler: (c) => batches.batchRows(c, k.kind, c.body) });
    defineRoute(app, s, { url: u('batchErrors'), access: read, summary: `${what}：下载批次的错误数据（xlsx，含错误原因列）`, tags, body: zDataBatchId, handler: async (c) => sendFile(c.reply, xlsx(await batches.batchErrorFile(c, k.kind, c.body.id))) });
  }

  defineRoute(app, s, {
    url: url(dataKindPath('import', 'batchUpload')),
    access: 'importTableData.edit',
    summary: '导入数据：上传一个月的数据（multipart，字段名 file；?tableId=&month=&replace=）：按工号或证件号码匹配员工，错误行随批次保存',
    tags,
    bodyLimit: PAYROLL_IMPORT_MAX_BYTES + 1024 * 1024,
    receive: async (req) => {
      let query;
      try {
        query = parseInput(zDataUploadQuery, req.query);
      } catch (err) {
        if (req.isMultipart()) req.raw.resume();
        throw err;
      }
      return { ...query, ...(await receiveDataFile(s, req)) };
    },
    handler: (c) => batches.uploadBatch(s, c, c.received as { tableId: number; month: string; replace: boolean; fileName: string; sheet: ParsedDataSheet }),
  });

  defineRoute(app, s, {
    url: url(P.push),
    access: A.push,
    summary: '数据推送接口：向物联网数据或应用数据表推送一个月的数据（每次最多5000行；有错误的行随批次保存并标明原因）',
    tags,
    bodyLimit: 16 * 1024 * 1024,
    body: zDataPush,
    handler: (c) => batches.pushBatch(s, c, c.body),
  });

  defineRoute(app, s, { url: url(P.groupList), access: A.groupRead, summary: '数据组维护：各薪资组关联的数据表，及其列与导入项的对应', tags, handler: (c) => data.groupList(c) });
  defineRoute(app, s, { url: url(P.groupSave), access: A.groupEdit, summary: '数据组维护：设置薪资组取数的数据表', tags, body: zDataGroupSave, handler: (c) => data.saveGroupTables(c, c.body) });

  defineRoute(app, s, { url: url(P.runSources), access: PAYROLL_PERMISSIONS.runRead, summary: '薪资批次可取数的数据表及本月的有效批次', tags, body: zRunDataQuery, handler: (c) => data.runSources(c, c.body.runId) });
  defineRoute(app, s, { url: url(P.runPull), access: PAYROLL_PERMISSIONS.runEdit, summary: '从共享数据取数：关联数据表本月的有效批次中属于本批次人员的数据写入导入项，并记录来源', tags, body: zRunDataQuery, handler: (c) => data.pullData(c, c.body.runId) });
  defineRoute(app, s, { url: url(P.runInputs), access: A.runInputsRead, summary: '数据详情：薪资批次每名员工的导入项数值及来源（分页）', tags, body: zRunInputsPage, handler: (c) => data.runInputs(c, c.body) });

  defineRoute(app, s, { url: url(P.basePage), access: A.baseRead, summary: '基础数据：员工的算薪基础信息（月薪、银行账号掩码、个税扣除信息、所属薪资组，分页）', tags, body: zBaseDataPage, handler: (c) => data.basePage(c, c.body) });
}
