import type { PayslipAddResult, PayslipBatchView, PayslipSheetPreview } from '@wfsaas/contracts';
import { Button, Col, Flex, Result, Row, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/ui/format.ts';
import { identityIndexes, identityText, type Basics, type Layout } from './import-layout.ts';
import { groupRowForPreview, netPayOf } from './payslip-format.ts';
import { PayslipSheet } from './PayslipSheet.tsx';
import { SendSettingsForm } from './SendSettingsForm.tsx';

/** 预览并发送: a sample employee's payslip as the phone shows it, beside the send settings. */
export function SendStep({ batchId, basics, sheet, layout, onBack, onSent }: { batchId: number; basics: Basics; sheet: PayslipSheetPreview; layout: Layout; onBack: () => void; onSent: (b: PayslipBatchView) => void }) {
  const [sampleIndex, setSampleIndex] = useState(0);
  const idIdx = identityIndexes(layout.identity);
  const nameIdx = layout.identity.find((i) => i.kind === 'name')?.index ?? 0;
  const groups = useMemo(() => groupRowForPreview(layout.columns, sheet.sample[sampleIndex] ?? [], { hideEmpty: layout.hideEmpty, identityIndexes: idIdx }), [layout, sheet, sampleIndex, idIdx]);
  const sampleOptions = sheet.sample.map((r, i) => ({ value: i, label: `${r[nameIdx] ?? `第 ${i + 1} 行`}（${identityText(layout.identity, r)}）` }));

  return (
    <Row gutter={32} className="payslip-send-step">
      <Col flex="415px">
        <Flex vertical gap={12}>
          <Space>
            <span>预览员工：</span>
            <Select style={{ width: 260 }} value={sampleIndex} options={sampleOptions} onChange={setSampleIndex} aria-label="预览员工" className="preview-employee" />
          </Space>
          <div className="payslip-preview" style={{ width: 375, background: '#f5f7fa', borderRadius: 16, padding: 12, border: '1px solid #e5e7eb', maxHeight: 640, overflowY: 'auto' }}>
            <PayslipSheet title={basics.title} month={basics.month} name={sheet.sample[sampleIndex]?.[nameIdx]} groups={groups} netPay={netPayOf(groups)} note={layout.note} />
          </div>
          <div style={{ color: 'rgba(0,0,0,0.45)' }}>以上为员工手机上看到的内容（仅预览文件前几行）</div>
        </Flex>
      </Col>
      <Col flex="auto">
        <SendSettingsForm batchId={batchId} onBack={onBack} onSent={onSent} />
      </Col>
    </Row>
  );
}

export function DoneStep({ batchId, sent, result, onAgain }: { batchId: number; sent: PayslipBatchView | null; result: PayslipAddResult; onAgain: () => void }) {
  const scheduled = sent?.status === 1;
  return (
    <Result
      status="success"
      className="payslip-done"
      title={scheduled ? '已设置定时发送' : '工资条已开始发送'}
      subTitle={scheduled ? `将于 ${formatDateTime(sent?.sendAt)} 发送给 ${result.matched} 名员工` : `正在发送给 ${result.matched} 名员工，可在详情页查看发送与确认情况`}
      extra={[
        <Link key="detail" to={`/gzt-vite/payslipDetails/${batchId}`}>
          <Button type="primary">查看发放详情</Button>
        </Link>,
        <Button key="again" onClick={onAgain}>
          继续导入
        </Button>,
      ]}
    />
  );
}
