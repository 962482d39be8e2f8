import { CopyOutlined, DeleteOutlined, HistoryOutlined, HolderOutlined } from '@ant-design/icons';
import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FORM_EDIT, WIDGET_TYPE_LABELS, type FormDefinition, type Widget, type WidgetType } from '@wfsaas/contracts';
import { Alert, App, Button, Card, Col, Empty, Flex, Form, Input, Row, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePermissions } from '../../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { duplicateWidget, insertAt, newWidget, PALETTE, saveErrors, widgetSpan } from './designer.ts';
import { useFormCurrent, useSaveForm } from './forms.api.ts';
import { FormFields, WidgetInput } from './FormRenderer.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { VersionsDrawer } from './VersionsDrawer.tsx';

/**
 * 编辑表单 (/implement/customTable/modifyForm/:id, id a form or `new`): palette, canvas and property
 * panel; every save is a new version, older versions stay readable in 版本记录.
 */

type Mode = 'design' | 'desktop' | 'phone';

function PaletteItem({ type, onAdd, disabled }: { type: WidgetType; onAdd: () => void; disabled: boolean }) {
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: `palette:${type}`, disabled });
  return (
    <div ref={setNodeRef} {...listeners} {...attributes} className="palette-item" data-type={type} style={{ opacity: isDragging ? 0.5 : 1 }}>
      <Button block disabled={disabled} onClick={onAdd} style={{ justifyContent: 'flex-start' }}>
        {WIDGET_TYPE_LABELS[type]}
      </Button>
    </div>
  );
}

function CanvasWidget({ widget: w, span, selected, onSelect, onCopy, onDelete, editable }: { widget: Widget; span: number; selected: boolean; onSelect: () => void; onCopy: () => void; onDelete: () => void; editable: boolean }) {
  const { setNodeRef, listeners, attributes, transform, transition, isDragging } = useSortable({ id: w.id, disabled: !editable });
  return (
    <Col span={span} ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1, marginBottom: 12 }}>
      <div
        className={`canvas-widget${selected ? ' selected' : ''}`}
        data-label={w.label}
        onClick={onSelect}
        style={{ border: `1px ${selected ? 'solid #1677ff' : 'dashed #d9d9d9'}`, background: selected ? '#f0f7ff' : '#fff', borderRadius: 6, padding: '8px 10px', cursor: 'pointer' }}
      >
        <Flex justify="space-between" align="center" style={{ marginBottom: 6 }}>
          <Space size={4}>
            {editable && <HolderOutlined {...listeners} {...attributes} style={{ cursor: 'grab', color: '#999' }} aria-label="拖动排序" />}
            <span style={{ fontWeight: 500 }}>
              {w.options.required && <span style={{ color: '#ff4d4f' }}>* </span>}
              {w.label}
            </span>
            <Tag bordered={false}>{WIDGET_TYPE_LABELS[w.type]}</Tag>
            {w.options.visibleToEmployee && (
              <Tag color="green" bordered={false}>
                员工填写
              </Tag>
            )}
          </Space>
          {editable && (
            <Space size={0}>
              <Button type="text" size="small" icon={<CopyOutlined />} aria-label="复制" onClick={(e) => (e.stopPropagation(), onCopy())} />
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除" onClick={(e) => (e.stopPropagation(), onDelete())} />
            </Space>
          )}
        </Flex>
        {w.type === 'section' ? <div style={{ borderTop: '1px solid #e5e5e5' }} /> : <WidgetInput widget={w} disabled />}
      </div>
    </Col>
  );
}

function Canvas({ children, empty }: { children: React.ReactNode; empty: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: 'canvas' });
  return (
    <div ref={setNodeRef} className="form-canvas" style={{ minHeight: 420, padding: 16, background: isOver ? '#f6ffed' : '#fafafa', border: '1px dashed #d9d9d9', borderRadius: 8 }}>
      {empty ? <Empty description="从左侧拖入或点击控件，开始设计表单" style={{ marginTop: 120 }} /> : children}
    </div>
  );
}

