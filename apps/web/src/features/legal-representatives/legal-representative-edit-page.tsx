import { ReloadOutlined } from '@ant-design/icons';
import { messages } from '@origem/contract/messages.pt';
import type { LegalRepresentative } from '@origem/contract/schemas/legal-representatives';
import { Link } from '@tanstack/react-router';
import { Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { isApiError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { formatCpf, formatDate, formatPhone } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { useLegalRepresentative } from './api/get-legal-representative';
import {
  LEGAL_REPRESENTATIVES_SCREEN,
  LegalRepresentativeForm,
  RepresentativeActions,
} from './legal-representative-form';
import { ProcurationState } from './procuration-state';

const backLink = <Link to={LEGAL_REPRESENTATIVES_SCREEN}>Voltar para os responsáveis legais</Link>;

function NotFound() {
  return (
    <Result
      status="404"
      title={messages.notFound}
      subTitle="O responsável legal pedido não existe, foi excluído ou não está ao seu alcance."
      extra={backLink}
    />
  );
}

/** Read-only view for users who may see but not manage representatives. */
function RepresentativeDetails({ representative }: { representative: LegalRepresentative }) {
  const dash = (text: string | null | undefined) => text || '—';
  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader
        title={representative.name}
        hint={representative.exporter.name}
        tags={<ProcurationState representative={representative} />}
        backTo={LEGAL_REPRESENTATIVES_SCREEN}
        extra={<RepresentativeActions representative={representative} />}
      />
      <Card>
        <Descriptions
          title="Dados do responsável legal"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'exporter', label: 'Exportador', children: representative.exporter.name, span: 2 },
            { key: 'cpf', label: 'CPF', children: dash(representative.cpf && formatCpf(representative.cpf)) },
            { key: 'job', label: 'Cargo', children: dash(representative.job_position?.name) },
            { key: 'email', label: 'E-mail', children: dash(representative.email) },
            { key: 'phone', label: 'Telefone', children: dash(formatPhone(representative.phone)) },
            {
              key: 'until',
              label: 'Validade da procuração',
              children: dash(formatDate(representative.procuration_valid_until)),
            },
            { key: 'file', label: 'Procuração', children: dash(representative.procuration?.name) },
          ]}
        />
      </Card>
    </div>
  );
}

/** /responsavel-legal/$id: `novo` creates; a number edits (or shows read-only without legal_representative.manage). */
export function LegalRepresentativeEditPage() {
  const { raw, id } = useRouteId();
  const { can } = useSession();
  const creating = raw === 'novo';
  const manage = can('legal_representative.manage');
  const query = useLegalRepresentative(creating ? null : id);

  if (creating) {
    return manage ? (
      <LegalRepresentativeForm />
    ) : (
      <Result
        status="403"
        title="Você não tem permissão para cadastrar responsáveis legais."
        extra={backLink}
      />
    );
  }
  if (id === null) return <NotFound />;
  if (query.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Carregando responsável legal"
        style={{ maxWidth: 1040 }}
      >
        <Skeleton active title={{ width: 280 }} paragraph={{ rows: 1 }} style={{ marginBottom: 24 }} />
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFound />;
    return (
      <Result
        status="warning"
        title="Não foi possível carregar o responsável legal."
        subTitle={query.error.message}
        extra={
          <Space>
            <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void query.refetch()}>
              Tentar novamente
            </Button>
            {backLink}
          </Space>
        }
      />
    );
  }
  return manage ? (
    <LegalRepresentativeForm key={query.data.id} representative={query.data} />
  ) : (
    <RepresentativeDetails representative={query.data} />
  );
}
