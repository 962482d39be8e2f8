import { SettingOutlined } from '@ant-design/icons';
import type { PageMessage } from '@wfsaas/contracts';
import { Button, Checkbox, Empty, Flex, Popover, Table, type TableColumnsType, type TableProps } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../session/SessionProvider.tsx';
import { columnStorageKey, loadVisibleColumns, saveVisibleColumns, type ChoosableColumn } from './column-prefs.ts';
import type { ListQuery } from './use-list-query.ts';
import type { ListSchema } from './list-query.ts';

/** The 显示列 popover: one checkbox per column, locked ones cannot be unticked. */
export function ColumnChooser({ columns, visible, onChange }: { columns: readonly ChoosableColumn[]; visible: string[]; onChange: (v: string[]) => void }) {
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="显示列"
      content={
        <Checkbox.Group value={visible} onChange={(v) => onChange(v)} className="column-chooser">
          <Flex vertical gap={6} style={{ maxHeight: 360, overflowY: 'auto', paddingInlineEnd: 8 }}>
            {columns.map((c) => (
              <Checkbox key={c.key} value={c.key} disabled={c.locked}>
                {c.title}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      }
    >
      <Button icon={<SettingOutlined />} className="column-chooser-button">
        列设置
      </Button>
    </Popover>
  );
}

/** The columns a user chose for one list, kept in localStorage per user and company. */
export function useColumnChoice(list: string, choices: readonly ChoosableColumn[]): { visible: string[]; setVisible: (v: string[]) => void } {
  const { companyId, userInfo } = useSession();
  const storageKey = columnStorageKey(list, userInfo?.sysUser.userId ?? null, companyId);
  const [visible, setState] = useState<string[]>(() => loadVisibleColumns(window.localStorage, storageKey, choices));
  useEffect(() => setState(loadVisibleColumns(window.localStorage, storageKey, choices)), [storageKey, choices]);
  return {
    visible,
    setVisible: (v) => {
      setState(v);
      saveVisibleColumns(window.localStorage, storageKey, v);
    },
  };
}

/** A column's key for the chooser: its `key`, else its dataIndex. */
function columnKey(c: { key?: unknown; dataIndex?: unknown }): string {
  return String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : c.dataIndex ?? ''));
}

type Page<T> = { data: T[] | null; pageMessage: PageMessage } | undefined;

export type ListTableProps<T, S extends ListSchema> = Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'columns'> & {
  /** The list's URL-kept query; omit for a list without server paging. */
  query?: ListQuery<S>;
  /** The page call's result (react-query). */
  result: { data?: Page<T>; isFetching: boolean };
  columns: TableColumnsType<T>;
  /** Text of the empty state. */
  empty?: ReactNode;
  /** Lets the user hide columns (each column's `key` must be set); the choice is stored under this list name. */
  chooser?: { list: string; choices?: readonly ChoosableColumn[] };
  /** Content left of the column chooser, above the table. */
  toolbar?: ReactNode;
};

/** A list screen's table: server paging (共 N 条), the standard empty state, an optional column chooser. */
export function ListTable<T extends object, S extends ListSchema = ListSchema>({ query, result, columns, empty = '暂无数据', chooser, toolbar, ...rest }: ListTableProps<T, S>) {
  const rows = result.data?.data ?? [];
  const message = result.data?.pageMessage;
  const settle = query?.settle;
  useEffect(() => {
    if (settle && !result.isFetching) settle(message, rows.length);
  }, [settle, message, rows.length, result.isFetching]);
  const choices = useMemo<readonly ChoosableColumn[]>(
    () => chooser?.choices ?? columns.map((c) => ({ key: columnKey(c), title: typeof c.title === 'string' ? c.title : String(c.key), defaultVisible: true, locked: c.fixed !== undefined })),
    [chooser?.choices, columns],
  );
  const { visible, setVisible } = useColumnChoice(chooser?.list ?? 'list', choices);
  // columns outside the choices (操作) are always shown
  const choosable = useMemo(() => new Set(choices.map((c) => c.key)), [choices]);
  const shown = chooser ? columns.filter((c) => !choosable.has(columnKey(c)) || visible.includes(columnKey(c))) : columns;
  return (
    <>
      {(chooser || toolbar) && (
        <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} gap={12}>
          {toolbar ?? <span />}
          {chooser && <ColumnChooser columns={choices} visible={visible} onChange={setVisible} />}
        </Flex>
      )}
      <Table<T>
        size="middle"
        {...rest}
        columns={shown}
        dataSource={rows}
        loading={result.isFetching}
        pagination={query ? query.pagination(message) : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />, ...rest.locale }}
      />
    </>
  );
}
