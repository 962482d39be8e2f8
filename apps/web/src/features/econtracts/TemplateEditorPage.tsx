import { EC_PATHS, FIELD_KINDS, FIELD_PARTIES, RECORD_SOURCES, type FieldKind, type TemplateDetail, type TemplateField } from '@wfsaas/contracts';
import { Alert, Button, Checkbox, Empty, Flex, Form, Input, Modal, Result, Select, Space, Spin, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { toastError } from '../../app/ui/feedback.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { EmployeePicker } from '../employees/pickers.tsx';
import { DEFAULT_SIZE, fieldProblems, KIND_COLOR, newField } from './field-defaults.ts';
import { A4_POINTS, boxAtDrop, moveBox, type PageSize } from './field-geometry.ts';
import { EC_PACKAGE_EDIT, ecCalls, useContractTypes, useInvalidateContracts, usePdfUrl, useTemplateDetail } from './econtracts.api.ts';
import { DRAG_TYPE, PAGE_PIXELS, PageSheet } from './PageSheet.tsx';
import { PdfFrame } from './PdfFrame.tsx';
import { paragraphsText, parseParagraphs } from './rich-text.ts';

function FieldProperties({ field, onChange, onRemove }: { field: TemplateField; onChange: (f: TemplateField) => void; onRemove: () => void }) {
  return (
    <Flex vertical gap={12} className="field-properties">
      <Flex justify="space-between" align="center">
        <Tag color={KIND_COLOR[field.kind]}>{FIELD_KINDS.find((k) => k.key === field.kind)?.label}</Tag>
        <Button size="small" danger onClick={onRemove} className="field-remove">
          删除
        </Button>
      </Flex>
      <Form layout="vertical" size="small">
        <Form.Item label="字段名称" required>
          <Input value={field.label} maxLength={30} onChange={(e) => onChange({ ...field, label: e.target.value })} aria-label="字段名称" />
        </Form.Item>
        {field.kind === 'record' && (
          <Form.Item label="数据来源">
            <Select
              value={field.source}
              onChange={(v) => onChange({ ...field, source: v, label: RECORD_SOURCES.find((s) => s.key === v)?.label ?? field.label })}
              options={RECORD_SOURCES.map((s) => ({ value: s.key, label: s.label }))}
              aria-label="数据来源"
            />
          </Form.Item>
        )}
        {field.kind === 'signDate' && (
          <Form.Item label="签署方">
            <Select value={field.party} onChange={(v) => onChange({ ...field, party: v })} options={FIELD_PARTIES.map((p) => ({ value: p.key, label: p.label }))} />
          </Form.Item>
        )}
        {field.kind === 'input' && (
          <Checkbox checked={field.required} onChange={(e) => onChange({ ...field, required: e.target.checked })}>
            员工必须填写
          </Checkbox>
        )}
      </Form>
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
        第 {field.page + 1} 页 · 位置 ({field.x}, {field.y}) · {field.width} × {field.height} pt
      </div>
    </Flex>
  );
}


/** The field kinds, dragged onto a page or clicked to add to the current page. */
function FieldPalette({ canEdit, placed, onAdd }: { canEdit: boolean; placed: number; onAdd: (kind: FieldKind) => void }) {
  return (
    <Panel title="字段" bodyStyle={{ padding: 16 }} className="field-palette">
      <Flex vertical gap={8} style={{ width: 180 }}>
        {FIELD_KINDS.map((k) => (
          <div
            key={k.key}
            draggable={canEdit}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, k.key);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => canEdit && onAdd(k.key)}
            className={`palette-item palette-${k.key}`}
            style={{ border: `1px dashed ${KIND_COLOR[k.key]}`, color: KIND_COLOR[k.key], borderRadius: 6, padding: '8px 10px', cursor: canEdit ? 'grab' : 'default', background: '#fff', userSelect: 'none' }}
          >
            {k.label}
          </div>
        ))}
        <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, marginTop: 8 }}>已放置 {placed} 个字段</div>
      </Flex>
    </Panel>
  );
}

/** The saved template filled for a sample employee (or sample data). */
function PreviewModal({ template, onClose }: { template: TemplateDetail; onClose: () => void }) {
  const [sampleEmployee, setSampleEmployee] = useState<number | null>(null);
  return (
    <Modal open width={920} title={`预览 · ${template.name}`} footer={null} onCancel={onClose} destroyOnHidden className="template-preview-modal">
      <Space style={{ marginBottom: 12 }} wrap>
        <span>示例员工：</span>
        <div style={{ width: 320 }}>
          <EmployeePicker value={sampleEmployee} onChange={(v) => setSampleEmployee(typeof v === 'number' ? v : null)} placeholder="不选择则使用示例数据" />
        </div>
      </Space>
      <PdfFrame path={EC_PATHS.templatePreview} body={{ templateId: template.id, ...(sampleEmployee ? { employeeId: sampleEmployee } : {}) }} title="模板预览" height="68vh" version={template.updatedAt} />
    </Modal>
  );
}

