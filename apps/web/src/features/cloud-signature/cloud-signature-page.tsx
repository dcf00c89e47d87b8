import { CloudOutlined } from '@ant-design/icons';
import { stateLabel } from '@origem/contract/flows';
import {
  CLOUD_ATTEMPT_MINUTES,
  CLOUD_HOLDER_STATUSES,
  type CloudDiscovery,
} from '@origem/contract/schemas/cloud-signature';
import { signatureScreenSearch } from '@origem/contract/schemas/signatures';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, List, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ignoreShownError } from '../../api/api-error';
import { useRouteId } from '../../lib/use-route-id';
import { useSearchValues } from '../../lib/use-search-values';
import { confirmAction } from '../../ui/confirm-dialog';
import { FlowTag } from '../../ui/flow-tag';
import { PageHeader } from '../../ui/page-header';
import { RecordLoadFailed, RecordLoading } from '../../ui/record-states';
import { type CloudTarget, useCloudTarget, useDiscovery, useStartAttempt } from './api/cloud-signing';

const SUBJECT = { certificado: 'O certificado', declaracao: 'A declaração' } as const;
const LISTS = {
  certificado: { to: '/certificado', label: 'Voltar para os certificados' },
  declaracao: { to: '/declaracao', label: 'Voltar para as declarações' },
} as const;
const STATUS_COLOR = { holder: 'green', not_holder: 'default', unavailable: 'orange' } as const;

type Provider = CloudDiscovery['providers'][number];

/** The providers, each with what its user discovery said, and the button that goes there. */
function ProviderChoice({ target, cloudPath }: { target: CloudTarget; cloudPath: string }) {
  const discovery = useDiscovery(cloudPath);
  const start = useStartAttempt(cloudPath);
  const [leaving, setLeaving] = useState<string | null>(null);
  if (discovery.isPending) return <RecordLoading label="Consultando os provedores de assinatura em nuvem" />;
  if (discovery.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title="Não foi possível consultar os provedores"
        description={discovery.error.message}
        action={<Button onClick={() => void discovery.refetch()}>Tentar novamente</Button>}
      />
    );
  }
  const { signer, providers } = discovery.data;
  const go = async (provider: Provider) => {
    const confirmed = await confirmAction({
      title: `Assinar com ${provider.name}`,
      content: `A assinatura digital não pode ser desfeita. Você vai para a página do ${provider.name} para autorizar a assinatura de ${target.title} (em até ${CLOUD_ATTEMPT_MINUTES} minutos); depois o navegador volta ao Origem, que conclui a assinatura.`,
      okText: 'Continuar',
    });
    if (!confirmed) return;
    setLeaving(provider.name);
    try {
      const attempt = await start.mutateAsync(provider.key);
      window.location.assign(attempt.authorize_url);
    } catch (error) {
      setLeaving(null);
      ignoreShownError(error);
    }
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={`Quem assina: ${signer.name} (CPF ${signer.cpf})`}
        description="Escolha o provedor onde está o certificado em nuvem (e-CPF) desta pessoa. O certificado que ele devolver é conferido como os certificados A1 e A3: o CPF, a validade e a cadeia da ICP-Brasil."
      />
      {providers.length === 0 ? (
        <Result
          status="info"
          title="Nenhum provedor de assinatura em nuvem está configurado"
          subTitle="Peça ao administrador da plataforma para cadastrar um em Administração → Assinatura em nuvem, ou assine com certificado A1 ou token A3."
        />
      ) : (
        <List
          bordered
          aria-label="Provedores de assinatura em nuvem"
          dataSource={providers}
          renderItem={(provider) => (
            // The button inside the item (not in antd's `actions`, a nested list): one list item per provider.
            <List.Item>
              <Flex gap={12} align="center" justify="space-between" wrap style={{ width: '100%' }}>
                <Flex gap={12} align="center" wrap>
                  <Typography.Text strong>{provider.name}</Typography.Text>
                  <Tag color={STATUS_COLOR[provider.status]}>{CLOUD_HOLDER_STATUSES[provider.status]}</Tag>
                </Flex>
                <Button
                  type={provider.status === 'holder' ? 'primary' : 'default'}
                  icon={<CloudOutlined aria-hidden />}
                  disabled={provider.status === 'not_holder' || leaving !== null}
                  loading={leaving === provider.name}
                  onClick={() => void go(provider)}
                >
                  {`Assinar com ${provider.name}`}
                </Button>
              </Flex>
            </List.Item>
          )}
        />
      )}
      {leaving ? <Alert type="warning" showIcon role="status" title={`Indo para o ${leaving}…`} /> : null}
    </Space>
  );
}

/**
 * /assinatura-digital-nuvem/$id?tipo=certificado|declaracao (issue 38): signs the record with a cloud certificate.
 * The screen asks the server which providers keep the signer's certificate, the holder picks one and is sent to it
 * to approve (PKCE and a one-time state, bound to this user, record and signature); the provider sends the browser
 * back to /assinatura-nuvem/retorno, which completes the signature.
 */
export function CloudSignaturePage() {
  const { id } = useRouteId();
  const { tipo } = useSearchValues(signatureScreenSearch);
  const target = useCloudTarget(tipo, id);
  const list = LISTS[tipo];
  if (id === null || target.isError) {
    return (
      <RecordLoadFailed
        error={target.error ?? new Error('Documento inválido.')}
        subject={SUBJECT[tipo]}
        what="o documento a assinar"
        back={list}
        onRetry={() => void target.refetch()}
      />
    );
  }
  if (!target.data) return <RecordLoading label="Carregando o documento a assinar" />;
  const t = target.data;
  return (
    <>
      <PageHeader
        title="Assinatura com certificado em nuvem"
        hint={t.title}
        tags={<FlowTag flow={t.flow} status={t.status} />}
        backTo={t.back}
      />
      <Card style={{ maxWidth: 880 }}>
        {t.cloudPath ? (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Typography.Text>{t.signer}</Typography.Text>
            <ProviderChoice target={t} cloudPath={t.cloudPath} />
          </Space>
        ) : (
          <Result
            status="info"
            title="Nenhuma assinatura sua está pendente neste documento"
            subTitle={`Situação atual: "${stateLabel(t.flow, t.status)}".`}
            extra={<Link to={t.back}>{`Voltar para ${t.noun}`}</Link>}
          />
        )}
      </Card>
    </>
  );
}
