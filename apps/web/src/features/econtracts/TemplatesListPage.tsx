import { EC_PATHS, MAX_TEMPLATE_PDF_BYTES, type TemplateUploaded, type TemplateView } from '@wfsaas/contracts';
import { Alert, App, Button, Empty, Flex, Form, Input, Modal, Radio, Result, Select, Space, Spin, Table, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { toastError, toastSuccess } from '../../app/ui/feedback.ts';
import { formatDateTime, formatFileSize } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { EC_PACKAGE_EDIT, ecCalls, useContractTypes, useInvalidateContracts, usePackageDetail, useTemplatePage } from './econtracts.api.ts';
import { PdfFrame } from './PdfFrame.tsx';
import { parseParagraphs } from './rich-text.ts';

type NewValues = { name: string; contractTypeId: number; kind: 'pdf' | 'richText'; title?: string; body?: string };

const SAMPLE_BODY = '甲方（用人单位）：\n乙方（劳动者）：\n根据《中华人民共和国劳动合同法》及有关规定，甲乙双方经平等协商，自愿签订本合同。\n第一条 合同期限\n第二条 工作内容和工作地点\n第三条 劳动报酬\n甲方（盖章）：\n乙方（签名）：';

/** 新增模板: an uploaded PDF or a text written online; added to the package and opened in the designer. */
function NewTemplateModal({ packageId, templateIds, onClose }: { packageId: number; templateIds: number[]; onClose: () => void }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<NewValues>();
  const types = useContractTypes();
  const pkg = usePackageDetail(packageId);
  const invalidate = useInvalidateContracts();
  const [uploaded, setUploaded] = useState<TemplateUploaded | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'pdf';
  const submit = async () => {
    const v = await form.validateFields();
    if (v.kind === 'pdf' && !uploaded) {
      toastError('请先上传 PDF 文件');
      return;
    }
    const p = pkg.data;
    if (!p) return;
    setBusy(true);
    try {
      const t = await ecCalls.saveTemplate({
        name: v.name.trim(),
        contractTypeId: v.contractTypeId,
        kind: v.kind,
        ...(v.kind === 'pdf' ? { fileId: uploaded!.fileId } : { title: (v.title ?? v.name).trim(), paragraphs: parseParagraphs(v.body ?? '') }),
        fields: [],
        remark: '',
      });
      await ecCalls.savePackage({ id: p.id, name: p.name, templateIds: [...templateIds, t.id], signOrder: p.signOrder, deadlineDays: p.deadlineDays, remark: p.remark });
      toastSuccess('模板已创建，请放置签署与填写字段');
      await invalidate();
      onClose();
      navigate(`/qszx-vite/contractTemplatesdetal/${t.id}`);
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="新增合同模板" width={720} onCancel={onClose} onOk={() => void submit()} okText="创建并设计" cancelText="取消" okButtonProps={{ loading: busy }} destroyOnHidden className="new-template-modal">
      {types.data && types.data.length === 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={
            <span>
              还没有合同类型，请先在 <Link to="/qszx-vite/initType">初始化分类</Link> 中新增。
            </span>
          }
        />
      )}
      <Form form={form} layout="vertical" initialValues={{ kind: 'pdf', body: SAMPLE_BODY }}>
        <Flex gap={16}>
          <Form.Item name="name" label="模板名称" style={{ flex: 1 }} rules={[{ required: true, whitespace: true, message: '请填写模板名称' }, { max: 60, message: '不能超过 60 个字' }]}>
            <Input maxLength={60} aria-label="模板名称" placeholder="例如：劳动合同（固定期限）" />
          </Form.Item>
          <Form.Item name="contractTypeId" label="合同类型" style={{ flex: 1 }} rules={[{ required: true, message: '请选择合同类型' }]}>
            <Select aria-label="合同类型" loading={types.isLoading} options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} placeholder="请选择" />
          </Form.Item>
        </Flex>
        <Form.Item name="kind" label="模板来源">
          <Radio.Group optionType="button">
            <Radio.Button value="pdf">上传 PDF</Radio.Button>
            <Radio.Button value="richText">在线编辑</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {kind === 'pdf' ? (
          <Form.Item label="PDF 文件" required extra={`不超过 ${formatFileSize(MAX_TEMPLATE_PDF_BYTES)}`}>
            <Upload
              accept=".pdf,application/pdf"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(f) => {
                setUploading(true);
                ecCalls
                  .uploadTemplatePdf(f)
                  .then((r) => {
                    setUploaded(r);
                    if (!form.getFieldValue('name')) form.setFieldValue('name', r.fileName.replace(/\.pdf$/i, ''));
                  })
                  .catch(() => undefined)
                  .finally(() => setUploading(false));
                return false;
              }}
            >
              <Button loading={uploading} className="template-upload">
                选择 PDF 文件
              </Button>
            </Upload>
            {uploaded && (
              <div style={{ marginTop: 8 }} className="template-uploaded">
                {uploaded.fileName}，共 {uploaded.pageCount} 页
              </div>
            )}
          </Form.Item>
        ) : (
          <>
            <Form.Item name="title" label="合同标题" rules={[{ max: 60, message: '不能超过 60 个字' }]}>
              <Input maxLength={60} placeholder="默认与模板名称相同" />
            </Form.Item>
            <Form.Item name="body" label="合同正文" rules={[{ required: true, whitespace: true, message: '请填写合同正文' }]} extra="合同标题自动居中显示在首页顶部。正文每行一段；以「# 」开头的行作为居中小标题。保存后生成 PDF，再在设计器中放置签名与填写位置。">
              <Input.TextArea rows={12} aria-label="合同正文" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** /qszx-vite/contractTemplatesList/:packageId: the templates of one package. */
export default function TemplatesListPage() {
  const { packageId = '' } = useParams();
  const id = /^\d+$/.test(packageId) ? Number(packageId) : null;
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[EC_PACKAGE_EDIT] === true;
  const pkg = usePackageDetail(id);
  const all = useTemplatePage({ pageNum: 1, pageSize: 500 });
  const invalidate = useInvalidateContracts();
  const [creating, setCreating] = useState(false);
  const [adding, setAdding] = useState<number[] | null>(null);
  const [preview, setPreview] = useState<TemplateView | null>(null);
  if (id === null) return <Result status="404" title="合同包不存在" />;
  if (pkg.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  const p = pkg.data;
  if (!p) return <Result status="404" title="合同包不存在或无权查看" />;
  const ids = p.templates.map((t) => t.id);
  const rows = ids.map((tid) => (all.data?.data ?? []).find((t) => t.id === tid)).filter((t): t is TemplateView => !!t);

  const savePackageTemplates = async (templateIds: number[], done: string) => {
    try {
      await ecCalls.savePackage({ id: p.id, name: p.name, templateIds, signOrder: p.signOrder, deadlineDays: p.deadlineDays, remark: p.remark });
      toastSuccess(done);
    } finally {
      await invalidate();
    }
  };

  const columns: TableColumnsType<TemplateView> = [
    { title: '模板名称', dataIndex: 'name', render: (v: string, r) => <Link to={`/qszx-vite/contractTemplatesdetal/${r.id}`}>{v}</Link> },
    { title: '合同类型', dataIndex: 'contractTypeName', width: 140, render: (v: string | null) => v ?? '—' },
    { title: '来源', dataIndex: 'kind', width: 110, render: (v: string) => (v === 'pdf' ? '上传 PDF' : '在线编辑') },
    { title: '页数', dataIndex: 'pageCount', width: 80, align: 'right' },
    { title: '字段数', dataIndex: 'fieldCount', width: 90, align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => navigate(`/qszx-vite/contractTemplatesdetal/${r.id}`)} className="template-design">
              设计
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setPreview(r)} className="template-preview">
            预览
          </Button>
          {canEdit && (
            <Button
              type="link"
              size="small"
              danger
              disabled={ids.length <= 1}
              title={ids.length <= 1 ? '合同包至少保留一个模板' : undefined}
              onClick={() =>
                modal.confirm({
                  title: '确认移出合同包?',
                  content: `模板「${r.name}」将不再随本合同包发起，模板本身保留。`,
                  okText: '确定',
                  cancelText: '取消',
                  type: 'warning',
                  onOk: () => savePackageTemplates(ids.filter((x) => x !== r.id), '已移出合同包'),
                })
              }
            >
              移出
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="templates-list-page">
      <PageHeader
        title={`合同模板 · ${p.name}`}
        description={`${p.signOrderLabel}，签署期限 ${p.deadlineDays} 天。上传 PDF 或在线编辑正文，再在设计器中放置填写与签署位置。`}
        extra={
          canEdit && (
            <>
              <Button onClick={() => setAdding([])}>添加已有模板</Button>
              <Button type="primary" onClick={() => setCreating(true)} className="template-new">
                新增模板
              </Button>
            </>
          )
        }
      />
      <Panel>
        <Table<TemplateView> rowKey="id" className="template-table" size="middle" scroll={{ x: 900 }} loading={all.isFetching} dataSource={rows} columns={columns} pagination={false} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无模板，点击新增模板" /> }} />
      </Panel>
      {creating && <NewTemplateModal packageId={p.id} templateIds={ids} onClose={() => setCreating(false)} />}
      {adding && (
        <Modal
          open
          title="添加已有模板"
          onCancel={() => setAdding(null)}
          okText="确定"
          cancelText="取消"
          okButtonProps={{ disabled: adding.length === 0 }}
          onOk={async () => {
            await savePackageTemplates([...ids, ...adding], '已添加到合同包').catch(() => undefined);
            setAdding(null);
          }}
        >
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            value={adding}
            onChange={setAdding}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择模板"
            options={(all.data?.data ?? []).filter((t) => !ids.includes(t.id)).map((t) => ({ value: t.id, label: t.name }))}
          />
        </Modal>
      )}
      {preview && (
        <Modal open width={900} title={`预览 · ${preview.name}`} footer={null} onCancel={() => setPreview(null)} destroyOnHidden>
          <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 8 }}>字段以示例员工数据填充，带企业水印。</div>
          <PdfFrame path={EC_PATHS.templatePreview} body={{ templateId: preview.id }} title={preview.name} height="70vh" version={preview.updatedAt} />
        </Modal>
      )}
    </Flex>
  );
}