/** What the designer edits, and whether it changed since it was saved. */
type Draft = { name: string; contractTypeId: number; title: string; body: string; fields: TemplateField[]; dirty: boolean };

function draftOf(t: TemplateDetail): Draft {
  return { name: t.name, contractTypeId: t.contractTypeId, title: t.title ?? t.name, body: paragraphsText(t.paragraphs), fields: t.fields, dirty: false };
}

/** Delete removes the chosen field; the arrow keys move it by a point (ten with Shift). Not while typing. */
function useFieldKeys({ enabled, selected, fields, pages, onFields }: { enabled: boolean; selected: string | null; fields: TemplateField[]; pages: PageSize[]; onFields: (next: TemplateField[], removed: boolean) => void }) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (!selected || (el && el.closest('input, textarea, [contenteditable="true"], .ant-select') !== null)) return;
      const f = fields.find((x) => x.key === selected);
      if (!f) return;
      if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        onFields(
          fields.filter((x) => x.key !== selected),
          true,
        );
        return;
      }
      const step = e.shiftKey ? 10 : 1;
      const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
      if (!d) return;
      e.preventDefault();
      const moved = { ...f, ...moveBox(f, d[0]!, d[1]!, pages[f.page] ?? A4_POINTS, 1) };
      onFields(
        fields.map((x) => (x.key === f.key ? moved : x)),
        false,
      );
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, selected, fields, pages, onFields]);
}

/** The template's name and type, and the chosen field's properties. */
function PropertiesPanel({
  draft,
  current,
  onEdit,
  onChange,
  onRemove,
}: {
  draft: Draft;
  current: TemplateField | null;
  onEdit: (patch: Partial<Draft>) => void;
  onChange: (f: TemplateField) => void;
  onRemove: (key: string) => void;
}) {
  const types = useContractTypes();
  return (
    <Panel title="属性" bodyStyle={{ padding: 16 }} className="field-panel">
      <Flex vertical gap={16} style={{ width: 260 }}>
        <Form layout="vertical" size="small">
          <Form.Item label="模板名称" required>
            <Input value={draft.name} maxLength={60} onChange={(e) => onEdit({ name: e.target.value })} aria-label="模板名称" />
          </Form.Item>
          <Form.Item label="合同类型" required>
            <Select value={draft.contractTypeId} onChange={(v: number) => onEdit({ contractTypeId: v })} options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
        </Form>
        {current ? <FieldProperties field={current} onChange={onChange} onRemove={() => onRemove(current.key)} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="点击页面上的字段查看属性" />}
      </Flex>
    </Panel>
  );
}

/** The title and text of a template written online. */
function TextPanel({ title, body, onEdit }: { title: string; body: string; onEdit: (patch: Partial<Draft>) => void }) {
  return (
    <Panel title="合同正文（在线编辑）">
      <Form layout="vertical">
        <Form.Item label="合同标题">
          <Input value={title} maxLength={60} onChange={(e) => onEdit({ title: e.target.value })} />
        </Form.Item>
        <Form.Item label="正文" extra="每行一段；以「# 」开头的行作为居中标题。保存后重新生成 PDF，页数变化时请检查字段位置。">
          <Input.TextArea rows={14} value={body} onChange={(e) => onEdit({ body: e.target.value })} aria-label="合同正文" />
        </Form.Item>
      </Form>
    </Panel>
  );
}

function useTemplateSave(template: TemplateDetail, draft: Draft, onSaved: () => void) {
  const { name, contractTypeId, title, body, fields } = draft;
  return useAction(
    () =>
      ecCalls.saveTemplate({
        id: template.id,
        name: name.trim(),
        contractTypeId,
        kind: template.kind,
        ...(template.kind === 'richText' ? { title: title.trim() || name.trim(), paragraphs: parseParagraphs(body) } : {}),
        fields,
        remark: template.remark,
      }),
    { success: '保存成功', invalidate: useInvalidateContracts(), onSuccess: onSaved },
  );
}

