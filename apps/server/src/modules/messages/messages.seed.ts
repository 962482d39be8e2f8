import type { AppServices } from '../../platform/services.ts';
import * as q from './messages.queries.ts';

const DAY = 24 * 60 * 60 * 1000;

type DemoNotice = { type: 1 | 2 | 3 | 4; title: string; content: string; link: string | null; daysAgo: number; read: boolean };

function noticesFor(company: { name: string }, member: { isAdmin: boolean }, employeeCount: number): DemoNotice[] {
  const common: DemoNotice[] = [
    {
      type: 1,
      title: '请完善组织架构',
      content: '请在组织架构中完善部门信息，并将员工分配到对应部门，以便按部门查看花名册、设置数据权限。',
      link: '/organizationalstructure/index',
      daysAgo: 2,
      read: false,
    },
    {
      type: 3,
      title: '请维护员工合同与试用期信息',
      content: `花名册中共有 ${employeeCount} 名员工。请为员工补充劳动合同起止日期和试用期，便于及时办理续签与转正。`,
      link: '/staffRoll',
      daysAgo: 1,
      read: false,
    },
  ];
  if (member.isAdmin) {
    return [
      {
        type: 1,
        title: '欢迎使用 wfsaas',
        content: `欢迎使用 wfsaas 人事薪酬平台。您是「${company.name}」的管理员，可在「角色权限」中为同事分配角色和功能权限。`,
        link: '/implement/rolePermission',
        daysAgo: 6,
        read: true,
      },
      {
        type: 4,
        title: '公司初始化已完成',
        content: `「${company.name}」的企业信息、功能权限和花名册（${employeeCount} 名员工）已初始化完成，可以开始使用。`,
        link: '/staffRoll',
        daysAgo: 6,
        read: true,
      },
      ...common,
    ];
  }
  return [
    {
      type: 1,
      title: '您已加入公司',
      content: `管理员已为您开通「${company.name}」的子账号，您可以使用管理员为您分配的功能。`,
      link: '/home',
      daysAgo: 5,
      read: true,
    },
    {
      type: 1,
      title: '工资条使用指引',
      content: '在「导入工资条」中上传工资表，核对无误后即可向员工发送工资条；发送记录可在「工资条管理」中查看。',
      link: '/gzt-vite/importPayslip',
      daysAgo: 3,
      read: false,
    },
    ...common,
  ];
}

/**
 * Demo message-centre notices for every member of every company, some read and some unread. A
 * company that already has notices is left as it is. Resolves to how many notices were written.
 */
export async function seedDemoMessages(services: AppServices): Promise<number> {
  const companies = await q.listCompanies(services.database.db);
  let written = 0;
  for (const company of companies) {
    written += await services.database.inTenant(company.id, async (tx) => {
      if ((await q.countCompanyMessages(tx, company.id)) > 0) return 0;
      const members = await q.listActiveMembers(tx, company.id);
      const employeeCount = await q.countEmployees(tx, company.id);
      const now = Date.now();
      const rows = members.flatMap((m) =>
        noticesFor(company, m, employeeCount).map((n, i) => {
          const createdAt = new Date(now - n.daysAgo * DAY + i * 60_000);
          return {
            companyId: company.id,
            userId: m.userId,
            type: n.type,
            title: n.title,
            content: n.content,
            link: n.link,
            idempotencyKey: `demo:${m.userId}:${i + 1}`,
            createdAt,
            readAt: n.read ? new Date(createdAt.getTime() + 60 * 60_000) : null,
          };
        }),
      );
      return q.insertMessages(tx, rows);
    });
  }
  return written;
}
