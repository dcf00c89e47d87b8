import { InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Pagination, Result, Skeleton, Space, Table, type TableProps, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useDeferredValue } from 'react';
import { isApiError } from '../api/api-error';
import { DataCards } from './data-cards';
import { formatRange } from './format';
import { useWiderThan } from './use-media-query';
import type { ServerTable } from './use-server-table';

export type DataTableProps<T> = Omit<
  TableProps<T>,
  'dataSource' | 'pagination' | 'loading' | 'columns' | 'onChange' | 'rowKey'
> & {
  table: ServerTable<T>;
  /**
   * antd columns. A column with `sorter: true` and a `key` is ordered by the server: the list's `order`
   * becomes 'key' (ascending) or '-key' (descending).
   */
  columns: ColumnsType<T>;
  rowKey: TableProps<T>['rowKey'];
  /** Accessible name of the table, e.g. 'Lista de usuários'. */
  label: string;
  /** Empty state title when no filter is set, e.g. 'Nenhum usuário cadastrado.'; default 'Nenhum registro encontrado.' */
  emptyText?: string;
  /**
   * What to do next when the list is empty and no filter is set, e.g. 'Cadastre o primeiro usuário em "Novo
   * usuário".' Default: records will show here as they are added. (With filters the table says so itself.)
   */
  emptyHint?: ReactNode;
  /** A button for the empty state (usually the page's primary action). */
  emptyAction?: ReactNode;
};

/** The `key` of a list's row-actions column (ui/row-actions.tsx): DataTable pins it to the right edge. */
export const ACTIONS_KEY = 'actions';

function sortOrderFor(key: unknown, order: string | undefined): 'ascend' | 'descend' | null {
  if (typeof key !== 'string' || !order) return null;
  if (order === key) return 'ascend';
  if (order === `-${key}`) return 'descend';
  return null;
}

function nextOrder<T>(sorter: SorterResult<T> | SorterResult<T>[]): string | undefined {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  const key = first?.columnKey ?? (typeof first?.field === 'string' ? first.field : undefined);
  if (!first?.order || typeof key !== 'string') return undefined;
  return first.order === 'descend' ? `-${key}` : key;
}

function keyOf<T>(rowKey: TableProps<T>['rowKey'], row: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(row, index);
  if (rowKey !== undefined) return (row as Record<string, Key>)[rowKey as string] ?? index;
  return index;
}

/**
 * The list table of every screen: server paging with the server's per_page and '1–10 de 5.432',
 * skeleton on first load, an empty state that says what to do next, an error state with 'Tentar novamente'.
 */
export function DataTable<T extends object>({
  table: current,
  columns,
  rowKey,
  label,
  emptyText = 'Nenhum registro encontrado.',
  emptyHint,
  emptyAction,
  ...rest
}: DataTableProps<T>) {
  // The rows mount in a transition: React renders them in slices between which the page stays responsive, instead
  // of one long task when the first page of rows arrives.
  const table = useDeferredValue(current);
  const { list } = table;
  // On a phone (under 576 px) a row is a card: every column in sight without scrolling sideways.
  const phone = !useWiderThan('sm');

  if (table.isLoading) {
    return (
      <div aria-busy="true" aria-label={`${label}: carregando`} role="status">
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      </div>
    );
  }

  // A 403 on a list only means "not for you" (SPEC §6): no error is shown, the list is simply empty.
  const forbidden = isApiError(table.error) && table.error.status === 403;
  if (table.error && !forbidden) {
    return (
      <Result
        status="warning"
        title="Não foi possível carregar a lista."
        subTitle={table.error.message}
        extra={
          <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={table.refetch}>
            Tentar novamente
          </Button>
        }
      />
    );
  }

  if (table.rows.length === 0) {
    // Say what is true — nothing here yet, or nothing matching the filters the user set — and what to do next.
    const filtered = !forbidden && list.hasFilters;
    const title = forbidden
      ? 'Nenhum registro para exibir.'
      : filtered
        ? 'Nenhum resultado para estes filtros.'
        : emptyText;
    const hint = forbidden
      ? null
      : filtered
        ? 'Altere os filtros ou limpe-os para ver todos os registros.'
        : (emptyHint ?? 'Os registros aparecerão aqui assim que forem cadastrados.');
    return (
      <Empty
        image={<InboxOutlined style={{ fontSize: 48, color: '#8c8c8c' }} aria-hidden />}
        description={
          <Space orientation="vertical" size={4}>
            <Typography.Text strong>{title}</Typography.Text>
            {hint ? <Typography.Text type="secondary">{hint}</Typography.Text> : null}
          </Space>
        }
      >
        {forbidden ? null : filtered ? (
          <Button onClick={list.clearFilters}>Limpar filtros</Button>
        ) : (
          emptyAction
        )}
      </Empty>
    );
  }

  const sortedColumns = columns.map((column) => {
    const sorted =
      column.sorter === true ? { ...column, sortOrder: sortOrderFor(column.key, list.order) } : column;
    // The row actions stay in sight on narrow screens (1024 px laptops): the column is pinned to the right while
    // the others scroll.
    return column.key === ACTIONS_KEY && column.fixed === undefined
      ? { ...sorted, fixed: 'right' as const }
      : sorted;
  });

  const pagination = {
    current: table.page,
    pageSize: table.perPage || table.rows.length,
    total: table.total,
    showSizeChanger: false,
    hideOnSinglePage: false,
    showTotal: (total: number, [from, to]: [number, number]) =>
      formatRange(from, to, total, table.totalCapped),
  };

  if (phone) {
    return (
      <>
        <DataCards
          rows={table.rows}
          columns={columns}
          rowKey={(row, index) => keyOf(rowKey, row, index)}
          label={label}
          actionsKey={ACTIONS_KEY}
        />
        <Pagination {...pagination} simple align="center" onChange={(page) => list.setPage(page)} />
      </>
    );
  }

  return (
    <Table<T>
      {...rest}
      aria-label={label}
      rowKey={rowKey}
      columns={sortedColumns}
      dataSource={table.rows}
      loading={table.isFetching}
      scroll={rest.scroll ?? { x: 'max-content' }}
      // Columns sized by their content: the pinned actions column would otherwise switch the table to a fixed
      // layout that splits e-mails and names mid-word at 1024 px.
      tableLayout={rest.tableLayout ?? 'auto'}
      pagination={pagination}
      onChange={(next, _filters, sorter, extra) => {
        if (extra.action === 'sort') list.setOrder(nextOrder(sorter));
        else if (extra.action === 'paginate' && next.current) list.setPage(next.current);
      }}
    />
  );
}
