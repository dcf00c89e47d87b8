import { ROLE_STATUS } from '@origem/contract/permissions';
import type { Role } from '@origem/contract/schemas/roles';
import { useMemo } from 'react';
import { useRouteId } from '../../lib/use-route-id';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
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

const back = { to: ROLES_PATH, label: 'Voltar para os perfis' };

/** /configuracao/perfil/$id ('novo' creates): a role's data and its grouped permission checklist. */
export function RoleEditPage() {
  const { raw, id } = useRouteId();
  const creating = raw === NEW;
  const role = useRole(creating ? null : id);
  const permissions = usePermissions();
  const groups = useMemo(() => groupPermissions(permissions.data ?? []), [permissions.data]);

  if (!creating && id === null) return <RecordNotFound subject="O perfil" back={back} />;

  const failed = (!creating && role.error) || permissions.error;
  if (failed) {
    return (
      <RecordLoadFailed
        error={failed}
        subject="O perfil"
        what="o perfil"
        back={back}
        onRetry={() => {
          if (role.error) void role.refetch();
          if (permissions.error) void permissions.refetch();
        }}
      />
    );
  }

  if (permissions.isPending || (!creating && role.isPending))
    return <RecordLoading label="Carregando perfil" />;

  const current = creating ? undefined : role.data;
  return (
    <>
      <Header role={current} />
      {/* A new key gives a fresh form when the address switches from one role to another. */}
      <RoleForm key={current?.id ?? NEW} role={current} groups={groups} />
    </>
  );
}
