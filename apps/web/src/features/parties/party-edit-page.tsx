import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { RecordForbidden, RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { useParty } from './api/get-party';
import { PartyDetails } from './party-details';
import { PartyForm } from './party-form';
import type { PartyKindView } from './party-kind';

/** /exportador/$id and /despachante/$id: `novo` creates; a number edits, or shows read-only without manage. */
export function PartyEditPage({ view }: { view: PartyKindView }) {
  const { raw, id } = useRouteId();
  const { can } = useSession();
  const creating = raw === 'novo';
  const query = useParty(view, creating ? null : id);
  const back = { to: view.listPath, label: `Voltar para os ${view.plural.toLowerCase()}` };
  const subject = view.the.charAt(0).toUpperCase() + view.the.slice(1);

  if (creating) {
    return can(view.manage) ? (
      <PartyForm view={view} />
    ) : (
      <RecordForbidden
        title={`Você não tem permissão para cadastrar ${view.plural.toLowerCase()}.`}
        back={back}
      />
    );
  }
  if (id === null) return <RecordNotFound subject={subject} back={back} />;
  if (query.isPending) return <RecordLoading label={`Carregando ${view.singular.toLowerCase()}`} />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        subject={subject}
        what={view.the}
        onRetry={() => void query.refetch()}
        back={back}
      />
    );
  }
  return can(view.manage) && !query.data.deleted_at ? (
    <PartyForm key={query.data.id} view={view} party={query.data} />
  ) : (
    <PartyDetails view={view} party={query.data} />
  );
}
