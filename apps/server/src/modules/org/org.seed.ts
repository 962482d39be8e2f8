import type { DepartmentSnapshotEntry } from '@wfsaas/contracts';
import { writeAudit } from '../../platform/audit.ts';
import type { AppServices } from '../../platform/services.ts';
import * as ccq from './cost-centers.queries.ts';
import * as q from './departments.queries.ts';
import * as pq from './positions.queries.ts';
import * as rq from './ranks.queries.ts';

/** A department of a demo tree: name, code, planned headcount, sub-departments, its own positions. */
type DemoDept = { name: string; code: string; plan: number; children?: DemoDept[]; positions?: string[] };
type DemoOrg = { tree: DemoDept[]; companyPositions: string[]; costCenters: { code: string; name: string; departments: string[] }[] };

/** 杭州云帆科技: a software company. */
const TECH: DemoOrg = {
  tree: [
    { name: '总经办', code: 'YF01', plan: 5, positions: ['总经理助理'] },
    {
      name: '技术中心',
      code: 'YF02',
      plan: 4,
      positions: ['技术总监', '架构师'],
      children: [
        { name: '前端组', code: 'YF0201', plan: 18, positions: ['前端工程师', '高级前端工程师'] },
        { name: '后端组', code: 'YF0202', plan: 26, positions: ['Java工程师', 'Go工程师', '运维工程师'] },
        { name: '测试组', code: 'YF0203', plan: 10, positions: ['测试工程师', '自动化测试工程师'] },
      ],
    },
    { name: '产品部', code: 'YF03', plan: 14, positions: ['产品经理', 'UI设计师', '交互设计师'] },
    {
      name: '市场部',
      code: 'YF04',
      plan: 3,
      children: [
        { name: '品牌组', code: 'YF0401', plan: 8, positions: ['品牌经理', '新媒体运营'] },
        { name: '渠道组', code: 'YF0402', plan: 10, positions: ['渠道经理', '商务拓展专员'] },
      ],
    },
    {
      name: '销售部',
      code: 'YF05',
      plan: 4,
      positions: ['销售总监'],
      children: [
        { name: '华东区', code: 'YF0501', plan: 30, positions: ['客户经理', '售前顾问'] },
        { name: '华南区', code: 'YF0502', plan: 24, positions: ['客户经理'] },
      ],
    },
    { name: '人力资源部', code: 'YF06', plan: 10, positions: ['招聘专员', '薪酬福利专员', 'HRBP'] },
    { name: '财务部', code: 'YF07', plan: 8, positions: ['会计', '出纳', '财务分析师'] },
    { name: '行政部', code: 'YF08', plan: 6, positions: ['行政专员', '前台'] },
  ],
  companyPositions: ['总经理', '副总经理', '部门经理', '主管', '专员', '助理', '实习生'],
  costCenters: [
    { code: 'CC-RD', name: '研发成本中心', departments: ['技术中心', '产品部'] },
    { code: 'CC-SALES', name: '销售成本中心', departments: ['销售部', '市场部'] },
    { code: 'CC-ADMIN', name: '管理成本中心', departments: ['总经办', '人力资源部', '财务部', '行政部'] },
  ],
};

/** 上海启明人力资源: an HR services and outsourcing company. */
const HR_SERVICES: DemoOrg = {
  tree: [
    { name: '总经理办公室', code: 'QM01', plan: 4, positions: ['总经理助理'] },
    {
      name: '招聘交付中心',
      code: 'QM02',
      plan: 3,
      children: [
        { name: '招聘一部', code: 'QM0201', plan: 16, positions: ['招聘顾问', '猎头顾问'] },
        { name: '招聘二部', code: 'QM0202', plan: 12, positions: ['招聘顾问'] },
      ],
    },
    {
      name: '外包服务部',
      code: 'QM03',
      plan: 4,
      children: [
        { name: '派遣服务组', code: 'QM0301', plan: 10, positions: ['派遣专员'] },
        { name: '项目外包组', code: 'QM0302', plan: 12, positions: ['项目经理', '驻场专员'] },
      ],
    },
    { name: '薪税服务部', code: 'QM04', plan: 12, positions: ['薪酬核算专员', '社保专员', '个税申报专员'] },
    { name: '客户成功部', code: 'QM05', plan: 10, positions: ['客户成功经理', '销售顾问'] },
    { name: '人力资源部', code: 'QM06', plan: 5, positions: ['招聘专员', 'HRBP'] },
    { name: '财务部', code: 'QM07', plan: 6, positions: ['会计', '出纳'] },
    { name: '行政部', code: 'QM08', plan: 4, positions: ['行政专员'] },
  ],
  companyPositions: ['总经理', '副总经理', '部门经理', '主管', '专员', '助理', '实习生'],
  costCenters: [
    { code: 'CC-DLV', name: '交付成本中心', departments: ['招聘交付中心', '外包服务部', '薪税服务部'] },
    { code: 'CC-SALES', name: '销售成本中心', departments: ['客户成功部'] },
    { code: 'CC-ADMIN', name: '管理成本中心', departments: ['总经理办公室', '人力资源部', '财务部', '行政部'] },
  ],
};

