import { MAX_SEAL_BOTTOM_TEXT, MAX_SEAL_NAME, SEAL_STATUS, SEAL_TYPES, type ContractVerifyResult, type SealView } from '@wfsaas/contracts';
import { App, Alert, Button, Descriptions, Flex, Form, Image, Input, Modal, Popconfirm, Select, Space, Spin, Tag, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { apiUrl } from '../../app/api/client.ts';
import { apiBaseURL } from '../../app/api/instance.ts';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { useCurrentCompany } from '../../app/session/queries.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { EMPTY_TEXT, formatDateTime, formatFileSize } from '../../app/ui/format.ts';
import { FilePick } from '../../app/ui/FilePick.tsx';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { ListTable } from '../../app/ui/ListTable.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { ROOT_PEM_URL, SEAL_EDIT, useSealActions, useSealImage, useSealPage, verifyContract } from './esign.api.ts';

const SCHEMA = {};

const TYPE_OPTIONS = SEAL_TYPES.map((t) => ({ value: t.value, label: t.label }));

function SealThumb({ sealId, size = 56 }: { sealId: number; size?: number }) {
  const { url, isLoading } = useSealImage(sealId);
  if (isLoading || !url) return <Spin size="small" />;
  return <Image src={url} width={size} height={size} style={{ objectFit: 'contain' }} alt="印章预览" className="seal-thumb" />;
}

type GenerateValues = { name: string; type: number; bottomText?: string };

function GenerateSealModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const company = useCurrentCompany();
  const actions = useSealActions();
  const [form] = Form.useForm<GenerateValues>();
  const [made, setMade] = useState<SealView | null>(null);
  const generate = useAction((v: GenerateValues) => actions.generate({ name: v.name.trim(), type: v.type as 1, bottomText: v.bottomText?.trim() || undefined }), { success: '印章已生成', onSuccess: setMade });
  const close = () => {
    setMade(null);
    form.resetFields();
    onClose();
  };
  const submit = () => void form.validateFields().then(generate.run, () => undefined);
  return (
    <Modal
      title="生成印章"
      open={open}
      onCancel={close}
      destroyOnHidden
      className="generate-seal-modal"
      footer={
        made ? (
          <Button type="primary" onClick={close}>
            完成
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>取消</Button>
            <Button type="primary" loading={generate.pending} onClick={submit}>
              生成
            </Button>
          </Space>
        )
      }
    >
      {made ? (
        <Flex vertical align="center" gap={12} className="generated-seal">
          <SealThumb sealId={made.id} size={200} />
          <div>
            {made.name}（{made.typeLabel}）已生成并启用
          </div>
        </Flex>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ name: company?.companyName ?? '', type: 2, bottomText: '合同专用章' }}>
          <Alert type="info" showIcon message={`印章以企业名称「${company?.companyName ?? ''}」环绕排列，中间为五角星，生成透明背景的标准红色圆章。`} style={{ marginBottom: 16 }} />
          <Form.Item name="name" label="印章名称" rules={[{ required: true, whitespace: true, message: '请填写印章名称' }, { max: MAX_SEAL_NAME, message: `印章名称不能超过 ${MAX_SEAL_NAME} 个字` }]}>
            <Input placeholder="例如：合同专用章" maxLength={MAX_SEAL_NAME} aria-label="印章名称" />
          </Form.Item>
          <Form.Item name="type" label="印章类型" rules={[{ required: true, message: '请选择印章类型' }]}>
            <Select options={TYPE_OPTIONS} aria-label="印章类型" />
          </Form.Item>
          <Form.Item name="bottomText" label="下方文字（可选）" rules={[{ max: MAX_SEAL_BOTTOM_TEXT, message: `下方文字不能超过 ${MAX_SEAL_BOTTOM_TEXT} 个字` }]}>
            <Input placeholder="例如：合同专用章" maxLength={MAX_SEAL_BOTTOM_TEXT} aria-label="下方文字" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function UploadSealModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const actions = useSealActions();
  const [file, setFile] = useState<File | null>(null);
  const close = () => {
    setFile(null);
    onClose();
  };
  const upload = useAction((f: File, v: { name: string; type: number }) => actions.upload(f, v.name.trim(), v.type), { success: '印章已上传', onSuccess: close });
  return (
    <FormModal<{ name: string; type: number }>
      title="上传印章"
      open={open}
      onClose={close}
      okText="上传"
      okDisabled={!file}
      onSubmit={(v) => file && upload.run(file, v)}
      values={{ type: 1 }}
      className="upload-seal-modal"
      intro={<Alert type="info" showIcon message="请上传 PNG 格式的印章图片（建议透明背景，不超过 2 MB）。" style={{ marginBottom: 16 }} />}
    >
      <Form.Item name="name" label="印章名称" rules={[{ required: true, whitespace: true, message: '请填写印章名称' }, { max: MAX_SEAL_NAME }]}>
        <Input maxLength={MAX_SEAL_NAME} aria-label="印章名称" />
      </Form.Item>
      <Form.Item name="type" label="印章类型" rules={[{ required: true, message: '请选择印章类型' }]}>
        <Select options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item label="印章图片" required>
        <FilePick accept=".png,image/png" value={file} onChange={setFile}>
          选择 PNG 图片
        </FilePick>
      </Form.Item>
    </FormModal>
  );
}

function VerifyReport({ result }: { result: ContractVerifyResult }) {
  return (
    <Flex vertical gap={12} className="verify-report">
      <Alert type={result.valid ? 'success' : 'error'} showIcon message={result.valid ? '验证通过' : '验证未通过'} description={result.summary} />
      {result.signatures.map((s) => (
        <Descriptions key={s.index} bordered size="small" column={1} title={`签名 ${s.index}`} className="verify-signature">
          <Descriptions.Item label="签署人">{s.signerName || EMPTY_TEXT}</Descriptions.Item>
          <Descriptions.Item label="签署时间">{formatDateTime(s.signingTime) || EMPTY_TEXT}</Descriptions.Item>
          <Descriptions.Item label="时间戳">{s.timestampTime ? `${formatDateTime(s.timestampTime)}（${s.timestampTrusted ? '可信' : '不可信'}${s.timestampAuthority ? `，${s.timestampAuthority}` : ''}）` : '无'}</Descriptions.Item>
          <Descriptions.Item label="证书序列号">
            <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{s.certificateSerial || EMPTY_TEXT}</span>
          </Descriptions.Item>
          <Descriptions.Item label="文档完整">{s.intact ? <Tag color="success">未被修改</Tag> : <Tag color="error">签署后被修改</Tag>}</Descriptions.Item>
          <Descriptions.Item label="覆盖全文">{s.coversWholeDocument ? <Tag color="success">是</Tag> : <Tag color="warning">否，签名后有追加内容</Tag>}</Descriptions.Item>
          <Descriptions.Item label="证书可信">{s.trusted ? <Tag color="success">由平台根证书签发</Tag> : <Tag color="error">不受信任</Tag>}</Descriptions.Item>
          {s.problems.length > 0 && <Descriptions.Item label="问题">{s.problems.join('；')}</Descriptions.Item>}
        </Descriptions>
      ))}
    </Flex>
  );
}

function VerifyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [result, setResult] = useState<ContractVerifyResult | null>(null);
  const verify = useAction(verifyContract, { onSuccess: setResult });
  const close = () => {
    setResult(null);
    onClose();
  };
  return (
    <Modal title="验证合同" open={open} onCancel={close} footer={<Button onClick={close}>关闭</Button>} width={720} destroyOnHidden className="verify-modal">
      <Flex vertical gap={16}>
        <div style={{ color: 'rgba(0,0,0,0.65)' }}>上传已签署的 PDF 合同，逐个检查数字签名：签署人、签署时间、时间戳、证书，以及签署后文档是否被修改。</div>
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
          <div style={{ color: 'rgba(0,0,0,0.45)' }}>
            {result.fileName}（{formatFileSize(result.size)}）
          </div>
        )}
        {result && <VerifyReport result={result} />}
      </Flex>
    </Modal>
  );
}

