import { z } from 'zod';
import { certificateFlow, type StateOf, stateCodes } from '../flows';
import { messages } from '../messages.pt';
import { MAX_ID, optionalId, optionalText, pageQuery, paginated } from '../paging';
import { DECIMAL_PLACES, parseDecimalPtBr } from '../validators/decimal-pt';
import { optionalDate } from './audit';
import { moneyField } from './declarations';
import { optionalNullableText, requiredChoice, rowListField } from './fields';
import { storedFileInfoSchema } from './files';
import { flowViewFields } from './flow-history';

/**
 * Certificates of origin (DOMAIN.md §4; SPEC §3, §4, §7 "Certificate", §8, §9): one commercial invoice shipped to one
 * importer under one deal, with items citing approved declarations. The inputs both sides validate, the API's
 * answers, the list filters and the Portuguese texts of the certificate screens. Decimals travel as strings.
 */

export type CertificateStatus = StateOf<typeof certificateFlow>;
export const CERTIFICATE_STATUS_CODES = stateCodes(certificateFlow);
export const CERTIFICATE_STATUSES = Object.fromEntries(
  CERTIFICATE_STATUS_CODES.map((code) => [code, certificateFlow.states[code].label]),
) as Record<CertificateStatus, string>;

/** The states a certificate may be edited, deleted or sent in (DOMAIN.md §4). */
export const EDITABLE_CERTIFICATE_STATES: readonly CertificateStatus[] =
  certificateFlow.actions.send_analysis.from;

/** DOMAIN.md §4: the invoice is at most this many days older than the issue. */
export const INVOICE_MAX_AGE_DAYS = 180;
export const MAX_CERTIFICATE_ITEMS = 200;

/** SPEC §9 download names. */
export const CERTIFICATE_FILE_NAMES = {
  commercial_invoice: 'fatura_comercial',
  intervenor_invoice: 'fatura_comercial_interveniente',
  substitution: 'substituicao',
} as const;
/**
 * The certificate PDF's download name: its number once numbered (certificado-BRACSA18260000001200.pdf), before
 * that its request number (certificado-pedido-7.pdf).
 */
export const certificatePdfName = (certificate: { id: number; certificate_number: string | null }) =>
  certificate.certificate_number
    ? `certificado-${certificate.certificate_number}.pdf`
    : `certificado-pedido-${certificate.id}.pdf`;
export const certificateXmlName = (id: number) => `certificado-${id}.xml`;
export const prereceiptPdfName = (id: number) => `pre-recibo-${id}.pdf`;

/** The public verification page the printed QR code opens (no sign-in). */
export const certificateVerificationPath = (code: string) => `/verificar/${code}`;

/** The error code of a print refused because an item's NCM has no chosen description (SPEC §8). */
export const NCM_DESCRIPTION_ERROR = 'NcmDescriptionError';

