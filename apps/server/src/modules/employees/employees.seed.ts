import { idCardCheckChar, maskId, maskPhone, type Widget } from '@wfsaas/contracts';
import { writeAudit } from '../../platform/audit.ts';
import type { AppServices } from '../../platform/services.ts';
import * as fq from './custom-form.queries.ts';
import * as rq from './employee-no-rule.queries.ts';
import { nameTokens, pathIds } from './employee-view.ts';
import * as sq from './employees-seed.queries.ts';
import { chinaToday, addDays } from '../../platform/china-date.ts';

/**
 * The demo roster: about 200 people in the first company and 60 in the second,
 * with realistic names, valid ID numbers (GB 11643 check characters, real region codes), unique
 * mobiles, spread over the organisation the org seed made (weighted by headcount plan), every
 * status and employment type present, hire dates over the last six years. Deterministic: a seeded
 * generator, so every fresh demo looks the same. A company that already has more than ten live
 * employees is left alone.
 */

/** mulberry32: a small seeded generator, enough for demo data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An 18-character ID number: region (6 digits), birth date, a 2-digit sequence, the gender digit (odd 男), the check character. */
export function makeIdNumber(region: string, birthDate: string, seq: number, gender: 1 | 2): string {
  const genderDigit = (Math.floor(seq / 100) % 5) * 2 + (gender === 1 ? 1 : 0);
  const first17 = `${region}${birthDate.replace(/-/g, '')}${String(seq % 100).padStart(2, '0')}${genderDigit}`;
  return first17 + idCardCheckChar(first17)!;
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔汤';
const MALE_CHARS = '伟强磊军勇杰涛斌超明刚平辉鹏华飞鑫波宇浩凯健俊帆帅旭宁龙林峰建国志文博轩晨阳睿哲昊然子豪嘉懿思远';
const FEMALE_CHARS = '芳娜敏静丽艳娟霞秀燕玲桂丹萍红玉兰琳雪婷慧颖欣怡佳琪梦瑶雨涵诗晴悦彤可馨若曦语嫣';

const REGIONS: [string, string][] = [
  ['330106', '浙江省杭州市西湖区'],
  ['330102', '浙江省杭州市上城区'],
  ['330105', '浙江省杭州市拱墅区'],
  ['330108', '浙江省杭州市滨江区'],
  ['330110', '浙江省杭州市余杭区'],
  ['330203', '浙江省宁波市海曙区'],
  ['330302', '浙江省温州市鹿城区'],
  ['310104', '上海市徐汇区'],
  ['310115', '上海市浦东新区'],
  ['320102', '江苏省南京市玄武区'],
  ['320508', '江苏省苏州市姑苏区'],
  ['340104', '安徽省合肥市蜀山区'],
  ['360102', '江西省南昌市东湖区'],
  ['110105', '北京市朝阳区'],
  ['440304', '广东省深圳市福田区'],
  ['440106', '广东省广州市天河区'],
  ['510107', '四川省成都市武侯区'],
  ['420106', '湖北省武汉市武昌区'],
  ['430104', '湖南省长沙市岳麓区'],
  ['410105', '河南省郑州市金水区'],
  ['370202', '山东省青岛市市南区'],
  ['350102', '福建省福州市鼓楼区'],
];
const STREETS = ['文三路', '教工路', '学院路', '天目山路', '江南大道', '长河路', '人民路', '解放路', '中山路', '建设路', '和平路', '滨江路'];
const MOBILE_PREFIXES = ['139', '136', '158', '137', '135', '188', '186', '152', '150', '151', '133', '189', '177', '181', '159', '187'];
const BANKS = ['招商银行', '中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '杭州银行', '交通银行', '浦发银行'];
const RELATIONS = ['父亲', '母亲', '配偶', '兄弟', '姐妹', '朋友'];
const MINOR_ETHNICITIES = ['回族', '满族', '壮族', '土家族', '苗族', '蒙古族', '畲族', '朝鲜族'];

/** The demo form of the first company: a few custom fields HR departments commonly add. */
const DEMO_WIDGETS: Widget[] = [
  { id: 'w_school', type: 'input', label: '毕业院校', key: 'school', options: { maxLength: 50, placeholder: '请输入毕业院校' } },
  { id: 'w_major', type: 'input', label: '所学专业', key: 'major', options: { maxLength: 50 } },
  {
    id: 'w_source',
    type: 'select',
    label: '招聘渠道',
    key: 'hireSource',
    options: {
      options: [
        { label: '社会招聘', value: 'social' },
        { label: '校园招聘', value: 'campus' },
        { label: '内部推荐', value: 'referral' },
        { label: '猎头', value: 'headhunter' },
      ],
    },
  },
  {
    id: 'w_shirt',
    type: 'select',
    label: '工服尺码',
    key: 'shirtSize',
    options: { options: ['S', 'M', 'L', 'XL', 'XXL'].map((v) => ({ label: v, value: v })) },
  },
  { id: 'w_car', type: 'switch', label: '是否有车', key: 'hasCar', options: {} },
  { id: 'w_years', type: 'number', label: '入职前工作年限', key: 'priorYears', options: { min: 0, max: 50, precision: 0 } },
];
const SCHOOLS = ['浙江大学', '杭州电子科技大学', '浙江工业大学', '复旦大学', '上海交通大学', '南京大学', '武汉大学', '中山大学', '四川大学', '浙江财经大学', '华东师范大学', '同济大学'];
const MAJORS = ['计算机科学与技术', '软件工程', '电子信息工程', '市场营销', '工商管理', '会计学', '人力资源管理', '汉语言文学', '统计学', '国际经济与贸易'];

type Pick = <T>(list: readonly T[]) => T;

function addMonths(iso: string, months: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

function weighted<T>(rand: () => number, entries: readonly [T, number][]): T {
  const total = entries.reduce((a, [, w]) => a + w, 0);
  let x = rand() * total;
  for (const [v, w] of entries) {
    x -= w;
    if (x < 0) return v;
  }
  return entries[entries.length - 1]![0];
}

/** Seeds the demo roster; resolves to how many employees were created. */
export async function seedDemoEmployees(services: AppServices): Promise<number> {
  const { cipher } = services;
  const companies = await sq.listCompaniesForEmployeeSeed(services.database.db);
  let created = 0;
  for (const [index, company] of companies.slice(0, 2).entries()) {
    const target = index === 0 ? 200 : 60;
    created += await services.database.inTenant(company.id, async (tx) => {
      if ((await sq.countLiveEmployees(tx, company.id)) > 10) return 0;
      const rand = seededRandom(20240601 + company.id * 7919);
      const pick: Pick = (list) => list[Math.floor(rand() * list.length)]!;
      const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
      const org = await sq.loadSeedOrg(tx, company.id);
      const taken = await sq.listTakenKeys(tx, company.id);
      const usedMobiles = new Set(taken.map((t) => t.mobileHash));
      const usedIds = new Set(taken.map((t) => t.idNumberHash));
      const usedNames = new Set<string>();
      const today = chinaToday();
      const isFirst = index === 0;
      const noPrefix = isFirst ? 'YF' : 'QM';
      let pendingSeen = 0;
      const mailDomain = isFirst ? 'yunfan-tech.com' : 'qiming-hr.com';

      let definition = isFirst ? await fq.findFormDefinition(tx, company.id, 'employee') : null;
      if (isFirst && !definition) {
        definition = await fq.upsertFormDefinition(tx, { companyId: company.id, scene: 'employee', formConfig: { labelWidth: 120, cols: 2 }, widgetList: DEMO_WIDGETS, updatedBy: null });
      }
      const hasDemoForm = isFirst && Array.isArray(definition?.widgetList) && (definition!.widgetList as Widget[]).some((w) => w.key === 'school');

      // departments weighted by their planned headcount (3 when none is planned)
      const deptWeights: [sq.SeedOrg['departments'][number] | null, number][] = org.departments.length
        ? org.departments.map((d) => [d, Math.max(1, d.headcountPlan ?? 3)])
        : [[null, 1]];
      const companyPositions = org.positions.filter((p) => p.departmentId === null);

      const newMobile = (): string => {
        for (;;) {
          const m = `${pick(MOBILE_PREFIXES)}${String(int(0, 99_999_999)).padStart(8, '0')}`;
          const h = cipher.lookupHash(m);
          if (!usedMobiles.has(h)) {
            usedMobiles.add(h);
            return m;
          }
        }
      };
      const newName = (gender: 1 | 2): string => {
        for (let i = 0; ; i++) {
          const chars = gender === 1 ? MALE_CHARS : FEMALE_CHARS;
          const given = rand() < 0.35 ? pick([...chars]) : pick([...chars]) + pick([...chars]);
          const surnames = [...SURNAMES];
          // the common surnames (王 李 张 刘 陈 …) come first in the list and more often
          const name = weighted(rand, surnames.map((c, k) => [c, k < 10 ? 6 : k < 30 ? 2 : 1] as [string, number])) + given;
          if (!usedNames.has(name) || i > 20) {
            usedNames.add(name);
            return name;
          }
        }
      };

      const rows: sq.SeedEmployeeInsert[] = [];
      for (let i = 0; i < target; i++) {
        // the first rows cover every status and every employment type; the rest follow the weights
        const status =
          i < 5 ? i : weighted(rand, [[0, 4], [1, 12], [2, 72], [3, 5], [4, 7]] as [number, number][]);
        const employmentType =
          i < 6 ? i + 1 : weighted(rand, (isFirst ? [[1, 80], [2, 6], [3, 4], [4, 4], [5, 3], [6, 3]] : [[1, 45], [2, 5], [3, 5], [4, 25], [5, 17], [6, 3]]) as [number, number][]);
        const gender: 1 | 2 = rand() < 0.55 ? 1 : 2;
        const age = employmentType === 6 ? int(60, 66) : employmentType === 2 ? int(20, 23) : int(22, 52);
        const birthYear = Number(today.slice(0, 4)) - age;
        const birthDate = `${birthYear}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
        const [region, regionName] = pick(REGIONS);
        let idNumber = makeIdNumber(region, birthDate, int(0, 499), gender);
        while (usedIds.has(cipher.lookupHash(idNumber))) idNumber = makeIdNumber(region, birthDate, int(0, 499), gender);
        usedIds.add(cipher.lookupHash(idNumber));

        // hire date by status: pending in the coming month (every third arrived in the last days, awaiting
        // HR's confirmation), probation within the last months, others over six years
        let hireDate: string;
        let probationEndDate: string | null;
        let leaveDate: string | null = null;
        if (status === 0) {
          const ahead = int(3, 30);
          hireDate = pendingSeen++ % 3 === 0 ? addDays(today, -(ahead % 6)) : addDays(today, ahead);
          probationEndDate = addMonths(hireDate, 3);
        } else if (status === 1) {
          hireDate = addDays(today, -int(10, 80));
          probationEndDate = addMonths(hireDate, rand() < 0.7 ? 3 : 6);
        } else {
          hireDate = addDays(today, -int(120, 6 * 365));
          probationEndDate = employmentType === 1 ? addMonths(hireDate, 3) : null;
          if (status === 3) leaveDate = addDays(today, int(5, 30));
          if (status === 4) leaveDate = addDays(today, -int(1, Math.max(2, Math.min(700, Math.round((Date.parse(today) - Date.parse(hireDate)) / 86_400_000) - 30))));
        }

        const [dept] = [weighted(rand, deptWeights)];
        const deptPositions = dept ? org.positions.filter((p) => p.departmentId === dept.id) : [];
        const position = deptPositions.length && rand() < 0.75 ? pick(deptPositions) : companyPositions.length ? pick(companyPositions) : null;
        const rank = org.ranks.length ? org.ranks[Math.min(org.ranks.length - 1, Math.floor(Math.pow(rand(), 1.8) * Math.min(org.ranks.length, 8)))]! : null;
        const top = dept ? pathIds(dept.path)[0] : undefined;
        const costCenterId = top !== undefined ? (org.costCenterByDepartment.get(top) ?? org.costCenterByDepartment.get(dept!.id) ?? null) : null;

        const name = newName(gender);
        const mobile = newMobile();
        const employeeNo = `${noPrefix}${String(i + 1).padStart(4, '0')}`;
        const account = `62${String(int(10_000_000, 99_999_999))}${String(int(100_000_000, 999_999_999))}`;
        const ecPhone = newMobile();
        const married = age > 28 ? rand() < 0.8 : rand() < 0.2;
        const workLocation = isFirst ? (dept && /华南/.test(dept.name) ? '深圳' : rand() < 0.1 ? '上海' : '杭州') : rand() < 0.8 ? '上海' : '苏州';
        const customFields: Record<string, unknown> = hasDemoForm
          ? {
              school: pick(SCHOOLS),
              major: pick(MAJORS),
              hireSource: weighted(rand, [['social', 55], ['campus', 20], ['referral', 18], ['headhunter', 7]] as [string, number][]),
              shirtSize: pick(['S', 'M', 'L', 'XL', 'XXL']),
              hasCar: rand() < 0.45,
              priorYears: Math.max(0, age - 23 - int(0, 3)),
            }
          : {};
        rows.push({
          companyId: company.id,
          name,
          employeeNo,
          mobileEnc: cipher.encrypt(mobile),
          mobileHash: cipher.lookupHash(mobile),
          mobileMasked: maskPhone(mobile),
          idType: 1,
          idNumberEnc: cipher.encrypt(idNumber),
          idNumberHash: cipher.lookupHash(idNumber),
          idNumberMasked: maskId(idNumber),
          gender,
          birthDate,
          email: `${employeeNo.toLowerCase()}@${mailDomain}`,
          nationality: '中国',
          ethnicity: rand() < 0.92 ? '汉族' : pick(MINOR_ETHNICITIES),
          hukouType: weighted(rand, [[1, 30], [2, 12], [3, 40], [4, 18]] as [number, number][]),
          education: employmentType === 6 ? pick([3, 4, 5]) : weighted(rand, [[3, 4], [4, 4], [5, 22], [6, 55], [7, 13], [8, 2]] as [number, number][]),
          maritalStatus: married ? 2 : 1,
          emergencyContact: {
            name: `${name[0]}${pick([...(rand() < 0.5 ? MALE_CHARS : FEMALE_CHARS)])}`,
            relation: married ? '配偶' : pick(RELATIONS),
            phoneEnc: cipher.encrypt(ecPhone),
            phoneMasked: maskPhone(ecPhone),
          },
          address: `${regionName}${pick(STREETS)}${int(1, 999)}号`,
          bankName: pick(BANKS),
          bankAccountEnc: cipher.encrypt(account),
          bankAccountHash: cipher.lookupHash(account),
          bankAccountMasked: maskId(account),
          departmentId: dept?.id ?? null,
          positionId: position?.id ?? null,
          rankId: rank?.id ?? null,
          costCenterId,
          employmentType,
          workLocation,
          hireDate,
          probationEndDate,
          leaveDate,
          status,
          customFields,
          createdAt: new Date(`${hireDate > today ? today : hireDate}T09:${String(int(0, 59)).padStart(2, '0')}:00+08:00`),
        });
      }
      const n = await sq.insertEmployeesBulk(tx, rows, nameTokens);
      // 工号规则 on, continuing the seeded numbers (YF0201…), so the add forms propose the next one
      if (!(await rq.findEmployeeNoRule(tx, company.id))) await rq.upsertEmployeeNoRule(tx, { companyId: company.id, enabled: true, prefix: noPrefix, digits: 4, nextSeq: target + 1, updatedBy: null });
      await writeAudit(tx, { companyId: company.id, actorUserId: null }, { action: 'demo.seed.employees', entity: 'company', entityId: company.id, after: { employees: n } });
      return n;
    });
  }
  return created;
}
