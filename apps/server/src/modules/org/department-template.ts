import { DEPARTMENT_IMPORT_MAX_ROWS, DEPARTMENT_TEMPLATE_COLUMNS, type DepartmentImportError } from '@wfsaas/contracts';
import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/errors.ts';
import { openXlsxSheet } from '../../platform/spreadsheet/index.ts';

/** The department template (xlsx): building it, reading an uploaded one, and checking its rows. */

export const TEMPLATE_FILE_NAME = '部门导入模板.xlsx';
export const DATA_SHEET = '部门';

export type ExistingDepartment = { id: number; name: string; code: string | null; parentId: number | null; parentCode: string | null; path: string; status: number };

/** The template: the columns to fill, instructions, and the company's departments for reference. */
export async function buildDepartmentTemplate(existing: readonly ExistingDepartment[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'wfsaas';
  const sheet = wb.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = DEPARTMENT_TEMPLATE_COLUMNS.map((h) => ({ header: h, key: h, width: h === '部门名称' ? 24 : 16 }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell, col) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: col === 1 ? 'FFFFE7BA' : 'FFE6F4FF' } };
  });
  for (let r = 2; r <= 501; r++) {
    sheet.getCell(r, 5).dataValidation = { type: 'whole', operator: 'between', formulae: [0, 99999], allowBlank: true, showErrorMessage: true, error: '编制人数应为不小于0的整数' };
    for (const col of [2, 3, 4]) sheet.getCell(r, col).numFmt = '@';
  }

  const help = wb.addWorksheet('填写说明');
  help.columns = [
    { header: '列', key: 'col', width: 16 },
    { header: '是否必填', key: 'req', width: 10 },
    { header: '说明', key: 'desc', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  help.addRows([
    ['部门名称', '必填', '不超过50个字符；同一上级部门下不能重名'],
    ['部门编码', '选填', '字母、数字、-、_、.，不超过30个字符，在公司内唯一；下级部门通过它引用本部门'],
    ['上级部门编码', '选填', '留空表示一级部门；可填本文件中其他行的部门编码，或「现有部门」表中的编码'],
    ['负责人工号', '选填', '在职员工的工号'],
    ['编制人数', '选填', '不小于0的整数'],
    ['', '', `一次最多导入 ${DEPARTMENT_IMPORT_MAX_ROWS} 个部门；任何一行有错误时不会导入任何数据，请按错误提示修改后重新上传。`],
  ]);

  const ref = wb.addWorksheet('现有部门');
  ref.columns = [
    { header: '部门名称', key: 'name', width: 24 },
    { header: '部门编码', key: 'code', width: 16 },
    { header: '上级部门编码', key: 'parentCode', width: 16 },
    { header: '状态', key: 'status', width: 10 },
  ];
  ref.getRow(1).font = { bold: true };
  for (const d of [...existing].sort((a, b) => a.path.localeCompare(b.path))) {
    ref.addRow([d.name, d.code ?? '', d.parentCode ?? '', d.status === 1 ? '启用' : '停用']);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type TemplateRow = { row: number; name: string; code: string; parentCode: string; leaderNo: string; plan: string };

export const MSG_UNREADABLE = '文件无法读取，请使用下载的部门模板（.xlsx）填写后上传';
export const MSG_BAD_HEADER = `表头与模板不一致，请使用下载的部门模板（第一行应为：${DEPARTMENT_TEMPLATE_COLUMNS.join('、')}）`;
export const MSG_NO_ROWS = '文件中没有部门数据，请在模板中填写后再上传';

const MSG_TOO_MANY_ROWS = `一次最多导入${DEPARTMENT_IMPORT_MAX_ROWS}个部门，请分批导入`;

/** Reads the rows of an uploaded template. Columns are found by their header, so their order does not matter. */
export async function readDepartmentTemplate(data: Buffer): Promise<TemplateRow[]> {
  const sheet = await openXlsxSheet(data, {
    sheet: { name: DATA_SHEET },
    booleanText: ['TRUE', 'FALSE'],
    limits: { maxRows: DEPARTMENT_IMPORT_MAX_ROWS + 1 },
    messages: { notXlsx: MSG_UNREADABLE, tooManyRows: MSG_TOO_MANY_ROWS },
  });
  let colOf: Map<string, number> | null = null;
  let cols: { name: number; code: number; parent: number; leader?: number; plan?: number } | null = null;
  const rows: TemplateRow[] = [];
  for await (const row of sheet.rows()) {
    if (!colOf) {
      colOf = new Map<string, number>();
      if (row.rowNo === 1) {
        row.cells.forEach((cell, i) => {
          const text = cell.replace(/\s+/g, '').replace(/[*（(].*$/, '');
          if (text && !colOf!.has(text)) colOf!.set(text, i);
        });
        continue;
      }
    }
    cols ??= headerColumns(colOf);
    const get = (col: number | undefined) => (col === undefined ? '' : (row.cells[col] ?? ''));
    const item: TemplateRow = { row: row.rowNo, name: get(cols.name), code: get(cols.code), parentCode: get(cols.parent), leaderNo: get(cols.leader), plan: get(cols.plan) };
    if (!item.name && !item.code && !item.parentCode && !item.leaderNo && !item.plan) continue;
    if (rows.length === DEPARTMENT_IMPORT_MAX_ROWS) throw badRequest(MSG_TOO_MANY_ROWS);
    rows.push(item);
  }
  headerColumns(colOf ?? new Map());
  if (rows.length === 0) throw badRequest(MSG_NO_ROWS);
  return rows;
}

function headerColumns(colOf: ReadonlyMap<string, number>) {
  const name = colOf.get('部门名称');
  const code = colOf.get('部门编码');
  const parent = colOf.get('上级部门编码');
  if (name === undefined || code === undefined || parent === undefined) throw badRequest(MSG_BAD_HEADER);
  return { name, code, parent, leader: colOf.get('负责人工号'), plan: colOf.get('编制人数') };
}

const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** A row ready to create: its parent is an existing department or an earlier row of the plan. */
export type PlannedDepartment = {
  row: number;
  name: string;
  code: string | null;
  parent: { kind: 'top' } | { kind: 'existing'; id: number; path: string } | { kind: 'row'; row: number };
  leaderEmployeeId: number | null;
  headcountPlan: number | null;
};

export type ImportContext = {
  existing: readonly ExistingDepartment[];
  /** active employees by employee number */
  leaders: ReadonlyMap<string, number>;
};

/**
 * Checks every row (all problems of a row in one message) and, when all are good, orders them so
 * each parent comes before its children.
 */
export function planDepartmentImport(rows: readonly TemplateRow[], ctx: ImportContext): { errors: DepartmentImportError[]; plan: PlannedDepartment[] } {
  const problems = new Map<number, string[]>();
  const add = (row: number, msg: string) => {
    const list = problems.get(row) ?? [];
    if (!list.includes(msg)) list.push(msg);
    problems.set(row, list);
  };
  const existingByCode = new Map<string, ExistingDepartment>();
  for (const d of ctx.existing) if (d.code) existingByCode.set(d.code.toUpperCase(), d);

  // codes: format, unique in the file and in the company
  const rowByCode = new Map<string, TemplateRow>();
  for (const r of rows) {
    if (!r.name) add(r.row, '部门名称不能为空');
    else if (r.name.length > 50) add(r.row, '部门名称不能超过50个字符');
    if (!r.code) continue;
    if (r.code.length > 30) add(r.row, '部门编码不能超过30个字符');
    else if (!CODE_RE.test(r.code)) add(r.row, '部门编码只能包含字母、数字、-、_、.，且以字母或数字开头');
    const key = r.code.toUpperCase();
    const first = rowByCode.get(key);
    if (first) add(r.row, `部门编码「${r.code}」与第${first.row}行重复`);
    else rowByCode.set(key, r);
    if (existingByCode.has(key)) add(r.row, `部门编码「${r.code}」已存在`);
  }

  // parents
  const parentOf = new Map<number, PlannedDepartment['parent']>();
  for (const r of rows) {
    if (!r.parentCode) {
      parentOf.set(r.row, { kind: 'top' });
      continue;
    }
    const key = r.parentCode.toUpperCase();
    if (r.code && key === r.code.toUpperCase()) {
      add(r.row, '上级部门编码不能是本部门的编码');
      continue;
    }
    const inFile = rowByCode.get(key);
    if (inFile) {
      parentOf.set(r.row, { kind: 'row', row: inFile.row });
      continue;
    }
    const existing = existingByCode.get(key);
    if (!existing) {
      add(r.row, `上级部门编码「${r.parentCode}」不存在`);
      continue;
    }
    if (existing.status !== 1) add(r.row, `上级部门「${existing.name}」已停用`);
    parentOf.set(r.row, { kind: 'existing', id: existing.id, path: existing.path });
  }

  // cycles among the rows of the file
  const byRow = new Map(rows.map((r) => [r.row, r]));
  const cyclic = new Set<number>();
  for (const r of rows) {
    const chain: number[] = [];
    let cur: number | undefined = r.row;
    while (cur !== undefined && !chain.includes(cur)) {
      chain.push(cur);
      const p = parentOf.get(cur);
      cur = p && p.kind === 'row' ? p.row : undefined;
    }
    if (cur !== undefined) {
      const loop = chain.slice(chain.indexOf(cur));
      if (loop.includes(r.row)) for (const x of loop) cyclic.add(x);
    }
  }
  for (const rowNo of cyclic) {
    const loop = [...cyclic].sort((a, b) => a - b);
    add(rowNo, `上级部门关系形成循环（第${loop.join('、')}行）`);
  }

  // names under the same parent
  const siblingNames = new Map<string, number>();
  for (const d of ctx.existing) siblingNames.set(`e${d.parentId ?? 0}|${d.name}`, 0);
  for (const r of rows) {
    const p = parentOf.get(r.row);
    if (!p || !r.name) continue;
    const key = p.kind === 'top' ? `e0|${r.name}` : p.kind === 'existing' ? `e${p.id}|${r.name}` : `r${p.row}|${r.name}`;
    const seen = siblingNames.get(key);
    if (seen === 0) add(r.row, `同一上级部门下已有名为「${r.name}」的部门`);
    else if (seen !== undefined) add(r.row, `与第${seen}行的部门同名且上级部门相同`);
    else siblingNames.set(key, r.row);
  }

  // leader and planned headcount
  const leaderOf = new Map<number, number | null>();
  const planOf = new Map<number, number | null>();
  for (const r of rows) {
    if (r.leaderNo) {
      const id = ctx.leaders.get(r.leaderNo);
      if (id === undefined) add(r.row, `负责人工号「${r.leaderNo}」不存在或不是在职员工`);
      leaderOf.set(r.row, id ?? null);
    } else leaderOf.set(r.row, null);
    if (r.plan) {
      if (!/^\d{1,5}$/.test(r.plan)) add(r.row, '编制人数应为0到99999之间的整数');
      planOf.set(r.row, /^\d{1,5}$/.test(r.plan) ? Number(r.plan) : null);
    } else planOf.set(r.row, null);
  }

  const errors = [...problems.entries()].sort((a, b) => a[0] - b[0]).map(([row, list]) => ({ row, message: list.join('；') }));
  if (errors.length > 0) return { errors, plan: [] };

  // parents first
  const plan: PlannedDepartment[] = [];
  const placed = new Set<number>();
  const place = (r: TemplateRow) => {
    if (placed.has(r.row)) return;
    const p = parentOf.get(r.row)!;
    if (p.kind === 'row') place(byRow.get(p.row)!);
    placed.add(r.row);
    plan.push({ row: r.row, name: r.name, code: r.code || null, parent: p, leaderEmployeeId: leaderOf.get(r.row) ?? null, headcountPlan: planOf.get(r.row) ?? null });
  };
  for (const r of rows) place(r);
  return { errors: [], plan };
}
