import type { PayslipAddResult, PayslipBatchView, PayslipSheetPreview } from '@wfsaas/contracts';
import { Card, Flex, Steps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { applyTemplate, type Basics, type Layout } from './import-layout.ts';
import { payslipCalls, useTemplates } from './payslips.api.ts';
import { DoneStep, SendStep } from './ImportSendStep.tsx';
import { LayoutStep } from './ImportLayoutStep.tsx';
import { MatchStep } from './ImportMatchStep.tsx';
import { UploadStep } from './ImportUploadStep.tsx';
/**
 * /gzt-vite/importPayslip — 导入工资条: 上传文件 → 设置表头 → 匹配人员 → 预览并发送 → 完成. The upload is
 * read by the server (header rows and identity columns detected); HR corrects the layout, the server
 * makes a draft batch and matches rows to employees, and the batch is sent now or at a set time.
 */

const STEP_TITLES = ['上传文件', '设置表头', '匹配人员', '预览并发送', '完成'];

export default function ImportPayslipPage() {
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [basics, setBasics] = useState<Basics | null>(null);
  const [sheet, setSheet] = useState<PayslipSheetPreview | null>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  const [added, setAdded] = useState<PayslipAddResult | null>(null);
  const [sent, setSent] = useState<PayslipBatchView | null>(null);
  const templates = useTemplates();
  // a sheet read but not yet sent: leaving asks first (a made draft stays in 工资条管理)
  useLeaveGuard(step >= 1 && step <= 3);

  const header = useAction((f: File, headerRows: 1 | 2 | undefined) => payslipCalls.header(f, headerRows));
  const add = useAction(payslipCalls.add, {
    onSuccess: (r) => {
      setAdded(r);
      setStep(2);
    },
  });
  const busy = header.pending || add.pending;

  const readSheet = async (f: File, b: Basics, headerRows?: 1 | 2) => {
    const template = templates.data?.find((t) => t.id === b.templateId);
    const s = await header.run(f, headerRows ?? template?.headerRows);
    if (!s) return false;
    setFile(f);
    setSheet(s);
    setLayout(applyTemplate(s, template));
    return true;
  };

  const restart = () => {
    setStep(0);
    setFile(null);
    setSheet(null);
    setLayout(null);
    setAdded(null);
    setSent(null);
  };

  return (
    <Flex vertical gap={16} className="import-payslip-page">
      <PageHeader title="导入工资条" description="上传工资表，设置表头与显示项目，匹配员工后发送到员工手机，员工验证身份后查看并确认。" extra={<Link to="/gzt-vite/payslipManagement">工资条管理</Link>} />
      <Card>
        <Steps current={step} items={STEP_TITLES.map((title) => ({ title }))} style={{ marginBottom: 24 }} className="payslip-steps" />
        {step === 0 && (
          <UploadStep
            busy={busy}
            templates={templates.data ?? []}
            initial={basics}
            onFile={async (f, b) => {
              setBasics(b);
              if (await readSheet(f, b)) setStep(1);
            }}
          />
        )}
        {step === 1 && sheet && layout && basics && file && (
          <LayoutStep
            sheet={sheet}
            layout={layout}
            busy={busy}
            onChange={setLayout}
            onHeaderRows={(n) => void readSheet(file, basics, n)}
            onBack={() => setStep(0)}
            onNext={() => void add.run({ fileId: sheet.fileId, month: basics.month, title: basics.title, templateId: basics.templateId, ...layout })}
          />
        )}
        {step === 2 && added && <MatchStep result={added} onChange={setAdded} onNext={() => setStep(3)} />}
        {step === 3 && added && sheet && layout && basics && (
          <SendStep
            batchId={added.batchId}
            basics={basics}
            sheet={sheet}
            layout={layout}
            onBack={() => setStep(2)}
            onSent={(b) => {
              setSent(b);
              setStep(4);
            }}
          />
        )}
        {step === 4 && added && <DoneStep batchId={added.batchId} sent={sent} result={added} onAgain={restart} />}
      </Card>
    </Flex>
  );
}
