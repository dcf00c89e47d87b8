import type { MfaSetup } from '@origem/contract/schemas/account';
import { Button, Flex, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { enableMfa, startMfaSetup } from './api/mfa';
import { CodeForm, RecoveryCodesList } from './code-form';

/**
 * Turning the second factor on: a QR code for the authenticator app (and the secret under it, to type by hand),
 * then a code from the app, then the recovery codes shown once. `onDone` runs when the user has seen them.
 */
export function MfaEnrollment({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  if (codes) {
    return (
      <Flex vertical gap={8}>
        <Typography.Text strong>Verificação em duas etapas ativada.</Typography.Text>
        <RecoveryCodesList codes={codes} />
        <Button type="primary" onClick={onDone} style={{ alignSelf: 'flex-start' }}>
          Já guardei os códigos
        </Button>
      </Flex>
    );
  }
  if (!setup) {
    return (
      <Flex vertical gap={8} align="flex-start">
        <Typography.Paragraph style={{ margin: 0 }}>
          Use um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…) para
          gerar um código a cada 30 segundos, pedido ao entrar depois da senha.
        </Typography.Paragraph>
        <Button
          type="primary"
          loading={starting}
          onClick={() => {
            setStarting(true);
            void startMfaSetup()
              .then(setSetup)
              .finally(() => setStarting(false));
          }}
        >
          Ativar a verificação em duas etapas
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>
        1. Leia o QR code com o aplicativo autenticador (ou digite a chave abaixo dele).
      </Typography.Paragraph>
      <QRCode value={setup.otpauth_url} size={180} bordered={false} aria-label="QR code para o aplicativo" />
      <Typography.Text>
        Chave:{' '}
        <Typography.Text code copyable data-testid="mfa-secret">
          {setup.secret}
        </Typography.Text>
      </Typography.Text>
      <Typography.Paragraph style={{ margin: 0 }}>
        2. Digite o código de 6 dígitos que o aplicativo mostra.
      </Typography.Paragraph>
      <CodeForm
        submitText="Confirmar"
        onSubmit={async (code) => setCodes((await enableMfa(code)).recovery_codes)}
      />
    </Flex>
  );
}