export const certificateMessages = {
  /** An item's declaration cites a criterion or norm that has no version in force on the invoice date (issue 36). */
  ruleNotInForce: (code: string, day: string) =>
    `O critério de origem ${code} da declaração não está em vigor na data da fatura (${day}): as regras mudaram desde a declaração; cite uma declaração feita sob as regras em vigor.`,
  normNotInForce: (name: string, day: string) =>
    `A norma "${name}" da declaração não está em vigor na data da fatura (${day}): cite uma declaração feita sob as regras em vigor.`,
  created: 'Certificado cadastrado com sucesso!',
  updated: 'Certificado editado com sucesso!',
  deleted: 'Certificado excluído com sucesso!',
  cloned: (id: number) => `Certificado clonado com sucesso! A cópia é o certificado nº ${id}, em rascunho.`,
  clonedFrom: (id: number) => `Clonado do certificado nº ${id}`,
  substituteOf: (id: number) => `Substituto do certificado nº ${id}`,
  uploaded: 'Arquivo enviado com sucesso!',
  controlCodeSaved: 'Número de controle da entidade registrado com sucesso!',
  ncmSelected: 'Descrições de NCM escolhidas com sucesso!',
  notEditable: (status: string) =>
    `O certificado só pode ser alterado em Rascunho ou Reprovado; a situação atual é "${status}".`,
  notDeletable: (status: string) =>
    `O certificado só pode ser excluído em Rascunho ou Reprovado; a situação atual é "${status}".`,
  noParty: 'Seu usuário não está vinculado a um exportador.',
  exporterRequired: 'Informe o exportador do certificado.',
  legalRepresentative: 'Escolha o responsável legal.',
  legalRepresentativeNotOfExporter: 'O responsável legal escolhido não pertence a este exportador.',
  deal: 'Escolha o acordo.',
  dealInactive: 'Este acordo está inativo e não aceita novos certificados.',
  importer: 'Escolha o importador.',
  companyNotOfType: (what: string) => `A empresa escolhida não é um ${what} do cadastro deste exportador.`,
  invoiceNumber: 'Informe o número da fatura comercial.',
  invoiceDate: 'Informe a data da fatura comercial.',
  invoiceInFuture: 'A data da fatura não pode ser posterior a hoje.',
  invoiceTooOld: `A fatura comercial deve ter no máximo ${INVOICE_MAX_AGE_DAYS} dias na data de emissão do certificado.`,
  itemsInvalid: 'A lista de itens enviada é inválida.',
  itemsMax: `Use no máximo ${MAX_CERTIFICATE_ITEMS} itens por certificado.`,
  itemsRequired: 'Inclua ao menos um item antes de enviar o certificado.',
  declaration: 'Escolha a declaração de origem do item.',
  declarationNotCitable:
    'Esta declaração não pode ser citada: ela precisa estar aprovada, dentro da validade, ser do exportador (ou de um vínculo aprovado) e do mesmo acordo.',
  quantity: 'Informe a quantidade (número maior que zero, até 3 casas decimais).',
  weight: 'Informe um peso ou volume com até 3 casas decimais.',
  commercialInvoiceRequired: 'Envie a fatura comercial (PDF) antes de enviar o certificado.',
  intervenorInvoiceRequired:
    'Envie a fatura comercial do interveniente (PDF) antes de enviar o certificado: ele tem um interveniente.',
  numberingUnavailable:
    'Não é possível numerar o certificado: a entidade emissora precisa do código EHId e o acordo da sigla ALADI.',
  takenByOther: 'O certificado está em análise por outro analista.',
  signerWithoutEmail:
    'O responsável legal deste certificado não tem e-mail cadastrado: informe o e-mail dele no cadastro para enviar o pedido de assinatura.',
  tooManySignatureRequests:
    'O pedido de assinatura deste certificado já foi reenviado 3 vezes nos últimos 15 minutos. Aguarde alguns minutos e tente de novo.',
  reasonRequired: 'Informe o motivo.',
  reasonsRequired: 'Informe ao menos um motivo da reprovação.',
  letterRequired: 'Envie a carta de substituição (PDF).',
  controlCode: 'Informe o número de controle da entidade.',
  controlCodeState: 'O número de controle só pode ser registrado depois do envio para análise.',
  typeAnalysis: 'Informe o tipo de análise: analise ou consulta.',
  certificateId: 'Informe o certificado.',
  fileRequired: 'Envie o arquivo em PDF no campo "file".',
  ncmDescriptionMissing: (ncms: string[]) =>
    `Escolha a descrição de referência do NCM ${ncms.join(', ')} antes de imprimir o certificado.`,
  /** Send and approve: what printing will need is asked for before (issue 22). */
  ncmDescriptionRequired: (ncms: string[]) =>
    `Informe a descrição do NCM ${ncms.join(', ')} nos itens: a tabela de referências não tem descrição para ${ncms.length > 1 ? 'eles' : 'ele'}, e o certificado não pode ser impresso sem ela.`,
  invoiceInUse: (invoice: string, numbers: string[]) =>
    `A fatura comercial ${invoice} já está em ${numbers.length > 1 ? 'outros certificados' : 'outro certificado'} deste exportador (${numbers.join(', ')}). Salvar mesmo assim?`,
  signedPdfMissing:
    'Este certificado ainda não tem o PDF assinado digitalmente: a via assinada só existe depois das assinaturas.',
  signedPdfNoSeal:
    'A via assinada não está disponível: o certificado digital da entidade não está configurado neste servidor.',
  pdfMissing: 'O PDF final do certificado ainda não foi gerado.',
  notIssued: 'Só um certificado emitido tem PDF final e pré-recibo.',
  verificationNotFound: 'Certificado não encontrado. Confira o código impresso no certificado.',
} as const;

