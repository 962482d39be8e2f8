import { BATCH_STATUS, PAYSLIP_CHANNELS, VERIFY_METHODS, type PayslipBatchView } from '@wfsaas/contracts';
import { Descriptions, Flex, Tag } from 'antd';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { batchStatusTone, FIGURE_STAGES, stageLabel } from './payslip-format.ts';

const FIGURE_TAG_COLORS: Record<(typeof FIGURE_STAGES)[number], string> = { pending: 'default', sent: 'processing', viewed: 'processing', confirmed: 'success', feedback: 'warning', withdrawn: 'default', failed: 'error' };

/** A batch's settings and its figures (总人数 and each stage's count). */
export function BatchFacts({ batch }: { batch: PayslipBatchView }) {
  const figures = batch.stageCounts;
  const channelText = batch.channels.map((k) => PAYSLIP_CHANNELS.find((c) => c.key === k)?.label ?? k).join('、') || EMPTY_TEXT;
  return (
    <>
      <Descriptions column={3} size="small" className="batch-descriptions">
        <Descriptions.Item label="工资月份">{batch.month}</Descriptions.Item>
        <Descriptions.Item label="标题">{batch.title}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <StatusTag tone={batchStatusTone(batch.status)}>{batch.statusLabel}</StatusTag>
        </Descriptions.Item>
        <Descriptions.Item label="发送渠道">{channelText}</Descriptions.Item>
        <Descriptions.Item label={batch.status === BATCH_STATUS.scheduled ? '定时发送' : '发送时间'}>{formatDateTime(batch.status === BATCH_STATUS.scheduled ? batch.sendAt : batch.sentAt)}</Descriptions.Item>
        <Descriptions.Item label="查看验证">{VERIFY_METHODS.find((m) => m.key === batch.verifyMethod)?.label ?? EMPTY_TEXT}</Descriptions.Item>
        <Descriptions.Item label="查询密码">{batch.requirePassword ? '需要' : '不需要'}</Descriptions.Item>
        <Descriptions.Item label="确认签名">{batch.requireSignature ? '需手写签名' : '不需要'}</Descriptions.Item>
        <Descriptions.Item label="自动确认">{batch.autoConfirmDays > 0 ? `发送 ${batch.autoConfirmDays} 天后` : '不自动确认'}</Descriptions.Item>
        <Descriptions.Item label="创建人">
          {batch.createdByName ?? EMPTY_TEXT} {formatDateTime(batch.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label="备注" span={3}>
          {batch.note || EMPTY_TEXT}
        </Descriptions.Item>
      </Descriptions>
      <Flex gap={8} wrap style={{ marginTop: 12 }} className="batch-counts">
        <Tag>总人数 {figures.total}</Tag>
        {FIGURE_STAGES.map((stage) => (
          <Tag key={stage} color={FIGURE_TAG_COLORS[stage]} className={`count-${stage}`}>
            {stageLabel(stage)} {figures[stage]}
          </Tag>
        ))}
        {figures.unmatched > 0 && <Tag color="error">未匹配 {figures.unmatched}</Tag>}
      </Flex>
    </>
  );
}
