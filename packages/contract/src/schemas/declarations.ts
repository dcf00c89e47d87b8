import { z } from 'zod';
import { declarationFlow, type StateOf, stateCodes } from '../flows';
import { messages } from '../messages.pt';
import { listOf, MAX_ID, optionalId, optionalText, pageQuery, paginated } from '../paging';
import { DECIMAL_PLACES, parseDecimalPtBr } from '../validators/decimal-pt';
import { isValidNcm, unmaskNcm } from '../validators/ncm';
import { optionalDate } from './audit';
import { optionalNullableText, requiredChoice, requiredText, rowListField, whenFieldsParsed } from './fields';
import { storedFileInfoSchema } from './files';
import { flowViewFields } from './flow-history';

/**
 * Declarations of origin (declaração de origem do produtor; DOMAIN.md §3, SPEC §3, §4, §7 "Declaration", §8):
 * one product of a manufacturer, with the exporter that owns it, the legal representative who signs it, the deal,
 * the production facts and the materials the analyst checks. The inputs both sides validate, the API's answers,
 * the list filters and the Portuguese texts of the declaration screens.
 *
 * Numbers the API carries as strings with 2 decimals (money in US dollars, percentages): they are `numeric` in the
 * database, so nothing drifts through floating point; the web formats them pt-BR.
 */

export type DeclarationStatus = StateOf<typeof declarationFlow>;
export const DECLARATION_STATUS_CODES = stateCodes(declarationFlow);
/** Status code → Portuguese label, from the flow definition (filters, tags). */
export const DECLARATION_STATUSES = Object.fromEntries(
  DECLARATION_STATUS_CODES.map((code) => [code, declarationFlow.states[code].label]),
) as Record<DeclarationStatus, string>;

/** The states a declaration may be edited, deleted or sent for analysis in. */
export const EDITABLE_DECLARATION_STATES: readonly DeclarationStatus[] =
  declarationFlow.actions.send_analysis.from;

/**
 * The states the legal representative's digital signature is taken in: sent, its content frozen, before the
 * analyst approves it by that signature (`digitally_signed`, which leaves from EM_ANALISE).
 */
export const SIGNABLE_DECLARATION_STATES: readonly DeclarationStatus[] = [
  declarationFlow.actions.send_analysis.to,
  ...declarationFlow.actions.digitally_signed.from,
];

/** SPEC §9 download names. */
export const declarationPdfName = (id: number) => `declaracao-${id}.pdf`;
export const declarationXmlName = (id: number) => `declaracao-${id}.xml`;
export const MANUFACTURER_DECLARATION_FILE_NAME = 'declaracao_fabricante.pdf';

/** The public page the printed declaration's QR code opens (SPEC §2). */
export const declarationConsultPath = (id: number) => `/declaracao-consulta/${id}`;

/** Materials per declaration. */
export const MAX_MATERIALS = 100;
/** `numeric(14,2)`: up to 12 digits before the decimal point. */
const MAX_MONEY_DIGITS = 12;