// ---- field building blocks -------------------------------------------------------------------------------------

/**
 * A decimal with up to 3 places, as stored: '1234.500'. Accepts a number, the machine form '1234.5', or pt-BR text
 * with a comma ('1234,5', '1.234,5'), read strictly: '1.23,4' is refused, not guessed. A dot alone is the machine
 * form's decimal point (ERPs send '25.92'); the screens send the canonical form, never pt-BR.
 */
export function normalizeQuantity(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value.toFixed(3) : value;
  if (typeof value !== 'string') return value;
  const raw = value.trim().replace(/\s/g, '');
  if (raw === '') return undefined;
  if (raw.includes(',')) {
    const parsed = parseDecimalPtBr(raw, DECIMAL_PLACES.quantity);
    return parsed.ok ? parsed.value : value;
  }
  const match = /^(\d{1,13})(?:\.(\d{1,3}))?$/.exec(raw);
  if (!match) return value;
  return `${(match[1] ?? '0').replace(/^0+(?=\d)/, '')}.${(match[2] ?? '').padEnd(3, '0')}`;
}
const QUANTITY = /^\d{1,13}\.\d{3}$/;

const quantityField = z.preprocess(
  normalizeQuantity,
  z
    .string({ error: certificateMessages.quantity })
    .regex(QUANTITY, certificateMessages.quantity)
    .refine((v) => Number(v) > 0, certificateMessages.quantity),
);
const optionalWeight = z.preprocess(
  (v) => (v === null || v === '' ? undefined : normalizeQuantity(v)),
  z.string({ error: certificateMessages.weight }).regex(QUANTITY, certificateMessages.weight).optional(),
);
/** A select that may be left empty. */
const optionalChoice = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number().int().positive().max(MAX_ID, messages.field.invalidOption).nullable(),
);
const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'on', 'sim'].includes(v.trim().toLowerCase()) : v),
  z.boolean().optional(),
);
const requiredDate = (message: string) =>
  z
    .preprocess((v) => (v === '' || v === null ? undefined : v), optionalDate)
    .refine((v) => v !== undefined, message);

// ---- inputs ------------------------------------------------------------------------------------------------------

export const certificateItemInputSchema = z.object({
  declaration_id: requiredChoice(certificateMessages.declaration),
  /** Left blank, the declaration's product name. */
  description: optionalNullableText(1000),
  quantity: quantityField,
  measurement_unit_id: optionalChoice,
  gross_weight: optionalWeight,
  net_weight: optionalWeight,
  fob_value_usd: moneyField,
  /** The NCM description that prints; blank, the NCM reference table's (required when that has none). */
  ncm_description: optionalNullableText(2000),
});
export type CertificateItemInput = z.infer<typeof certificateItemInputSchema>;

/** The items, in order: an array (JSON body) or its JSON text (multipart field `items`). */
const itemsField = rowListField(certificateItemInputSchema, {
  max: MAX_CERTIFICATE_ITEMS,
  invalid: certificateMessages.itemsInvalid,
  tooMany: certificateMessages.itemsMax,
});

