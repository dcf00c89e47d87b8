import type { FieldValues } from 'react-hook-form';
import { useSession } from '../../lib/session';
import { useRouteId } from '../../lib/use-route-id';
import { RecordForbidden, RecordLoadFailed, RecordLoading, RecordNotFound } from '../../ui/record-states';
import { useEntityRecord } from './api/entity-api';
import { EntityDetails } from './entity-details';
import { EntityForm } from './entity-form';
import type { EntityPageKind, EntityRecord } from './entity-page-kind';
import { canCreateOrDelete, canManageEntities } from './entity-rules';

/**
 * An entity's screen at {list}/$id: `novo` creates (for who may); a number edits, or shows the record read-only
 * without entity.manage.
 */
export function EntityEditPage<R extends EntityRecord, In extends FieldValues, Out, E>({
  kind,
}: {
  kind: EntityPageKind<R, In, Out, E>;
}) {
  const { raw, id } = useRouteId();
  const { user } = useSession();
  const creating = raw === 'novo';
  const manage = canManageEntities(user);
  const query = useEntityRecord<R>(kind.api, creating ? null : id);
  const extras = kind.useExtras();
  const { texts } = kind;
  const back = { to: kind.listPath, label: texts.back };

  if (creating && !canCreateOrDelete(user, kind.creators)) {
    return <RecordForbidden title={texts.forbidden} back={back} />;
  }
  if (!creating && id === null) return <RecordNotFound back={back} />;
  if (!creating && query.isError) {
    return (
      <RecordLoadFailed
        error={query.error}
        what={texts.noun}
        onRetry={() => void query.refetch()}
        back={back}
      />
    );
  }
  if ((!creating && query.isPending) || (manage && extras.isPending)) {
    return <RecordLoading label={texts.loading} />;
  }
  const record = creating ? undefined : query.data;
  if (record && !manage) {
    return (
      <EntityDetails
        title={record.name}
        backTo={kind.listPath}
        heading={texts.heading}
        items={kind.details(record)}
      >
        {kind.detailsExtra?.(record)}
      </EntityDetails>
    );
  }
  return <EntityForm key={record?.id ?? 'novo'} kind={kind} record={record} extras={extras.data} />;
}