export const declarationMessages = {
  created: 'Declaração cadastrada com sucesso!',
  updated: 'Declaração editada com sucesso!',
  deleted: 'Declaração excluída com sucesso!',
  cloned: (id: number) => `Declaração clonada com sucesso! A cópia é a declaração nº ${id}, em rascunho.`,
  /** The history note of a clone's first step. */
  clonedFrom: (id: number) => `Clonada da declaração nº ${id}`,
  sentToAnalysis: declarationFlow.actions.send_analysis.success,
  taken: declarationFlow.actions.take.success,
  approved: declarationFlow.actions.approve_delivery.success,
  rejected: declarationFlow.actions.reject.success,
  /** SPEC §8, status 235: a certificate cites the declaration. Verbatim. */
  linkedCertificate: 'O item não pode ser excluído devido a ter certificado vinculado...',
  /** SPEC §8 print failures, verbatim: the PDF could not be made, the declaration was not found, printing failed. */
  printFailure: {
    generate: 'Falha ao gerar a Declaração !!!',
    notFound: 'Falha ao encontrar Declaração !!!',
    print: 'Falha ao imprimir a Declaração !!!',
  },
  /** 404 of `print-signed` until the declaration was approved by its representative's digital signature. */
  signedPdfMissing:
    'Esta declaração ainda não tem o PDF assinado digitalmente: a via assinada só existe depois da assinatura A1 ou A3 do responsável legal e da aprovação.',
  /** 409 of `print-signed` on a server without the entity's seal. */
  signedPdfNoSeal:
    'A via assinada não está disponível: o certificado digital da entidade não está configurado neste servidor.',
  /** The guard of `digitally_signed` (422 FlowActionRefused). */
  signatureRequired: 'A aprovação por assinatura digital exige a assinatura A1 ou A3 do responsável legal.',
  /** POST signature/a1 or the A3 signer's post: the legal representative's signature was verified and stored. */
  signed:
    'Declaração assinada digitalmente com sucesso! Ela segue para a aprovação do analista (Aprovar por assinatura digital).',
  notSignable: (status: string) =>
    `A declaração só pode ser assinada digitalmente quando Enviada para análise ou Em análise; a situação atual é "${status}".`,
  alreadySigned: 'Esta declaração já foi assinada digitalmente pelo responsável legal.',
  /** The A3 signer posted a declaration whose facts changed after its code was issued. */
  changedSinceCode:
    'A declaração foi alterada depois que o código de assinatura foi gerado: gere um novo código e assine novamente.',
  /** 404 of the signed XML download before any signature. */
  signedXmlMissing: 'Esta declaração ainda não foi assinada digitalmente pelo responsável legal.',
  /** Another analyst took the declaration (UX "Analysis screens": taking locks it to the analyst). */
  takenByOther: 'A declaração está em análise por outro analista.',
  notEditable: (status: string) =>
    `A declaração só pode ser alterada em Rascunho ou Reprovada; a situação atual é "${status}".`,
  notDeletable: (status: string) =>
    `A declaração só pode ser excluída em Rascunho ou Reprovada; a situação atual é "${status}".`,
  noParty: 'Seu usuário não está vinculado a um exportador ou fabricante.',
  exporterRequired: 'Informe o exportador da declaração.',
  companyManufacturer: 'Escolha o fabricante.',
  companyNotManufacturer: 'A empresa escolhida não é um fabricante do cadastro deste exportador.',
  legalRepresentative: 'Escolha o responsável legal.',
  legalRepresentativeNotOfExporter: 'O responsável legal escolhido não pertence a este exportador.',
  deal: 'Escolha o acordo.',
  dealInactive: 'Este acordo está inativo e não aceita novas declarações.',
  originRule: 'Escolha o critério de origem.',
  originRuleNotOfDeal: 'Este critério de origem não pertence ao acordo escolhido.',
  originRuleNotInForce: 'Este critério de origem não está mais em vigor: escolha a versão atual.',
  originNorm: 'Escolha a norma de origem.',
  originNormNotOfDeal: 'Esta norma de origem não pertence ao acordo escolhido.',
  originNormNotInForce: 'Esta norma de origem não está mais em vigor: escolha a versão atual.',
  ncmFormat: 'Informe o NCM com 8 dígitos (0000.00.00).',
  ncmUnknown: 'NCM não encontrado na tabela NCM.',
  ncmNotLeaf: 'Informe um NCM completo (um subitem da tabela NCM, não um capítulo ou uma posição).',
  nomenclatureFormat: (type: string, digits: number) =>
    `Informe o código na nomenclatura ${type} com ${digits} dígitos.`,
  nomenclatureMismatch: (type: string, code: string) =>
    `Na lista de classificação ${type} do acordo, o código deste NCM é ${code}.`,
  ncmNotInList: (type: string) => `Este NCM não consta da lista de classificação ${type} do acordo.`,
  money: 'Informe um valor em dólares, com até 2 casas decimais (ex.: 1250,50).',
  moneyTooLarge: 'Valor alto demais.',
  percent: 'Informe um percentual entre 0 e 100, com até 2 casas decimais.',
  fobRange: 'O valor FOB máximo deve ser maior ou igual ao mínimo.',
  sharesOver100: 'A soma das participações dos materiais no valor FOB não pode passar de 100%.',
  materialsInvalid: 'A lista de materiais enviada é inválida.',
  materialsMax: `Use no máximo ${MAX_MATERIALS} materiais por declaração.`,
  originCountry: 'Escolha o país de origem do material.',
  deliveryLocation: 'Escolha o local de entrega da via assinada.',
  reasonRequired: 'Informe o motivo da reprovação.',
  typeAnalysis: 'Informe o tipo de análise: analise ou consulta.',
  fileRequired: 'Envie a declaração do fabricante em PDF.',
} as const;

