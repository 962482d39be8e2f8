import { CONTRACT_STATUS, type RecordSource, type TemplateField, type TemplateParagraph } from '@wfsaas/contracts';
import { generateNameSignature, generateRoundSeal, issueEventCertificate, renderTextPdf, type LaidOutLine } from '@wfsaas/esign';
import type { Tx } from '../../platform/db.ts';
import type { AppServices } from '../../platform/services.ts';
import { recordSealUse } from '../esign/index.ts';
import * as sq from './econtract-setup.queries.ts';
import * as q from './econtracts.queries.ts';
import { decideOrThrow, loadEmployeeRecord, requireContract } from './contracts.service.ts';
import { initiateForEmployee, resolvePlan } from './initiation.service.ts';
import { recordSigned, signDocument } from './signing.service.ts';
import { attachFile } from '../../platform/files/index.ts';
import { appendContractEvents, companyCertificate, platformRoot, putFile, readFileBytes } from './econtract-support.ts';
import { chinaToday, addDays } from '../../platform/china-date.ts';

type Line =
  | { text: string; heading?: true }
  | { text: string; label: true; field?: { key: string; kind: TemplateField['kind']; source?: RecordSource; party?: 'company' | 'employee'; label: string; width: number; height: number; dy?: number } };

/** The demo labour contract: labelled lines (fields placed right after the label's text), clauses, the signature block. */
const LABOUR_CONTRACT: Line[] = [
  { text: '甲方（用人单位）：', label: true, field: { key: 'companyName', kind: 'record', source: 'companyName', label: '企业名称', width: 300, height: 16 } },
  { text: '统一社会信用代码：', label: true, field: { key: 'creditCode', kind: 'record', source: 'companyCreditCode', label: '统一社会信用代码', width: 250, height: 16 } },
  { text: '乙方（劳动者）：', label: true, field: { key: 'name', kind: 'record', source: 'name', label: '姓名', width: 200, height: 16 } },
  { text: '证件号码：', label: true, field: { key: 'idNumber', kind: 'record', source: 'idNumber', label: '证件号码', width: 250, height: 16 } },
  { text: '工作部门：', label: true, field: { key: 'department', kind: 'record', source: 'department', label: '部门', width: 250, height: 16 } },
  { text: '工作岗位：', label: true, field: { key: 'position', kind: 'record', source: 'position', label: '职位', width: 250, height: 16 } },
  { text: '合同开始日期：', label: true, field: { key: 'contractStart', kind: 'record', source: 'contractStart', label: '合同开始日期', width: 150, height: 16 } },
  { text: '合同结束日期：', label: true, field: { key: 'contractEnd', kind: 'record', source: 'contractEnd', label: '合同结束日期', width: 150, height: 16 } },
  { text: '月工资（人民币元）：', label: true, field: { key: 'salary', kind: 'record', source: 'salary', label: '薪资', width: 150, height: 16 } },
  { text: '第一条 劳动合同期限', heading: true },
  { text: '本合同为固定期限劳动合同，期限以上述合同开始日期和合同结束日期为准。试用期包含在劳动合同期限内。' },
  { text: '第二条 工作内容和工作地点', heading: true },
  { text: '乙方同意根据甲方工作需要，在上述部门和岗位工作，并按照甲方的岗位职责要求，按时完成规定的工作数量，达到规定的质量标准。' },
  { text: '第三条 劳动报酬', heading: true },
  { text: '甲方每月以货币形式按时足额支付乙方工资，不低于当地最低工资标准。甲方依法代扣代缴乙方个人所得税和应由个人缴纳的社会保险费。' },
  { text: '第四条 社会保险和福利待遇', heading: true },
  { text: '甲乙双方依法参加社会保险，按时足额缴纳各项社会保险费。乙方享受国家规定的法定节假日、年休假、婚假、产假等假期。' },
  { text: '第五条 其他', heading: true },
  { text: '本合同一式两份，甲乙双方各执一份，以电子签名方式签署，与纸质合同具有同等法律效力。' },
  { text: '乙方联系地址：', label: true, field: { key: 'address', kind: 'input', label: '联系地址（员工填写）', width: 320, height: 16 } },
  { text: '' },
  { text: '甲方（盖章）：', label: true, field: { key: 'companySeal', kind: 'companySeal', label: '企业盖章', width: 110, height: 110, dy: -70 } },
  { text: '' },
  { text: '' },
  { text: '签署日期：', label: true, field: { key: 'companyDate', kind: 'signDate', party: 'company', label: '企业签署日期', width: 120, height: 16 } },
  { text: '' },
  { text: '乙方（签名）：', label: true, field: { key: 'employeeSign', kind: 'employeeSign', label: '员工签名', width: 140, height: 56, dy: -30 } },
  { text: '' },
  { text: '签署日期：', label: true, field: { key: 'employeeDate', kind: 'signDate', party: 'employee', label: '员工签署日期', width: 120, height: 16 } },
];

