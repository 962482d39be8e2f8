import { Flex, Tabs } from 'antd';
import type { ReactNode } from 'react';
import type { FiltersOf, ListSchema } from './list-query.ts';
import { ListTable, type ListTableProps } from './ListTable.tsx';
import { PageHeader } from './PageHeader.tsx';
import { Panel } from './Panel.tsx';
import { QueryForm } from './QueryForm.tsx';
import type { ListQuery } from './use-list-query.ts';

export type ListTabs<S extends ListSchema> = {
  /** The filter the tabs set. */
  filter: keyof S & string;
  items: readonly { key: string; label: string }[];
  /** Count shown after each tab's label. */
  counts?: Partial<Record<string, number>>;
  className?: string;
};

export type ListScreenProps<T, S extends ListSchema> = {
  className: string;
  title: ReactNode;
  description?: ReactNode;
  /** Primary actions at the right of the title. */
  extra?: ReactNode;
  query: ListQuery<S>;
  /** Query form name (prefixes the field ids) and its fields; no form without fields. */
  formName?: string;
  fields?: ReactNode;
  tabs?: ListTabs<S>;
  table: Omit<ListTableProps<T, S>, 'query'>;
  /** Between the tabs and the table (a batch bar). */
  aboveTable?: ReactNode;
  /** Dialogs and drawers of the screen. */
  children?: ReactNode;
};

/** A list screen: title bar, query form, optional tabs, the server-paged table, then the screen's dialogs. */
export function ListScreen<T extends object, S extends ListSchema>({ className, title, description, extra, query, formName, fields, tabs, table, aboveTable, children }: ListScreenProps<T, S>) {
  const filters = query.filters as Record<string, unknown>;
  return (
    <Flex vertical gap={16} className={className}>
      <PageHeader title={title} description={description} extra={extra} />
      {fields && (
        <Panel bodyStyle={{ paddingBottom: 0 }}>
          <QueryForm<FiltersOf<S>> name={formName} values={query.filters} onSearch={query.search}>
            {fields}
          </QueryForm>
        </Panel>
      )}
      <Panel>
        {tabs && (
          <Tabs
            className={tabs.className}
            activeKey={String(filters[tabs.filter])}
            onChange={(k) => query.search({ [tabs.filter]: k } as FiltersOf<S>)}
            items={tabs.items.map((t) => ({ key: t.key, label: `${t.label} ${tabs.counts?.[t.key] ?? ''}`.trim() }))}
          />
        )}
        {aboveTable}
        <ListTable<T, S> {...table} query={query} />
      </Panel>
      {children}
    </Flex>
  );
}
