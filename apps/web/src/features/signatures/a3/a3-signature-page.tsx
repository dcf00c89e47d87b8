import { DownloadOutlined, KeyOutlined } from '@ant-design/icons';
import { type SignerSession, signerCommand } from '@origem/contract/schemas/signer';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Descriptions, Result, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useRouteId } from '../../../lib/use-route-id';
import { formatDateTime } from '../../../ui/format';
import { PageHeader } from '../../../ui/page-header';
import { RecordLoadFailed, RecordLoading } from '../../../ui/record-states';
import { type A3Stage, dueStage, signerDownloadUrl, useSignedCertificate, useSignerCode } from './a3-api';

const BACK = { to: '/certificado', label: 'Voltar para certificados' };
const STAGE_TEXT: Record<A3Stage, string> = {
  first: 'Primeira assinatura: o responsável legal do exportador assina o COD (#COD) com o seu e-CPF A3.',
  second:
    'Segunda assinatura: o usuário autorizado da entidade assina o COD certificado (#CODEH) com o seu e-CPF A3.',
};

/**
 * /assinatura-digital-a3/$id: signing a certificate's COD with an A3 token. The browser cannot reach the token, so
 * the screen offers the signer program, a one-time code and the command to run, then watches the certificate until
 * the server has verified and accepted the signature the program posted.
 */
export function A3SignaturePage() {
  const { id } = useRouteId();
  const [session, setSession] = useState<{ stage: A3Stage; data: SignerSession; from: string } | null>(null);
  const [downloadUrl, setDownloadUrl] = useState<string | null>(null);
  const certificate = useSignedCertificate(id, session !== null);
  const code = useSignerCode(id ?? 0);

  if (id === null || certificate.isError)
    return (
      <RecordLoadFailed
        error={certificate.error ?? new Error('Certificado inválido.')}
        subject="O certificado"
        what="o certificado"
        back={BACK}
        onRetry={() => void certificate.refetch()}
      />
    );
  if (!certificate.data) return <RecordLoading label="Carregando o certificado" />;
  const c = certificate.data;
  const header = (
    <PageHeader
      title="Assinatura digital A3"
      hint={`Certificado ${c.certificate_number ?? `nº ${c.id}`} — ${c.exporter.name}`}
      backTo={BACK.to}
    />
  );

  // The program posted and the server accepted: the status moved away from where the code was asked for.
  if (session && c.status !== session.from) {
    return (
      <>
        {header}
        <Result
          status="success"
          title="Assinatura registrada"
          subTitle={`O certificado está agora na situação "${c.certificate_flow.name}".`}
          extra={<Link to={BACK.to}>{BACK.label}</Link>}
        />
      </>
    );
  }

  const stage = session?.stage ?? dueStage(c);
  if (!stage) {
    return (
      <>
        {header}
        <Result
          status="info"
          title="Nenhuma assinatura pendente para você neste certificado"
          subTitle={`Situação atual: "${c.certificate_flow.name}".`}
          extra={<Link to={BACK.to}>{BACK.label}</Link>}
        />
      </>
    );
  }

  const download = async () => {
    const url = await signerDownloadUrl();
    if (url) {
      setDownloadUrl(url);
      window.location.assign(url);
    }
  };
  const newCode = () =>
    code.mutate(stage, { onSuccess: (data) => setSession({ stage, data, from: c.status }) });

  return (
    <>
      {header}
      <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 880 }}>
        <Alert type="info" showIcon title={STAGE_TEXT[stage]} />
        <Card>
          <Steps
            orientation="vertical"
            current={session ? 2 : 0}
            items={[
              {
                title: 'Baixe o assinador',
                content: (
                  <Space orientation="vertical">
                    <Typography.Text type="secondary">
                      Programa de linha de comando (Node.js 20 ou superior) que usa o OpenSC (pkcs11-tool)
                      para falar com o token. A chave privada nunca sai do token.
                    </Typography.Text>
                    <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void download()}>
                      Baixar o assinador
                    </Button>
                  </Space>
                ),
              },
              {
                title: 'Gere o código de assinatura',
                content: (
                  <Space orientation="vertical">
                    <Typography.Text type="secondary">
                      O código vale uma vez, por 15 minutos, só para este certificado e para você.
                    </Typography.Text>
                    <Button
                      type={session ? 'default' : 'primary'}
                      icon={<KeyOutlined aria-hidden />}
                      loading={code.isPending}
                      onClick={newCode}
                    >
                      {session ? 'Gerar novo código' : 'Gerar código de assinatura'}
                    </Button>
                  </Space>
                ),
              },
              {
                title: 'Assine com o token',
                content: session ? (
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    <Descriptions
                      size="small"
                      column={1}
                      items={[
                        {
                          key: 'code',
                          label: 'Código',
                          children: (
                            <Typography.Text copyable code>
                              {session.data.token}
                            </Typography.Text>
                          ),
                        },
                        {
                          key: 'expires',
                          label: 'Válido até',
                          children: formatDateTime(session.data.expires_at),
                        },
                      ]}
                    />
                    <Typography.Text>Com o token conectado, execute:</Typography.Text>
                    <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }}>
                      {signerCommand(downloadUrl ?? '<endereço do assinador>', session.data)}
                    </Typography.Paragraph>
                    <Alert
                      type="warning"
                      showIcon
                      role="status"
                      title="Aguardando a assinatura do assinador…"
                      description="Esta tela é atualizada sozinha quando o servidor verificar e aceitar a assinatura. Se o assinador mostrar uma recusa, corrija o motivo e execute o comando de novo."
                    />
                  </Space>
                ) : (
                  <Typography.Text type="secondary">
                    O comando aparece depois de gerar o código.
                  </Typography.Text>
                ),
              },
            ]}
          />
        </Card>
      </Space>
    </>
  );
}
