import { leadPlanNumType, SUBS_ORDER_MONTHS, SUBS_ORDER_STATUSES, type AppProductCard, type SubsOrderAction, type SubsOrderView, type SubsUsageView } from '@wfsaas/contracts';
import { Alert, App, Button, Col, Descriptions, Flex, Form, Input, InputNumber, Progress, Row, Select, Skeleton, Space, Statistic, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../app/api/client.ts';
import { usePermissions } from '../../../app/routing/PermissionContext.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../app/ui/format.ts';
import { FormModal } from '../../../app/ui/FormOverlay.tsx';
import { int } from '../../../app/ui/list-query.ts';
import { ListTable } from '../../../app/ui/ListTable.tsx';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { useListQuery } from '../../../app/ui/use-list-query.ts';
import { subsCalls, useInvalidateSubs, useOrderPage, useProducts, useQuote } from './subscriptions.api.ts';
import { LeadFormModal } from '../../support/leads/index.ts';
import { actionLabel, cardActions, orderDefaults, orderInput, orderStatusLabel, orderStatusTone, stateLabel, usageBar, type OrderFormValues } from './subs-format.ts';

/** 订阅中心: a card per product with the company's term, seats and usage; orders priced by the server and paid through a platform bill. */

type Ordering = { product: AppProductCard; action: SubsOrderAction };

function ProductCardView({ p, usage, canEdit, onOrder, onCancel, onConsult }: { p: AppProductCard; usage: SubsUsageView; canEdit: boolean; onOrder: (a: SubsOrderAction) => void; onCancel: () => void; onConsult: () => void }) {
  const s = p.subscription;
  const state = stateLabel(s);
  const bar = usageBar(p, usage);
  return (
    <Panel
      className={`subs-card subs-card-${p.code}`}
      title={p.name}
      extra={<StatusTag tone={state.tone}>{state.text}</StatusTag>}
      bodyStyle={{ padding: 20, minHeight: 236, display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      <Typography.Text type="secondary">{p.description}</Typography.Text>
      {s ? (
        <Descriptions size="small" column={2} colon={false} styles={{ label: { color: 'rgba(0,0,0,0.45)' } }}>
          <Descriptions.Item label="版本">{s.editionName}</Descriptions.Item>
          {p.billing === 'seatYear' && <Descriptions.Item label="人数">{s.seats}人</Descriptions.Item>}
          {p.code === 'econtract' && <Descriptions.Item label="剩余份数">{usage.signaturesLeft}份</Descriptions.Item>}
          <Descriptions.Item label="服务期" span={2}>
            {formatDate(s.startDate)} 至 {formatDate(s.endDate)}
            {s.state === 'active' && <Typography.Text type="secondary">（剩余{s.daysLeft}天）</Typography.Text>}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text>
          价格：{p.editions.map((e) => `${e.name} ${formatMoney(e.price)}`).join('，')}（{p.unit}）
        </Typography.Text>
      )}
      {bar && (
        <div>
          <Flex justify="space-between">
            <Typography.Text type="secondary">{bar.label}</Typography.Text>
            <Typography.Text>
              {bar.used} / {bar.of}
            </Typography.Text>
          </Flex>
          <Progress percent={bar.percent} showInfo={false} status={bar.used > bar.of ? 'exception' : 'normal'} size="small" />
        </div>
      )}
      {p.billing === 'monthly' && <Alert type="info" showIcon message={`按实际参保人次按月结算（${formatMoney(p.editions[0]!.price)}/人·月），随月度结算账单收取`} />}
      {p.pendingOrder && (
        <Alert
          type="warning"
          showIcon
          message={`${actionLabel(p.pendingOrder.action)}订单${p.pendingOrder.orderNo}待付款 ${formatMoney(p.pendingOrder.amount)}`}
          description="请在账单管理中付款，付款后自动生效"
          action={
            canEdit && (
              <Button size="small" className="subs-cancel" onClick={onCancel}>
                取消订单
              </Button>
            )
          }
        />
      )}
      {((canEdit && cardActions(p).length > 0) || !s) && (
        <Space style={{ marginTop: 'auto' }}>
          {canEdit &&
            cardActions(p).map((a, i) => (
              <Button key={a} type={i === 0 ? 'primary' : 'default'} className={`subs-${a}`} onClick={() => onOrder(a)}>
                {a === 'expand' ? '扩容' : a === 'pack' ? (s ? '加购套餐包' : '购买套餐包') : actionLabel(a)}
              </Button>
            ))}
          {!s && (
            <Button className="subs-consult" onClick={onConsult}>
              咨询开通
            </Button>
          )}
        </Space>
      )}
    </Panel>
  );
}

function OrderModal({ ordering, roster, onClose, onDone }: { ordering: Ordering | null; roster: number; onClose: () => void; onDone: () => Promise<unknown> }) {
  const [form] = Form.useForm<OrderFormValues>();
  const values = Form.useWatch([], form) as OrderFormValues | undefined;
  const p = ordering?.product;
  const action = ordering?.action;
  const input = p && action && values ? orderInput(p, action, values) : null;
  const quote = useQuote(input);
  const submit = useAction(subsCalls.submit, { success: '订单已提交，请在账单管理中付款', invalidate: onDone, onSuccess: onClose });
  const s = p?.subscription;
  const editions = p ? (action === 'upgrade' ? p.editions.filter((e) => s && Number(e.price) > Number(p.editions.find((x) => x.code === s.edition)?.price ?? 0)) : p.editions) : [];
  return (
    <FormModal<OrderFormValues>
      title={p && action ? `${p.name} · ${action === 'pack' ? '购买套餐包' : actionLabel(action)}` : ''}
      open={ordering !== null}
      onClose={onClose}
      form={form}
      values={p && action ? orderDefaults(p, action, roster) : {}}
      okText="提交订单"
      okClassName="subs-submit"
      okDisabled={!input || !quote.data || quote.isError}
      onSubmit={async () => (input ? submit.run(input) : undefined)}
      className="subs-order-modal"
    >
      {p && action && (
        <>
          {(action === 'new' || action === 'upgrade' || action === 'pack') && (
            <Form.Item name="edition" label={action === 'pack' ? '套餐包' : '版本'} rules={[{ required: true, message: '请选择' }]}>
              <Select options={editions.map((e) => ({ value: e.code, label: `${e.name}（${formatMoney(e.price)}${p.unit.replace('元', '')}）` }))} />
            </Form.Item>
          )}
          {p.billing === 'seatYear' && action !== 'upgrade' && (
            <Form.Item name="seats" label={action === 'expand' ? '新增人数' : '人数'} extra={`当前在册员工${roster}人${s ? `，已购买${s.seats}人` : ''}`} rules={[{ required: true, message: '请填写人数' }]}>
              <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} addonAfter="人" />
            </Form.Item>
          )}
          {(action === 'new' || action === 'renew') && (
            <Form.Item name="months" label="购买时长" rules={[{ required: true }]}>
              <Select options={SUBS_ORDER_MONTHS.map((m) => ({ value: m, label: `${m / 12}年` }))} />
            </Form.Item>
          )}
          {quote.isError && <Alert type="error" showIcon message={quote.error instanceof ApiError ? quote.error.message : '价格计算失败'} />}
          {quote.data && !quote.isError && (
            <Descriptions className="subs-quote" bordered size="small" column={1} title="订单价格（由平台计算）">
              <Descriptions.Item label="服务期">
                {formatDate(quote.data.startDate)} 至 {formatDate(quote.data.endDate)}
              </Descriptions.Item>
              <Descriptions.Item label="计价">{quote.data.formula}</Descriptions.Item>
              <Descriptions.Item label="应付金额">
                <Typography.Text strong style={{ fontSize: 18, color: '#cf1322' }}>
                  {formatMoney(quote.data.amount)}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          )}
        </>
      )}
    </FormModal>
  );
}

const ORDER_SCHEMA = { status: int };

export default function AppCenterPage() {
  const { map } = usePermissions();
  const canEdit = map['appCenter.edit'] === true;
  const products = useProducts();
  const invalidate = useInvalidateSubs();
  const [ordering, setOrdering] = useState<Ordering | null>(null);
  const [cancelling, setCancelling] = useState<AppProductCard | null>(null);
  const [consulting, setConsulting] = useState<AppProductCard | null>(null);
  const cancel = useAction(subsCalls.cancel, { success: '订单已取消', invalidate, onSuccess: () => setCancelling(null) });
  const query = useListQuery({ name: 'subs-orders', schema: ORDER_SCHEMA });
  const orders = useOrderPage(query.params);
  const { message } = App.useApp();
  const usage = products.data?.usage;
  const columns: TableColumnsType<SubsOrderView> = [
    { title: '订单编号', dataIndex: 'orderNo', width: 140 },
    { title: '产品', key: 'product', width: 190, render: (_, r) => `${r.productName} · ${r.editionName}` },
    { title: '类型', dataIndex: 'action', width: 90, render: (a: SubsOrderAction) => <Tag>{actionLabel(a)}</Tag> },
    { title: '人数/份数', key: 'qty', width: 100, render: (_, r) => (r.pack ? `${r.pack}份` : r.seats > 0 ? `${r.seats}人` : '—') },
    { title: '服务期', key: 'term', width: 210, render: (_, r) => `${formatDate(r.startDate)} 至 ${formatDate(r.endDate)}` },
    { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: (v: string) => formatMoney(v) },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <StatusTag tone={orderStatusTone(v)}>{orderStatusLabel(v)}</StatusTag> },
    { title: '账单编号', dataIndex: 'billNo', width: 150, render: (v: string | null) => v ?? '—' },
    { title: '下单时间', dataIndex: 'createdAt', width: 160, render: (v: string) => formatDateTime(v) },
  ];
  return (
    <Flex vertical gap={16} className="app-center-page">
      <PageHeader title="订阅中心" description="查看本公司已订阅的产品、用量与到期时间，在线购买、续费、扩容或升级" />
      {products.isLoading || !usage ? (
        <Panel>
          <Skeleton active />
        </Panel>
      ) : (
        <>
          <Panel bodyStyle={{ padding: '16px 24px' }}>
            <Row gutter={24}>
              <Col span={6}>
                <Statistic title="在册员工" value={usage.roster} suffix="人" />
              </Col>
              <Col span={6}>
                {products.data!.products.find((p) => p.code === 'econtract')?.subscription ? (
                  <Statistic title="电子合同剩余份数" value={usage.signaturesLeft} suffix={`/ ${usage.signaturesBought}`} />
                ) : (
                  <Statistic title="电子合同剩余份数" value="未订阅" />
                )}
              </Col>
              <Col span={6}>
                <Statistic title="本月已发短信" value={usage.smsThisMonth} suffix="条" />
              </Col>
              <Col span={6}>
                <Statistic title="本月发薪人数" value={usage.paidEmployeesThisMonth} suffix="人" />
              </Col>
            </Row>
          </Panel>
          <Row gutter={[16, 16]}>
            {products.data!.products.map((p) => (
              <Col key={p.code} xs={24} lg={12} xxl={8}>
                <ProductCardView p={p} usage={usage} canEdit={canEdit} onOrder={(action) => setOrdering({ product: p, action })} onCancel={() => setCancelling(p)} onConsult={() => setConsulting(p)} />
              </Col>
            ))}
          </Row>
          <Typography.Text type="secondary">到期说明：服务期满后有15天宽限期，宽限期后该产品转为只读，数据仍可查看和导出，续费后恢复使用。</Typography.Text>
        </>
      )}
      <Panel title="订单记录" bodyStyle={{ padding: '0 24px 16px' }}>
        <Select
          allowClear
          placeholder="订单状态"
          style={{ width: 160, margin: '16px 0' }}
          value={query.filters.status}
          options={SUBS_ORDER_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(v) => query.search({ status: v })}
        />
        <ListTable<SubsOrderView, typeof ORDER_SCHEMA> rowKey="id" className="subs-orders-table" query={query} result={orders} columns={columns} empty="暂无订单" scroll={{ x: 1200 }} />
      </Panel>
      <LeadFormModal
        open={consulting !== null}
        onClose={() => setConsulting(null)}
        planNumType={leadPlanNumType(consulting?.code ?? '')}
        title={`咨询开通 · ${consulting?.name ?? ''}`}
        intro={consulting ? `${consulting.description}。留下联系方式，专属顾问将在1个工作日内与您联系，介绍价格与开通方式并安排演示。` : undefined}
      />
      <OrderModal ordering={ordering} roster={usage?.roster ?? 0} onClose={() => setOrdering(null)} onDone={invalidate} />
      <FormModal<{ reason: string }>
        title="取消订单"
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        okText="确认取消"
        okDanger
        okClassName="subs-cancel-ok"
        intro={cancelling?.pendingOrder && <Typography.Paragraph>取消订单{cancelling.pendingOrder.orderNo}后，其账单将暂停，不再需要付款。</Typography.Paragraph>}
        onSubmit={async (v) => {
          if (!cancelling?.pendingOrder) return message.error('订单不存在');
          return cancel.run(cancelling.pendingOrder.id, v.reason);
        }}
      >
        <Form.Item name="reason" label="取消原因" rules={[{ required: true, whitespace: true, message: '请填写取消原因' }]}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
