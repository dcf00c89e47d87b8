import { ReloadOutlined } from '@ant-design/icons';
import { messages } from '@origem/contract/messages.pt';
import { ROLE_STATUS } from '@origem/contract/permissions';
import type { Role } from '@origem/contract/schemas/roles';
import { Link } from '@tanstack/react-router';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { useMemo } from 'react';
import { isApiError } from '../../api/api-error';
import { useRouteId } from '../../lib/use-route-id';
import { PageHeader } from '../../ui/page-header';
import { StatusTag } from '../../ui/status-tag';
import { useRole } from './api/get-role';
import { usePermissions } from './api/list-permissions';
import { groupPermissions } from './permission-groups';
import { ROLES_PATH, RoleForm } from './role-form';
import { SystemTag } from './system-tag';

const NEW = 'novo';

function usersLabel(count: number): string {
  if (count === 0) return 'nenhum usuário';
  return count === 1 ? '1 usuário' : `${count.toLocaleString('pt-BR')} usuários`;
}

function Header({ role }: { role?: Role }) {
  if (!role) {
    return (
      <PageHeader
        title="Novo perfil"
        hint="Defina o nome, o tipo e as permissões do novo perfil."
        backTo={ROLES_PATH}
      />
    );
  }
  return (
    <PageHeader
      title={role.display_name}
      tags={
        <>
          <StatusTag status={role.status} labels={ROLE_STATUS} />
          {role.system ? <SystemTag /> : null}
        </>
      }
      hint={`Identificador: ${role.name} · Tipo: ${role.type_label} · ${usersLabel(role.users_count)}`}
      backTo={ROLES_PATH}
    />
  );
}

function Loading() {
  return (
    <div role="status" aria-busy="true" aria-label="Carregando perfil">
      <Skeleton active title={{ width: 240 }} paragraph={{ rows: 1 }} style={{ marginBottom: 24 }} />
      <Card style={{ marginBottom: 16 }}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    </div>
  );
}

function NotFound() {
  return (
    <Result
      status="404"
      title={messages.notFound}
      subTitle="O perfil pedido não existe ou foi excluído."
      extra={<Link to={ROLES_PATH}>Voltar para os perfis</Link>}
    />
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title="Não foi possível carregar o perfil."
      subTitle={message}
      extra={
        <Space>
          <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
            Tentar novamente
          </Button>
          <Link to={ROLES_PATH}>Voltar para os perfis</Link>
        </Space>
      }
    />
  );
}

/** /configuracao/perfil/$id ('novo' creates): a role's data and its grouped permission checklist. */
export function RoleEditPage() {
  const { raw, id } = useRouteId();
  const creating = raw === NEW;
  const role = useRole(creating ? null : id);
  const permissions = usePermissions();
  const groups = useMemo(() => groupPermissions(permissions.data ?? []), [permissions.data]);

  if (!creating && id === null) return <NotFound />;

  const failed = (!creating && role.error) || permissions.error;
  if (failed) {
    if (isApiError(failed) && failed.status === 404) return <NotFound />;
    return (
      <LoadFailed
        message={failed.message}
        onRetry={() => {
          if (role.error) void role.refetch();
          if (permissions.error) void permissions.refetch();
        }}
      />
    );
  }

  if (permissions.isPending || (!creating && role.isPending)) return <Loading />;

  const current = creating ? undefined : role.data;
  return (
    <>
      <Header role={current} />
      {/* A new key gives a fresh form when the address switches from one role to another. */}
      <RoleForm key={current?.id ?? NEW} role={current} groups={groups} />
    </>
  );
}
