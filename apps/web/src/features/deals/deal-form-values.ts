import { codSettingsIssues } from '@origem/contract/schemas/cod-settings';
import {
  type ClassificationType,
  type DealDetail,
  type DealInput,
  type DealNorm,
  dealInputSchema,
  dealNormListSchema,
} from '@origem/contract/schemas/deals';
import { DECIMAL_PLACES } from '@origem/contract/validators/decimal-pt';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { decimalText, ptBrDecimal } from '../../ui/decimal-field';

const { integer: INTEGER, percent: PERCENT } = DECIMAL_PLACES;
const dealFields = dealInputSchema.shape;

/**
 * The deal screen edits the deal and its norms together; each half goes to its own endpoint. Its numbers are typed
 * pt-BR ('3.650' days, '40,00' %).
 */
export const dealFormSchema = dealInputSchema
  .extend({
    declaration_validity_days: ptBrDecimal(dealFields.declaration_validity_days, INTEGER),
    certificate_validity_months: ptBrDecimal(dealFields.certificate_validity_months, INTEGER),
    non_originating_ceiling_percent: ptBrDecimal(dealFields.non_originating_ceiling_percent, PERCENT),
    norms: dealNormListSchema,
  })
  // The COD settings' rules across fields, shown before the server is asked (it runs the same).
  .superRefine((deal, ctx) => {
    for (const issue of codSettingsIssues(deal)) {
      ctx.addIssue({ code: 'custom', path: issue.field.split('.'), message: issue.message });
    }
  });
export type DealFormValues = z.input<typeof dealFormSchema>;
export type DealFormOutput = z.output<typeof dealFormSchema>;
export type NormRowValues = NonNullable<DealFormValues['norms']>[number];

export const EMPTY_NORM: NormRowValues = {
  name: '',
  legal_text: '',
  non_originating_ceiling_percent: '',
  valid_from: null,
  valid_until: null,
};

export type CodVersionRowValues = NonNullable<DealFormValues['cod_versions']>[number];
export const EMPTY_COD_VERSION: CodVersionRowValues = { version: '4.1.0', valid_from: '' };

export function dealFormDefaults(deal?: DealDetail): DefaultValues<DealFormValues> {
  return {
    abbreviation: deal?.abbreviation ?? '',
    name: deal?.name ?? '',
    aladi_acronym: deal?.aladi_acronym ?? '',
    form: deal?.form ?? '',
    classification_type: (deal?.classification_type as ClassificationType | undefined) ?? undefined,
    accepts_digital: deal?.accepts_digital ?? false,
    cod_form: deal?.cod_form ?? null,
    cod_automotive_form: deal?.cod_automotive_form ?? null,
    cod_automotive_ncm: deal?.cod_automotive_ncm ?? [],
    cod_versions: deal?.cod_versions.map((v) => ({ ...v })) ?? [],
    declaration_validity_days: decimalText(deal?.declaration_validity_days ?? 180, INTEGER),
    certificate_validity_months: decimalText(deal?.certificate_validity_months ?? 12, INTEGER),
    non_originating_ceiling_percent: decimalText(deal?.non_originating_ceiling_percent ?? '40.00', PERCENT),
    active: deal?.active ?? true,
    country_ids: deal?.countries.map((country) => country.id) ?? [],
    norms:
      deal?.norms.map((norm) => ({
        id: norm.id,
        name: norm.name,
        legal_text: norm.legal_text ?? '',
        non_originating_ceiling_percent: decimalText(norm.non_originating_ceiling_percent, PERCENT),
        valid_from: norm.valid_from,
        valid_until: norm.valid_until,
      })) ?? [],
  };
}

/** Splits the parsed form into the deal's body and its norms. */
export function splitDealForm(values: DealFormOutput): { deal: DealInput; norms: DealFormOutput['norms'] } {
  const { norms, ...deal } = values;
  return { deal, norms };
}

type NormLike = {
  id?: number | null;
  name?: string | null;
  legal_text?: string | null;
  non_originating_ceiling_percent?: string | null;
  valid_from?: string | null;
  valid_until?: string | null;
};

const normKey = (norm: NormLike) =>
  JSON.stringify([
    norm.id ?? null,
    (norm.name ?? '').trim(),
    (norm.legal_text ?? '').trim(),
    norm.non_originating_ceiling_percent ? Number(norm.non_originating_ceiling_percent).toFixed(2) : null,
    norm.valid_from ?? null,
    norm.valid_until ?? null,
  ]);

/** Whether the norms differ from the stored ones (order aside): only then is the set sent. */
export function normsChanged(stored: readonly DealNorm[], current: DealFormOutput['norms']): boolean {
  const a = stored.map(normKey).sort();
  const b = current.map(normKey).sort();
  return a.length !== b.length || a.some((key, index) => key !== b[index]);
}
