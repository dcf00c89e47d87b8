import { useNavigate } from '@tanstack/react-router';
import { Card, Divider } from 'antd';
import type { FieldValues } from 'react-hook-form';
import { useSession } from '../../lib/session';
import { AddressFields } from '../../ui/address-fields';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, useApiForm } from '../../ui/form';
import { useDeleteEntity, useSaveEntity } from './api/entity-api';
import { EntityFieldGrid, EntityFormField } from './entity-fields';
import { EntityFormHeader } from './entity-form-header';
import { savingLogo } from './entity-form-values';
import type { EntityPageKind, EntityRecord } from './entity-page-kind';
import { canCreateOrDelete } from './entity-rules';

/** Create (no `record`) or edit form of any entity kind: its fields, address, logo and own sections. */
export function EntityForm<R extends EntityRecord, In extends FieldValues, Out, E>({
  kind,
  record,
  extras,
}: {
  kind: EntityPageKind<R, In, Out, E>;
  record?: R;
  /** The kind's `useExtras` data, loaded; left out by the kinds that need none. */
  extras?: E;
}) {
  const { texts } = kind;
  const navigate = useNavigate();
  const { user } = useSession();
  const save = useSaveEntity<R>(kind.api);
  const removal = useDeleteEntity(kind.api);

  const form = useApiForm<In, Out>({
    schema: kind.schema,
    defaultValues: kind.defaults(record, extras as E),
    onSubmit: async (values) => {
      const { body, withLogo } = kind.body(values, record !== undefined);
      await savingLogo(withLogo, () => save.mutateAsync({ id: record?.id, body }));
      void notifySuccess(record ? texts.updated : texts.created);
      await navigate({ to: kind.listPath });
    },
  });

  return (
    <div style={{ maxWidth: 1040 }}>
      <EntityFormHeader
        title={record ? record.name : texts.newTitle}
        hint={record ? kind.hint(record) : texts.newHint}
        listPath={kind.listPath}
        record={record}
        deletion={
          canCreateOrDelete(user, kind.creators)
            ? {
                noun: texts.noun,
                note: texts.deletionNote,
                remove: removal.mutateAsync,
                onDeleted: () => form.reset(form.getValues()),
              }
            : undefined
        }
      />
      <Card>
        <ApiForm form={form} label={texts.heading}>
          <EntityFieldGrid fields={kind.fields} record={record} />
          <Divider titlePlacement="start">Endereço</Divider>
          <AddressFields />
          <EntityFieldGrid fields={kind.addressFields ?? []} record={record} />
          <Divider titlePlacement="start">Logo</Divider>
          <EntityFormField field={kind.logo} record={record} />
          {kind.sections?.(extras as E)}
          <FormActions onCancel={() => void navigate({ to: kind.listPath })} />
        </ApiForm>
      </Card>
    </div>
  );
}
