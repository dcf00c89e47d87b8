import { entityListQuery, type Federation } from '@origem/contract/schemas/entities';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { confirmAction } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { showSuccessDialog } from '../../ui/feedback';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RowActions } from '../../ui/row-actions';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteFederation } from './api/delete-federation';
import { useFederationsTable } from './api/list-federations';
import { cnpjColumn, placeColumn } from './entity-columns';
import { EntityNameCell } from './entity-name-cell';
import { canCreateOrDelete, canManageEntities } from './entity-rules';
import { FEDERATIONS_PATH } from './federation-form';

/** /federacoes: the federations the session reaches, by name, with the name filter in the URL. */
export function FederationsListPage() {
  const { user } = useSession();
  const list = useListSearch(entityListQuery);
  const table = useFederationsTable(list);
  const removal = useDeleteFederation();
  const mayCreate = canCreateOrDelete(user, 'federation');
  const newFederation: PrimaryAction | undefined = mayCreate
    ? { label: 'Nova federação', to: `${FEDERATIONS_PATH}/novo` }
    : undefined;
  const emptyAction = usePrimaryAction(newFederation);

  const remove = async (row: Federation) => {
    const confirmed = await confirmAction({
      title: `Excluir a federação ${row.name}?`,
      content:
        row.associations_count > 0
          ? 'Há associações comerciais nesta federação: a exclusão só é possível depois de movê-las ou excluí-las.'
          : 'Esta ação não pode ser desfeita.',
      okText: 'Excluir',
      danger: true,
    });
    if (!confirmed) return;
    void showSuccessDialog(await removal.mutateAsync(row.id));
  };

  const columns: ColumnsType<Federation> = [
    {
      title: 'Nome',
      dataIndex: 'name',
      key: 'name',
      render: (_: string, row) => (
        <EntityNameCell
          to={`${FEDERATIONS_PATH}/${row.id}`}
          name={row.name}
          logo={row.logo}
          secondary={row.abbreviation}
        />
      ),
    },
    cnpjColumn(),
    placeColumn(),
    { title: 'Confederação', key: 'confederation', render: (_, row) => row.confederation?.name ?? '—' },
    {
      title: 'Associações',
      dataIndex: 'associations_count',
      key: 'associations_count',
      align: 'right',
      render: (n: number) => n.toLocaleString('pt-BR'),
    },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <RowActions
          name={row.name}
          to={`${FEDERATIONS_PATH}/${row.id}`}
          editable={canManageEntities(user)}
          onDelete={mayCreate ? () => remove(row) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Federações"
      hint="Federações das associações comerciais, com seus dados, logo e associações."
      action={newFederation}
      filters={
        <FilterBar list={list}>
          <Form.Item name="name" label="Nome">
            <Input allowClear placeholder="Nome ou sigla" />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 900 }}
        label="Lista de federações"
        emptyText="Nenhuma federação encontrada."
        emptyHint={emptyAction ? 'Cadastre a primeira federação em "Nova federação".' : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
