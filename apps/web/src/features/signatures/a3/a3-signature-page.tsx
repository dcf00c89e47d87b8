import { DownloadOutlined, KeyOutlined } from '@ant-design/icons';
import { stateLabel } from '@origem/contract/flows';
import { signatureScreenSearch } from '@origem/contract/schemas/signatures';
import { type SignerSession, signerCommand } from '@origem/contract/schemas/signer';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Descriptions, Result, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useRouteId } from '../../../lib/use-route-id';
import { useSearchValues } from '../../../lib/use-search-values';
import { FlowTag } from '../../../ui/flow-tag';
import { formatDateTime } from '../../../ui/format';
import { PageHeader } from '../../../ui/page-header';
import { RecordLoadFailed, RecordLoading } from '../../../ui/record-states';
import { signerDownloadUrl, useA3Target, useSignerCode } from './a3-api';

const SUBJECT = { certificado: 'O certificado', declaracao: 'A declaração' } as const;
const LISTS = {
  certificado: { to: '/certificado', label: 'Voltar para certificados' },
  declaracao: { to: '/declaracao', label: 'Voltar para as declarações' },
} as const;
const BACK_TO_RECORD = { certificado: 'Voltar para o certificado', declaracao: 'Voltar para a declaração' };

/**
 * /assinatura-digital-a3/$id?tipo=certificado|declaracao: signing a certificate's COD or a declaration with an A3
 * token. The browser cannot reach the token, so the screen offers the signer program, a one-time code and the
 * command to run, then watches the record until the server has verified and accepted the signature the program
 * posted.
 */
export function A3SignaturePage() {
  const { id } = useRouteId();
  const { tipo } = useSearchValues(signatureScreenSearch);
  const [session, setSession] = useState<{ path: string; data: SignerSession; mark: string } | null>(null);
  const [downloadUrl, setDownloadUrl] = useState<string | null>(null);
  const target = useA3Target(tipo, id, session !== null);
  const code = useSignerCode();
  const list = LISTS[tipo];

  if (id === null || target.isError)
    return (
      <RecordLoadFailed
        error={target.error ?? new Error('Documento inválido.')}
        subject={SUBJECT[tipo]}
        what="o documento a assinar"
        back={list}
        onRetry={() => void target.refetch()}
      />
    );
  if (!target.data) return <RecordLoading label="Carregando o documento a assinar" />;
  const t = target.data;
  const back = { to: t.back, label: BACK_TO_RECORD[tipo] };
  const header = (
    <PageHeader
      title="Assinatura digital A3"
      hint={t.title}
      tags={<FlowTag flow={t.flow} status={t.status} />}
      backTo={t.back}
    />
  );

  // The program posted and the server accepted: what the code was asked against has changed.
  if (session && t.mark !== session.mark) {
    return (
      <>
        {header}
        <Result
          status="success"
          title="Assinatura registrada"
          subTitle={t.done}
          extra={<Link to={back.to}>{back.label}</Link>}
        />
      </>
    );
  }

  const path = session?.path ?? t.codePath;
  if (!path) {
    return (
      <>
        {header}
        <Result
          status="info"
          title={t.nothingDue}
          subTitle={`Situação atual: "${stateLabel(t.flow, t.status)}".`}
          extra={<Link to={back.to}>{back.label}</Link>}
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
  const newCode = () => code.mutate(path, { onSuccess: (data) => setSession({ path, data, mark: t.mark }) });

  return (
    <>
      {header}
      <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 880 }}>
        <Alert type="info" showIcon title={t.instruction} />
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
                      O código vale uma vez, por 15 minutos, só para {t.noun} e para você.
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