// ---- field building blocks -----------------------------------------------------------------------------------

/**
 * A non-negative decimal with at most 2 places, as the API stores it: '1234.56'. Accepts a number, the machine form
 * '1234.56', or pt-BR text with a comma ('1234,56', '1.234,56'), read strictly ('1.23,4' is refused, not guessed).
 * Anything else stays as it came and fails.
 */
export function normalizeDecimal(value: unknown): unknown {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || Math.abs(Math.round(value * 100) - value * 100) > 1e-6) {
      return value;
    }
    return value.toFixed(2);
  }
  if (typeof value !== 'string') return value;
  const raw = value.trim().replace(/\s/g, '');
  if (raw === '') return undefined;
  if (raw.includes(',')) {
    const parsed = parseDecimalPtBr(raw, DECIMAL_PLACES.money);
    return parsed.ok ? parsed.value : value;
  }
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(raw);
  if (!match) return value;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  return `${whole}.${(match[2] ?? '').padEnd(2, '0')}`;
}

const DECIMAL = /^\d+\.\d{2}$/;
const isDecimal = (v: unknown) => typeof v === 'string' && DECIMAL.test(v);

/** US dollars, `numeric(14,2)`. */
export const moneyField = z.preprocess(
  normalizeDecimal,
  z
    .string({
      error: (issue) => (issue.input === undefined ? messages.field.required : declarationMessages.money),
    })
    .max(30, declarationMessages.money)
    .regex(DECIMAL, declarationMessages.money)
    .refine((v) => (v.split('.')[0] ?? '').length <= MAX_MONEY_DIGITS, declarationMessages.moneyTooLarge),
);

/** 0 to 100, `numeric(5,2)`. */
export const percentField = z.preprocess(
  normalizeDecimal,
  z
    .string({
      error: (issue) => (issue.input === undefined ? messages.field.required : declarationMessages.percent),
    })
    .max(10, declarationMessages.percent)
    .regex(DECIMAL, declarationMessages.percent)
    .refine((v) => Number(v) <= 100, declarationMessages.percent),
);

/** An NCM subitem: 8 digits, the mask (0000.00.00) removed. */
export const ncmField = z
  .string({ error: messages.field.required })
  .trim()
  .min(1, messages.field.required)
  .max(20, declarationMessages.ncmFormat)
  .refine(isValidNcm, declarationMessages.ncmFormat)
  .transform(unmaskNcm);

/** Cents of a normalised decimal, for exact sums and comparisons. */
export const centsOf = (value: string): number => Math.round(Number(value) * 100);

// ---- inputs ------------------------------------------------------------------------------------------------------

export const declarationMaterialInputSchema = z.object({
  ncm: ncmField,
  description: requiredText(500),
  origin_country_id: requiredChoice(declarationMessages.originCountry),
  cif_value_usd: moneyField,
  /** Share of the product's FOB value, in percent. */
  fob_share_percent: percentField,
});
export type DeclarationMaterialInput = z.infer<typeof declarationMaterialInputSchema>;

/**
 * The materials, in order: an array (JSON body), or its JSON text (multipart field `materials`), each row checked
 * by `material` (the web's rows read their numbers pt-BR first), their shares at most 100% in all.
 */
