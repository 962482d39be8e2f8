import { EC_PATHS, MAX_TEMPLATE_PDF_BYTES, type PackageView, type TemplateUploaded, type TemplateView } from '@wfsaas/contracts';
import { Alert, App, Button, Empty, Flex, Form, Input, Modal, Radio, Result, Select, Space, Spin, Table, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { toastError } from '../../app/ui/feedback.ts';
import { formatDateTime, formatFileSize } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { EC_PACKAGE_EDIT, ecCalls, useContractTypes, useInvalidateContracts, usePackageDetail, useTemplatePage } from './econtracts.api.ts';
import { PdfFrame } from './PdfFrame.tsx';
import { parseParagraphs } from './rich-text.ts';

type NewValues = { name: string; contractTypeId: number; kind: 'pdf' | 'richText'; title?: string; body?: string };

const SAMPLE_BODY = '甲方（用人单位）：\n乙方（劳动者）：\n根据《中华人民共和国劳动合同法》及有关规定，甲乙双方经平等协商，自愿签订本合同。\n第一条 合同期限\n第二条 工作内容和工作地点\n第三条 劳动报酬\n甲方（盖章）：\n乙方（签名）：';

/** The package with another list of templates, as its save call takes it. */
function withTemplates(p: PackageView, templateIds: number[]) {
  return { id: p.id, name: p.name, templateIds, signOrder: p.signOrder, deadlineDays: p.deadlineDays, remark: p.remark };
}

/** The template's PDF, uploaded as soon as it is chosen; the template's name defaults to the file's. */
function PdfUpload({ uploaded, onUploaded }: { uploaded: TemplateUploaded | null; onUploaded: (r: TemplateUploaded) => void }) {
  const upload = useAction(ecCalls.uploadTemplatePdf, { onSuccess: onUploaded });
  return (
    <Form.Item label="PDF 文件" required extra={`不超过 ${formatFileSize(MAX_TEMPLATE_PDF_BYTES)}`}>
      <Upload
        accept=".pdf,application/pdf"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          void upload.run(f);
          return false;
        }}
      >
        <Button loading={upload.pending} className="template-upload">
          选择 PDF 文件
        </Button>
      </Upload>
      {uploaded && (
        <div style={{ marginTop: 8 }} className="template-uploaded">
          {uploaded.fileName}，共 {uploaded.pageCount} 页
        </div>
      )}
    </Form.Item>
  );
}

/** Saves the new template, adds it to the package and opens it in the designer. */
function useCreateTemplate(pkg: PackageView, onClose: () => void) {
  const navigate = useNavigate();
  return useAction(
    async (v: NewValues, fileId: string | undefined) => {
      const t = await ecCalls.saveTemplate({
        name: v.name.trim(),
        contractTypeId: v.contractTypeId,
        kind: v.kind,
        ...(v.kind === 'pdf' ? { fileId: fileId! } : { title: (v.title ?? v.name).trim(), paragraphs: parseParagraphs(v.body ?? '') }),
        fields: [],
        remark: '',
      });
      await ecCalls.savePackage(withTemplates(pkg, [...pkg.templates.map((x) => x.id), t.id]));
      return t;
    },
    {
      success: '模板已创建，请放置签署与填写字段',
      invalidate: useInvalidateContracts(),
      onSuccess: (t) => {
        onClose();
        navigate(`/qszx-vite/contractTemplatesdetal/${t.id}`);
      },
    },
  );
}

/** 新增模板: an uploaded PDF or a text written online; added to the package and opened in the designer. */
function NewTemplateModal({ pkg, onClose }: { pkg: PackageView; onClose: () => void }) {
  const [form] = Form.useForm<NewValues>();
  const types = useContractTypes();
  const kind = Form.useWatch('kind', form) ?? 'pdf';
  const [uploaded, setUploaded] = useState<TemplateUploaded | null>(null);
  const create = useCreateTemplate(pkg, onClose);
  const submit = (v: NewValues) => (v.kind === 'pdf' && !uploaded ? toastError('请先上传 PDF 文件') : create.run(v, uploaded?.fileId));
  const pdfChosen = (r: TemplateUploaded) => {
    setUploaded(r);
    if (!form.getFieldValue('name')) form.setFieldValue('name', r.fileName.replace(/\.pdf$/i, ''));
  };
  return (
    <FormModal<NewValues>
      open
      title="新增合同模板"
      width={720}
      form={form}
      onClose={onClose}
      onSubmit={submit}
      okText="创建并设计"
      values={{ kind: 'pdf', body: SAMPLE_BODY }}
      className="new-template-modal"
      intro={
        types.data?.length === 0 && (
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
        )
      }
    >
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
        <PdfUpload uploaded={uploaded} onUploaded={pdfChosen} />
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
    </FormModal>
  );
}

