import { EC_PATHS, FIELD_KINDS, FIELD_PARTIES, RECORD_SOURCES, type FieldKind, type TemplateDetail, type TemplateField } from '@wfsaas/contracts';
import { Alert, Button, Checkbox, Empty, Flex, Form, Input, Modal, Result, Select, Space, Spin, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { toastError, toastSuccess } from '../../app/ui/feedback.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { EmployeePicker } from '../employees/pickers.tsx';
import { DEFAULT_SIZE, fieldCaption, fieldProblems, KIND_COLOR, newField } from './field-defaults.ts';
import { A4_POINTS, boxAtDrop, moveBox, resizeBox, toScreen, type PageSize } from './field-geometry.ts';
import { EC_PACKAGE_EDIT, ecCalls, useContractTypes, useInvalidateContracts, usePdfUrl, useTemplateDetail } from './econtracts.api.ts';
import { PdfFrame } from './PdfFrame.tsx';
import { paragraphsText, parseParagraphs } from './rich-text.ts';

const PAGE_PIXELS = 720;
const DRAG_TYPE = 'application/x-wfsaas-field-kind';

type Drag = { key: string; mode: 'move' | 'resize'; startX: number; startY: number; origin: TemplateField };

/** One page: the document's page underneath, the fields on top (moved and resized with the pointer). */
function PageSheet({
  index,
  size,
  pdfUrl,
  fields,
  selected,
  onSelect,
  onChange,
  onDrop,
}: {
  index: number;
  size: PageSize;
  pdfUrl: string | null;
  fields: TemplateField[];
  selected: string | null;
  onSelect: (key: string | null) => void;
  onChange: (f: TemplateField) => void;
  onDrop: (kind: FieldKind, point: { x: number; y: number }) => void;
}) {
  const scale = PAGE_PIXELS / size.width;
  const drag = useRef<Drag | null>(null);
  const start = (e: ReactPointerEvent, f: TemplateField, mode: Drag['mode']) => {
    e.stopPropagation();
    e.preventDefault();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { key: f.key, mode, startX: e.clientX, startY: e.clientY, origin: f };
    onSelect(f.key);
  };
  const move = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.startX;
    const dy = e.clientY - d.startY;
    const box = d.mode === 'move' ? moveBox(d.origin, dx, dy, size, scale) : resizeBox(d.origin, dx, dy, size, scale);
    onChange({ ...d.origin, ...box });
  };
  const end = () => {
    drag.current = null;
  };
  return (
    <div className="page-wrap">
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, margin: '0 0 4px' }}>第 {index + 1} 页</div>
      <div
        className="page-sheet"
        data-page={index}
        style={{ position: 'relative', width: size.width * scale, height: size.height * scale, background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.15)', overflow: 'hidden' }}
        onPointerDown={() => onSelect(null)}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
        }}
        onDrop={(e) => {
          const kind = e.dataTransfer.getData(DRAG_TYPE) as FieldKind;
          if (!kind) return;
          e.preventDefault();
          const r = e.currentTarget.getBoundingClientRect();
          onDrop(kind, { x: e.clientX - r.left, y: e.clientY - r.top });
        }}
      >
        {pdfUrl && (
          <iframe
            title={`第 ${index + 1} 页`}
            src={`${pdfUrl}#page=${index + 1}&toolbar=0&navpanes=0&scrollbar=0&view=Fit`}
            tabIndex={-1}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0, pointerEvents: 'none' }}
          />
        )}
        {fields.map((f) => {
          const s = toScreen(f, size, scale);
          const active = f.key === selected;
          const color = KIND_COLOR[f.kind];
          return (
            <div
              key={f.key}
              className={`placed-field placed-${f.kind}${active ? ' placed-active' : ''}`}
              data-key={f.key}
              onPointerDown={(e) => start(e, f, 'move')}
              onPointerMove={move}
              onPointerUp={end}
              style={{
                position: 'absolute',
                left: s.left,
                top: s.top,
                width: s.width,
                height: s.height,
                border: `${active ? 2 : 1}px ${active ? 'solid' : 'dashed'} ${color}`,
                background: `${color}1f`,
                color,
                fontSize: 12,
                lineHeight: '14px',
                padding: '1px 3px',
                boxSizing: 'border-box',
                cursor: 'move',
                userSelect: 'none',
                touchAction: 'none',
                overflow: 'hidden',
                whiteSpace: 'nowrap',
              }}
            >
              {fieldCaption(f)}
              {f.required && f.kind === 'input' ? ' *' : ''}
              <span
                aria-label="调整大小"
                className="field-resize"
                onPointerDown={(e) => start(e, f, 'resize')}
                onPointerMove={move}
                onPointerUp={end}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 10, height: 10, background: color, cursor: 'nwse-resize' }}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

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

function Designer({ template }: { template: TemplateDetail }) {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[EC_PACKAGE_EDIT] === true;
  const types = useContractTypes();
  const invalidate = useInvalidateContracts();
  const [name, setName] = useState(template.name);
  const [contractTypeId, setContractTypeId] = useState(template.contractTypeId);
  const [body, setBody] = useState(paragraphsText(template.paragraphs));
  const [title, setTitle] = useState(template.title ?? template.name);
  const [fields, setFields] = useState<TemplateField[]>(template.fields);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [sampleEmployee, setSampleEmployee] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  const pdf = usePdfUrl(EC_PATHS.templateFile, { templateId: template.id }, template.updatedAt);
  const pages = template.pages.length ? template.pages : [A4_POINTS];
  const textChanged = template.kind === 'richText' && (body !== paragraphsText(template.paragraphs) || title !== (template.title ?? template.name));
  const problems = useMemo(() => fieldProblems(fields), [fields]);
  const current = fields.find((f) => f.key === selected) ?? null;

  const change = (next: TemplateField[]) => {
    setFields(next);
    setDirty(true);
  };

  // Delete removes the chosen field; the arrow keys move it by a point (ten with Shift)
  useEffect(() => {
    if (!canEdit) return;
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (!selected || (el && (el.closest('input, textarea, [contenteditable="true"], .ant-select') !== null))) return;
      const f = fields.find((x) => x.key === selected);
      if (!f) return;
      if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        setFields(fields.filter((x) => x.key !== selected));
        setDirty(true);
        setSelected(null);
        return;
      }
      const step = e.shiftKey ? 10 : 1;
      const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
      if (!d) return;
      e.preventDefault();
      const size = pages[f.page] ?? A4_POINTS;
      const moved = { ...f, ...moveBox(f, d[0]!, d[1]!, size, 1) };
      setFields(fields.map((x) => (x.key === f.key ? moved : x)));
      setDirty(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canEdit, selected, fields, pages]);
  const place = (kind: FieldKind, page: number, point?: { x: number; y: number }) => {
    const size = pages[page] ?? A4_POINTS;
    const scale = PAGE_PIXELS / size.width;
    const at = point ?? { x: (size.width * scale) / 2, y: (size.height * scale) / 2 };
    const f = newField(kind, page, boxAtDrop(at, DEFAULT_SIZE[kind], size, scale), fields);
    change([...fields, f]);
    setSelected(f.key);
  };

  const save = async () => {
    if (problems.length) {
      toastError(problems[0]!);
      return;
    }
    setBusy(true);
    try {
      await ecCalls.saveTemplate({
        id: template.id,
        name: name.trim(),
        contractTypeId,
        kind: template.kind,
        ...(template.kind === 'richText' ? { title: title.trim() || name.trim(), paragraphs: parseParagraphs(body) } : {}),
        fields,
        remark: template.remark,
      });
      setDirty(false);
      toastSuccess('保存成功');
      await invalidate();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };

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
              <Button type="primary" loading={busy} onClick={() => void save()} disabled={!dirty && !textChanged} className="template-save">
                保存
              </Button>
            )}
          </>
        }
      />
      {problems.length > 0 && <Alert type="warning" showIcon message={problems.join('；')} className="field-problems" />}
      <Flex gap={16} align="flex-start">
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
                onClick={() => canEdit && place(k.key, current?.page ?? 0)}
                className={`palette-item palette-${k.key}`}
                style={{ border: `1px dashed ${KIND_COLOR[k.key]}`, color: KIND_COLOR[k.key], borderRadius: 6, padding: '8px 10px', cursor: canEdit ? 'grab' : 'default', background: '#fff', userSelect: 'none' }}
              >
                {k.label}
              </div>
            ))}
            <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, marginTop: 8 }}>已放置 {fields.length} 个字段</div>
          </Flex>
        </Panel>
        <div style={{ flex: 1, minWidth: 0, overflow: 'auto', background: '#f0f2f5', borderRadius: 8, padding: 16, maxHeight: 'calc(100vh - 220px)' }} className="page-column">
          <Flex vertical align="center" gap={16}>
            {pages.map((size, i) => (
              <PageSheet
                key={i}
                index={i}
                size={size}
                pdfUrl={pdf.url}
                fields={fields.filter((f) => f.page === i)}
                selected={selected}
                onSelect={setSelected}
                onChange={(f) => change(fields.map((x) => (x.key === f.key ? f : x)))}
                onDrop={(kind, point) => canEdit && place(kind, i, point)}
              />
            ))}
          </Flex>
        </div>
        <Panel title="属性" bodyStyle={{ padding: 16 }} className="field-panel">
          <Flex vertical gap={16} style={{ width: 260 }}>
            <Form layout="vertical" size="small">
              <Form.Item label="模板名称" required>
                <Input value={name} maxLength={60} onChange={(e) => (setName(e.target.value), setDirty(true))} aria-label="模板名称" />
              </Form.Item>
              <Form.Item label="合同类型" required>
                <Select value={contractTypeId} onChange={(v: number) => (setContractTypeId(v), setDirty(true))} options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
              </Form.Item>
            </Form>
            {current ? (
              <FieldProperties field={current} onChange={(f) => change(fields.map((x) => (x.key === current.key ? f : x)))} onRemove={() => (change(fields.filter((x) => x.key !== current.key)), setSelected(null))} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="点击页面上的字段查看属性" />
            )}
          </Flex>
        </Panel>
      </Flex>
      {template.kind === 'richText' && (
        <Panel title="合同正文（在线编辑）">
          <Form layout="vertical">
            <Form.Item label="合同标题">
              <Input value={title} maxLength={60} onChange={(e) => (setTitle(e.target.value), setDirty(true))} />
            </Form.Item>
            <Form.Item label="正文" extra="每行一段；以「# 」开头的行作为居中标题。保存后重新生成 PDF，页数变化时请检查字段位置。">
              <Input.TextArea rows={14} value={body} onChange={(e) => (setBody(e.target.value), setDirty(true))} aria-label="合同正文" />
            </Form.Item>
          </Form>
        </Panel>
      )}
      {previewing && (
        <Modal open width={920} title={`预览 · ${template.name}`} footer={null} onCancel={() => setPreviewing(false)} destroyOnHidden className="template-preview-modal">
          <Space style={{ marginBottom: 12 }} wrap>
            <span>示例员工：</span>
            <div style={{ width: 320 }}>
              <EmployeePicker value={sampleEmployee} onChange={(v) => setSampleEmployee(typeof v === 'number' ? v : null)} placeholder="不选择则使用示例数据" />
            </div>
          </Space>
          <PdfFrame path={EC_PATHS.templatePreview} body={{ templateId: template.id, ...(sampleEmployee ? { employeeId: sampleEmployee } : {}) }} title="模板预览" height="68vh" version={template.updatedAt} />
        </Modal>
      )}
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