/**
 * The demo labour-contract template: its paragraphs and its fields, placed beside each label by
 * laying the text out once (the saved template renders the same way).
 */
export async function buildLabourContractTemplate(): Promise<{ title: string; paragraphs: TemplateParagraph[]; fields: TemplateField[] }> {
  const title = '劳动合同';
  const paragraphs: TemplateParagraph[] = LABOUR_CONTRACT.map((l) => ('heading' in l && l.heading ? { text: l.text, heading: true } : 'label' in l ? { text: l.text, indent: false } : { text: l.text }));
  const lines: LaidOutLine[] = [];
  await renderTextPdf({ title, paragraphs, onLine: (x) => lines.push(x) });
  const fields: TemplateField[] = [];
  LABOUR_CONTRACT.forEach((l, i) => {
    if (!('label' in l) || !l.field) return;
    const at = lines.find((x) => x.paragraph === i && x.line === 0);
    if (!at) return;
    const f = l.field;
    fields.push({
      key: f.key,
      kind: f.kind,
      ...(f.source ? { source: f.source } : {}),
      ...(f.party ? { party: f.party } : {}),
      label: f.label,
      required: true,
      page: at.page,
      x: Math.round(at.x + at.width + 4),
      y: Math.round(at.y - 4 + (f.dy ?? 0)),
      width: f.width,
      height: f.height,
    });
  });
  return { title, paragraphs, fields };
}

/**
 * Demo seed for the first company: a contract type, the rich-text labour contract, a package, the
 * onboarding and renewal scenes, and (`signedExample`, the living demo) one contract really signed
 * by the company and an employee. The API tests' small roster skips the signed example: issuing its
 * certificates costs every test file a second or more.
 */
export async function seedDemoEcontracts(s: AppServices, opts: { signedExample?: boolean } = {}): Promise<number> {
  const company = await q.findFirstCompany(s.database.db);
  if (!company) return 0;
  const companyId = company.id;
  return s.database.inTenant(companyId, async (tx) => {
    if ((await sq.countContractTypes(tx, companyId)) > 0) return 0;
    const type = await sq.insertContractType(tx, { companyId, name: '劳动合同', remark: '员工劳动合同' });
    await sq.insertContractType(tx, { companyId, name: '保密协议', remark: '' });
    const t = await buildLabourContractTemplate();
    const pdf = await renderTextPdf({ title: t.title, paragraphs: t.paragraphs.map((p) => ({ text: p.text, heading: p.heading, indent: p.indent ?? (p.heading ? false : undefined) })) });
    const file = await putFile(s, tx, { companyId, userId: null, name: '劳动合同.pdf', bytes: pdf, owner: { kind: 'contract_template', ownerId: null } });
    const template = await sq.insertTemplate(tx, {
        companyId,
        name: '标准劳动合同',
        contractTypeId: type.id,
        kind: 'richText',
        fileId: file.id,
        title: t.title,
        paragraphs: t.paragraphs,
        fields: t.fields as unknown as Record<string, unknown>[],
        pages: [{ width: 595.28, height: 841.89 }],
        remark: '示例模板',
    });
    await attachFile(tx, companyId, file.id, { kind: 'contract_template', ownerId: template.id });
    const pkg = await sq.insertPackage(tx, { companyId, name: '入职合同包', templateIds: [template.id], signOrder: 1, deadlineDays: 7, remark: '新员工入职签署' });
    await sq.insertScenes(tx, [
      { companyId, dealCode: 1000, name: '新员工入职', packageIds: [pkg.id], enabled: true },
      { companyId, dealCode: 1003, name: '劳动合同续签', packageIds: [pkg.id], enabled: true },
    ]);

    if (opts.signedExample === false) return 1;
    await signedExample(s, tx, companyId, company.name, pkg.id);
    return 1;
  });
}

