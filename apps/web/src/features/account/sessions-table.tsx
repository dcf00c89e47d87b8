import type { Session } from '@origem/contract/schemas/account';
import { Button, Flex, Table, Tag } from 'antd';
import { confirmAction } from '../../ui/confirm-dialog';
import { notifySuccess } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';
import { type SessionOwner, useEndOtherSessions, useEndSession, useSessions } from './api/sessions';

/**
 * The live sessions of a user — device, address, sign-in and last use — each with "Encerrar"; for the user's own
 * list, also "Encerrar as outras sessões".
 */
export function SessionsTable({ owner }: { owner: SessionOwner }) {
  const sessions = useSessions(owner);
  const end = useEndSession(owner);
  const endOthers = useEndOtherSessions();

  const endOne = async (session: Session) => {
    const ok = await confirmAction({
      title: 'Encerrar esta sessão?',
      content: `${session.device}, endereço ${session.ip_address ?? '—'}.`,
      okText: 'Encerrar',
      danger: true,
    });
    if (!ok) return;
    await end.mutateAsync(session.id);
    await notifySuccess('Sessão encerrada com sucesso!');
  };
  const endAllOthers = async () => {
    const ok = await confirmAction({
      title: 'Encerrar todas as outras sessões?',
      content: 'Os outros dispositivos precisarão entrar de novo.',
      okText: 'Encerrar',
      danger: true,
    });
    if (!ok) return;
    await endOthers.mutateAsync();
    await notifySuccess('Sessões encerradas com sucesso!');
  };

  const rows = sessions.data ?? [];
  return (
    <Flex vertical gap={12}>
      <Table<Session>
        rowKey="id"
        size="small"
        loading={sessions.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: sessions.isError ? 'Não foi possível carregar as sessões.' : 'Nenhuma sessão ativa.',
        }}
        columns={[
          {
            title: 'Dispositivo',
            dataIndex: 'device',
            render: (device: string, row) => (
              <>
                {device} {row.current ? <Tag color="green">Esta sessão</Tag> : null}
              </>
            ),
          },
          { title: 'Endereço', dataIndex: 'ip_address', render: (ip: string | null) => ip ?? '—' },
          { title: 'Entrada', dataIndex: 'started_at', render: (v: string) => formatDateTime(v) },
          { title: 'Último uso', dataIndex: 'last_used_at', render: (v: string) => formatDateTime(v) },
          {
            title: 'Ações',
            key: 'actions',
            render: (_value, row) =>
              row.current ? null : (
                <Button
                  size="small"
                  danger
                  onClick={() => void endOne(row)}
                  aria-label={`Encerrar ${row.device}`}
                >
                  Encerrar
                </Button>
              ),
          },
        ]}
      />
      {owner.kind === 'self' && rows.some((s) => !s.current) ? (
        <Button danger onClick={() => void endAllOthers()} style={{ alignSelf: 'flex-start' }}>
          Encerrar as outras sessões
        </Button>
      ) : null}
    </Flex>
  );
}
