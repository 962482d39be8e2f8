import { maskPhone } from '@wfsaas/contracts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './work-orders.queries.ts';

type Line = { who: 'company' | 'operator' | 'system'; text: string; hoursAfter: number };
type DemoTicket = { category: number; title: string; description: string; status: 1 | 2 | 3 | 4 | 5; daysAgo: number; lines: Line[]; rating?: { stars: number; comment: string } };

const TICKETS: DemoTicket[] = [
  {
    category: 2,
    title: '导入花名册时提示第3行证件号码格式错误',
    description: '使用标准模板导入12名新员工，第3行的身份证号码核对过是正确的（末位为X），但系统一直提示证件号码格式错误，请帮忙看一下。',
    status: 1,
    daysAgo: 0,
    lines: [{ who: 'system', text: '提交了工单', hoursAfter: 0 }],
  },
  {
    category: 4,
    title: '5月订阅账单需要按新抬头开票',
    description: '公司已完成名称变更，5月的订阅账单开票时希望使用新的发票抬头，请问需要提供哪些材料？',
    status: 2,
    daysAgo: 2,
    lines: [
      { who: 'system', text: '提交了工单', hoursAfter: 0 },
      { who: 'operator', text: '您好，名称变更后请在发票管理中新增新的发票抬头，并在本工单上传营业执照变更后的扫描件，我们核对后为您开具。', hoursAfter: 3 },
      { who: 'system', text: '平台已受理工单', hoursAfter: 3 },
      { who: 'company', text: '新抬头已经添加，营业执照扫描件稍后由财务上传。', hoursAfter: 5 },
    ],
  },
  {
    category: 3,
    title: '工资条中个税金额与薪资计算结果不一致',
    description: '本月有两名员工的工资条个税金额比薪资计算结果多0.01元，其他人一致，是否是舍入规则不同？',
    status: 3,
    daysAgo: 4,
    lines: [
      { who: 'system', text: '提交了工单', hoursAfter: 0 },
      { who: 'system', text: '平台已受理工单', hoursAfter: 1 },
      { who: 'operator', text: '经核查，这两名员工的工资条是在薪资锁定前导入的，导入后又调整了专项附加扣除。重新从薪资计算生成工资条即可一致。', hoursAfter: 6 },
      { who: 'system', text: '平台已处理完毕，等待企业确认', hoursAfter: 6 },
    ],
  },
  {
    category: 1,
    title: '如何设置劳动合同到期提醒',
    description: '希望合同到期前30天通知HR，并同时提醒部门负责人，请问在哪里设置？',
    status: 4,
    daysAgo: 9,
    lines: [
      { who: 'system', text: '提交了工单', hoursAfter: 0 },
      { who: 'system', text: '平台已受理工单', hoursAfter: 2 },
      { who: 'operator', text: '请在「企业设置 → 提醒设置」中开启合同到期提醒，提前天数填30，通知对象勾选HR与部门负责人即可。', hoursAfter: 2 },
      { who: 'system', text: '平台已处理完毕，等待企业确认', hoursAfter: 2 },
      { who: 'company', text: '已设置好，谢谢！', hoursAfter: 20 },
      { who: 'system', text: '确认问题已解决，工单已完结', hoursAfter: 20 },
    ],
    rating: { stars: 5, comment: '回复很及时，步骤清楚。' },
  },
  {
    category: 5,
    title: '建议工资条支持英文版',
    description: '公司有外籍员工，希望工资条可以同时显示中英文项目名称。',
    status: 5,
    daysAgo: 15,
    lines: [
      { who: 'system', text: '提交了工单', hoursAfter: 0 },
      { who: 'operator', text: '感谢建议，已记录到产品需求池，上线后会在消息中心通知。', hoursAfter: 4 },
      { who: 'system', text: '平台已受理工单', hoursAfter: 4 },
      { who: 'system', text: '关闭了工单', hoursAfter: 30 },
    ],
  },
];

/** Demo of 工单管理 in the first demo company: a ticket in each status, with its conversation. */
export async function seedDemoWorkOrders(s: AppServices, ids: { first: number; adminUserId: number; operatorUserId: number }): Promise<void> {
  const companyId = ids.first;
  const phone = '13800000000';
  await s.database.inTenant(companyId, async (tx) => {
    if ((await q.countByStatus(tx, companyId)).size > 0) return;
    const now = Date.now();
    const stem = `GD${new Date(now).toISOString().slice(0, 7).replace('-', '')}`;
    for (const [i, t] of TICKETS.entries()) {
      const opened = new Date(now - t.daysAgo * 86_400_000 - 3_600_000);
      const at = (h: number) => new Date(opened.getTime() + h * 3_600_000);
      const last = at(t.lines.at(-1)!.hoursAfter);
      const row = await q.insertWorkOrder(tx, companyId, {
        orderNo: `${stem}${String(i + 1).padStart(4, '0')}`,
        category: t.category,
        title: t.title,
        description: t.description,
        contactPhoneEnc: s.cipher.encrypt(phone),
        contactPhoneMasked: maskPhone(phone),
        relatedType: null,
        relatedId: null,
        relatedLabel: null,
        status: t.status,
        awaitingPlatform: t.status === 1 || (t.status === 2 && t.lines.at(-1)!.who === 'company'),
        createdBy: ids.adminUserId,
        createdByName: '林晓（管理员）',
        createdAt: opened,
        updatedAt: last,
        acceptedAt: t.status > 1 ? at(t.lines.find((l) => l.text === '平台已受理工单')?.hoursAfter ?? 1) : null,
        resolvedAt: t.status === 3 || t.status === 4 ? last : null,
        finishedAt: t.status === 4 ? last : null,
        closedAt: t.status === 5 ? last : null,
        rating: t.rating?.stars ?? null,
        ratingComment: t.rating?.comment ?? null,
        ratedAt: t.rating ? at(t.lines.at(-1)!.hoursAfter + 1) : null,
      });
      for (const l of t.lines) {
        const byOperator = l.who === 'operator' || (l.who === 'system' && l.text.startsWith('平台'));
        await q.insertMessage(tx, companyId, row.id, {
          authorKind: l.who,
          authorUserId: byOperator ? ids.operatorUserId : ids.adminUserId,
          authorName: l.who === 'operator' ? '平台运营（孙悦）' : byOperator ? '平台客服' : '林晓（管理员）',
          content: l.text,
          createdAt: at(l.hoursAfter),
        });
      }
    }
  });
}
