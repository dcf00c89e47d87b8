import { ReloadOutlined } from '@ant-design/icons';
import { messages } from '@origem/contract/messages.pt';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { Button, Card, Result, Skeleton, Space, Tag } from 'antd';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/page-header';
import { NotFoundResult } from '../../ui/status-pages';
import { useCertificateModel } from './api/get-certificate-model';
import { CertificateModelForm } from './certificate-model-form';
import { MODELS_PATH } from './certificate-models-page';

function Loading() {
  return (
    <div role="status" aria-busy="true" aria-label="Carregando modelo de certificado">
      <Skeleton active title={{ width: 320 }} paragraph={{ rows: 1 }} style={{ marginBottom: 24 }} />
      <Card style={{ marginBottom: 16 }}>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    </div>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <NotFoundResult
      title={messages.notFound}
      detail={text}
      back={{ to: MODELS_PATH, label: 'Voltar para os modelos' }}
    />
  );
}

/** /cadastros/modelos-certificado/$dealId: the deal's certificate model, created here when it has none. */
export function CertificateModelEditPage() {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const raw = params.dealId ?? '';
  const dealId = /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const { can } = useSession();
  const manage = can('reference_data.manage');
  const model = useCertificateModel(dealId);

  if (dealId === null) return <Missing text="O acordo pedido não existe." />;
  if (model.isPending) return <Loading />;
  if (model.error) {
    return (
      <Result
        status="warning"
        title="Não foi possível carregar o modelo."
        subTitle={model.error.message}
        extra={
          <Space>
            <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void model.refetch()}>
              Tentar novamente
            </Button>
            <Link to={MODELS_PATH}>Voltar para os modelos</Link>
          </Space>
        }
      />
    );
  }

  const current = model.data;
  if (!current && !manage) return <Missing text="Este acordo ainda não tem modelo de certificado." />;
  const dealLabel =
    current?.deal.abbreviation ?? (typeof search.acordo === 'string' ? search.acordo : `Acordo ${dealId}`);
  return (
    <>
      <PageHeader
        title={current ? current.name : `Novo modelo — ${dealLabel}`}
        tags={<Tag color="blue">{dealLabel}</Tag>}
        hint={
          !manage
            ? 'Consulta: o seu perfil não permite alterar modelos de certificado.'
            : current
              ? `${current.deal.name}${current.deal.aladi_acronym ? ` · ALADI ${current.deal.aladi_acronym}` : ''} · classificação ${current.deal.classification_type}`
              : 'Este acordo ainda não tem modelo: comece pelos campos opcionais e ajuste cada um conforme o formulário do acordo.'
        }
        backTo={MODELS_PATH}
      />
      <CertificateModelForm
        key={current?.id ?? 'novo'}
        dealId={dealId}
        model={current}
        dealLabel={dealLabel}
        readOnly={!manage}
      />
    </>
  );
}