/**
 * POST /v1/certificate and PUT /v1/certificate/{id}: JSON, or multipart/form-data with the same fields (items as
 * JSON text) and the optional files `commercial_invoice` and `intervenor_invoice` (PDF). An exporter's user always
 * asks for its own exporter; a dispatcher or staff name one they reach.
 */
export const certificateInputSchema = z.object({
  exporter_id: optionalChoice,
  legal_representative_id: requiredChoice(certificateMessages.legalRepresentative),
  deal_id: requiredChoice(certificateMessages.deal),
  language_id: optionalChoice,
  currency_id: optionalChoice,
  sector_id: optionalChoice,
  shipment_port_id: optionalChoice,
  transport_id: optionalChoice,
  company_importer_id: requiredChoice(certificateMessages.importer),
  company_manufacturer_id: optionalChoice,
  company_intervenor_id: optionalChoice,
  measurement_unit_gross_weight_id: optionalChoice,
  measurement_unit_net_weight_id: optionalChoice,
  measurement_unit_volume_id: optionalChoice,
  invoice_number: z
    .string({ error: certificateMessages.invoiceNumber })
    .trim()
    .min(1, certificateMessages.invoiceNumber)
    .max(60, messages.field.tooLong(60)),
  invoice_date: requiredDate(certificateMessages.invoiceDate),
  gross_weight: optionalWeight,
  net_weight: optionalWeight,
  volume: optionalWeight,
  observations: optionalNullableText(4000),
  has_digital_signature: flag,
  items: itemsField,
});
export type CertificateInput = z.infer<typeof certificateInputSchema>;

const reasonField = z
  .string({ error: certificateMessages.reasonRequired })
  .trim()
  .min(1, certificateMessages.reasonRequired)
  .max(2000, messages.field.tooLong(2000));

/** POST reprove/{id}: the reasons (one or more; `reason` alone is accepted too). */
export const reproveCertificateSchema = z
  .object({
    reasons: z
      .array(z.string().trim().max(500, messages.field.tooLong(500)))
      .max(20)
      .optional(),
    reason: z.string().trim().max(2000, messages.field.tooLong(2000)).optional(),
  })
  .transform((v) => [...(v.reasons ?? []), ...(v.reason ? [v.reason] : [])].filter((r) => r.length > 0))
  .refine((reasons) => reasons.length > 0, {
    message: certificateMessages.reasonsRequired,
    path: ['reasons'],
  });

/** solicit_cancellation, reprove_cancellation, reprove_substitution (and, multipart, solicit_substitution). */
export const certificateReasonSchema = z.object({ reason: reasonField });

/** POST associationCertificationId/{id}: the association's control number (`CertificateControlCode`). */
export const associationCertificationSchema = z.object({
  association_certification_id: z
    .string({ error: certificateMessages.controlCode })
    .trim()
    .min(1, certificateMessages.controlCode)
    .max(40, messages.field.tooLong(40)),
});

/** POST commercial_invoice/upload and intervenor_invoice/upload: multipart `certificate_id` and `file`. */
export const invoiceUploadFieldsSchema = z.object({
  certificate_id: requiredChoice(certificateMessages.certificateId),
});

/** PATCH select_ncm: per item, the NCM reference description that prints (blank: the NCM table's reference). */
export const selectNcmSchema = z.object({
  certificate_id: requiredChoice(certificateMessages.certificateId),
  items: z
    .array(
      z.object({
        id: requiredChoice(messages.field.required),
        ncm_description: optionalNullableText(2000),
      }),
    )
    .min(1)
    .max(MAX_CERTIFICATE_ITEMS),
});
export type SelectNcmInput = z.infer<typeof selectNcmSchema>;

export const TYPE_ANALYSIS = ['analise', 'consulta'] as const;
export type TypeAnalysis = (typeof TYPE_ANALYSIS)[number];
export const certificateSendAnalyzingQuery = z.object({
  type_analysis: z.enum(TYPE_ANALYSIS, { error: certificateMessages.typeAnalysis }),
});

