import type { DataTableView } from '@wfsaas/contracts';
import { Flex, Tag, Tooltip } from 'antd';

/** The columns of a table as 表头 → 工资项 tags, the first few shown and the rest in a tooltip. */
export function ColumnTags({ table, max = 3 }: { table: Pick<DataTableView, 'columns'>; max?: number }) {
  const shown = table.columns.slice(0, max);
  const rest = table.columns.slice(max);
  const text = (c: { column: string; item: string }) => (c.column === c.item ? c.column : `${c.column} → ${c.item}`);
  return (
    <Flex wrap gap={4}>
      {shown.map((c) => (
        <Tag key={c.column} style={{ marginInlineEnd: 0 }}>
          {text(c)}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map(text).join('、')}>
          <Tag style={{ marginInlineEnd: 0, cursor: 'default' }}>+{rest.length}</Tag>
        </Tooltip>
      )}
    </Flex>
  );
}
