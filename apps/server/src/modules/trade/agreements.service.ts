import { Decimal } from 'decimal.js';
import { PLATFORM_COMPANY_NAME, SUBS_GRACE_DAYS, SUBS_ORDER_ACTIONS, SUBS_ORDER_STATUS, type ProductCode, type ServiceAgreementRow } from '@wfsaas/contracts';
import { renderTextPdf, type Paragraph } from '@wfsaas/esign';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { chinaToday } from '../../platform/china-date.ts';
import { EsignInputError } from '@wfsaas/esign';
import { productOf } from './subscriptions.pricing.ts';
import * as q from './subscriptions.queries.ts';
import { companyName } from './agreements.queries.ts';

/** Service agreements (服务协议): every activated price order, with the platform company as party A (docs/subscriptions.md#agreements). */

const actionLabel = (a: string) => SUBS_ORDER_ACTIONS.find((x) => x.value === a)?.label ?? a;
const money = (v: string) => `¥${new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

function row(o: q.OrderWithBill, partyB: string): ServiceAgreementRow {
  const p = productOf(o.product as ProductCode);
  return {
    id: o.id,
    agreementNo: o.agreementNo!,
    orderNo: o.orderNo,
    productName: p.name,
    editionName: p.editions.find((e) => e.code === o.edition)?.name ?? o.edition,
    action: o.action as ServiceAgreementRow['action'],
    seats: o.seats,
    pack: o.pack,
    startDate: o.startDate,
    endDate: o.endDate,
    amount: o.amount,
    partyA: PLATFORM_COMPANY_NAME,
    partyB,
    signedAt: chinaToday(o.activatedAt!),
  };
}

export async function pageAgreements(c: ServiceCtx, input: { pageNum: number; pageSize: number; product?: string }): Promise<Paged<ServiceAgreementRow>> {
  const { rows, total } = await q.pageOrders(c.tx, c.companyId, { status: SUBS_ORDER_STATUS.active, activeOnly: true, product: input.product || undefined }, { limit: input.pageSize, offset: (input.pageNum - 1) * input.pageSize });
  const { name } = await companyName(c.tx, c.companyId);
  return new Paged(rows.map((o) => row(o, name)), input.pageNum, input.pageSize, total);
}

function scope(a: ServiceAgreementRow): string {
  if (a.pack) return `${a.editionName}（电子合同签署${a.pack}份），有效期${a.startDate}至${a.endDate}`;
  if (a.seats > 0) return `${a.productName}${a.editionName}，${a.action === 'expand' ? `新增${a.seats}人` : `${a.seats}人`}，服务期${a.startDate}至${a.endDate}`;
  return `${a.productName}${a.editionName}，服务期${a.startDate}至${a.endDate}`;
}

/** The agreement as a one-page PDF, rendered from the order as it was activated. */
export async function agreementPdf(c: ServiceCtx, id: number): Promise<{ name: string; bytes: Uint8Array }> {
  const o = await q.findOrder(c.tx, c.companyId, id);
  if (!o || o.status !== SUBS_ORDER_STATUS.active || !o.agreementNo) throw notFound('服务协议');
  const company = await companyName(c.tx, c.companyId);
  const a = row({ ...o, billNo: null }, company.name);
  const paragraphs: Paragraph[] = [
    { text: `协议编号：${a.agreementNo}`, indent: false },
    { text: `订单编号：${a.orderNo}`, indent: false },
    { text: `甲方（服务提供方）：${a.partyA}`, indent: false },
    { text: `乙方（服务使用方）：${a.partyB}${company.creditCode ? `（统一社会信用代码：${company.creditCode}）` : ''}`, indent: false },
    { text: '一、服务内容', heading: true },
    `甲方向乙方提供${a.productName}服务（${actionLabel(a.action)}）：${scope(a)}。`,
    { text: '二、服务费用', heading: true },
    `本协议服务费用合计${money(a.amount)}（${o.formula}），乙方已通过平台账单付清。`,
    { text: '三、到期与数据', heading: true },
    `服务期满后有${SUBS_GRACE_DAYS}天宽限期，宽限期内服务照常使用；宽限期后相关功能转为只读，乙方数据不会删除，仍可查看和导出，续费后恢复使用。`,
    { text: '四、数据安全', heading: true },
    '甲方按照国家有关法律法规保护乙方及其员工的个人信息，未经乙方授权不向第三方提供。',
    { text: '五、其他', heading: true },
    '本协议自乙方付清服务费用之日起生效，以电子形式订立，与纸质协议具有同等效力。',
    { text: `甲方：${a.partyA}`, indent: false },
    { text: `乙方：${a.partyB}`, indent: false },
    { text: `生效日期：${a.signedAt}`, indent: false },
  ];
  try {
    const bytes = await renderTextPdf({ title: `${a.productName}服务协议`, paragraphs, pageNumbers: false, createdAt: o.activatedAt ?? undefined });
    return { name: `${a.productName}服务协议-${a.agreementNo}.pdf`, bytes };
  } catch (err) {
    if (err instanceof EsignInputError) throw badRequest(err.message);
    throw err;
  }
}
