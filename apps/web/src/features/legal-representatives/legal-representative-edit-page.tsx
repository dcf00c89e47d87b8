import { DOWNLOAD_NAMES, downloadFileName } from '@origem/contract/schemas/files';
import type { LegalRepresentative } from '@origem/contract/schemas/legal-representatives';
import { Card, Descriptions } from 'antd';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { formatCpf, formatDate, formatPhone } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { RecordForbidden, RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { useLegalRepresentative } from './api/get-legal-representative';
import {
  LEGAL_REPRESENTATIVES_SCREEN,
  LegalRepresentativeForm,
  RepresentativeActions,
} from './legal-representative-form';
import { mayCreateRepresentative } from './legal-representative-rules';
import { ProcurationState } from './procuration-state';

const BACK = { to: LEGAL_REPRESENTATIVES_SCREEN, label: 'Voltar para os responsáveis legais' };

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
            {
              key: 'file',
              label: 'Procuração',
              children: dash(
                representative.procuration &&
                  downloadFileName(DOWNLOAD_NAMES.procuration, representative.procuration.name),
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

/** /responsavel-legal/$id: `novo` creates; a number edits (or shows read-only without legal_representative.manage). */
export function LegalRepresentativeEditPage() {
  const { raw, id } = useRouteId();
  const session = useSession();
  const creating = raw === 'novo';
  const query = useLegalRepresentative(creating ? null : id);

  if (creating) {
    return mayCreateRepresentative(session) ? (
      <LegalRepresentativeForm />
    ) : (
      <RecordForbidden title="Você não tem permissão para cadastrar responsáveis legais." back={BACK} />
    );
  }
  if (id === null) return <RecordNotFound subject="O responsável legal" back={BACK} />;
  if (query.isPending) return <RecordLoading label="Carregando responsável legal" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject="O responsável legal"
        what="o responsável legal"
        back={BACK}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return session.can('legal_representative.manage') ? (
    <LegalRepresentativeForm key={query.data.id} representative={query.data} />
  ) : (
    <RepresentativeDetails representative={query.data} />
  );
}
