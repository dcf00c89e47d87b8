import { entityListQuery, type Logo } from '@origem/contract/schemas/entities';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RowActions } from '../../ui/row-actions';
import { useListSearch } from '../../ui/use-list-search';
import { type EntityApi, useDeleteEntity, useEntityTable } from './api/entity-api';
import { EntityNameCell } from './entity-name-cell';
import { canCreateOrDelete, canManageEntities } from './entity-rules';

type EntityRow = { id: number; name: string; abbreviation: string | null; logo?: Logo | null };

/** What the three entity lists (confederations, federations, associations) differ in; the screen is one. */
export type EntityListView<T extends EntityRow> = {
  kind: Parameters<typeof canCreateOrDelete>[1];
  title: string;
  hint: string;
  /** The list's accessible name, e.g. 'Lista de federações'. */
  label: string;
  /** 'Nova federação': the primary action, for who may create. */
  newLabel: string;
  /** The record's noun with its article, in the deletion question: 'a federação'. */
  noun: string;
  namePlaceholder: string;
  emptyText: string;
  emptyHint: string;
  scrollX: number;
  pathOf: (id: number | 'novo') => string;
  api: EntityApi;
  /** What the deletion question adds (e.g. why it will be refused). */
  deletionNote: (row: T) => string;
  /** The columns between the name and the row actions. */
  columns: ColumnsType<T>;
};

/** One entity list: name filter in the URL, the name (with logo) opening the record, deletion confirmed. */
export function EntityListPage<T extends EntityRow>({ view }: { view: EntityListView<T> }) {
  const { user } = useSession();
  const list = useListSearch(entityListQuery);
  const table = useEntityTable<T>(view.api, list);
  const removal = useDeleteEntity(view.api);
  const mayCreate = canCreateOrDelete(user, view.kind);
  const create: PrimaryAction | undefined = mayCreate
    ? { label: view.newLabel, to: view.pathOf('novo') }
    : undefined;
  const emptyAction = usePrimaryAction(create);

  const remove = (row: T) =>
    confirmDeletion({ title: `Excluir ${view.noun} ${row.name}?`, content: view.deletionNote(row) }, () =>
      removal.mutateAsync(row.id),
    );

  const columns: ColumnsType<T> = [
    {
      title: 'Nome',
      dataIndex: 'name',
      key: 'name',
      render: (_: string, row) => (
        <EntityNameCell
          to={view.pathOf(row.id)}
          name={row.name}
          logo={row.logo}
          secondary={row.abbreviation}
        />
      ),
    },
    ...view.columns,
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <RowActions
          name={row.name}
          to={view.pathOf(row.id)}
          editable={canManageEntities(user)}
          onDelete={mayCreate ? () => remove(row) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={view.title}
      hint={view.hint}
      action={create}
      filters={
        <FilterBar list={list}>
          <Form.Item name="name" label="Nome">
            <Input allowClear placeholder={view.namePlaceholder} />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: view.scrollX }}
        label={view.label}
        emptyText={view.emptyText}
        emptyHint={emptyAction ? view.emptyHint : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
