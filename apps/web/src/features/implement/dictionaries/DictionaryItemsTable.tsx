import { HolderOutlined } from '@ant-design/icons';
import { DndContext, PointerSensor, KeyboardSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { DictionaryItem } from '@wfsaas/contracts';
import { Button, Table, type TableColumnsType } from 'antd';
import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';

type HandleProps = Pick<ReturnType<typeof useSortable>, 'setActivatorNodeRef' | 'listeners' | 'attributes'> & { disabled: boolean };
const HandleContext = createContext<HandleProps | null>(null);

/** The drag handle of a row; system items stay where they are. */
function DragHandle() {
  const h = useContext(HandleContext);
  if (!h || h.disabled) return <HolderOutlined style={{ color: '#d9d9d9' }} />;
  return <Button type="text" size="small" icon={<HolderOutlined />} aria-label="拖动排序" className="dict-drag" ref={h.setActivatorNodeRef} style={{ cursor: 'move' }} {...h.attributes} {...h.listeners} />;
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string; 'data-system'?: boolean }) {
  const { 'data-system': system = false, ...rest } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props['data-row-key'], disabled: system });
  const style: CSSProperties = { ...props.style, transform: CSS.Translate.toString(transform), transition, ...(isDragging ? { position: 'relative', zIndex: 9, background: '#fafafa' } : {}) };
  const handle = useMemo(() => ({ setActivatorNodeRef, listeners, attributes, disabled: system }), [setActivatorNodeRef, listeners, attributes, system]);
  return (
    <HandleContext.Provider value={handle}>
      <tr {...rest} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

/**
 * A dictionary's items, the company's own draggable into a new order (system items fixed first).
 * `onReorder` gets the company items' values in their new order.
 */
export function DictionaryItemsTable({
  items,
  loading,
  canReorder,
  columns,
  onReorder,
  empty,
}: {
  items: DictionaryItem[];
  loading: boolean;
  canReorder: boolean;
  columns: TableColumnsType<DictionaryItem>;
  onReorder: (values: string[]) => void;
  empty: ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const own = items.filter((i) => !i.system);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = own.findIndex((i) => i.value === active.id);
    const to = own.findIndex((i) => i.value === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(own, from, to).map((i) => i.value));
  };
  const all: TableColumnsType<DictionaryItem> = [...(canReorder ? [{ key: 'drag', width: 48, align: 'center' as const, render: () => <DragHandle /> }] : []), ...columns];
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={own.map((i) => i.value)} strategy={verticalListSortingStrategy}>
        <Table<DictionaryItem>
          className="dict-items-table"
          rowKey="value"
          size="middle"
          loading={loading}
          dataSource={items}
          columns={all}
          pagination={false}
          locale={{ emptyText: empty }}
          components={canReorder ? { body: { row: SortableRow } } : undefined}
          onRow={(r) => ({ 'data-system': r.system }) as HTMLAttributes<HTMLElement>}
        />
      </SortableContext>
    </DndContext>
  );
}
