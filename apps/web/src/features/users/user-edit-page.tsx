import type { User } from '@origem/contract/schemas/users';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { RecordForbidden, RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { UserSecurityCard } from '../account/user-security-card';
import { useUser } from './api/get-user';
import { UserDetails } from './user-details';
import { UserForm } from './user-form';
import { canEditUser } from './user-rules';

const back = { to: '/usuarios', label: 'Voltar para os usuários' };

/** /usuarios/$id: `novo` creates a user; a number edits it (or shows it read-only without the right to). */
export function UserEditPage() {
  const { raw, id } = useRouteId();
  const { user: actor, can } = useSession();
  const isNew = raw === 'novo';
  const query = useUser(isNew ? null : id);

  if (isNew) {
    if (!can('user.manage')) {
      return <RecordForbidden title="Você não tem permissão para cadastrar usuários." back={back} />;
    }
    return <UserForm />;
  }
  if (id === null) return <RecordNotFound subject="O usuário" back={back} />;
  if (query.isPending) return <RecordLoading label="Carregando usuário" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject="O usuário"
        what="o usuário"
        back={back}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const user: User = query.data;
  if (!canEditUser(actor, user)) return <UserDetails user={user} />;
  return (
    <>
      <UserForm key={user.id} user={user} />
      {user.id !== actor?.id ? <UserSecurityCard userId={user.id} name={user.name} /> : null}
    </>
  );
}
