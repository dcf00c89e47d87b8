import { Button, Card, Flex, Typography } from 'antd';
import { confirmAction } from '../../ui/confirm-dialog';
import { notifySuccess } from '../../ui/feedback';
import { useResetUserMfa } from './api/mfa';
import { SessionsTable } from './sessions-table';

/** On a user's screen, for whoever manages the user: its live sessions and a reset of its second factor. */
export function UserSecurityCard({ userId, name }: { userId: number; name: string }) {
  const reset = useResetUserMfa(userId);
  const resetFactor = async () => {
    const ok = await confirmAction({
      title: 'Redefinir a verificação em duas etapas?',
      content: `${name} terá as sessões encerradas e receberá um e-mail. Se o perfil exigir, configurará de novo no próximo acesso.`,
      okText: 'Redefinir',
      danger: true,
    });
    if (!ok) return;
    await reset.mutateAsync();
    await notifySuccess('Verificação em duas etapas redefinida.');
  };
  return (
    <Card title="Acesso e segurança" style={{ marginTop: 16 }}>
      <Flex vertical gap={16}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          Sessões ativas
        </Typography.Title>
        <SessionsTable owner={{ kind: 'user', userId }} />
        <Button danger onClick={() => void resetFactor()} style={{ alignSelf: 'flex-start' }}>
          Redefinir verificação em duas etapas
        </Button>
      </Flex>
    </Card>
  );
}
