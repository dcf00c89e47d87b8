import { z } from 'zod';
import { messages } from '../messages.pt';
import { listOf, MAX_ID, optionalId, optionalText, pageQuery, paginated } from '../paging';
import { optionalDate } from './audit';
import { COD_FORMS, COD_VERSIONS, dealCodFields } from './cod-settings';
import { percentField } from './declarations';
import { optionalNullableText, requiredId, requiredText } from './fields';
import { CLASSIFICATION_TYPE_KEYS, type ClassificationType } from './nomenclature';

// The nomenclatures a deal's certificate items are classified in: one definition, in nomenclature.ts.
export type { ClassificationType } from './nomenclature';

/** The Portuguese texts of deals, origin norms and origin rules, shared by the API and the screens. */
export const DEAL_TEXTS = {
  deal: {
    created: 'Acordo cadastrado com sucesso!',
    updated: 'Acordo editado com sucesso!',
    deleted: 'Acordo excluído com sucesso!',
    abbreviationTaken: 'Já existe um acordo com esta sigla.',
    abbreviationFormat: 'Use letras, números, espaço, ".", "-" ou "/" (ex.: ACE-18).',
    aladiFormat: 'Use a sigla ALADI de 3 caracteres (ex.: A18).',
    countryInvalid: 'Um dos países escolhidos não existe mais. Atualize a página e escolha de novo.',
    inUseGeneric: 'Este acordo está em uso e não pode ser excluído.',
    /** Why a deal cannot be deleted, from what still points at it (e.g. ['2 normas de origem']). */
    inUse: (what: readonly string[]) =>
      `Este acordo não pode ser excluído enquanto tiver ${joinPt(what)}. Remova esses vínculos antes de excluí-lo.`,
    /** The pieces of `inUse`, singular or plural. */
    usedBy: {
      norms: (n: number) => (n === 1 ? '1 norma de origem' : `${n} normas de origem`),
      rules: (n: number) => (n === 1 ? '1 regra de origem' : `${n} regras de origem`),
      certificateModel: 'um modelo de certificado',
      fees: (n: number) =>
        n === 1 ? 'taxas de emissão em 1 associação' : `taxas de emissão em ${n} associações`,
    },
    validityDays: 'Informe um número de dias entre 1 e 3650.',
    validityMonths: 'Informe um número de meses entre 1 e 120.',
  },
  norm: {
    created: 'Norma de origem cadastrada com sucesso!',
    updated: 'Norma de origem editada com sucesso!',
    deleted: 'Norma de origem excluída com sucesso!',
    saved: 'Normas de origem salvas com sucesso!',
    nameTaken: 'Já existe uma norma com este nome neste acordo no mesmo período de vigência.',
    duplicateId: 'Esta norma aparece mais de uma vez na lista.',
    notOfDeal: 'Esta norma não pertence ao acordo informado.',
    inUse: 'Esta norma de origem está em uso e não pode ser excluída.',
    inUseNamed: (name: string) => `A norma "${name}" está em uso e não pode ser excluída.`,
  },
  rule: {
    created: 'Regra de origem cadastrada com sucesso!',
    updated: 'Regra de origem editada com sucesso!',
    deleted: 'Regra de origem excluída com sucesso!',
    versioned: 'Nova vigência da regra cadastrada com sucesso!',
    codeTaken: 'Já existe uma regra com este código neste acordo no mesmo período de vigência.',
    inUse: 'Esta regra de origem está em uso e não pode ser excluída.',
    versionStartsTooEarly: (since: string) =>
      `A nova vigência deve começar depois do início da atual (${since}).`,
    versionAfterEnd: (until: string) =>
      `Esta versão terminou em ${until}: a nova vigência deve começar até o dia seguinte ao seu fim, ou registre uma nova regra.`,
  },
  validity: {
    order: 'O fim da vigência não pode ser anterior ao início.',
    notInForce: (what: string, day: string) => `${what} não está em vigor em ${day}.`,
  },
} as const;

