import { messages } from '@origem/contract/messages.pt';
import type { Role } from '@origem/contract/schemas/roles';
import { type User, userSearchQuery } from '@origem/contract/schemas/users';
import { Link } from '@tanstack/react-router';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useSession } from '../../lib/session';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { FilterBar, TaxIdFilters } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { RemoteSelect } from '../../ui/remote-select';
import { RowActions } from '../../ui/row-actions';
import { StatusTag } from '../../ui/status-tag';
import { taxIdColumn } from '../../ui/table-cells';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteUser } from './api/delete-user';
import { ROLE_OPTIONS_PATH } from './api/get-role-options';
import { useUsersTable } from './api/get-users';
import { type EntityOption, entityOption } from './entity-options';
import { canDeleteUser, canEditUser, ENTITY_FIELDS, entityName } from './user-rules';

const newUser: PrimaryAction = { label: 'Novo usuário', permission: 'user.manage', to: '/usuarios/novo' };

const roleOption = (role: Role) => ({ value: role.id, label: role.display_name });

/** /usuarios: the users the session may see (server-scoped), ordered by name, with filters in the URL. */
export function UsersListPage() {
  const { user: actor } = useSession();
  const list = useListSearch(userSearchQuery);
  const table = useUsersTable(list);
  const emptyAction = usePrimaryAction(newUser);
  const removal = useDeleteUser();

  const remove = (row: User) =>
    confirmDeletion(
      { title: `Excluir o usuário ${row.name}?`, content: 'Ele perderá o acesso ao Origem imediatamente.' },
      async () => {
        await removal.mutateAsync(row.id);
        return messages.user.deleted;
      },
    );

  const columns: ColumnsType<User> = [
    {
      title: 'Nome',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => (
        <Link to="/usuarios/$id" params={{ id: String(row.id) }}>
          {name}
        </Link>
      ),
    },
    {
      title: 'E-mail',
      dataIndex: 'email',
      key: 'email',
      // An address broken mid-word reads wrong; the table scrolls instead (its actions stay pinned).
      render: (email: string) => <span style={{ whiteSpace: 'nowrap' }}>{email}</span>,
    },
    taxIdColumn('cpf'),
    { title: 'Perfil', key: 'role', render: (_, row) => row.role.display_name },
    {
      title: 'Entidade',
      key: 'entity',
      render: (_, row) => entityName(row),
    },
    {
      title: 'Situação',
      dataIndex: 'active',
      key: 'active',
      render: (active: boolean) => <StatusTag status={active ? 'ATIVO' : 'INATIVO'} />,
    },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <RowActions
          name={row.name}
          to={`/usuarios/${row.id}`}
          editable={canEditUser(actor, row)}
          onDelete={canDeleteUser(actor, row) ? () => remove(row) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Usuários"
      hint="Pessoas com acesso ao Origem, seus perfis e entidades."
      action={newUser}
      filters={
        <FilterBar list={list}>
          <Form.Item name="name" label="Nome">
            <Input allowClear />
          </Form.Item>
          <Form.Item name="email" label="E-mail">
            <Input allowClear />
          </Form.Item>
          <TaxIdFilters />
          <Form.Item name="role_id" label="Perfil">
            <RemoteSelect<Role> path={ROLE_OPTIONS_PATH} toOption={roleOption} />
          </Form.Item>
          <Form.Item name="trade_association_id" label={ENTITY_FIELDS.trade_association_id.label}>
            <RemoteSelect<EntityOption>
              path={ENTITY_FIELDS.trade_association_id.path}
              toOption={entityOption}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        // Wide enough for every column on a 1024 px laptop (scrolls there); wider screens wrap long entity names.
        scroll={{ x: 960 }}
        label="Lista de usuários"
        emptyText="Nenhum usuário encontrado."
        emptyHint={emptyAction ? 'Cadastre o primeiro usuário em "Novo usuário".' : undefined}
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