export function materialsListOf<T extends z.ZodType<Pick<DeclarationMaterialInput, 'fob_share_percent'>>>(
  material: T,
) {
  return rowListField(material, {
    max: MAX_MATERIALS,
    invalid: declarationMessages.materialsInvalid,
    tooMany: declarationMessages.materialsMax,
  }).refine(
    (materials: z.output<T>[]) =>
      materials.reduce(
        (sum, m) =>
          sum + centsOf((m as Pick<DeclarationMaterialInput, 'fob_share_percent'>).fob_share_percent),
        0,
      ) <= 100_00,
    declarationMessages.sharesOver100,
  );
}
export const materialsField = materialsListOf(declarationMaterialInputSchema);

/** Multipart sends every value as text: 'true'/'1'/'on' mean yes. */
const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'on', 'sim'].includes(v.trim().toLowerCase()) : v),
  z.boolean().optional(),
);

const optionalParty = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number().int().positive().max(MAX_ID, messages.field.invalidOption).nullable(),
);

/**
 * POST /v1/declaration and PUT /v1/declaration/{id}: JSON, or multipart/form-data with the same fields (materials
 * as JSON text) and the optional file `manufacturer_declaration` (PDF). An exporter's or manufacturer's user always
 * declares for its own party (`exporter_id` is ignored); staff name the party.
 */
export const declarationInputSchema = z
  .object({
    exporter_id: optionalParty,
    company_manufacturer_id: requiredChoice(declarationMessages.companyManufacturer),
    legal_representative_id: requiredChoice(declarationMessages.legalRepresentative),
    deal_id: requiredChoice(declarationMessages.deal),
    product_name: requiredText(255),
    internal_product_code: optionalNullableText(60),
    ncm: ncmField,
    /**
     * The product's code in the deal's nomenclature (NALADI/SH…). Left blank, the server takes it from the deal's
     * classification list (or the NCM itself for an NCM deal); given, it must match that list.
     */
    nomenclature_code: optionalNullableText(12),
    production_process: requiredText(4000),
    fob_unit_value_min: moneyField,
    fob_unit_value_max: moneyField,
    origin_rule_id: requiredChoice(declarationMessages.originRule),
    origin_norm_id: requiredChoice(declarationMessages.originNorm),
    materials: materialsField,
    /** Removes the stored manufacturer's declaration (ignored when a new file comes with the form). */
    remove_manufacturer_declaration: flag,
  })
  .refine((d) => centsOf(d.fob_unit_value_min) <= centsOf(d.fob_unit_value_max), {
    message: declarationMessages.fobRange,
    path: ['fob_unit_value_max'],
    ...whenFieldsParsed({ fob_unit_value_min: isDecimal, fob_unit_value_max: isDecimal }),
  });
export type DeclarationInput = z.infer<typeof declarationInputSchema>;

/** POST /v1/declaration/approve_delivery/{id}: where the signed paper declaration was delivered. */
export const approveDeliverySchema = z.object({
  delivery_location_id: requiredChoice(declarationMessages.deliveryLocation),
});
export type ApproveDeliveryInput = z.infer<typeof approveDeliverySchema>;

/** POST /v1/declaration/reject/{id}. */
export const rejectDeclarationSchema = z.object({
  reason: z
    .string({ error: declarationMessages.reasonRequired })
    .trim()
    .min(1, declarationMessages.reasonRequired)
    .max(2000, messages.field.tooLong(2000)),
});

/** `analise` takes the declaration for analysis (action `take`); `consulta` only opens it. */
export const TYPE_ANALYSIS = ['analise', 'consulta'] as const;
export type TypeAnalysis = (typeof TYPE_ANALYSIS)[number];
export const sendAnalyzingQuery = z.object({
  type_analysis: z.enum(TYPE_ANALYSIS, { error: declarationMessages.typeAnalysis }),
});

// ---- list queries --------------------------------------------------------------------------------------------------

/** `product_names_list`: comma-separated (`a,b`) or repeated (`…=a&…=b`); each name matches by "contains". */
const productNamesList = z.preprocess(
  (v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((item) =>
      typeof item === 'string' ? item.split(',') : [],
    );
    const names = parts.map((s) => s.trim()).filter((s) => s.length > 0);
    return names.length > 0 ? names.slice(0, 20) : undefined;
  },
  z.array(z.string().max(255)).optional().catch(undefined),
);