/** GET print?certificateId&ncmReference: `ncmReference` false prints the items' own descriptions. */
export const certificatePrintQuery = z.object({
  certificateId: z.coerce.number().int().positive().max(MAX_ID),
  ncmReference: z
    .preprocess(
      (v) => (typeof v === 'string' ? !['false', '0', 'nao', 'não'].includes(v.toLowerCase()) : v),
      z.boolean(),
    )
    .optional(),
});

// ---- list queries ------------------------------------------------------------------------------------------------

export const CERTIFICATE_ORDERS = ['-last_step', 'last_step', '-id', 'id'] as const;
export type CertificateOrder = (typeof CERTIFICATE_ORDERS)[number];

/**
 * GET /v1/certificate (SPEC §7): default order latest flow step first (SPEC §9). `certificate_flow_id` is the status
 * code, `invoice_number` matches numbers starting with it (any case), `start_date`/`end_date` the creation day (Brasília).
 */
export const certificateListQuery = pageQuery.extend({
  order: z.enum(CERTIFICATE_ORDERS).optional().catch(undefined),
  certificate_flow_id: z.enum(CERTIFICATE_STATUS_CODES).optional().catch(undefined),
  exporter_id: optionalId,
  invoice_number: optionalText,
  start_date: optionalDate.catch(undefined),
  end_date: optionalDate.catch(undefined),
  importer_id: optionalId,
  intervenor_id: optionalId,
  deal_id: optionalId,
});
export type CertificateListQuery = z.infer<typeof certificateListQuery>;

/**
 * GET /v1/certificate/invoice_in_use: the exporter's other certificates with this invoice number (exact, any case),
 * asked before a draft is saved; `except_id` leaves out the certificate being edited.
 */
export const invoiceInUseQuery = z.object({
  exporter_id: optionalId,
  invoice_number: z
    .string({ error: certificateMessages.invoiceNumber })
    .trim()
    .min(1, certificateMessages.invoiceNumber)
    .max(60, messages.field.tooLong(60)),
  except_id: optionalId,
});
export type InvoiceInUseQuery = z.infer<typeof invoiceInUseQuery>;
export const invoiceInUseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      certificate_number: z.string().nullable(),
      status: z.enum(CERTIFICATE_STATUS_CODES),
    }),
  ),
});
export type InvoiceInUse = z.infer<typeof invoiceInUseSchema>;

/** GET /v1/certificate/all_approved: the issued certificates (type-ahead: number or invoice). */
export const approvedCertificateQuery = pageQuery.extend({ q: optionalText, exporter_id: optionalId });
export type ApprovedCertificateQuery = z.infer<typeof approvedCertificateQuery>;

export const verificationCodeParam = z.object({ code: z.string().regex(/^[A-Za-z0-9]{8,40}$/) });

// ---- answers -----------------------------------------------------------------------------------------------------

const named = z.object({ id: z.number(), name: z.string() });
const party = z.object({
  id: z.number(),
  name: z.string(),
  cnpj: z.string().nullable(),
  cpf: z.string().nullable(),
});
const company = z.object({ id: z.number(), corporate_name: z.string() });

/** SPEC §3 "a flow with steps": the status as `{ id: code, name: label }`. */
export const certificateFlowRefSchema = z.object({ id: z.enum(CERTIFICATE_STATUS_CODES), name: z.string() });