/** The document's pages one under another, scrolled on their own. */
function PageColumn({
  pages,
  fields,
  onDrop,
  ...sheet
}: { pages: PageSize[]; fields: TemplateField[]; onDrop: (kind: FieldKind, page: number, point: { x: number; y: number }) => void } & Pick<Parameters<typeof PageSheet>[0], 'pdfUrl' | 'selected' | 'onSelect' | 'onChange'>) {
  return (
    <div style={{ flex: 1, minWidth: 0, overflow: 'auto', background: '#f0f2f5', borderRadius: 8, padding: 16, maxHeight: 'calc(100vh - 220px)' }} className="page-column">
      <Flex vertical align="center" gap={16}>
        {pages.map((size, i) => (
          <PageSheet key={i} index={i} size={size} fields={fields.filter((f) => f.page === i)} onDrop={(kind, point) => onDrop(kind, i, point)} {...sheet} />
        ))}
      </Flex>
    </div>
  );
}

function Designer({ template }: { template: TemplateDetail }) {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[EC_PACKAGE_EDIT] === true;
  const [draft, setDraft] = useState(() => draftOf(template));
  const [selected, setSelected] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const { title, body, fields, dirty } = draft;
  useLeaveGuard(dirty);
  const pdf = usePdfUrl(EC_PATHS.templateFile, { templateId: template.id }, template.updatedAt);
  const pages = useMemo(() => (template.pages.length ? template.pages : [A4_POINTS]), [template.pages]);
  const textChanged = template.kind === 'richText' && (body !== paragraphsText(template.paragraphs) || title !== (template.title ?? template.name));
  const problems = useMemo(() => fieldProblems(fields), [fields]);
  const current = fields.find((f) => f.key === selected) ?? null;

  const edit = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch, dirty: true }));
  const replace = (f: TemplateField) => edit({ fields: fields.map((x) => (x.key === f.key ? f : x)) });
  const keyed = useCallback((next: TemplateField[], removed: boolean) => {
    setDraft((d) => ({ ...d, fields: next, dirty: true }));
    if (removed) setSelected(null);
  }, []);
  useFieldKeys({ enabled: canEdit, selected, fields, pages, onFields: keyed });

  const place = (kind: FieldKind, page: number, point?: { x: number; y: number }) => {
    const size = pages[page] ?? A4_POINTS;
    const scale = PAGE_PIXELS / size.width;
    const at = point ?? { x: (size.width * scale) / 2, y: (size.height * scale) / 2 };
    const f = newField(kind, page, boxAtDrop(at, DEFAULT_SIZE[kind], size, scale), fields);
    edit({ fields: [...fields, f] });
    setSelected(f.key);
  };

  const save = useTemplateSave(template, draft, () => setDraft((d) => ({ ...d, dirty: false })));

  return (
    <Flex vertical gap={16} className="template-editor-page">
      <PageHeader
        title={`模板设计 · ${template.name}`}
        description="从左侧拖动字段到页面上（或点击添加到当前页），拖动调整位置，拖动右下角调整大小，方向键微调、Delete 删除；保存后可用示例员工预览。"
        extra={
          <>
            <Button onClick={() => navigate(-1)}>返回</Button>
            <Button onClick={() => setPreviewing(true)} disabled={dirty} title={dirty ? '请先保存' : undefined} className="template-preview-open">
              预览
            </Button>
            {canEdit && (
              <Button type="primary" loading={save.pending} onClick={() => (problems.length ? toastError(problems[0]!) : void save.run())} disabled={!dirty && !textChanged} className="template-save">
                保存
              </Button>
            )}
          </>
        }
      />
      {problems.length > 0 && <Alert type="warning" showIcon message={problems.join('；')} className="field-problems" />}
      <Flex gap={16} align="flex-start">
        <FieldPalette canEdit={canEdit} placed={fields.length} onAdd={(kind) => place(kind, current?.page ?? 0)} />
        <PageColumn pages={pages} pdfUrl={pdf.url} fields={fields} selected={selected} onSelect={setSelected} onChange={replace} onDrop={(kind, page, point) => canEdit && place(kind, page, point)} />
        <PropertiesPanel
          draft={draft}
          current={current}
          onEdit={edit}
          onChange={replace}
          onRemove={(key) => {
            edit({ fields: fields.filter((x) => x.key !== key) });
            setSelected(null);
          }}
        />
      </Flex>
      {template.kind === 'richText' && <TextPanel title={title} body={body} onEdit={edit} />}
      {previewing && <PreviewModal template={template} onClose={() => setPreviewing(false)} />}
    </Flex>
  );
}

/** /qszx-vite/contractTemplatesdetal/:templateId: the template designer. */
export default function TemplateEditorPage() {
  const { templateId = '' } = useParams();
  const id = /^\d+$/.test(templateId) ? Number(templateId) : null;
  const detail = useTemplateDetail(id);
  if (id === null) return <Result status="404" title="模板不存在" />;
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (!detail.data) return <Result status="404" title="模板不存在或无权查看" />;
  return <Designer key={detail.data.updatedAt} template={detail.data} />;
}