/** NCM digits typed so far (the mask removed): the code or its first digits. */
const ncmPrefix = z.preprocess(
  (v) => (typeof v === 'string' ? unmaskNcm(v) || undefined : undefined),
  z
    .string()
    .regex(/^\d{1,8}$/)
    .optional()
    .catch(undefined),
);

export const DECLARATION_ORDERS = ['-id', 'id'] as const;
export type DeclarationOrder = (typeof DECLARATION_ORDERS)[number];

/**
 * GET /v2/declaration (SPEC §7): default order id descending (SPEC §9). `declaration_flow_id` is the status code,
 * `declaration_id` the number, `ncm` the code or its first digits, `product_names_list` and `internal_product_code`
 * match by "contains", `start_date`/`end_date` the creation day (Brasília).
 */
export const declarationListQuery = pageQuery.extend({
  order: z.enum(DECLARATION_ORDERS).optional().catch(undefined),
  declaration_flow_id: z.enum(DECLARATION_STATUS_CODES).optional().catch(undefined),
  exporter_id: optionalId,
  declaration_id: optionalId,
  ncm: ncmPrefix,
  product_names_list: productNamesList,
  internal_product_code: optionalText,
  start_date: optionalDate,
  end_date: optionalDate,
});
export type DeclarationListQuery = z.infer<typeof declarationListQuery>;

/**
 * GET /v1/declaration/certificate/{exporterId} (SPEC §7): the declarations that exporter may cite — approved,
 * unexpired, its own or reachable through an approved declaration link. 20 per page (type-ahead friendly).
 */
export const citableDeclarationQuery = pageQuery.extend({
  product_name: optionalText,
  internal_product_code: optionalText,
  ncm: ncmPrefix,
  deal_id: optionalId,
});
export type CitableDeclarationQuery = z.infer<typeof citableDeclarationQuery>;
/** GET /v1/declaration/origin_rules?deal_id: the criteria a declaration of that deal may name. */
export const declarationOriginRulesQuery = z.object({ deal_id: requiredChoice(declarationMessages.deal) });
export const declarationOriginRuleListSchema = listOf(
  z.object({ id: z.number(), code: z.string(), description: z.string() }),
);
export type DeclarationOriginRule = z.infer<typeof declarationOriginRuleListSchema>['data'][number];

export const exporterIdParam = z.object({ exporterId: z.coerce.number().int().positive().max(MAX_ID) });

// ---- answers -----------------------------------------------------------------------------------------------------

const named = z.object({ id: z.number(), name: z.string() });
const party = z.object({
  id: z.number(),
  name: z.string(),
  cnpj: z.string().nullable(),
  cpf: z.string().nullable(),
});

/** SPEC §3 "flow with declaration_flow": the status as `{ id: code, name: label }`. */
export const declarationFlowRefSchema = z.object({ id: z.enum(DECLARATION_STATUS_CODES), name: z.string() });

