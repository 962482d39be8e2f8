import type { FieldKind, TemplateField } from '@wfsaas/contracts';
import { useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { fieldCaption, KIND_COLOR } from './field-defaults.ts';
import { moveBox, resizeBox, toScreen, type PageSize, type ScreenBox } from './field-geometry.ts';

/** How wide a page is drawn in the designer. */
export const PAGE_PIXELS = 720;
/** The drag payload of a palette field. */
export const DRAG_TYPE = 'application/x-wfsaas-field-kind';

type Drag = { key: string; mode: 'move' | 'resize'; startX: number; startY: number; origin: TemplateField };

/** A field on the page: moved by its body, resized from its lower-right corner. */
function PlacedField({
  field: f,
  box,
  active,
  onStart,
  onMove,
  onEnd,
}: {
  field: TemplateField;
  box: ScreenBox;
  active: boolean;
  onStart: (e: ReactPointerEvent, mode: Drag['mode']) => void;
  onMove: (e: ReactPointerEvent) => void;
  onEnd: () => void;
}) {
  const color = KIND_COLOR[f.kind];
  return (
    <div
      className={`placed-field placed-${f.kind}${active ? ' placed-active' : ''}`}
      data-key={f.key}
      onPointerDown={(e) => onStart(e, 'move')}
      onPointerMove={onMove}
      onPointerUp={onEnd}
      style={{
        position: 'absolute',
        left: box.left,
        top: box.top,
        width: box.width,
        height: box.height,
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
        onPointerDown={(e) => onStart(e, 'resize')}
        onPointerMove={onMove}
        onPointerUp={onEnd}
        style={{ position: 'absolute', right: 0, bottom: 0, width: 10, height: 10, background: color, cursor: 'nwse-resize' }}
      />
    </div>
  );
}

/** One page: the document's page underneath, the fields on top (moved and resized with the pointer). */
export function PageSheet({
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
        {fields.map((f) => (
          <PlacedField key={f.key} field={f} box={toScreen(f, size, scale)} active={f.key === selected} onStart={(e, mode) => start(e, f, mode)} onMove={move} onEnd={end} />
        ))}
      </div>
    </div>
  );
}