/** 添加已有模板: templates not yet in the package. */
function AddTemplatesModal({ options, onClose, onSubmit }: { options: TemplateView[]; onClose: () => void; onSubmit: (ids: number[]) => Promise<unknown> }) {
  const [form] = Form.useForm<{ ids: number[] }>();
  const ids = Form.useWatch('ids', form) ?? [];
  return (
    <FormModal<{ ids: number[] }> open title="添加已有模板" form={form} onClose={onClose} onSubmit={(v) => onSubmit(v.ids)} okDisabled={ids.length === 0} values={{ ids: [] }}>
      <Form.Item name="ids" noStyle>
        <Select mode="multiple" style={{ width: '100%' }} showSearch={{ optionFilterProp: 'label' }} placeholder="选择模板" options={options.map((t) => ({ value: t.id, label: t.name }))} />
      </Form.Item>
    </FormModal>
  );
}

type RowHandlers = { canEdit: boolean; /** The package keeps at least one template. */ lastOne: boolean; onDesign: (r: TemplateView) => void; onPreview: (r: TemplateView) => void; onRemove: (r: TemplateView) => void };

function templateColumns({ canEdit, lastOne, onDesign, onPreview, onRemove }: RowHandlers): TableColumnsType<TemplateView> {
  return [
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
            <Button type="link" size="small" onClick={() => onDesign(r)} className="template-design">
              设计
            </Button>
          )}
          <Button type="link" size="small" onClick={() => onPreview(r)} className="template-preview">
            预览
          </Button>
          {canEdit && (
            <Button type="link" size="small" danger disabled={lastOne} title={lastOne ? '合同包至少保留一个模板' : undefined} onClick={() => onRemove(r)}>
              移出
            </Button>
          )}
        </Space>
      ),
    },
  ];
}

function PackageTemplates({ pkg }: { pkg: PackageView }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[EC_PACKAGE_EDIT] === true;
  const all = useTemplatePage({ pageNum: 1, pageSize: 500 });
  const invalidate = useInvalidateContracts();
  const [dialog, setDialog] = useState<'create' | 'add' | null>(null);
  const [preview, setPreview] = useState<TemplateView | null>(null);
  const ids = pkg.templates.map((t) => t.id);
  const templates = all.data?.data ?? [];
  const rows = ids.map((tid) => templates.find((t) => t.id === tid)).filter((t): t is TemplateView => !!t);
  // a refused change refreshes the package too
  const saveTemplates = (templateIds: number[]) => ecCalls.savePackage(withTemplates(pkg, templateIds)).finally(invalidate);
  const removeTemplate = useAction((id: number) => saveTemplates(ids.filter((x) => x !== id)), { success: '已移出合同包' });
  const addTemplates = useAction((added: number[]) => saveTemplates([...ids, ...added]), { success: '已添加到合同包', onSuccess: () => setDialog(null) });

  const columns = templateColumns({
    canEdit,
    lastOne: ids.length <= 1,
    onDesign: (r) => navigate(`/qszx-vite/contractTemplatesdetal/${r.id}`),
    onPreview: setPreview,
    onRemove: (r) =>
      modal.confirm({
        title: '确认移出合同包?',
        content: `模板「${r.name}」将不再随本合同包发起，模板本身保留。`,
        okText: '确定',
        cancelText: '取消',
        type: 'warning',
        onOk: () => removeTemplate.run(r.id),
      }),
  });

  return (
    <Flex vertical gap={16} className="templates-list-page">
      <PageHeader
        title={`合同模板 · ${pkg.name}`}
        description={`${pkg.signOrderLabel}，签署期限 ${pkg.deadlineDays} 天。上传 PDF 或在线编辑正文，再在设计器中放置填写与签署位置。`}
        extra={
          canEdit && (
            <>
              <Button onClick={() => setDialog('add')}>添加已有模板</Button>
              <Button type="primary" onClick={() => setDialog('create')} className="template-new">
                新增模板
              </Button>
            </>
          )
        }
      />
      <Panel>
        <Table<TemplateView> rowKey="id" className="template-table" size="middle" scroll={{ x: 900 }} loading={all.isFetching} dataSource={rows} columns={columns} pagination={false} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无模板，点击新增模板" /> }} />
      </Panel>
      {dialog === 'create' && <NewTemplateModal pkg={pkg} onClose={() => setDialog(null)} />}
      {dialog === 'add' && (
        <AddTemplatesModal
          options={templates.filter((t) => !ids.includes(t.id))}
          onClose={() => setDialog(null)}
          onSubmit={addTemplates.run}
        />
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

/** /qszx-vite/contractTemplatesList/:packageId: the templates of one package. */
export default function TemplatesListPage() {
  const { packageId = '' } = useParams();
  const id = /^\d+$/.test(packageId) ? Number(packageId) : null;
  const pkg = usePackageDetail(id);
  if (id === null) return <Result status="404" title="合同包不存在" />;
  if (pkg.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (!pkg.data) return <Result status="404" title="合同包不存在或无权查看" />;
  return <PackageTemplates pkg={pkg.data} />;
}