export const certificateListItemSchema = z.object({
  id: z.number(),
  status: z.enum(CERTIFICATE_STATUS_CODES),
  certificate_flow: certificateFlowRefSchema,
  certificate_number: z.string().nullable(),
  exporter_id: z.number(),
  exporter: party,
  deal: z.object({ id: z.number(), abbreviation: z.string() }),
  company_importer: company,
  company_intervenor: company.nullable(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  has_digital_signature: z.boolean(),
  issued_at: z.string().nullable(),
  valid_until: z.string().nullable(),
  last_step_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CertificateListItem = z.infer<typeof certificateListItemSchema>;
export const certificatePageSchema = paginated(certificateListItemSchema);

export const certificateItemSchema = z.object({
  id: z.number(),
  position: z.number(),
  declaration_id: z.number(),
  declaration: z.object({ id: z.number(), product_name: z.string(), status: z.string() }),
  ncm: z.string(),
  nomenclature_code: z.string().nullable(),
  description: z.string(),
  ncm_description: z.string().nullable(),
  /** The NCM reference table's description of `ncm` (what prints when `ncm_description` is blank). */
  reference_description: z.string().nullable(),
  quantity: z.string(),
  measurement_unit_id: z.number().nullable(),
  measurement_unit: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  gross_weight: z.string().nullable(),
  net_weight: z.string().nullable(),
  fob_value_usd: z.string(),
  origin_criterion: z.string(),
  norm_text: z.string().nullable(),
  /** The versions of the criterion and norm in force on the invoice date that the item cites (issue 36). */
  origin_rule_id: z.number().nullable(),
  origin_norm_id: z.number().nullable(),
});
export type CertificateItem = z.infer<typeof certificateItemSchema>;

const lineageRef = z.object({
  id: z.number(),
  certificate_number: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUS_CODES),
});

export const certificateSchema = certificateListItemSchema.extend({
  trade_association: named,
  dispatcher: named.nullable(),
  legal_representative_id: z.number(),
  legal_representative: z.object({ id: z.number(), name: z.string(), cpf: z.string().nullable() }),
  deal_id: z.number(),
  deal: z.object({ id: z.number(), abbreviation: z.string(), name: z.string() }),
  language_id: z.number().nullable(),
  currency_id: z.number().nullable(),
  sector_id: z.number().nullable(),
  shipment_port_id: z.number().nullable(),
  transport_id: z.number().nullable(),
  company_importer_id: z.number(),
  company_manufacturer_id: z.number().nullable(),
  company_manufacturer: company.nullable(),
  company_intervenor_id: z.number().nullable(),
  measurement_unit_gross_weight_id: z.number().nullable(),
  measurement_unit_net_weight_id: z.number().nullable(),
  measurement_unit_volume_id: z.number().nullable(),
  gross_weight: z.string().nullable(),
  net_weight: z.string().nullable(),
  volume: z.string().nullable(),
  observations: z.string().nullable(),
  association_certification_id: z.string().nullable(),
  rectification: z.number(),
  /** The certificate this one substitutes, and the one that substitutes it (lineage both ways). */
  replaces: lineageRef.nullable(),
  replaced_by: lineageRef.nullable(),
  analyst: named.nullable(),
  /** The public verification page (only once issued). */
  verification_url: z.string().nullable(),
  commercial_invoice: storedFileInfoSchema.nullable(),
  intervenor_invoice: storedFileInfoSchema.nullable(),
  substitution_letter: storedFileInfoSchema.nullable(),
  /** The reason of the last refusal (reprove, or a cancellation/substitution request refused). */
  last_reason: z.string().nullable(),
  items: z.array(certificateItemSchema),
  can: z.object({ edit: z.boolean(), delete: z.boolean(), clone: z.boolean() }),
  ...flowViewFields,
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateActionSchema = z.object({
  message: z.string().nullable(),
  certificate: certificateSchema,
});
export type CertificateAction = z.infer<typeof certificateActionSchema>;

export const certificateMessageSchema = z.object({ message: z.string() });

/** GET /v1/certificate/verify/{code} (public): what a customs officer may see, nothing confidential. */
export const certificateVerificationSchema = z.object({
  certificate_number: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUS_CODES),
  status_label: z.string(),
  /** For a substituted certificate: the number of the one that replaces it. */
  substituted_by: z.string().nullable(),
  issuing_entity: z.string(),
  exporter: z.string(),
  importer_country: z.string().nullable(),
  deal: z.string(),
  issued_at: z.string().nullable(),
  valid_until: z.string().nullable(),
  items: z.array(z.object({ description: z.string(), ncm: z.string() })),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
