import type { ContractVerifyResult } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Flex, Modal, Tag, Upload } from 'antd';
import { useState } from 'react';
import { EMPTY_TEXT, formatDateTime, formatFileSize } from '../../app/ui/format.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { verifyContract } from '../esign/esign.api.ts';

/** 验证合同: upload a PDF; every signature with signer, time, certificate, integrity and whole-document coverage. */
export function VerifyContractModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [result, setResult] = useState<ContractVerifyResult | null>(null);
  const verify = useAction(verifyContract, { onSuccess: setResult });
  const close = () => {
    setResult(null);
    onClose();
  };
  return (
    <Modal title="验证合同" open={open} onCancel={close} footer={<Button onClick={close}>关闭</Button>} width={720} destroyOnHidden className="contract-verify-modal">
      <Flex vertical gap={16}>
        <div style={{ color: 'rgba(0,0,0,0.65)' }}>上传已签署的 PDF 合同，逐个检查其中的数字签名：签署人、签署时间、证书，签署后文档是否被修改，以及签名是否覆盖全文。</div>
        <Upload
          accept=".pdf,application/pdf"
          showUploadList={false}
          beforeUpload={(f) => {
            setResult(null);
            void verify.run(f);
            return false;
          }}
        >
          <Button type="primary" loading={verify.pending} className="verify-upload">
            选择 PDF 文件
          </Button>
        </Upload>
        {result && (
          <Flex vertical gap={12} className="verify-report">
            <div style={{ color: 'rgba(0,0,0,0.45)' }}>
              {result.fileName}（{formatFileSize(result.size)}）
            </div>
            <Alert type={result.valid ? 'success' : 'error'} showIcon message={result.valid ? '验证通过' : '验证未通过'} description={result.summary} />
            {result.signatures.map((s) => (
              <Descriptions key={s.index} bordered size="small" column={1} title={`签名 ${s.index}`} className="verify-signature">
                <Descriptions.Item label="签署人">{s.signerName || EMPTY_TEXT}</Descriptions.Item>
                <Descriptions.Item label="签署时间">{formatDateTime(s.timestampTime ?? s.signingTime)}</Descriptions.Item>
                <Descriptions.Item label="证书序列号">
                  <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{s.certificateSerial || EMPTY_TEXT}</span>
                </Descriptions.Item>
                <Descriptions.Item label="证书可信">{s.trusted ? <Tag color="success">由平台根证书签发</Tag> : <Tag color="error">不受信任</Tag>}</Descriptions.Item>
                <Descriptions.Item label="文档完整">{s.intact ? <Tag color="success">签署后未被修改</Tag> : <Tag color="error">签署后被修改</Tag>}</Descriptions.Item>
                <Descriptions.Item label="覆盖全文">{s.coversWholeDocument ? <Tag color="success">是</Tag> : <Tag color="warning">否，签名后有追加内容</Tag>}</Descriptions.Item>
                {s.problems.length > 0 && <Descriptions.Item label="问题">{s.problems.join('；')}</Descriptions.Item>}
              </Descriptions>
            ))}
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
