import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ROLE_STATUS } from '@origem/contract/permissions';
import { type Role, roleFilterQuery } from '@origem/contract/schemas/roles';
import { Link } from '@tanstack/react-router';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { ignoreShownError } from '../../api/api-error';
import { confirmDeletion } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { ListPage, type PrimaryAction, usePrimaryAction } from '../../ui/list-page';
import { StatusTag } from '../../ui/status-tag';
import { useListSearch } from '../../ui/use-list-search';
import { useDeleteRole } from './api/delete-role';
import { useRolesTable } from './api/search-roles';
import { ROLES_PATH } from './role-form';
import { SystemTag } from './system-tag';

const newRole: PrimaryAction = { label: 'Novo perfil', permission: 'role.manage', to: `${ROLES_PATH}/novo` };

const STATUS_OPTIONS = Object.entries(ROLE_STATUS).map(([value, label]) => ({ value, label }));

/** /configuracao/perfil: the roles with their type, status and number of users (GET /v1/role/with_filter). */
export function RolesListPage() {
  const list = useListSearch(roleFilterQuery);
  const table = useRolesTable(list);
  const emptyAction = usePrimaryAction(newRole);
  const deleteRole = useDeleteRole();

  const remove = (role: Role) =>
    confirmDeletion(
      {
        title: `Excluir o perfil "${role.display_name}"?`,
        content:
          role.users_count > 0
            ? 'Há usuários com este perfil: a exclusão só é possível depois de passá-los para outro perfil.'
            : 'Esta ação não pode ser desfeita.',
      },
      () => deleteRole.mutateAsync(role.id),
    );

  const columns: ColumnsType<Role> = [
    {
      title: 'Perfil',
      dataIndex: 'display_name',
      key: 'display_name',
      render: (_: string, role) => (
        <div>
          <Typography.Text strong>{role.display_name}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
              {role.name}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    { title: 'Tipo', dataIndex: 'type_label', key: 'type' },
    {
      title: 'Situação',
      dataIndex: 'status',
      key: 'status',
      render: (status: string) => <StatusTag status={status} labels={ROLE_STATUS} />,
    },
    {
      title: 'Usuários',
      dataIndex: 'users_count',
      key: 'users_count',
      align: 'right',
      render: (count: number) => count.toLocaleString('pt-BR'),
    },
    {
      title: 'Sistema',
      dataIndex: 'system',
      key: 'system',
      render: (system: boolean) => (system ? <SystemTag /> : null),
    },
    {
      title: 'Ações',
      key: 'actions',
      align: 'right',
      render: (_: unknown, role) => (
        <Space size={4}>
          <Link
            to="/configuracao/perfil/$id"
            params={{ id: String(role.id) }}
            aria-label={`Editar ${role.display_name}`}
            style={{ paddingInline: 7, whiteSpace: 'nowrap' }}
          >
            <EditOutlined aria-hidden /> Editar
          </Link>
          {role.system ? null : (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`Excluir ${role.display_name}`}
              onClick={() => void remove(role).catch(ignoreShownError)}
            >
              Excluir
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="Perfis"
      hint="Perfis de acesso, o alcance de cada um e as permissões que concedem aos seus usuários."
      action={newRole}
      filters={
        <FilterBar list={list}>
          <Form.Item name="role" label="Nome">
            <Input allowClear placeholder="Nome ou identificador" />
          </Form.Item>
          <Form.Item name="status" label="Situação">
            <Select allowClear placeholder="Todas" options={STATUS_OPTIONS} />
          </Form.Item>
        </FilterBar>
      }
    >
      <DataTable
        table={table}
        columns={columns}
        rowKey="id"
        label="Lista de perfis"
        // Few columns: the table fits its card (long labels wrap) instead of scrolling sideways at 1024 px.
        scroll={{}}
        emptyText="Nenhum perfil encontrado."
        emptyHint='Cadastre o primeiro perfil em "Novo perfil".'
        emptyAction={emptyAction}
      />
    </ListPage>
  );
}
