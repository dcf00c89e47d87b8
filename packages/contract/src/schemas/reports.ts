import { z } from 'zod';
import { messages } from '../messages.pt';
import { MAX_ID, optionalId, optionalText, pageQuery, paginated } from '../paging';

/**
 * Billing reports (SPEC §7 "Reports", DOMAIN.md §9). A certificate is billed once, when it is issued (`issued_at`
 * inside the period, Brasília days), at its issuing association's fee for its deal: the member fee when the payer
 * is `associated`. The payer is the dispatcher that asked for it, else the exporter. A later cancellation or
 * substitution does not undo the fee (the association did the work); the substitute is billed when it is issued.
 */

export const REPORT_TYPES = ['pdf', 'xlsx', 'csv'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  pdf: 'PDF',
  xlsx: 'Excel (XLSX)',
  csv: 'CSV',
};

/** The longest period one report covers: a year and a day (a whole leap year). */
export const MAX_REPORT_DAYS = 366;

const text = {
  startRequired: 'Informe a data inicial.',
  endRequired: 'Informe a data final.',
  endBeforeStart: 'A data final deve ser igual ou posterior à inicial.',
  tooLong: `O período pode ter no máximo ${MAX_REPORT_DAYS} dias.`,
  type: 'Escolha PDF, XLSX ou CSV.',
  idRequired: 'Campo obrigatório.',
};
export const reportMessages = {
  ...text,
  noFee: 'Tarifa não cadastrada',
};

function isCalendarDay(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const requiredDate = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: message })
      .regex(/^\d{4}-\d{2}-\d{2}$/, messages.field.date)
      .refine(isCalendarDay, messages.field.date),
  );

const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

const periodShape = {
  start_date: requiredDate(text.startRequired),
  end_date: requiredDate(text.endRequired),
};

/** Refines an object with start_date/end_date: the end not before the start, at most MAX_REPORT_DAYS. */
function withPeriodRules<T extends z.ZodType<{ start_date?: string; end_date?: string }>>(schema: T) {
  return schema.superRefine((v, ctx) => {
    if (!v.start_date || !v.end_date) return;
    const days = daysBetween(v.start_date, v.end_date);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['end_date'], message: text.endBeforeStart });
    else if (days + 1 > MAX_REPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: text.tooLong });
  });
}

const reportType = z.enum(REPORT_TYPES, { error: text.type }).default('pdf');
const requiredId = z.coerce
  .number({ error: text.idRequired })
  .int(text.idRequired)
  .positive(text.idRequired)
  .max(MAX_ID, text.idRequired);

export const reportPeriodQuery = withPeriodRules(z.object(periodShape));
export type ReportPeriod = { start_date: string; end_date: string };

/** GET /v1/report/federation: the federations in scope with their certificates and amount in the period. */
export const federationReportQuery = reportPeriodQuery;
/** GET /v1/report/trade_association: `user_id` is accepted as SPEC §7 sends it; the scope is always the caller's. */
export const tradeAssociationReportQuery = withPeriodRules(
  z.object({ ...periodShape, name: optionalText, abbreviation: optionalText, user_id: optionalId }),
);
/** GET /v1/report/dispatcher and /v1/report/exporter. */
export const payerReportQuery = withPeriodRules(z.object({ ...periodShape, name: optionalText }));

export const associationInvoiceQuery = withPeriodRules(
  z.object({ ...periodShape, ca_id: requiredId, type: reportType }),
);
/** `id` is required except for a dispatcher's or an exporter's own user, who gets its own report. */
export const payerInvoiceQuery = withPeriodRules(
  z.object({ ...periodShape, id: optionalId, type: reportType }),
);

/** Report settings (SPEC §3, defaults SPEC §9). */
export const REPORT_ROLE_TYPES = ['DEFAULT'] as const;
export const DEFAULT_TEMPLATE_REPORT_ID = 1;
export const DEFAULT_GROUPING_REPORT_ID = 2;

/** The columns a billing report can show, in their order; `amount` always closes the line. */
export const REPORT_FIELDS = {
  certificate_number: 'Certificado',
  issued_at: 'Emitido em',
  invoice_number: 'Fatura comercial',
  deal: 'Acordo',
  federation: 'Federação',
  association: 'Associação',
  exporter: 'Exportador',
  exporter_tax_id: 'CPF/CNPJ do exportador',
  dispatcher: 'Despachante',
  payer: 'Faturado a',
  payer_tax_id: 'CPF/CNPJ do faturado',
  tariff: 'Tarifa',
  amount: 'Valor (R$)',
} as const;
export type ReportField = keyof typeof REPORT_FIELDS;
export const REPORT_FIELD_KEYS = Object.keys(REPORT_FIELDS) as ReportField[];

/** How lines are grouped, each group with its subtotal (`grouping_report_id`). */
export const REPORT_GROUPINGS = {
  1: 'Sem agrupamento',
  2: 'Associação',
  3: 'Faturado a',
  4: 'Acordo',
  5: 'Exportador',
} as const;
export type ReportGrouping = keyof typeof REPORT_GROUPINGS;
export const REPORT_GROUPING_IDS = Object.keys(REPORT_GROUPINGS).map(Number) as ReportGrouping[];

export const DEFAULT_REPORT_FIELDS: ReportField[] = [
  'certificate_number',
  'issued_at',
  'invoice_number',
  'deal',
  'exporter',
  'payer',
  'payer_tax_id',
  'tariff',
  'amount',
];