/** 'a', 'a e b', 'a, b e c'. */
function joinPt(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

const upperText = (max: number) =>
  z
    .string({ error: messages.field.required })
    .trim()
    .max(max, messages.field.tooLong(max))
    .transform((v) => v.toUpperCase());

const count = (max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

const idList = z
  .array(z.coerce.number().int().positive().max(MAX_ID, messages.field.invalidOption), {
    error: messages.field.invalidOption,
  })
  .max(300, messages.field.invalidOption);

export const classificationType = z.enum(
  CLASSIFICATION_TYPE_KEYS as [ClassificationType, ...ClassificationType[]],
  {
    error: (issue) => (issue.input === undefined ? messages.field.required : messages.field.invalidOption),
  },
);

// ---------------------------------------------------------------- validity of norms and rules

/** A day or nothing: blank and null are "no bound" (since always / still in force). */
const optionalDay = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), optionalDate)
  .transform((v) => v ?? null);

/** When a norm or rule is in force, both days inclusive (issue 36: rules of origin by date). */
export const validityFields = { valid_from: optionalDay, valid_until: optionalDay };

/** The period's own rule, as a field message (both sides run it). */
export function validityIssue(v: { valid_from: string | null; valid_until: string | null }) {
  return v.valid_from && v.valid_until && v.valid_until < v.valid_from
    ? { field: 'valid_until', message: DEAL_TEXTS.validity.order }
    : null;
}

const validityView = { valid_from: z.string().nullable(), valid_until: z.string().nullable() };

/** The regime's ceiling of non-originating materials (percent of FOB); blank: the deal's. */
const optionalCeiling = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), percentField.optional())
  .transform((v) => v ?? null);

// ---------------------------------------------------------------- deals

export const dealInputSchema = z.object({
  abbreviation: upperText(30)
    .refine((v) => v.length > 0, messages.field.required)
    .refine((v) => v === '' || /^[A-Z0-9][A-Z0-9 .\-/]*$/.test(v), DEAL_TEXTS.deal.abbreviationFormat),
  name: requiredText(255),
  aladi_acronym: upperText(10)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[A-Z][A-Z0-9]{2}$/.test(v), DEAL_TEXTS.deal.aladiFormat),
  form: optionalNullableText(60),
  classification_type: classificationType,
  accepts_digital: z.boolean().default(false),
  declaration_validity_days: count(3650, DEAL_TEXTS.deal.validityDays).default(180),
  certificate_validity_months: count(120, DEAL_TEXTS.deal.validityMonths).default(12),
  /** The origin check's ceiling: the non-originating materials' CIF value as a share of the FOB value (0–100). */
  non_originating_ceiling_percent: percentField.default('40.00'),
  active: z.boolean().default(true),
  /** Partner countries; the set replaces the stored one. */
  country_ids: idList.default([]),
  /** The COD settings (cod-settings.ts); `codSettingsIssues` holds the rules across them. */
  ...dealCodFields,
});
export type DealInput = z.infer<typeof dealInputSchema>;

export const dealListQuery = pageQuery.extend({ abbreviation: optionalText });
export type DealListQuery = z.infer<typeof dealListQuery>;

export const dealCountrySchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type DealCountry = z.infer<typeof dealCountrySchema>;

const named = z.object({ id: z.number(), name: z.string() });

