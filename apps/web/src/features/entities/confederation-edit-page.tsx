import type { Confederation } from '@origem/contract/schemas/entities';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { formatCnpj, formatPhone } from '../../ui/format';
import { RecordForbidden, RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { useConfederation } from './api/get-confederation';
import { useProtectedImage } from './api/get-protected-image';
import { CONFEDERATIONS_PATH, ConfederationForm } from './confederation-form';
import { addressText, EntityDetails, orDash } from './entity-details';
import { canCreateOrDelete, canManageEntities } from './entity-rules';

const back = { to: CONFEDERATIONS_PATH, label: 'Voltar para as confederações' };

function ConfederationLogo({ confederation }: { confederation: Confederation }) {
  const image = useProtectedImage(confederation.confederation_image?.url ?? null);
  if (!image.src) return <>—</>;
  return (
    <img
      src={image.src}
      alt={`Logo da ${confederation.name}`}
      style={{ maxHeight: 80, maxWidth: 240, objectFit: 'contain' }}
    />
  );
}

function ConfederationDetails({ confederation }: { confederation: Confederation }) {
  return (
    <EntityDetails
      title={confederation.name}
      backTo={CONFEDERATIONS_PATH}
      heading="Dados da confederação"
      items={[
        { key: 'name', label: 'Nome', children: confederation.name, span: 2 },
        { key: 'abbreviation', label: 'Sigla', children: orDash(confederation.abbreviation) },
        { key: 'code', label: 'Código', children: orDash(confederation.confederation_code) },
        {
          key: 'cnpj',
          label: 'CNPJ',
          children: orDash(confederation.cnpj && formatCnpj(confederation.cnpj)),
        },
        { key: 'email', label: 'E-mail', children: orDash(confederation.email) },
        { key: 'phone', label: 'Telefone', children: orDash(formatPhone(confederation.phone)) },
        { key: 'fax', label: 'Fax', children: orDash(formatPhone(confederation.fax)) },
        {
          key: 'url',
          label: 'Site',
          children: confederation.url ? (
            <a href={confederation.url} target="_blank" rel="noreferrer noopener">
              {confederation.url}
            </a>
          ) : (
            '—'
          ),
        },
        { key: 'country', label: 'País', children: orDash(confederation.country?.name) },
        { key: 'address', label: 'Endereço', children: orDash(addressText(confederation)), span: 2 },
        {
          key: 'logo',
          label: 'Logo',
          span: 2,
          children: <ConfederationLogo confederation={confederation} />,
        },
      ]}
    />
  );
}

/** /confederacao/$id: `novo` creates; a number edits (read-only without entity.manage). */
export function ConfederationEditPage() {
  const { raw, id } = useRouteId();
  const { user } = useSession();
  const creating = raw === 'novo';
  const query = useConfederation(creating ? null : id);

  if (creating) {
    return canCreateOrDelete(user, 'confederation') ? (
      <ConfederationForm />
    ) : (
      <RecordForbidden title="Você não tem permissão para cadastrar confederações." back={back} />
    );
  }
  if (id === null) return <RecordNotFound back={back} />;
  if (query.isPending) return <RecordLoading label="Carregando confederação" />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        what="a confederação"
        onRetry={() => void query.refetch()}
        back={back}
      />
    );
  }
  return canManageEntities(user) ? (
    <ConfederationForm key={query.data.id} confederation={query.data} />
  ) : (
    <ConfederationDetails confederation={query.data} />
  );
}
