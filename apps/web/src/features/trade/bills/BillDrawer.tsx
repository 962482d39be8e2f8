import type { PlatformBillDetail } from '@wfsaas/contracts';
import { PayeeDetails } from '../PayeeDetails.tsx';
import { usePayee } from './bills.api.ts';
import { Alert, Button, Descriptions, Drawer, Empty, Space, Table, Timeline, Typography } from 'antd';
import { formatDate, formatDateTime, formatMoney } from '../../../app/ui/format.ts';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { billStatusLabel, billStatusTone, billTypeLabel, eventText, paymentMethodLabel, paymentStatusLabel } from './bill-format.ts';

/** A bill: its amounts and lines, payments (with the proof) and the status timeline; `actions` are the caller's buttons. */
export function BillDrawer({ bill, loading, open, onClose, actions, onProof }: { bill: PlatformBillDetail | undefined; loading: boolean; open: boolean; onClose: () => void; actions?: React.ReactNode; onProof: (p: PlatformBillDetail['payments'][number]) => void }) {
  return (
    <Drawer className="bill-drawer" title={bill ? `账单 ${bill.billNo}` : '账单详情'} open={open} onClose={onClose} size={760} loading={loading} extra={actions}>
      {bill && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {bill.reason && [5, 7, 10, 11, 12].includes(bill.status) && <Alert type={bill.status >= 10 ? 'error' : 'info'} showIcon title={`${billStatusLabel(bill.status)}：${bill.reason}`} />}
          {bill.transferPending && <Alert type="info" showIcon title="转账凭证已提交，等待平台确认到账" />}
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="账单名称" span={2}>{bill.title}</Descriptions.Item>
            <Descriptions.Item label="账单类型">{billTypeLabel(bill)}</Descriptions.Item>
            <Descriptions.Item label="状态"><StatusTag tone={billStatusTone(bill.status)}>{billStatusLabel(bill.status)}</StatusTag></Descriptions.Item>
            <Descriptions.Item label="账单月份">{bill.month ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="付款截止日">{formatDate(bill.dueDate)}</Descriptions.Item>
            <Descriptions.Item label="应付金额"><strong className="money">{formatMoney(bill.amount)}</strong></Descriptions.Item>
            <Descriptions.Item label="生成时间">{formatDateTime(bill.createdAt)}</Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>账单明细</Typography.Title>
            <Table
              size="small"
              rowKey="lineNo"
              pagination={false}
              dataSource={bill.lines}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无明细" /> }}
              columns={[
                { title: '项目', dataIndex: 'item' },
                { title: '数量', dataIndex: 'quantity', align: 'right', render: (v: string, r) => `${Number(v).toLocaleString('zh-CN')} ${r.unit}` },
                { title: '单价', dataIndex: 'unitPrice', align: 'right', render: (v: string) => formatMoney(v) },
                { title: '金额', dataIndex: 'amount', align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3}>合计</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right"><strong className="money">{formatMoney(bill.amount)}</strong></Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </div>
          {[3, 6].includes(bill.status) && <DrawerPayee />}
          <div>
            <Typography.Title level={5}>付款记录</Typography.Title>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={bill.payments}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无付款记录" /> }}
              columns={[
                { title: '方式', dataIndex: 'method', render: paymentMethodLabel },
                { title: '流水号', dataIndex: 'reference' },
                { title: '金额', dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
                { title: '状态', dataIndex: 'status', render: (v: number, r) => `${paymentStatusLabel(v)}${r.rejectReason ? `（${r.rejectReason}）` : ''}` },
                { title: '提交时间', dataIndex: 'submittedAt', render: formatDateTime },
                { title: '凭证', key: 'proof', render: (_: unknown, r) => (r.proofFileId ? <Button type="link" size="small" onClick={() => onProof(r)}>查看</Button> : '—') },
              ]}
            />
          </div>
          <div>
            <Typography.Title level={5}>状态记录</Typography.Title>
            <Timeline items={bill.events.map((e) => ({ key: e.id, content: <span><Typography.Text type="secondary">{formatDateTime(e.at)}</Typography.Text> {eventText(e)}</span> }))} />
          </div>
        </Space>
      )}
    </Drawer>
  );
}

/** The receiving account, for a bill waiting to be paid. */
function DrawerPayee() {
  const payee = usePayee();
  return <PayeeDetails payee={payee.data} title="平台收款账户" />;
}