export const dealSchema = z.object({
  id: z.number(),
  abbreviation: z.string(),
  name: z.string(),
  aladi_acronym: z.string().nullable(),
  form: z.string().nullable(),
  classification_type: z.string(),
  accepts_digital: z.boolean(),
  declaration_validity_days: z.number(),
  certificate_validity_months: z.number(),
  /** Percent with 2 decimals, e.g. '40.00'. */
  non_originating_ceiling_percent: z.string(),
  active: z.boolean(),
  cod_form: z.enum(COD_FORMS).nullable(),
  cod_automotive_form: z.enum(COD_FORMS).nullable(),
  /** NCM prefixes (digits) that make goods automotive under the deal. */
  cod_automotive_ncm: z.array(z.string()),
  /** Oldest first; the one in force on a day is the latest to start on or before it. */
  cod_versions: z.array(z.object({ version: z.enum(COD_VERSIONS), valid_from: z.string() })),
  countries: z.array(dealCountrySchema),
  norms_count: z.number(),
  rules_count: z.number(),
  certificate_model: named.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;
export const dealPageSchema = paginated(dealSchema);

export const dealNormSchema = z.object({
  id: z.number(),
  name: z.string(),
  legal_text: z.string().nullable(),
  non_originating_ceiling_percent: z.string().nullable(),
  ...validityView,
});
export type DealNorm = z.infer<typeof dealNormSchema>;

/** GET /v1/deal/{id}: the deal with its norms. */
export const dealDetailSchema = dealSchema.extend({ norms: z.array(dealNormSchema) });
export type DealDetail = z.infer<typeof dealDetailSchema>;

/** GET /v1/deal/all and /v1/deal_signature rows: what selects and certificates need. */
export const dealOptionSchema = z.object({
  id: z.number(),
  abbreviation: z.string(),
  name: z.string(),
  aladi_acronym: z.string().nullable(),
  classification_type: z.string(),
  accepts_digital: z.boolean(),
  active: z.boolean(),
  certificate_model: named.nullable(),
});
export type DealOption = z.infer<typeof dealOptionSchema>;
export const dealOptionListSchema = listOf(dealOptionSchema);

// ---------------------------------------------------------------- origin norms

const optionalRowId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().positive().max(MAX_ID, messages.field.invalidOption).optional(),
);

export const dealNormInputSchema = z.object({
  /** Present: the stored norm to keep (and update); absent: a new norm. */
  id: optionalRowId,
  name: requiredText(255),
  legal_text: optionalNullableText(10_000),
  non_originating_ceiling_percent: optionalCeiling,
  ...validityFields,
});
export type DealNormInput = z.infer<typeof dealNormInputSchema>;

/** Two versions of one name share a day (null bounds open). */
const periodsOverlap = (
  a: { valid_from?: string | null; valid_until?: string | null },
  b: { valid_from?: string | null; valid_until?: string | null },
) =>
  (a.valid_from ?? '') <= (b.valid_until ?? '9999-12-31') &&
  (b.valid_from ?? '') <= (a.valid_until ?? '9999-12-31');

type NormSetRow = {
  id?: number | null;
  name?: string | null;
  valid_from?: string | null;
  valid_until?: string | null;
};

/**
 * Repeated names (any letter case) in force on a same day, or repeated ids, in one set: the message goes on the later
 * row. One name may repeat in periods that do not meet: the versions of a norm that changed.
 */
export function normSetIssues(
  norms: readonly NormSetRow[],
): { index: number; field: 'id' | 'name'; message: string }[] {
  const issues: { index: number; field: 'id' | 'name'; message: string }[] = [];
  const seen: NormSetRow[] = [];
  const ids = new Set<number>();
  norms.forEach((norm, index) => {
    const name = (norm.name ?? '').trim().toLocaleLowerCase('pt-BR');
    const clash = seen.some(
      (other) =>
        name && (other.name ?? '').trim().toLocaleLowerCase('pt-BR') === name && periodsOverlap(other, norm),
    );
    if (clash) issues.push({ index, field: 'name', message: DEAL_TEXTS.norm.nameTaken });
    seen.push(norm);
    if (typeof norm.id === 'number') {
      if (ids.has(norm.id)) issues.push({ index, field: 'id', message: DEAL_TEXTS.norm.duplicateId });
      ids.add(norm.id);
    }
  });
  return issues;
}

export const dealNormListSchema = z
  .array(dealNormInputSchema, { error: messages.field.invalidOption })
  .max(200, 'Use no máximo 200 normas por acordo.')
  .superRefine((norms, ctx) => {
    for (const issue of normSetIssues(norms)) {
      ctx.addIssue({ code: 'custom', path: [issue.index, issue.field], message: issue.message });
    }
  });

/** POST /v1/deal/origin_norms: the deal's whole set of norms (created, updated, the missing ones deleted). */
export const dealNormsInputSchema = z.object({
  deal_id: requiredId,
  norms: dealNormListSchema,
});
export type DealNormsInput = z.infer<typeof dealNormsInputSchema>;

export const originNormInputSchema = z.object({
  deal_id: requiredId,
  name: requiredText(255),
  legal_text: optionalNullableText(10_000),
  non_originating_ceiling_percent: optionalCeiling,
  ...validityFields,
});
export type OriginNormInput = z.infer<typeof originNormInputSchema>;

/** PUT /v1/origin_norm/update-norm carries the id in the body. */
export const originNormUpdateSchema = originNormInputSchema.extend({ id: requiredId });
export type OriginNormUpdate = z.infer<typeof originNormUpdateSchema>;

/** DELETE /v1/origin_norm/delete-norm: `{ id }` in the body or the query string. */
export const originNormDeleteQuery = z.object({ id: optionalId });

export const originNormListQuery = pageQuery.extend({ name: optionalText, deal_id: optionalId });
export type OriginNormListQuery = z.infer<typeof originNormListQuery>;

const dealRef = z.object({ id: z.number(), abbreviation: z.string(), name: z.string() });

export const originNormSchema = z.object({
  id: z.number(),
  deal_id: z.number(),
  deal: dealRef,
  name: z.string(),
  legal_text: z.string().nullable(),
  non_originating_ceiling_percent: z.string().nullable(),
  ...validityView,
  created_at: z.string(),
  updated_at: z.string(),
});
export type OriginNorm = z.infer<typeof originNormSchema>;
export const originNormPageSchema = paginated(originNormSchema);
export const originNormListSchema = listOf(originNormSchema);

// ---------------------------------------------------------------- origin rules

export const originRuleInputSchema = z.object({
  deal_id: requiredId,
  code: requiredText(20),
  description: requiredText(2000),
  ...validityFields,
});
export type OriginRuleInput = z.infer<typeof originRuleInputSchema>;

export const originRuleListQuery = pageQuery.extend({ deal_id: optionalId, q: optionalText });
export type OriginRuleListQuery = z.infer<typeof originRuleListQuery>;

export const originRuleAllQuery = z.object({ deal_id: optionalId });

export const originRuleSchema = z.object({
  id: z.number(),
  deal_id: z.number(),
  deal: dealRef,
  code: z.string(),
  description: z.string(),
  ...validityView,
  created_at: z.string(),
  updated_at: z.string(),
});
export type OriginRule = z.infer<typeof originRuleSchema>;
export const originRulePageSchema = paginated(originRuleSchema);
export const originRuleListSchema = listOf(originRuleSchema);

/**
 * POST /v1/origin_rule/{id}/version: the rule changes from `valid_from` on — a new version with the same code
 * and the new description; the current one ends the day before. Both are kept, with the certificates that cited each.
 */
export const originRuleVersionInputSchema = z.object({
  valid_from: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), optionalDate)
    .refine((v) => v !== undefined, 'Informe a data a partir da qual a nova vigência vale.')
    .transform((v) => v as string),
  description: requiredText(2000),
});
export type OriginRuleVersionInput = z.infer<typeof originRuleVersionInputSchema>;

/** A certificate that cited a version of a rule (its items copy the criterion in force on the invoice date). */
export const citingCertificateSchema = z.object({
  id: z.number(),
  certificate_number: z.string().nullable(),
  status: z.string(),
  status_label: z.string(),
  invoice_date: z.string(),
});

/** GET /v1/origin_rule/{id}/history: every version of the rule's code, oldest first, with who cited it. */
export const originRuleHistorySchema = listOf(
  z.object({
    id: z.number(),
    code: z.string(),
    description: z.string(),
    ...validityView,
    /** The certificates (in the reader's scope) whose items cite this version. */
    certificates_count: z.number(),
    /** The latest of them (at most 20). */
    certificates: z.array(citingCertificateSchema),
  }),
);
export type OriginRuleHistory = z.infer<typeof originRuleHistorySchema>;

export const messageSchema = z.object({ message: z.string() });
