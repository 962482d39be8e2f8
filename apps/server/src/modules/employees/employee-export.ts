import {
  codeLabel,
  EDUCATIONS,
  EMPLOYEE_STATUSES,
  EMPLOYMENT_TYPES,
  GENDERS,
  HUKOU_TYPES,
  ID_TYPES,
  formatWidgetValue,
  MARITAL_STATUSES,
  type Widget,
} from '@wfsaas/contracts';
import { registerExportHandler, sheetCaughtUp } from '../../platform/files/index.ts';
import { loadEmployeeFormDefinition } from './custom-form.service.ts';
import * as lq from './employee-list.queries.ts';
import { EMPLOYEE_EXPORT_JOB, resolveFilters, type EmployeeExportParams } from './employee-list.service.ts';

/**
 * The roster as xlsx: every column of the record and the company's custom fields. Rows are read in
 * keyset batches by id and committed to the streaming writer as they come, so the process holds one
 * batch at a time whatever the roster's size.
 */

const BATCH = 1000;

type Column = { header: string; key: string; width: number };

const BASE_COLUMNS: Column[] = [
  { header: '工号', key: 'employeeNo', width: 14 },
  { header: '姓名', key: 'name', width: 12 },
  { header: '性别', key: 'gender', width: 6 },
  { header: '出生日期', key: 'birthDate', width: 12 },
  { header: '证件类型', key: 'idType', width: 12 },
  { header: '证件号码', key: 'idNumber', width: 22 },
  { header: '手机号', key: 'mobile', width: 14 },
  { header: '邮箱', key: 'email', width: 22 },
  { header: '国籍', key: 'nationality', width: 8 },
  { header: '民族', key: 'ethnicity', width: 8 },
  { header: '户口性质', key: 'hukouType', width: 10 },
  { header: '学历', key: 'education', width: 10 },
  { header: '婚姻状况', key: 'maritalStatus', width: 8 },
  { header: '紧急联系人', key: 'ecName', width: 10 },
  { header: '与本人关系', key: 'ecRelation', width: 10 },
  { header: '紧急联系人电话', key: 'ecPhone', width: 16 },
  { header: '联系地址', key: 'address', width: 30 },
  { header: '开户银行', key: 'bankName', width: 18 },
  { header: '银行卡号', key: 'bankAccount', width: 24 },
  { header: '部门', key: 'department', width: 16 },
  { header: '部门路径', key: 'departmentPath', width: 30 },
  { header: '岗位', key: 'position', width: 14 },
  { header: '职级', key: 'rank', width: 8 },
  { header: '成本中心', key: 'costCenter', width: 14 },
  { header: '用工类型', key: 'employmentType', width: 10 },
  { header: '工作地点', key: 'workLocation', width: 14 },
  { header: '入职日期', key: 'hireDate', width: 12 },
  { header: '试用期结束日期', key: 'probationEndDate', width: 14 },
  { header: '离职日期', key: 'leaveDate', width: 12 },
  { header: '员工状态', key: 'status', width: 10 },
];

/** A custom value as a person reads it (option labels, 是/否, file counts): the forms' one formatter. */
export function formatCustomValue(w: Widget, v: unknown): string {
  return formatWidgetValue(w, v);
}

export function registerEmployeeExport(): void {
  registerExportHandler<EmployeeExportParams>(EMPLOYEE_EXPORT_JOB, async (ctx, writer) => {
    const { companyId } = ctx.job;
    const { services } = ctx;
    const { database, cipher } = services;
    const { filters, sensitive } = ctx.job.payload;
    // the caller's department data permission at the time of the request (absent in older jobs: none)
    const scope = ctx.job.payload.scope ?? null;
    const prep = await database.inTenant(companyId, async (tx) => {
      const definition = await loadEmployeeFormDefinition(tx, companyId);
      const filter = { ...(await resolveFilters(services, tx, companyId, filters, definition)), scope };
      return { definition, filter, total: await lq.countRoster(tx, companyId, filter) };
    });
    await ctx.progress(0, prep.total);
    const widgets = prep.definition?.widgetList ?? [];

    const sheet = writer.addWorksheet('员工花名册', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [...BASE_COLUMNS, ...widgets.map((w) => ({ header: w.label, key: `cf_${w.key}`, width: 14 }))];
    sheet.getRow(1).font = { bold: true };

    const reveal = (enc: string | null, masked: string | null) => (sensitive && enc ? cipher.decrypt(enc) : (masked ?? ''));
    let after = 0;
    let done = 0;
    for (;;) {
      const batch = await database.inTenant(companyId, (tx) => lq.withRosterPlans(tx, false, () => lq.listRosterExportBatch(tx, companyId, prep.filter, after, BATCH)));
      for (const r of batch) {
        const ec = r.emergencyContact;
        const values: (string | number)[] = [
          r.employeeNo ?? '',
          r.name,
          codeLabel(GENDERS, r.gender),
          r.birthDate ?? '',
          codeLabel(ID_TYPES, r.idType),
          reveal(r.idNumberEnc, r.idNumberMasked),
          reveal(r.mobileEnc, r.mobileMasked),
          r.email ?? '',
          r.nationality ?? '',
          r.ethnicity ?? '',
          codeLabel(HUKOU_TYPES, r.hukouType),
          codeLabel(EDUCATIONS, r.education),
          codeLabel(MARITAL_STATUSES, r.maritalStatus),
          ec?.name ?? '',
          ec?.relation ?? '',
          ec ? reveal(ec.phoneEnc, ec.phoneMasked) : '',
          r.address ?? '',
          r.bankName ?? '',
          reveal(r.bankAccountEnc, r.bankAccountMasked),
          r.departmentName ?? '',
          (r.departmentPathNames ?? []).join('/'),
          r.positionName ?? '',
          r.rankName ?? '',
          r.costCenterName ?? '',
          codeLabel(EMPLOYMENT_TYPES, r.employmentType),
          r.workLocation ?? '',
          r.hireDate ?? '',
          r.probationEndDate ?? '',
          r.leaveDate ?? '',
          codeLabel(EMPLOYEE_STATUSES, r.status),
          ...widgets.map((w) => formatCustomValue(w, (r.customFields ?? {})[w.key])),
        ];
        sheet.addRow(values).commit();
      }
      done += batch.length;
      await sheetCaughtUp(sheet);
      await ctx.progress(done, prep.total);
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]!.id;
    }
    sheet.commit();
  });
}
