import type { BillDetail, CustodyBillDetail } from '@wfsaas/contracts';
import { Alert, Col, Descriptions, Drawer, Empty, Flex, Row, Space, Spin, Statistic, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { EMPTY_TEXT, formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { billStatusLabel, billStatusTone, employerContributions, linesMatchTotal, sumAmounts } from './os-format.ts';

const money = (v: string | null) => (v === null ? EMPTY_TEXT : <span className="money">{formatMoney(v)}</span>);

/** A bill as the provider sees it, or as a client does (wages per line only when the provider shows pay). */
type AnyBill = BillDetail | CustodyBillDetail;
type Line = AnyBill['lines'][number];

/** A monthly client bill: header with the totals and the plan's terms, the itemised lines with a summary row, workers left off. */
export function BillDrawer({ open, detail, loading, onClose, actions }: { open: boolean; detail: AnyBill | undefined; loading: boolean; onClose: () => void; actions?: ReactNode }) {
  return (
    <Drawer title={detail ? `账单 ${detail.billNo}` : '账单详情'} open={open} onClose={onClose} size={1100} destroyOnHidden className="bill-drawer" extra={actions ? <Space>{actions}</Space> : undefined}>
      {loading && !detail ? <Spin style={{ display: 'block', margin: '80px auto' }} /> : detail ? <BillBody b={detail} /> : <Empty description="账单不存在或已被删除" />}
    </Drawer>
  );
}

function BillBody({ b }: { b: AnyBill }) {
  const lines: readonly Line[] = b.lines;
  const sum = sumAmounts(lines);
  const wagesHidden = lines.some((l) => l.wages === null);
  const columns: TableColumnsType<Line> = [
    { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
    { title: '工号', dataIndex: 'employeeNo', width: 90, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '岗位', dataIndex: 'post', width: 110, ellipsis: true },
    { title: '出勤天数', dataIndex: 'days', width: 90, align: 'right', render: (v: number | null) => v ?? EMPTY_TEXT },
    { title: '工资', dataIndex: 'wages', width: 120, align: 'right', render: money },
    { title: '单位社保', dataIndex: 'siEmployer', width: 110, align: 'right', render: money },
    { title: '单位公积金', dataIndex: 'hfEmployer', width: 110, align: 'right', render: money },
    { title: '服务费', dataIndex: 'serviceFee', width: 100, align: 'right', render: money },
    { title: '增值税', dataIndex: 'vat', width: 100, align: 'right', render: money },
    { title: '合计', dataIndex: 'total', width: 120, align: 'right', render: (v: string) => <strong className="money">{formatMoney(v)}</strong> },
    { title: '说明', dataIndex: 'note', width: 140, ellipsis: true, render: (v: string | null) => v || EMPTY_TEXT },
  ];
  const cards: [string, string][] = [
    ['工资', b.wages],
    ['社保公积金（单位）', employerContributions(b)],
    ['服务费', b.serviceFee],
    ['增值税', b.vat],
    ['合计', b.total],
  ];
  return (
    <Flex vertical gap={16}>
      <Descriptions column={3} size="small" className="bill-header">
        <Descriptions.Item label="用工单位">{b.clientName}</Descriptions.Item>
        <Descriptions.Item label="账单月份">{b.month}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <StatusTag tone={billStatusTone(b.status)}>{billStatusLabel(b.status)}</StatusTag>
        </Descriptions.Item>
        <Descriptions.Item label="方案">{b.planName}</Descriptions.Item>
        <Descriptions.Item label="服务费">{b.feeText}</Descriptions.Item>
        <Descriptions.Item label="增值税">{b.vatText}</Descriptions.Item>
        <Descriptions.Item label="人数">{b.workerCount}</Descriptions.Item>
        <Descriptions.Item label="生成时间">{formatDateTime(b.generatedAt)}</Descriptions.Item>
        <Descriptions.Item label="确认">{b.confirmedAt ? `${formatDateTime(b.confirmedAt)}${b.confirmedBy ? ` ${b.confirmedBy}` : ''}` : '未确认'}</Descriptions.Item>
        {b.paidAt && <Descriptions.Item label="收款时间">{formatDateTime(b.paidAt)}</Descriptions.Item>}
      </Descriptions>
      <Row gutter={16} className="bill-totals">
        {cards.map(([title, v]) => (
          <Col key={title} flex="1">
            <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '12px 16px' }}>
              <Statistic title={title} value={formatMoney(v)} valueStyle={{ fontSize: 20 }} />
            </div>
          </Col>
        ))}
      </Row>
      {lines.length > 0 && !linesMatchTotal(b.total, lines) && (
        <Alert type="error" showIcon className="bill-mismatch" message={`账单合计 ${formatMoney(b.total)} 与明细之和 ${formatMoney(sum.total)} 不一致，请重新生成账单`} />
      )}
      {b.missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="bill-missing"
          message={`${b.missing.length} 名派驻人员本月没有薪资结果，未计入账单`}
          description={`${b.missing.map((m) => m.name).join('、')}。请核对本月算薪后重新生成账单。`}
        />
      )}
      <Table<Line>
        rowKey="employeeId"
        size="small"
        className="bill-lines"
        scroll={{ x: 1200 }}
        dataSource={[...lines]}
        columns={columns}
        pagination={b.lines.length > 50 ? { pageSize: 50, showTotal: (t) => `共 ${t} 条` } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本账单没有明细" /> }}
        summary={() =>
          b.lines.length > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row className="bill-summary">
                <Table.Summary.Cell index={0} colSpan={4}>
                  <strong>合计（{b.lines.length} 人）</strong>
                </Table.Summary.Cell>
                {(['wages', 'siEmployer', 'hfEmployer', 'serviceFee', 'vat', 'total'] as const).map((k, i) => (
                  <Table.Summary.Cell key={k} index={4 + i} align="right">
                    <strong className="money">{k === 'wages' && wagesHidden ? EMPTY_TEXT : formatMoney(sum[k])}</strong>
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={10} />
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Flex>
  );
}
