import {
  type ClassificationType,
  type DealDetail,
  type DealInput,
  type DealNorm,
  dealInputSchema,
  dealNormListSchema,
} from '@origem/contract/schemas/deals';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';

/** The deal screen edits the deal and its norms together; each half goes to its own endpoint. */
export const dealFormSchema = dealInputSchema.extend({ norms: dealNormListSchema });
export type DealFormValues = z.input<typeof dealFormSchema>;
export type DealFormOutput = z.output<typeof dealFormSchema>;
export type NormRowValues = NonNullable<DealFormValues['norms']>[number];

export const EMPTY_NORM: NormRowValues = { name: '', legal_text: '' };

export function dealFormDefaults(deal?: DealDetail): DefaultValues<DealFormValues> {
  return {
    abbreviation: deal?.abbreviation ?? '',
    name: deal?.name ?? '',
    aladi_acronym: deal?.aladi_acronym ?? '',
    form: deal?.form ?? '',
    classification_type: (deal?.classification_type as ClassificationType | undefined) ?? undefined,
    accepts_digital: deal?.accepts_digital ?? false,
    declaration_validity_days: deal?.declaration_validity_days ?? 180,
    certificate_validity_months: deal?.certificate_validity_months ?? 12,
    non_originating_ceiling_percent: deal?.non_originating_ceiling_percent ?? '40.00',
    active: deal?.active ?? true,
    country_ids: deal?.countries.map((country) => country.id) ?? [],
    norms:
      deal?.norms.map((norm) => ({ id: norm.id, name: norm.name, legal_text: norm.legal_text ?? '' })) ?? [],
  };
}

/** Splits the parsed form into the deal's body and its norms. */
export function splitDealForm(values: DealFormOutput): { deal: DealInput; norms: DealFormOutput['norms'] } {
  const { norms, ...deal } = values;
  return { deal, norms };
}

const normKey = (norm: { id?: number | null; name?: string | null; legal_text?: string | null }) =>
  JSON.stringify([norm.id ?? null, (norm.name ?? '').trim(), (norm.legal_text ?? '').trim()]);

/** Whether the norms differ from the stored ones (order aside): only then is the set sent. */
export function normsChanged(stored: readonly DealNorm[], current: DealFormOutput['norms']): boolean {
  const a = stored.map(normKey).sort();
  const b = current.map(normKey).sort();
  return a.length !== b.length || a.some((key, index) => key !== b[index]);
}