export const declarationListItemSchema = z.object({
  id: z.number(),
  status: z.enum(DECLARATION_STATUS_CODES),
  declaration_flow: declarationFlowRefSchema,
  exporter_id: z.number(),
  exporter: party,
  product_name: z.string(),
  internal_product_code: z.string().nullable(),
  ncm: z.string(),
  deal: z.object({ id: z.number(), abbreviation: z.string() }),
  analyst: named.nullable(),
  approved_at: z.string().nullable(),
  /** 'YYYY-MM-DD': the last day the approved declaration holds. */
  valid_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeclarationListItem = z.infer<typeof declarationListItemSchema>;
export const declarationPageSchema = paginated(declarationListItemSchema);

export const declarationMaterialSchema = z.object({
  id: z.number(),
  position: z.number(),
  ncm: z.string(),
  description: z.string(),
  origin_country_id: z.number(),
  origin_country: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  cif_value_usd: z.string(),
  fob_share_percent: z.string(),
  /** The origin country is a member of the deal (its partner countries or Brazil). */
  originating: z.boolean(),
  /** For a non-originating material: its tariff heading (first 4 NCM digits) differs from the product's. */
  changes_heading: z.boolean().nullable(),
});
export type DeclarationMaterial = z.infer<typeof declarationMaterialSchema>;

/**
 * The analyst's hint, computed from the materials (never the decision): the CIF value of the non-originating
 * materials as a share of the product's FOB value (the range's maximum), against the deal's ceiling, and whether
 * every non-originating material changes tariff heading.
 */
export const originCheckSchema = z.object({
  fob_value_usd: z.string(),
  non_originating_cif_usd: z.string(),
  /** Null when the FOB value is zero. */
  non_originating_share_percent: z.string().nullable(),
  ceiling_percent: z.string(),
  within_ceiling: z.boolean().nullable(),
  non_originating_count: z.number(),
  /** True also when there is no non-originating material. */
  all_change_heading: z.boolean(),
});
export type OriginCheck = z.infer<typeof originCheckSchema>;

export const declarationSchema = declarationListItemSchema.extend({
  trade_association: named,
  company_manufacturer_id: z.number(),
  company_manufacturer: z.object({ id: z.number(), corporate_name: z.string(), cnpj: z.string().nullable() }),
  legal_representative_id: z.number(),
  legal_representative: z.object({ id: z.number(), name: z.string(), cpf: z.string().nullable() }),
  deal_id: z.number(),
  deal: z.object({
    id: z.number(),
    abbreviation: z.string(),
    name: z.string(),
    classification_type: z.string(),
  }),
  ncm_description: z.string().nullable(),
  nomenclature_code: z.string().nullable(),
  production_process: z.string(),
  fob_unit_value_min: z.string(),
  fob_unit_value_max: z.string(),
  origin_rule_id: z.number(),
  origin_rule: z.object({ id: z.number(), code: z.string(), description: z.string() }),
  origin_norm_id: z.number(),
  origin_norm: z.object({ id: z.number(), name: z.string(), legal_text: z.string().nullable() }),
  materials: z.array(declarationMaterialSchema),
  manufacturer_declaration: storedFileInfoSchema.nullable(),
  delivery_location_id: z.number().nullable(),
  delivery_location: named.nullable(),
  analyst_id: z.number().nullable(),
  signed_at: z.string().nullable(),
  signed_by_cpf: z.string().nullable(),
  /** The reason of the last rejection while the declaration is REPROVADA. */
  rejection_reason: z.string().nullable(),
  /** The signed PDF exists (`print-signed` answers it). */
  has_signed_pdf: z.boolean(),
  /** What this user may do besides the flow's actions. */
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    clone: z.boolean(),
    /** Upload the legal representative's A1 signature (POST signature/a1/{id}) now. */
    sign: z.boolean(),
  }),
  origin_check: originCheckSchema,
  ...flowViewFields,
});
export type Declaration = z.infer<typeof declarationSchema>;

/** The answer of every workflow action and of the analysis call: the text of the success dialog and the record. */
export const declarationActionSchema = z.object({
  /** Null when nothing changed (`type_analysis=consulta`). */
  message: z.string().nullable(),
  declaration: declarationSchema,
});
export type DeclarationAction = z.infer<typeof declarationActionSchema>;

/** A row of GET /v1/declaration/certificate/{exporterId}: what a certificate item copies from the declaration. */
export const citableDeclarationSchema = z.object({
  id: z.number(),
  product_name: z.string(),
  internal_product_code: z.string().nullable(),
  ncm: z.string(),
  nomenclature_code: z.string().nullable(),
  deal: z.object({ id: z.number(), abbreviation: z.string() }),
  origin_rule: z.object({ id: z.number(), code: z.string(), description: z.string() }),
  origin_norm: z.object({ id: z.number(), name: z.string(), legal_text: z.string().nullable() }),
  /** The party that owns the declaration (the exporter itself, or a linked manufacturer). */
  manufacturer: party,
  company_manufacturer: z.object({ id: z.number(), corporate_name: z.string() }),
  approved_at: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** Reachable through an approved declaration link (false: the exporter's own). */
  linked: z.boolean(),
});
export type CitableDeclaration = z.infer<typeof citableDeclarationSchema>;
export const citableDeclarationPageSchema = paginated(citableDeclarationSchema);

export const declarationMessageSchema = z.object({ message: z.string() });