const fieldList = z
  .array(
    z.enum(REPORT_FIELD_KEYS as [ReportField, ...ReportField[]], { error: 'Campo de relatório inválido.' }),
  )
  .max(REPORT_FIELD_KEYS.length)
  .optional()
  .nullable();

/** POST /v1/report/federation/invoice (SPEC §7): the federation's report, optionally shaped by a custom report. */
export const federationInvoiceBody = withPeriodRules(
  z.object({
    ...periodShape,
    id: requiredId,
    type: reportType,
    custom_report_id: optionalId.nullable(),
    role_type: z.enum(REPORT_ROLE_TYPES, { error: 'Tipo de perfil inválido.' }).default('DEFAULT'),
    template_report_id: z.coerce
      .number()
      .int()
      .refine((v) => v === DEFAULT_TEMPLATE_REPORT_ID, 'Modelo de relatório inválido.')
      .default(DEFAULT_TEMPLATE_REPORT_ID),
    grouping_report_id: z.coerce
      .number()
      .int()
      .refine((v) => v in REPORT_GROUPINGS, 'Agrupamento inválido.')
      .default(DEFAULT_GROUPING_REPORT_ID),
    fields: fieldList,
  }),
);
export type FederationInvoiceBody = z.infer<typeof federationInvoiceBody>;

/** One row of the summary lists: a federation, association, exporter or dispatcher and what it billed. */
export const billingSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  tax_id: z.string().nullable(),
  certificates: z.number().int(),
  /** Reais with two decimals, exact ("1234.50"). */
  amount: z.string(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;
export const billingSummaryListSchema = z.object({
  data: z.array(billingSummarySchema),
  certificates: z.number().int(),
  amount: z.string(),
});

/** The file name of a report: e.g. faturamento-associacao-2026-03-01-a-2026-03-31.xlsx. */
export function reportFileName(kind: string, period: ReportPeriod, type: ReportType): string {
  return `faturamento-${kind}-${period.start_date}-a-${period.end_date}.${type}`;
}

/** The report screens' address: the period and the name filter (lenient: a bad value is dropped, not an error). */
export const reportScreenSearch = z.object({
  start_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  end_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  name: optionalText.catch(undefined),
});
export type ReportScreenSearch = z.infer<typeof reportScreenSearch>;

/** The one report template so far (`template_report_id`). */
export const REPORT_TEMPLATES = { 1: 'Faturamento' } as const;

/** POST /v2/custom_report (SPEC §7 "Custom reports"): role_type defaults to DEFAULT (SPEC §9). */
export const customReportInput = z.object({
  name: z
    .string({ error: messages.field.required })
    .trim()
    .min(1, messages.field.required)
    .max(120, messages.field.tooLong(120)),
  customization: z.string().max(2000, messages.field.tooLong(2000)).optional().nullable(),
  fields: z
    .array(
      z.enum(REPORT_FIELD_KEYS as [ReportField, ...ReportField[]], { error: 'Campo de relatório inválido.' }),
      {
        error: 'Escolha ao menos uma coluna.',
      },
    )
    .min(1, 'Escolha ao menos uma coluna.')
    .max(REPORT_FIELD_KEYS.length),
  role_type: z.enum(REPORT_ROLE_TYPES, { error: 'Tipo de perfil inválido.' }).default('DEFAULT'),
  template_report_id: z.coerce
    .number()
    .int()
    .refine((v) => v in REPORT_TEMPLATES, 'Modelo de relatório inválido.')
    .default(DEFAULT_TEMPLATE_REPORT_ID),
  grouping_report_id: z.coerce
    .number()
    .int()
    .refine((v) => v in REPORT_GROUPINGS, 'Agrupamento inválido.')
    .default(DEFAULT_GROUPING_REPORT_ID),
});
export type CustomReportInput = z.infer<typeof customReportInput>;

export const customReportSchema = z.object({
  id: z.number(),
  name: z.string(),
  customization: z.string().nullable(),
  fields: z.array(z.string()),
  role_type: z.string(),
  grouping_report_id: z.number(),
  template_report_id: z.number(),
});
export type CustomReport = z.infer<typeof customReportSchema>;

/** GET /v2/field_report?template_report_id&role_type&grouping_report_id. */
export const fieldReportQuery = z.object({
  template_report_id: z.coerce.number().int().default(DEFAULT_TEMPLATE_REPORT_ID),
  role_type: z.enum(REPORT_ROLE_TYPES, { error: 'Tipo de perfil inválido.' }).default('DEFAULT'),
  grouping_report_id: z.coerce.number().int().default(DEFAULT_GROUPING_REPORT_ID),
});
export const reportOptionSchema = z.object({ id: z.union([z.number(), z.string()]), name: z.string() });

/** GET /v1/report/prereceipt: the billed certificates of a period, a page at a time. */
export const prereceiptListQuery = withPeriodRules(z.object({ ...pageQuery.shape, ...periodShape }));
export const prereceiptLineSchema = z.object({
  id: z.number(),
  certificate_number: z.string().nullable(),
  issued_on: z.string(),
  invoice_number: z.string(),
  deal: z.string(),
  association: z.string(),
  exporter: z.string(),
  payer: z.string(),
  payer_kind: z.enum(['exporter', 'dispatcher']),
  member: z.boolean(),
  /** Null when the association has no fee for the deal. */
  amount: z.string().nullable(),
});
export type PrereceiptLine = z.infer<typeof prereceiptLineSchema>;
export const prereceiptPageSchema = paginated(prereceiptLineSchema);

/** The pre-receipt screen's address: the period and the page. */
export const prereceiptScreenSearch = reportScreenSearch
  .omit({ name: true })
  .extend({ page: pageQuery.shape.page });