type SealRowActions = { onEnable: (r: SealView, enabled: boolean) => Promise<unknown>; onRemove: (r: SealView) => void };

/** The seal table's columns; 操作 only for those who manage seals. */
function sealColumns(actions: SealRowActions | false): TableColumnsType<SealView> {
  return [
    { title: '印章', dataIndex: 'id', width: 96, render: (id: number) => <SealThumb sealId={id} /> },
    { title: '印章名称', dataIndex: 'name', ellipsis: true },
    { title: '类型', dataIndex: 'typeLabel', width: 120 },
    { title: '来源', dataIndex: 'source', width: 100, render: (v: string) => (v === 'generated' ? '系统生成' : '上传图片') },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number) => (v === SEAL_STATUS.enabled ? <StatusTag tone="success">启用</StatusTag> : <StatusTag tone="default">停用</StatusTag>) },
    { title: '创建人', dataIndex: 'createdByName', width: 140, render: (v: string | null) => v ?? '系统' },
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    ...(actions
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 150,
            render: (_: unknown, r: SealView) => (
              <Space size={4}>
                {r.status === SEAL_STATUS.enabled ? (
                  <Popconfirm title="停用后该印章不能再用于签署，确定停用？" okText="确定" cancelText="取消" onConfirm={() => actions.onEnable(r, false)}>
                    <Button type="link" size="small" className="seal-disable">
                      停用
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button type="link" size="small" className="seal-enable" onClick={() => void actions.onEnable(r, true)}>
                    启用
                  </Button>
                )}
                <Button type="link" size="small" danger className="seal-remove" onClick={() => actions.onRemove(r)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
}

/** /qszx-vite/sealList (认证与印章): the company's seals, the platform root certificate, contract verification. */
export default function SealListPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[SEAL_EDIT] === true;
  const query = useListQuery({ name: 'seals', schema: SCHEMA });
  const page = useSealPage(query.page);
  const actions = useSealActions();
  const enable = useAction((id: number, enabled: boolean) => actions.setEnabled(id, enabled), { success: (_, __, enabled) => (enabled ? '已启用' : '已停用') });
  const remove = useAction((id: number) => actions.remove(id), { success: '删除成功' });
  const [dialog, setDialog] = useState<'generate' | 'upload' | 'verify' | null>(null);
  const rootUrl = apiUrl(ROOT_PEM_URL, apiBaseURL()).toString();

  const columns = sealColumns(
    canEdit && {
      onEnable: (r, enabled) => enable.run(r.id, enabled),
      onRemove: (r) => confirmDelete(modal, () => remove.run(r.id), `删除印章「${r.name}」后不能再使用，已签署的合同不受影响。`),
    },
  );

  return (
    <Flex vertical gap={16} className="seal-list-page">
      <PageHeader
        title="认证与印章"
        description="管理企业电子印章；平台根证书用于在第三方工具中验证本平台签署的合同，也可在此上传合同验证签名。"
        extra={
          <>
            <Button href={rootUrl} download="wfsaas-root-ca.pem" className="download-root">
              下载根证书
            </Button>
            <Button onClick={() => setDialog('verify')} className="open-verify">
              验证合同
            </Button>
          </>
        }
      />
      <Panel
        title="企业印章"
        extra={
          canEdit && (
            <Space>
              <Button onClick={() => setDialog('upload')} className="open-upload-seal">
                上传印章
              </Button>
              <Button type="primary" onClick={() => setDialog('generate')} className="open-generate-seal">
                生成印章
              </Button>
            </Space>
          )
        }
      >
        {!canEdit && <Alert type="info" showIcon message="您可以查看印章，管理印章需要「管理印章」权限。" style={{ marginBottom: 12 }} />}
        <ListTable<SealView, typeof SCHEMA> rowKey="id" className="seal-table" size="large" columns={columns} result={page} query={query} empty="暂无可用印章" />
      </Panel>
      <GenerateSealModal open={dialog === 'generate'} onClose={() => setDialog(null)} />
      <UploadSealModal open={dialog === 'upload'} onClose={() => setDialog(null)} />
      <VerifyModal open={dialog === 'verify'} onClose={() => setDialog(null)} />
    </Flex>
  );
}