export default function FormDesignerPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const formId = id && /^\d+$/.test(id) ? Number(id) : null;
  const scene = formId === null && params.get('scene') === 'employee' ? 'employee' : undefined;
  const canEdit = usePermissions().map[FORM_EDIT] === true;
  const current = useFormCurrent(formId);
  const save = useSaveForm();

  const [name, setName] = useState(scene ? '员工档案自定义字段' : '');
  const [def, setDef] = useState<FormDefinition>({ formConfig: { cols: 2 }, widgetList: [] });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('design');
  const [errors, setErrors] = useState<string[]>([]);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [loadedVersion, setLoadedVersion] = useState<number | null>(null);

  useEffect(() => {
    const v = current.data;
    if (!v || v.version === loadedVersion) return;
    setLoadedVersion(v.version);
    setName(v.name);
    setDef({ formConfig: v.formConfig, widgetList: v.widgetList });
    setSelectedId(v.widgetList[0]?.id ?? null);
  }, [current.data, loadedVersion]);

  const widgets = def.widgetList;
  const cols = def.formConfig.cols ?? 2;
  const selected = widgets.find((w) => w.id === selectedId) ?? null;
  const setWidgets = (list: Widget[]) => {
    setDef((d) => ({ ...d, widgetList: list }));
    if (errors.length) setErrors(saveErrors(name, { ...def, widgetList: list }));
  };
  const add = (type: WidgetType, at = widgets.length) => {
    const w = newWidget(type, widgets);
    setWidgets(insertAt(widgets, at, w));
    setSelectedId(w.id);
  };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const onDragEnd = (e: DragEndEvent) => {
    const active = String(e.active.id);
    const over = e.over ? String(e.over.id) : null;
    if (!over) return;
    const overIndex = widgets.findIndex((w) => w.id === over);
    if (active.startsWith('palette:')) add(active.slice(8) as WidgetType, overIndex < 0 ? widgets.length : overIndex);
    else if (overIndex >= 0) {
      const from = widgets.findIndex((w) => w.id === active);
      if (from >= 0 && from !== overIndex) setWidgets(arrayMove(widgets, from, overIndex));
    }
  };

  const saveAction = useAction(save, {
    success: (v) => `保存成功，已生成第${v.version}版`,
    onSuccess: (v) => {
      setLoadedVersion(v.version);
      if (formId !== v.formId) navigate(`/implement/customTable/modifyForm/${v.formId}`, { replace: true });
    },
  });
  const submit = () => {
    const errs = saveErrors(name, def);
    setErrors(errs);
    if (errs.length) {
      message.error({ content: errs[0], key: 'form-designer-invalid' });
      return;
    }
    void saveAction.run({ formId: formId ?? undefined, scene, name: name.trim(), formConfig: def.formConfig, widgetList: def.widgetList });
  };

  const previewDef = useMemo(() => def, [def]);
  if (formId !== null && current.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;

  return (
    <Flex vertical gap={16} className="form-designer">
      <PageHeader
        title={formId ? `编辑表单 · ${current.data?.name ?? ''}` : '新建表单'}
        description={formId && current.data ? `当前第${current.data.version}版；每次保存生成新版本，已填写的内容仍按填写时的版本显示。` : '设计完成后保存，生成第1版。'}
        extra={
          <>
            <Segmented<Mode>
              value={mode}
              onChange={setMode}
              className="designer-mode"
              options={[
                { value: 'design', label: '设计' },
                { value: 'desktop', label: '电脑预览' },
                { value: 'phone', label: '手机预览' },
              ]}
            />
            {formId && (
              <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)} className="open-versions">
                版本记录
              </Button>
            )}
            {canEdit && (
              <Button type="primary" loading={saveAction.pending} onClick={submit} className="save-form">
                保存
              </Button>
            )}
          </>
        }
      />
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="designer-errors"
          title="请先修正以下问题"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
      {mode !== 'design' ? (
        <Card className="form-preview" title={mode === 'phone' ? '手机预览（375px）' : '电脑预览'}>
          <div style={{ width: mode === 'phone' ? 375 : '100%', margin: '0 auto', border: mode === 'phone' ? '1px solid #e5e5e5' : undefined, borderRadius: 12, padding: mode === 'phone' ? 16 : 0 }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {name || '未命名表单'}
            </Typography.Title>
            <Form layout="vertical" key={mode}>
              <FormFields definition={previewDef} cols={mode === 'phone' ? 1 : undefined} />
            </Form>
          </div>
        </Card>
      ) : (
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          <Row gutter={16} wrap={false}>
            <Col flex="180px">
              <Card size="small" title="控件" className="form-palette">
                <Flex vertical gap={6}>
                  {PALETTE.map((p) => (
                    <PaletteItem key={p.type} type={p.type} disabled={!canEdit} onAdd={() => add(p.type)} />
                  ))}
                </Flex>
              </Card>
            </Col>
            <Col flex="auto" style={{ minWidth: 0 }}>
              <Card size="small" title={`表单内容（${widgets.length}个控件）`}>
                <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
                  <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="表单名称" maxLength={50} style={{ maxWidth: 280 }} className="form-name" disabled={!canEdit} />
                  <span>每行</span>
                  <Segmented<number> value={cols} disabled={!canEdit} onChange={(v) => setDef((d) => ({ ...d, formConfig: { ...d.formConfig, cols: v } }))} options={[1, 2, 3, 4].map((c) => ({ value: c, label: `${c}列` }))} className="form-cols" />
                </Flex>
                <Canvas empty={widgets.length === 0}>
                  <SortableContext items={widgets.map((w) => w.id)} strategy={rectSortingStrategy}>
                    <Row gutter={12}>
                      {widgets.map((w, i) => (
                        <CanvasWidget
                          key={w.id}
                          widget={w}
                          span={widgetSpan(w, cols)}
                          selected={w.id === selectedId}
                          editable={canEdit}
                          onSelect={() => setSelectedId(w.id)}
                          onCopy={() => setWidgets(duplicateWidget(widgets, i))}
                          onDelete={() => {
                            setWidgets(widgets.filter((x) => x.id !== w.id));
                            if (selectedId === w.id) setSelectedId(null);
                          }}
                        />
                      ))}
                    </Row>
                  </SortableContext>
                </Canvas>
              </Card>
            </Col>
            <Col flex="320px">
              <Card size="small" title="控件属性" className="property-panel">
                {selected ? (
                  <PropertyPanel key={selected.id} widget={selected} disabled={!canEdit} onChange={(w) => setWidgets(widgets.map((x) => (x.id === w.id ? w : x)))} />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="选中画布上的控件后在此设置属性" />
                )}
              </Card>
            </Col>
          </Row>
        </DndContext>
      )}
      {formId && <VersionsDrawer open={versionsOpen} formId={formId} onClose={() => setVersionsOpen(false)} />}
    </Flex>
  );
}
