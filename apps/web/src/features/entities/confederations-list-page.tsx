import { type Confederation, entityListQuery } from '@origem/contract/schemas/entities';
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
import { useDeleteConfederation } from './api/delete-confederation';
import { useConfederationsTable } from './api/list-confederations';
import { confederationPath } from './confederation-form';
import { cnpjColumn, placeColumn } from './entity-columns';
import { EntityNameCell } from './entity-name-cell';
import { canCreateOrDelete, canManageEntities } from './entity-rules';

/** /confederacoes: the confederations, by name, with the name filter in the URL; CNPJ masked. */
export function ConfederationsListPage() {
  const { user } = useSession();
  const list = useListSearch(entityListQuery);
  const table = useConfederationsTable(list);
  const removal = useDeleteConfederation();
  const mayCreate = canCreateOrDelete(user, 'confederation');
  const newConfederation: PrimaryAction | undefined = mayCreate
    ? { label: 'Nova confederação', to: confederationPath('novo') }
    : undefined;
  const emptyAction = usePrimaryAction(newConfederation);

  const remove = async (row: Confederation) => {
    const confirmed = await confirmAction({
      title: `Excluir a confederação ${row.name}?`,
      content:
        row.federations_count > 0
          ? 'Há federações nesta confederação: a exclusão só é possível depois de movê-las ou excluí-las.'
          : 'Esta ação não pode ser desfeita.',
      okText: 'Excluir',
      danger: true,
    });
    if (!confirmed) return;
    void showSuccessDialog(await removal.mutateAsync(row.id));
  };

  const columns: ColumnsType<Confederation> = [
    {
      title: 'Nome',
      dataIndex: 'name',
      key: 'name',
      render: (_: string, row) => (
        <EntityNameCell to={confederationPath(row.id)} name={row.name} secondary={row.abbreviation} />
      ),
    },
    {
      title: 'Código',
      dataIndex: 'confederation_code',
      key: 'code',
      render: (code: string | null) => code ?? '—',
    },
    cnpjColumn(),
    placeColumn(),
    {
      title: 'Federações',
      dataIndex: 'federations_count',
      key: 'federations_count',
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
          to={confederationPath(row.id)}
          editable={canManageEntities(user)}
          onDelete={mayCreate ? () => remove(row) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Confederações"
      hint="Confederações que reúnem as federações de associações comerciais."
      action={newConfederation}
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
        scroll={{ x: 860 }}
        label="Lista de confederações"
        emptyText="Nenhuma confederação encontrada."
        emptyHint={emptyAction ? 'Cadastre a primeira confederação em "Nova confederação".' : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
