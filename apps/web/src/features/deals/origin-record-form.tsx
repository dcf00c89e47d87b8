import type { UseMutationResult } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Card, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, useApiForm } from '../../ui/form';

/**
 * The form of a record that belongs to a deal (an origin norm, an origin rule): saved by create or update, then
 * back to its list. The fields come from the screen.
 */
export function OriginRecordForm<TIn extends FieldValues, TOut>({
  schema,
  defaultValues,
  recordId,
  label,
  readOnly,
  listPath,
  saved,
  create,
  update,
  children,
}: {
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  /** The record being edited; none creates one. */
  recordId?: number;
  label: string;
  readOnly: boolean;
  listPath: string;
  saved: { created: string; updated: string };
  create: UseMutationResult<unknown, Error, TOut>;
  update: UseMutationResult<unknown, Error, { id: number; input: TOut }>;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const form = useApiForm({
    schema,
    defaultValues,
    onSubmit: async (values) => {
      if (recordId !== undefined) await update.mutateAsync({ id: recordId, input: values });
      else await create.mutateAsync(values);
      void notifySuccess(recordId !== undefined ? saved.updated : saved.created);
      await navigate({ to: listPath });
    },
  });
  return (
    <Card style={{ maxWidth: 880 }}>
      <ApiForm form={form} label={label}>
        <ConfigProvider componentDisabled={readOnly}>{children}</ConfigProvider>
        {readOnly ? null : <FormActions onCancel={() => void navigate({ to: listPath })} />}
      </ApiForm>
    </Card>
  );
}

/** `?deal_id=` of a create address: the deal to preselect. */
export function useDealIdSearch(): number | undefined {
  const search = useSearch({ strict: false }) as { deal_id?: string };
  const dealId = Number(search.deal_id);
  return Number.isInteger(dealId) && dealId > 0 ? dealId : undefined;
}