/** Monthly pay bands in yuan. */
const RANK_CATEGORIES: { name: string; code: string; ranks: [string, string, string][] }[] = [
  {
    name: '专业序列',
    code: 'P',
    ranks: [
      ['P1', '4000.00', '6000.00'],
      ['P2', '5500.00', '8000.00'],
      ['P3', '7000.00', '11000.00'],
      ['P4', '9000.00', '14000.00'],
      ['P5', '12000.00', '20000.00'],
      ['P6', '18000.00', '30000.00'],
      ['P7', '25000.00', '40000.00'],
      ['P8', '35000.00', '55000.00'],
      ['P9', '50000.00', '80000.00'],
      ['P10', '70000.00', '110000.00'],
    ],
  },
  {
    name: '管理序列',
    code: 'M',
    ranks: [
      ['M1', '15000.00', '25000.00'],
      ['M2', '22000.00', '35000.00'],
      ['M3', '32000.00', '50000.00'],
      ['M4', '45000.00', '70000.00'],
      ['M5', '65000.00', '100000.00'],
    ],
  },
];

/**
 * Demo organisation for every company that has no department yet: a department tree with codes and
 * planned headcounts, company-wide and departmental positions, the P and M rank sequences with pay
 * bands, three cost centres over the top-level departments, and the tree saved as the version in
 * force since the first day of the year. Resolves to how many departments were created.
 */
export async function seedDemoOrg(services: AppServices): Promise<number> {
  const companies = await q.listCompaniesForSeed(services.database.db);
  let created = 0;
  for (const company of companies) {
    created += await services.database.inTenant(company.id, async (tx) => {
      if ((await q.countAllDepartments(tx, company.id)) > 0) return 0;
      const org = company.isWb === 1 ? HR_SERVICES : TECH;
      const byName = new Map<string, q.DepartmentRow>();
      const all: q.DepartmentRow[] = [];

      const insert = async (list: DemoDept[], parent: q.DepartmentRow | null) => {
        for (const [i, d] of list.entries()) {
          const row = await q.insertDepartment(tx, company.id, { parentId: parent?.id ?? null, parentPath: parent?.path ?? null, name: d.name, code: d.code, leaderEmployeeId: null, headcountPlan: d.plan, sort: i });
          if (!byName.has(d.name)) byName.set(d.name, row);
          all.push(row);
          for (const p of d.positions ?? []) await pq.insertPosition(tx, company.id, { name: p, code: null, departmentId: row.id, description: null });
          if (d.children) await insert(d.children, row);
        }
      };
      for (const p of org.companyPositions) await pq.insertPosition(tx, company.id, { name: p, code: null, departmentId: null, description: null });
      await insert(org.tree, null);

      for (const [i, cat] of RANK_CATEGORIES.entries()) {
        const c = await rq.insertCategory(tx, company.id, { name: cat.name, code: cat.code, sort: i });
        for (const [level, [name, payMin, payMax]] of cat.ranks.entries()) {
          await rq.insertRank(tx, company.id, { categoryId: c.id, name, level: level + 1, payMin, payMax });
        }
      }

      for (const cc of org.costCenters) {
        const row = await ccq.insertCostCenter(tx, company.id, { code: cc.code, name: cc.name, ownerEmployeeId: null, description: null });
        await ccq.replaceLinks(
          tx,
          company.id,
          row.id,
          cc.departments.map((n) => byName.get(n)!.id),
        );
      }

      const snapshot: DepartmentSnapshotEntry[] = all.map((d) => ({
        id: d.id,
        parentId: d.parentId,
        name: d.name,
        code: d.code,
        leaderEmployeeId: null,
        leaderName: null,
        headcountPlan: d.headcountPlan,
        sort: d.sort,
        status: d.status,
        actual: 0,
      }));
      const year = new Date().getFullYear();
      await q.insertVersion(tx, { companyId: company.id, name: `${year}年初始组织架构`, effectiveDate: `${year}-01-01`, snapshot, createdBy: null });
      await writeAudit(tx, { companyId: company.id, actorUserId: null }, { action: 'demo.seed.org', entity: 'company', entityId: company.id, after: { departments: all.length } });
      return all.length;
    });
  }
  return created;
}
