import { messages } from '@origem/contract/messages.pt';
import { type LookupDefinition, type LookupRow, lookupInputSchema } from '@origem/contract/schemas/lookups';
import { useMemo } from 'react';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, useApiForm } from '../../ui/form';
import { useCreateLookupRow } from './api/create-lookup-row';
import { useUpdateLookupRow } from './api/update-lookup-row';
import { LookupFields } from './field-input';
import { lookupFormDefaults } from './lookup-form-values';

export type LookupFormProps = {
  def: LookupDefinition;
  /** The stored row; none when creating. */
  row?: LookupRow;
  /** Accessible name of the form (the dialog's title). */
  label: string;
  /** After a successful save (the success dialog is already on its way). */
  onSaved: () => unknown;
  onCancel: () => void;
};

/**
 * Create or edit a row of any lookup table: the inputs come from the definition's fields, the client checks
 * them with the contract's lookupInputSchema, and a 422 from the server lands next to its field.
 */
export function LookupForm({ def, row, label, onSaved, onCancel }: LookupFormProps) {
  const create = useCreateLookupRow(def);
  const update = useUpdateLookupRow(def);
  const schema = useMemo(() => lookupInputSchema(def), [def]);
  const form = useApiForm({
    schema,
    defaultValues: lookupFormDefaults(def, row),
    onSubmit: async (values) => {
      if (row) await update.mutateAsync({ id: row.id, values });
      else await create.mutateAsync(values);
      void notifySuccess(row ? messages.lookup.updated : messages.lookup.created);
      await onSaved();
    },
  });
  return (
    <ApiForm form={form} label={label} style={{ marginTop: 16 }}>
      <LookupFields def={def} />
      <FormActions onCancel={onCancel} />
    </ApiForm>
  );
}
