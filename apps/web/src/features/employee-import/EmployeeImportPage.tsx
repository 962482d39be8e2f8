import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Space, Steps, Upload } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { CheckStep } from './CheckStep.tsx';
import { DoneStep } from './DoneStep.tsx';
import { downloadImportTemplate, uploadImportFile, type ImportBatch } from './employee-import.api.ts';
import { MappingStep } from './MappingStep.tsx';

/**
 * /staffRoll/importTemplate/:name — the roster import wizard: 下载模板 → 上传文件 → 字段匹配 →
 * 数据校验 → 导入完成. The server keeps the batch; every step reads its state from there.
 */

const STEP_TITLES = ['下载模板', '上传文件', '字段匹配', '数据校验', '导入完成'];

export default function EmployeeImportPage() {
  const { name = 'employee' } = useParams();
  const [step, setStep] = useState(0);
  const [batch, setBatch] = useState<ImportBatch | null>(null);
  const upload = useAction((file: File) => uploadImportFile(name, file), {
    onSuccess: (b) => {
      setBatch(b);
      setStep(2);
    },
  });

  return (
    <div className="page employee-import">
      <PageHeader title="导入本企业员工" extra={<Link to="/staffRoll">返回员工花名册</Link>} />
      <Card>
        <Steps current={step} items={STEP_TITLES.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
        {step === 0 && <TemplateStep name={name} onNext={() => setStep(1)} />}
        {step === 1 && (
          <UploadStep busy={upload.pending} onBack={() => setStep(0)} onFile={(file) => void upload.run(file)} />
        )}
        {step === 2 && batch && <MappingStep batch={batch} onChange={setBatch} onBack={() => setStep(1)} onNext={() => setStep(3)} />}
        {step === 3 && batch && <CheckStep batch={batch} onChange={setBatch} onBack={() => setStep(2)} onImported={(b) => { setBatch(b); setStep(4); }} />}
        {step === 4 && batch && <DoneStep batch={batch} onChange={setBatch} onAgain={() => { setBatch(null); setStep(1); }} onFixRest={() => setStep(3)} />}
      </Card>
    </div>
  );
}

function TemplateStep({ name, onNext }: { name: string; onNext: () => void }) {
  const download = useAction(downloadImportTemplate);
  return (
    <Flex vertical gap={16} align="center" style={{ padding: '24px 0' }}>
      <Alert
        type="info"
        showIcon
        style={{ width: 720 }}
        message="请先下载导入模板，按模板填写员工信息"
        description="模板包含本企业的标准字段与自定义字段；表头带 * 的列必填，下拉列请从选项中选择。工号或证件号码与现有员工相同时将更新该员工，否则新增。单次最多导入 20000 行。"
      />
      <Space>
        <Button
          icon={<DownloadOutlined />}
          loading={download.pending}
          onClick={() => void download.run(name)}
        >
          下载模板
        </Button>
        <Button type="primary" onClick={onNext}>
          下一步
        </Button>
      </Space>
    </Flex>
  );
}

function UploadStep({ busy, onFile, onBack }: { busy: boolean; onFile: (f: File) => void; onBack: () => void }) {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720, margin: '0 auto' }}>
      <Upload.Dragger
        accept=".xlsx"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{busy ? '正在上传并读取文件…' : '点击或拖拽文件到此处上传'}</p>
        <p className="ant-upload-hint">仅支持 .xlsx 文件，读取第一个工作表，第一行为表头</p>
      </Upload.Dragger>
      <Space>
        <Button onClick={onBack}>上一步</Button>
      </Space>
    </Flex>
  );
}