/** Seeds the signed example alone (when the demo setup exists and no contract does yet); answers its id or null. */
export async function seedSignedExampleContract(s: AppServices): Promise<number | null> {
  const company = await q.findFirstCompany(s.database.db);
  if (!company) return null;
  return s.database.inTenant(company.id, async (tx) => {
    const pkg = (await sq.listAllPackages(tx, company.id))[0];
    if (!pkg) return null;
    return signedExample(s, tx, company.id, company.name, pkg.id);
  });
}

/** One contract of the package, signed by the company (seal) and then by the first employee. */
async function signedExample(s: AppServices, tx: Tx, companyId: number, companyName: string, packageId: number): Promise<number | null> {
  {
    const employeeId = await q.findFirstEmployeeId(tx, companyId);
    const seal = await q.findFirstLiveSeal(tx, companyId);
    if (!employeeId) return null;
    const day = chinaToday();
    const plan = await resolvePlan(s, tx, companyId, { packageId, form: 1, notify: false, contractStart: day, contractEnd: addDays(addDays(day, 3 * 365), -1) });
    const [contractId] = await initiateForEmployee(s, tx, companyId, plan, employeeId, { userId: null, name: '系统示例' });
    const sealImage = seal ? await readFileBytes(s, tx, companyId, seal.fileId) : generateRoundSeal(companyName, { bottomText: '合同专用章', size: 400 });
    const cert = await companyCertificate(s, tx, companyId);
    let r = await requireContract(tx, companyId, contractId!);
    let bytes = await signDocument(s, tx, r, { party: 'company', p12: cert.p12, passphrase: cert.passphrase, signerName: cert.name, certificateSerial: cert.serialNumber, image: sealImage });
    r = await recordSigned(s, tx, r, 'company', bytes, decideOrThrow(r, 'companySign'), { companySealId: seal?.id ?? null, companyCertSerial: cert.serialNumber }, null);
    if (seal) await recordSealUse(tx, { companyId, sealId: seal.id, contractId: r.id, userId: null, detail: { seed: true, certificateSerial: cert.serialNumber } });
    await appendContractEvents(tx, companyId, r.id, [{ type: 'companySigned', actorName: '系统示例', detail: { signerName: cert.name, certificateSerial: cert.serialNumber, sealName: seal?.name ?? null, sha256: r.currentSha256 } }]);

    const rec = await loadEmployeeRecord(s, tx, companyId, employeeId);
    r = await q.updateContract(tx, companyId, r.id, { inputValues: { address: '浙江省杭州市西湖区文三路 100 号' } });
    const root = await platformRoot(s, tx);
    const ev = await issueEventCertificate(root, { name: rec.name, idNumberHash: s.hashToken(`econtract-signer:${rec.id}`) });
    const signature = generateNameSignature(rec.name);
    bytes = await signDocument(s, tx, r, { party: 'employee', p12: ev.p12, passphrase: '', signerName: rec.name, certificateSerial: ev.serialNumber, image: signature });
    r = await recordSigned(s, tx, r, 'employee', bytes, decideOrThrow(r, 'employeeSign'), { employeeCertSerial: ev.serialNumber }, null);
    await appendContractEvents(tx, companyId, r.id, [
      { type: 'intentConfirmed', actorName: rec.name, detail: { seed: true } },
      { type: 'employeeSigned', actorName: rec.name, detail: { signerName: rec.name, certificateSerial: ev.serialNumber, sha256: r.currentSha256 } },
      { type: 'completed', detail: { sha256: r.currentSha256 } },
    ]);
    if (r.status !== CONTRACT_STATUS.signed) throw new Error('demo contract was not completed');
    return r.id;
  }
}
