import type { Federation } from '@origem/contract/schemas/entities';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { formatCnpj, formatPhone } from '../../ui/format';
import { RecordForbidden, RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { useFederation } from './api/get-federation';
import { addressText, EntityDetails, orDash } from './entity-details';
import { canCreateOrDelete, canManageEntities } from './entity-rules';
import { FEDERATIONS_PATH, FederationForm } from './federation-form';

const back = { to: FEDERATIONS_PATH, label: 'Voltar para as federações' };

function FederationDetails({ federation }: { federation: Federation }) {
  return (
    <EntityDetails
      title={federation.name}
      backTo={FEDERATIONS_PATH}
      heading="Dados da federação"
      items={[
        { key: 'name', label: 'Nome', children: federation.name, span: 2 },
        { key: 'abbreviation', label: 'Sigla', children: orDash(federation.abbreviation) },
        { key: 'cnpj', label: 'CNPJ', children: orDash(federation.cnpj && formatCnpj(federation.cnpj)) },
        { key: 'confederation', label: 'Confederação', children: orDash(federation.confederation?.name) },
        {
          key: 'associations',
          label: 'Associações',
          children: federation.associations_count.toLocaleString('pt-BR'),
        },
        { key: 'email', label: 'E-mail', children: orDash(federation.email) },
        { key: 'phone', label: 'Telefone', children: orDash(formatPhone(federation.phone)) },
        { key: 'address', label: 'Endereço', children: orDash(addressText(federation)), span: 2 },
        {
          key: 'logo',
          label: 'Logo',
          span: 2,
          children: federation.logo ? (
            <img
              src={federation.logo.url}
              alt={`Logo da ${federation.name}`}
              style={{ maxHeight: 80, maxWidth: 240, objectFit: 'contain' }}
            />
          ) : (
            '—'
          ),
        },
      ]}
    />
  );
}

/** /federacoes/$id: `novo` creates; a number edits (or shows read-only without entity.manage). */
export function FederationEditPage() {
  const { raw, id } = useRouteId();
  const { user } = useSession();
  const creating = raw === 'novo';
  const query = useFederation(creating ? null : id);

  if (creating) {
    return canCreateOrDelete(user, 'federation') ? (
      <FederationForm />
    ) : (
      <RecordForbidden title="Você não tem permissão para cadastrar federações." back={back} />
    );
  }
  if (id === null) return <RecordNotFound back={back} />;
  if (query.isPending) return <RecordLoading label="Carregando federação" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        what="a federação"
        onRetry={() => void query.refetch()}
        back={back}
      />
    );
  }
  return canManageEntities(user) ? (
    <FederationForm key={query.data.id} federation={query.data} />
  ) : (
    <FederationDetails federation={query.data} />
  );
}
