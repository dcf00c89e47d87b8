import { Link } from '@tanstack/react-router';
import { Form, Tooltip } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useSession } from '../../lib/session';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import type { RecordEditKind } from '../../ui/record-edit-page';
import { RowActions } from '../../ui/row-actions';
import { type ListControls, useListSearch } from '../../ui/use-list-search';
import type { ServerTable } from '../../ui/use-server-table';
import { DealSelect } from './deal-options';

type DealRecord = { id: number; deal: { id: number; abbreviation: string; name: string } };

/** A list of records that belong to a deal (origin norms, origin rules), declared beside its edit screen's kind. */
export type OriginListKind<T extends DealRecord> = {
  /** The edit screen's kind: permission, list address, removal and its confirmation. */
  edit: RecordEditKind<T>;
  title: string;
  hint: string;
  action: PrimaryAction;
  query: z.ZodType<Record<string, unknown>>;
  useTable: (list: ListControls) => ServerTable<T>;
  /** The kind's columns around the deal's; the actions column follows. */
  columns: (deal: ColumnType<T>) => ColumnsType<T>;
  /** The filters besides the deal. */
  filters: { before?: ReactNode; after?: ReactNode };
  /** The row's name in its buttons ('Editar …'). */
  rowName: (record: T) => string;
  /** Readers without the permission get no actions column content (no "Ver"). */
  actionsOnlyForManagers?: boolean;
  table: { label: string; emptyText: string; emptyHint: string; scrollX: number };
};

export function OriginRecordsList<T extends DealRecord>({ kind }: { kind: OriginListKind<T> }) {
  const { can } = useSession();
  const canManage = can(kind.edit.permission);
  const list = useListSearch(kind.query);
  const table = kind.useTable(list);
  const emptyAction = usePrimaryAction(kind.action);
  const removal = kind.edit.useRemove();
  const listPath = kind.edit.back.to;

  const remove = (record: T) =>
    confirmDeletion(
      kind.edit.confirmRemoval(record),
      async () => (await removal.mutateAsync(record.id)).message,
    );

  const deal: ColumnType<T> = {
    title: 'Acordo',
    key: 'deal',
    width: 160,
    render: (_: unknown, record) => (
      <Tooltip title={record.deal.name}>
        <Link to="/acordos/$id" params={{ id: String(record.deal.id) }} style={{ whiteSpace: 'nowrap' }}>
          {record.deal.abbreviation}
        </Link>
      </Tooltip>
    ),
  };
  const columns: ColumnsType<T> = [
    ...kind.columns(deal),
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      fixed: 'right',
      width: 96,
      render: (_: unknown, record) =>
        kind.actionsOnlyForManagers && !canManage ? null : (
          <RowActions
            name={kind.rowName(record)}
            to={`${listPath}/${record.id}`}
            editable={canManage}
            onDelete={canManage ? () => remove(record) : undefined}
          />
        ),
    },
  ];

  return (
    <ListPage
      title={kind.title}
      hint={kind.hint}
      action={kind.action}
      filters={
        <FilterBar list={list}>
          {kind.filters.before}
          <Form.Item name="deal_id" label="Acordo">
            <DealSelect />
          </Form.Item>
          {kind.filters.after}
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: kind.table.scrollX }}
        label={kind.table.label}
        emptyText={kind.table.emptyText}
        emptyHint={emptyAction ? kind.table.emptyHint : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
