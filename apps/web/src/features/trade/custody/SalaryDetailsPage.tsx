import type { PayoutDetail, PayoutLine } from '@wfsaas/contracts';
import { Button, Descriptions, Flex, Result, Spin, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { saveBlob } from '../../../app/api/save-blob.ts';
import { useCanOpen } from '../../../app/routing/PermissionContext.ts';
import { formatDateTime, formatMoney } from '../../../app/ui/format.ts';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { custodyCalls, usePayoutDetail } from './custody.api.ts';
import { billStatusText, fundingText, payoutTone } from './custody-format.ts';

/** /tradeInformation/salaryDetails/:reportId (薪资明细): a wage payout's employees with their net pay, its totals and fee; reportId is the payout id. */
export default function SalaryDetailsPage() {
  const { reportId } = useParams();
  const id = reportId && /^[1-9]\d{0,15}$/.test(reportId) ? Number(reportId) : null;
  const detail = usePayoutDetail(id);
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  if (id !== null && detail.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!detail.data)
    return (
      <Result
        status="404"
        title="发放单不存在"
        subTitle="该发放单可能不属于当前公司，或地址有误。"
        extra={
          canOpen('fiduciaryAccount') && (
            <Button type="primary" onClick={() => navigate('/fiduciaryaccount?tab=payouts')}>
              返回托管账户
            </Button>
          )
        }
      />
    );
  return <DetailView d={detail.data} />;
}

function DetailView({ d }: { d: PayoutDetail }) {
  const [exporting, setExporting] = useState(false);
  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await custodyCalls.exportPayout(d.id);
      saveBlob(blob, filename ?? `薪资明细_${d.payoutNo}.xlsx`);
    } catch {
      // the request client has shown the failure
    } finally {
      setExporting(false);
    }
  };
  const columns: TableColumnsType<PayoutLine> = [
    { title: '序号', dataIndex: 'lineNo', width: 70 },
    { title: '姓名', dataIndex: 'name', width: 120 },
    { title: '工号', dataIndex: 'employeeNo', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '开户银行', dataIndex: 'bankName', width: 200, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '银行账号', dataIndex: 'bankAccountMasked', width: 220, render: (v: string | null) => v ?? '未登记' },
    { title: '实发工资', dataIndex: 'net', width: 140, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
  ];
  return (
    <Flex vertical gap={16} className="salary-details-page">
      <PageHeader
        title={`薪资明细 · ${d.payoutNo}`}
        description={`${d.month} ${d.groupName}`}
        extra={
          <Button className="salary-details-export" loading={exporting} onClick={() => void exportXlsx()}>
            导出明细
          </Button>
        }
      />
      <Panel>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="状态">
            <StatusTag tone={payoutTone(d.status)}>{d.statusLabel}</StatusTag>
          </Descriptions.Item>
          <Descriptions.Item label="代发账单">{d.billNo ? `${d.billNo}（${billStatusText(d.billStatus)}）` : '—'}</Descriptions.Item>
          <Descriptions.Item label="支付与代发">{d.status === 3 ? `已取消：${d.cancelReason ?? ''}` : fundingText(d)}</Descriptions.Item>
          <Descriptions.Item label="发放人数">{d.headcount}人</Descriptions.Item>
          <Descriptions.Item label="发起时间">{formatDateTime(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="支付时间">{formatDateTime(d.paidAt)}</Descriptions.Item>
        </Descriptions>
        <Flex gap={48} wrap style={{ marginTop: 16 }}>
          <Amount label="实发工资合计" value={d.wages} />
          <Amount label={`代发服务费（${d.headcount}人 × ${formatMoney(d.feePerHead)}）`} value={d.fee} />
          <Amount label="合计" value={d.total} strong />
        </Flex>
      </Panel>
      <Panel title="员工明细">
        <Table<PayoutLine>
          rowKey="lineNo"
          className="salary-details-table"
          size="middle"
          columns={columns}
          dataSource={d.lines}
          pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (n) => `共 ${n} 条` }}
          scroll={{ x: 870 }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5}>
                <strong>合计（{d.headcount}人）</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong className="money">{formatMoney(d.wages)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Panel>
    </Flex>
  );
}

function Amount({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <div style={{ color: 'rgba(0,0,0,0.45)' }}>{label}</div>
      <div className="money" style={{ fontSize: strong ? 24 : 18, fontWeight: 600, marginTop: 4 }}>
        {formatMoney(value)}
      </div>
    </div>
  );
}
