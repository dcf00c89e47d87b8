import { type Association, entityListQuery } from '@origem/contract/schemas/entities';
import { Form, Input, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { confirmAction } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { showSuccessDialog } from '../../ui/feedback';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RowActions } from '../../ui/row-actions';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteAssociation } from './api/delete-association';
import { useAssociationsTable } from './api/list-associations';
import { ASSOCIATIONS_PATH } from './association-form';
import { cnpjColumn, placeColumn } from './entity-columns';
import { EntityNameCell } from './entity-name-cell';
import { canCreateOrDelete, canManageEntities } from './entity-rules';

/** /associacoes: the trade associations (issuing entities) the session reaches, with the name filter in the URL. */
export function AssociationsListPage() {
  const { user } = useSession();
  const list = useListSearch(entityListQuery);
  const table = useAssociationsTable(list);
  const removal = useDeleteAssociation();
  const mayCreate = canCreateOrDelete(user, 'association');
  const newAssociation: PrimaryAction | undefined = mayCreate
    ? { label: 'Nova associação', to: `${ASSOCIATIONS_PATH}/novo` }
    : undefined;
  const emptyAction = usePrimaryAction(newAssociation);

  const remove = async (row: Association) => {
    const confirmed = await confirmAction({
      title: `Excluir a associação ${row.name}?`,
      content: 'A tabela de taxas da associação também será excluída. Esta ação não pode ser desfeita.',
      okText: 'Excluir',
      danger: true,
    });
    if (!confirmed) return;
    void showSuccessDialog(await removal.mutateAsync(row.id));
  };

  const columns: ColumnsType<Association> = [
    {
      title: 'Nome',
      dataIndex: 'name',
      key: 'name',
      render: (_: string, row) => (
        <EntityNameCell
          to={`${ASSOCIATIONS_PATH}/${row.id}`}
          name={row.name}
          logo={row.logo}
          secondary={row.abbreviation}
        />
      ),
    },
    {
      title: 'EHId',
      dataIndex: 'ehid',
      key: 'ehid',
      width: 80,
      render: (ehid: string | null) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {ehid ?? '—'}
        </Typography.Text>
      ),
    },
    cnpjColumn(),
    placeColumn(),
    { title: 'Federação', key: 'federation', render: (_, row) => row.federation?.name ?? '—' },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <RowActions
          name={row.name}
          to={`${ASSOCIATIONS_PATH}/${row.id}`}
          editable={canManageEntities(user)}
          onDelete={mayCreate ? () => remove(row) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Associações comerciais"
      hint="As entidades emissoras: dados, EHId, logo e taxas por acordo."
      action={newAssociation}
      filters={
        <FilterBar list={list}>
          <Form.Item name="name" label="Nome">
            <Input allowClear placeholder="Nome, sigla ou EHId" />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        scroll={{ x: 900 }}
        label="Lista de associações comerciais"
        emptyText="Nenhuma associação comercial encontrada."
        emptyHint={emptyAction ? 'Cadastre a primeira associação em "Nova associação".' : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
