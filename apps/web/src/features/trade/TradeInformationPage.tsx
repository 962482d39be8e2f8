import { BILL_STATUS } from '@wfsaas/contracts';
import { Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCanOpen } from '../../app/routing/PermissionContext.ts';
import { formatMoney } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useBillStatusCounts } from './bills/bills.api.ts';
import { useCustodySummary } from './custody/custody.api.ts';
import { useInvoiceableBills } from './invoices/invoices.api.ts';
import { stateLabel } from './subscriptions/subs-format.ts';
import { useProducts } from './subscriptions/subscriptions.api.ts';

/** The bill states a member acts on, each opening the bill list filtered to it. */
const TO_ACT = [
  { status: BILL_STATUS.toConfirm, label: '待确认' },
  { status: BILL_STATUS.toPay, label: '待付款' },
  { status: BILL_STATUS.overdue, label: '已逾期' },
] as const;

function Figure({ label, value, to, tone }: { label: string; value: ReactNode; to?: string; tone?: 'danger' }) {
  const body = (
    <div className="trade-figure" style={{ minWidth: 120 }}>
      <div style={{ color: 'rgba(0,0,0,0.45)' }}>{label}</div>
      <div style={{ fontSize: 24, fontWeight: 600, marginTop: 4, color: tone === 'danger' ? '#cf1322' : undefined }}>{value}</div>
    </div>
  );
  return to ? <Link to={to}>{body}</Link> : body;
}

function BillsPanel() {
  const counts = useBillStatusCounts({ billType: -1 });
  const byStatus = new Map((counts.data ?? []).map((c) => [c.status, c.count]));
  return (
    <Panel title="待处理账单" extra={<Link to="/billManagement">全部账单</Link>} className="trade-bills">
      {counts.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex gap={48} wrap>
          {TO_ACT.map((s) => (
            <Figure key={s.status} label={s.label} value={byStatus.get(s.status) ?? 0} to={`/billManagement?status=${s.status}`} tone={s.status === BILL_STATUS.overdue && (byStatus.get(s.status) ?? 0) > 0 ? 'danger' : undefined} />
          ))}
        </Flex>
      )}
    </Panel>
  );
}

function SubscriptionsPanel() {
  const products = useProducts();
  const list = (products.data?.products ?? []).filter((p) => p.subscription || p.pendingOrder);
  return (
    <Panel title="订阅与到期" extra={<Link to="/appCenter">订阅中心</Link>} className="trade-subscriptions">
      {products.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.length === 0 ? (
        <Empty description="尚未订阅任何产品" />
      ) : (
        <Flex vertical gap={12}>
          {list.map((p) => {
            const state = stateLabel(p.subscription);
            return (
              <Flex key={p.code} justify="space-between" align="center" className="trade-subscription-row">
                <span>
                  <Typography.Text strong>{p.name}</Typography.Text>
                  {p.subscription && <Typography.Text type="secondary">{` · ${p.subscription.editionName} · 服务期至 ${p.subscription.endDate}`}</Typography.Text>}
                </span>
                <span>
                  {p.pendingOrder && <Typography.Text type="warning">{`订单${p.pendingOrder.orderNo}待付款 `}</Typography.Text>}
                  <StatusTag tone={state.tone}>{state.text}</StatusTag>
                </span>
              </Flex>
            );
          })}
          {products.data && (
            <Typography.Text type="secondary">{`电子合同剩余 ${products.data.usage.signaturesLeft} 份；在册员工 ${products.data.usage.roster} 人；本月发薪 ${products.data.usage.paidEmployeesThisMonth} 人`}</Typography.Text>
          )}
        </Flex>
      )}
    </Panel>
  );
}

function CustodyPanel() {
  const summary = useCustodySummary();
  const s = summary.data;
  return (
    <Panel title="托管账户" extra={<Link to="/fiduciaryaccount">查看流水</Link>} className="trade-custody">
      {summary.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Flex gap={48} wrap>
          <Figure label="可用余额" value={s ? formatMoney(s.balance) : '—'} />
          <Figure label="在途充值" value={s ? formatMoney(s.inTransit) : '—'} />
        </Flex>
      )}
    </Panel>
  );
}

function InvoicesPanel() {
  const bills = useInvoiceableBills(true);
  return (
    <Panel title="发票" extra={<Link to="/invoiceManagement">发票管理</Link>} className="trade-invoices">
      {bills.isLoading ? <Skeleton active paragraph={{ rows: 1 }} /> : <Figure label="已付款未开票的账单" value={bills.data?.length ?? 0} to="/invoiceManagement" />}
    </Panel>
  );
}

/** /tradeInformation (交易信息): bills to act on, subscriptions and their expiry, the custody balance, invoices — each for members who can open its screen. */
export default function TradeInformationPage() {
  const canOpen = useCanOpen();
  const panels = [
    canOpen('billManagement') && <BillsPanel key="bills" />,
    canOpen('appCenter') && <SubscriptionsPanel key="subs" />,
    canOpen('fiduciaryAccount') && <CustodyPanel key="custody" />,
    canOpen('invoiceManagement') && <InvoicesPanel key="invoices" />,
  ].filter(Boolean);
  return (
    <div className="trade-information-page">
      <PageHeader title="交易信息" description="账单、订阅、托管账户与发票一览；点开各项可直接办理。" />
      {panels.length === 0 ? (
        <Empty description="您没有查看交易信息各项的权限，请联系管理员" style={{ marginTop: 80 }} />
      ) : (
        <Row gutter={[16, 16]}>
          {panels.map((p, i) => (
            <Col key={i} xs={24} xl={12}>
              {p}
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
