import { ReloadOutlined } from '@ant-design/icons';
import type { User } from '@origem/contract/schemas/users';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Result, Skeleton } from 'antd';
import { isApiError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { PageHeader } from '../../ui/page-header';
import { useUser } from './api/get-user';
import { UserDetails } from './user-details';
import { UserForm } from './user-form';
import { canEditUser } from './user-rules';

function BackToList() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate({ to: '/usuarios' })}>
      Voltar para a lista
    </Button>
  );
}

function Loading() {
  return (
    <>
      <PageHeader title="Usuário" backTo="/usuarios" />
      <Card>
        <div role="status" aria-busy="true" aria-label="Carregando usuário">
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        </div>
      </Card>
    </>
  );
}

function NotFound() {
  return <Result status="404" title="Usuário não encontrado." extra={<BackToList />} />;
}

/** /usuarios/$id: `novo` creates a user; a number edits it (or shows it read-only without the right to). */
export function UserEditPage() {
  const { raw, id } = useRouteId();
  const { user: actor, can } = useSession();
  const isNew = raw === 'novo';
  const query = useUser(isNew ? null : id);

  if (isNew) {
    if (!can('user.manage')) {
      return (
        <Result status="403" title="Você não tem permissão para cadastrar usuários." extra={<BackToList />} />
      );
    }
    return <UserForm />;
  }
  if (id === null) return <NotFound />;
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFound />;
    return (
      <Result
        status="warning"
        title="Não foi possível carregar o usuário."
        subTitle={query.error.message}
        extra={[
          <Button
            key="retry"
            type="primary"
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void query.refetch()}
          >
            Tentar novamente
          </Button>,
        ]}
      />
    );
  }
  const user: User = query.data;
  return canEditUser(actor, user) ? <UserForm key={user.id} user={user} /> : <UserDetails user={user} />;
}
