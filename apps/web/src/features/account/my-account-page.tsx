import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../../lib/session';
import { notifySuccess } from '../../ui/feedback';
import { PageHeader } from '../../ui/page-header';
import { accountKeys, useDisableMfa, useMfaStatus, useRegenerateRecoveryCodes } from './api/mfa';
import { CodeForm, RecoveryCodesList } from './code-form';
import { MfaEnrollment } from './mfa-enrollment';
import { SessionsTable } from './sessions-table';

function SecondFactorCard() {
  const status = useMfaStatus();
  const queryClient = useQueryClient();
  const disable = useDisableMfa();
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.mfa });

  if (status.isPending) return <Spin />;
  if (status.isError) return <Typography.Text type="danger">Não foi possível carregar.</Typography.Text>;
  const { enabled, required, recovery_codes_left } = status.data;
  if (!enabled) return <MfaEnrollment onDone={() => void refresh()} />;
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap>
        <Tag color="green">Ativa</Tag>
        <Typography.Text>Códigos de recuperação restantes: {recovery_codes_left}</Typography.Text>
      </Flex>
      {codes ? <RecoveryCodesList codes={codes} /> : null}
      <div>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          Gerar novos códigos de recuperação
        </Typography.Title>
        <CodeForm
          submitText="Gerar códigos"
          onSubmit={async (code) => {
            setCodes((await regenerate.mutateAsync(code)).recovery_codes);
            await notifySuccess('Novos códigos de recuperação gerados!');
          }}
        />
      </div>
      <div>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          Desativar
        </Typography.Title>
        {required ? (
          <Typography.Text type="secondary">
            O seu perfil exige a verificação em duas etapas: ela não pode ser desativada.
          </Typography.Text>
        ) : (
          <CodeForm
            recovery
            danger
            submitText="Desativar"
            onSubmit={async (code) => {
              await disable.mutateAsync(code);
              setCodes(null);
              await notifySuccess('Verificação em duas etapas desativada.');
            }}
          />
        )}
      </div>
    </Flex>
  );
}

/** /minha-conta: the signed-in user's second factor and live sessions (issue 24). */
export function MyAccountPage() {
  const { user } = useSession();
  return (
    <>
      <PageHeader title="Minha conta" hint={user ? `${user.name} · ${user.email}` : undefined} />
      <Flex vertical gap={16}>
        <Card title="Verificação em duas etapas">
          <SecondFactorCard />
        </Card>
        <Card title="Sessões">
          <SessionsTable owner={{ kind: 'self' }} />
        </Card>
      </Flex>
    </>
  );
}
