import { z } from 'zod';
import { messages } from '../messages.pt';
import { listOf, optionalText, pageQuery, paginated } from '../paging';
import { formatNcm, unmaskNcm } from '../validators/ncm';
import { nullableId, requiredText } from './fields';

// NCM, classification lists and certificate models (issue 3): the texts, codes and schemas both sides share.

/** Portuguese texts of this domain. CSV messages name the line so the administrator can find it. */
export const nomenclatureMessages = {
  ncm: {
    invalid: 'Informe um NCM com 8 dígitos (0000.00.00).',
    unknown: 'NCM não encontrado na tabela NCM.',
    referenceSaved: 'Descrição do NCM salva com sucesso!',
    tableLoaded: (rows: number) =>
      `Tabela NCM carregada com sucesso: ${rows.toLocaleString('pt-BR')} códigos.`,
  },
  csv: {
    fileRequired: 'Envie o arquivo CSV.',
    noRows: 'O arquivo não tem linhas de dados.',
    summary: (count: number) =>
      count === 1
        ? 'O arquivo tem 1 erro. Corrija-o e envie novamente.'
        : `O arquivo tem ${count.toLocaleString('pt-BR')} erros. Corrija-os e envie novamente.`,
    more: (count: number) => `… e mais ${count.toLocaleString('pt-BR')} erro(s) não listado(s).`,
    header: (expected: string) => `Linha 1: cabeçalho inválido. A primeira linha deve ser "${expected}".`,
    columns: (line: number, expected: number, found: number) =>
      `Linha ${line}: esperadas ${expected} colunas, encontradas ${found}.`,
    unclosedQuote: (line: number) => `Linha ${line}: aspas abertas e não fechadas.`,
    emptyDescription: (line: number) => `Linha ${line}: descrição vazia.`,
    // The NCM table (same format as the bundled file).
    invalidCode: (line: number, value: string) => `Linha ${line}: código NCM inválido "${value}".`,
    duplicateCode: (line: number, code: string, first: number) =>
      `Linha ${line}: código NCM ${formatNcm(code)} repetido (já informado na linha ${first}).`,
    invalidParent: (line: number, value: string) => `Linha ${line}: código pai inválido "${value}".`,
    parentRequired: (line: number, code: string) =>
      `Linha ${line}: informe o código pai de ${formatNcm(code)} (só capítulos, com 2 dígitos, não têm pai).`,
    parentNotPrefix: (line: number, parent: string, code: string) =>
      `Linha ${line}: o código pai ${formatNcm(parent)} não é um nível acima de ${formatNcm(code)}.`,
    missingParent: (line: number, parent: string) =>
      `Linha ${line}: o código pai ${formatNcm(parent)} não existe no arquivo.`,
    invalidLevel: (line: number, value: string) =>
      `Linha ${line}: nível inválido "${value}" (use um número de 1 a 9).`,
    invalidLeaf: (line: number, value: string) =>
      `Linha ${line}: valor inválido "${value}" na coluna ehFolha (use true ou false).`,
    // Classification lists.
    invalidNcm: (line: number, value: string) =>
      `Linha ${line}: NCM inválido "${value}" (informe 8 dígitos).`,
    ncmNotInTable: (line: number, ncm: string) =>
      `Linha ${line}: o NCM ${formatNcm(ncm)} não existe na tabela NCM.`,
    invalidClassificationCode: (line: number, type: string, value: string, digits: number) =>
      `Linha ${line}: código ${type} inválido "${value}" (informe ${digits} dígitos).`,
    duplicateNcm: (line: number, ncm: string, first: number) =>
      `Linha ${line}: NCM ${formatNcm(ncm)} repetido (já informado na linha ${first}).`,
  },
  classificationList: {
    created: 'Lista de classificação cadastrada com sucesso!',
    updated: 'Lista de classificação atualizada com sucesso!',
    deleted: 'Lista de classificação excluída com sucesso!',
    typeTaken: (type: string) =>
      `Já existe uma lista do tipo ${type}. Substitua o arquivo da lista existente em vez de criar outra.`,
    typeLocked: 'O tipo de uma lista não pode ser alterado. Exclua a lista e crie outra.',
    nothingToChange: 'Informe um novo nome ou envie um novo arquivo.',
  },
  certificateModel: {
    saved: 'Modelo de certificado salvo com sucesso!',
    labelRequired: 'Informe o rótulo impresso do campo (ou marque NA).',
  },
} as const;

// ─── NCM ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** What each length of code is called in the NCM tree. */
export const NCM_KINDS: Readonly<Record<number, string>> = {
  2: 'Capítulo',
  4: 'Posição',
  5: 'Subposição',
  6: 'Subposição',
  7: 'Item',
  8: 'Subitem',
};

export function ncmKind(code: string): string {
  return NCM_KINDS[unmaskNcm(code).length] ?? 'Código';
}

/** A complete NCM in a request: the mask is removed, 8 digits are required. */
export const ncmCodeField = z
  .string({ error: nomenclatureMessages.ncm.invalid })
  .max(20, nomenclatureMessages.ncm.invalid)
  .trim()
  .transform(unmaskNcm)
  .refine((v) => /^\d{8}$/.test(v), nomenclatureMessages.ncm.invalid);

/** GET /v1/ncm?page&q — `q` is a code prefix (masked or not) or words of the description. */
export const ncmSearchQuery = pageQuery.extend({ q: optionalText });
export type NcmSearchQuery = z.infer<typeof ncmSearchQuery>;
/** The /cadastros/ncm address: the search plus the code whose detail drawer is open (`?codigo=84089090`). */
export const ncmScreenSearch = ncmSearchQuery.extend({
  codigo: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{2,8}$/)
      .optional(),
  ),
});

/** The /cadastros/modelos-certificado/{dealId} address: the deal's abbreviation, shown before its model loads. */
export const certificateModelScreenSearch = z.object({ acordo: optionalText });

export const ncmRowSchema = z.object({
  code: z.string(),
  description: z.string(),
  parent_code: z.string().nullable(),
  main_parent: z.string(),
  level: z.number().int(),
  leaf: z.boolean(),
});
export type NcmRow = z.infer<typeof ncmRowSchema>;
export const ncmPageSchema = paginated(ncmRowSchema);

export const naladiCodeSchema = z.object({
  classification_type: z.string(),
  code: z.string(),
  description: z.string(),
});
export type NaladiCode = z.infer<typeof naladiCodeSchema>;

/** GET /v1/ncm/{code}: the code, its parent and chapter, the chain from the chapter down, and its NALADI/SH codes. */
export const ncmDetailSchema = ncmRowSchema.extend({
  /** The parent's description. */
  parent: z.string().nullable(),
  main_parent_description: z.string().nullable(),
  /** Chapter → position → … → this code. */
  chain: z.array(z.object({ code: z.string(), description: z.string(), level: z.number().int() })),
  naladi: z.array(naladiCodeSchema),
});
export type NcmDetail = z.infer<typeof ncmDetailSchema>;

export const ncmCodeParam = z.object({ code: z.string().max(20) });

export const ncmReferenceQuerySchema = z.object({ ncm: ncmCodeField });
export const ncmReferenceInputSchema = z.object({ ncm: ncmCodeField, description: requiredText(2000) });
export type NcmReferenceInput = z.infer<typeof ncmReferenceInputSchema>;
export const ncmReferenceSchema = z.object({ ncm: z.string(), description: z.string().nullable() });
export type NcmReference = z.infer<typeof ncmReferenceSchema>;

/** POST /v1/ncm/upload: what replaced the table. */
export const ncmUploadResultSchema = z.object({
  message: z.string(),
  rows: z.number().int(),
  leaves: z.number().int(),
  chapters: z.number().int(),
  previous_rows: z.number().int(),
});
export type NcmUploadResult = z.infer<typeof ncmUploadResultSchema>;

/** Header of the NCM table file, as in the bundled `ncm.csv`. */
export const NCM_CSV_COLUMNS = ['codigo', 'codigoPai', 'descricao', 'nivel', 'ehFolha'] as const;

// ─── Classification lists ────────────────────────────────────────────────────────────────────────────────────

/**
 * The one definition of the nomenclatures goods are classified in (a deal's `classification_type`), and how many
 * digits their codes have. NCM is the base table itself (Tabela NCM); the others come as classification lists,
 * each mapping NCM codes to its codes (`list: true`).
 */
export const CLASSIFICATION_TYPES = {
  NCM: { label: 'NCM', digits: 8, list: false },
  'NALADI/SH 96': { label: 'NALADI/SH 96', digits: 8, list: true },
  'SH 2012': { label: 'SH 2012', digits: 6, list: true },
  'SH 2017': { label: 'SH 2017', digits: 6, list: true },
  'SH 2022': { label: 'SH 2022', digits: 6, list: true },
} as const;
export type ClassificationType = keyof typeof CLASSIFICATION_TYPES;
export const CLASSIFICATION_TYPE_KEYS = Object.keys(CLASSIFICATION_TYPES) as ClassificationType[];
/** The nomenclatures a classification list can map NCM codes to (all but NCM). */
export type ClassificationListType = Exclude<ClassificationType, 'NCM'>;
export const CLASSIFICATION_LIST_TYPE_KEYS = CLASSIFICATION_TYPE_KEYS.filter(
  (key): key is ClassificationListType => CLASSIFICATION_TYPES[key].list,
);

/** Header of a classification list file; `,` also accepted as separator. */
export const CLASSIFICATION_CSV_COLUMNS = ['ncm', 'codigo', 'descricao'] as const;

const classificationType = z.enum(
  CLASSIFICATION_LIST_TYPE_KEYS as [ClassificationListType, ...ClassificationListType[]],
  { error: messages.field.invalidOption },
);

/** Text fields of POST /v1/classification_list (multipart, with `file`). */
export const classificationListCreateSchema = z.object({
  classification_type: classificationType,
  name: requiredText(160),
});
export type ClassificationListCreate = z.infer<typeof classificationListCreateSchema>;

/** Text fields of POST /v1/classification_list/{id}: a new name and/or a new `file`; the type never changes. */
export const classificationListUpdateSchema = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    requiredText(160).optional(),
  ),
  classification_type: z.preprocess((v) => (v === '' ? undefined : v), classificationType.optional()),
});
export type ClassificationListUpdate = z.infer<typeof classificationListUpdateSchema>;

export const classificationListSchema = z.object({
  id: z.number(),
  classification_type: z.string(),
  name: z.string(),
  rows_count: z.number().int(),
  uploaded_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  uploaded_at: z.string(),
  file: z.object({ name: z.string(), size: z.number() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClassificationList = z.infer<typeof classificationListSchema>;
export const classificationListPageSchema = paginated(classificationListSchema);
export const classificationListAllSchema = listOf(classificationListSchema);

// ─── Certificate models ──────────────────────────────────────────────────────────────────────────────────────

/** How ALADI classifies a field on a form: mandatory, optional or not applicable. */
export const FIELD_RULES = { M: 'Obrigatório', O: 'Opcional', NA: 'Não se aplica' } as const;
export type FieldRule = keyof typeof FIELD_RULES;
export const FIELD_RULE_KEYS = Object.keys(FIELD_RULES) as FieldRule[];

export const CERTIFICATE_FIELD_GROUPS = {
  exporter: 'Exportador',
  producer: 'Produtor',
  importer: 'Importador',
  consignee: 'Consignatário',
  invoice: 'Fatura comercial',
  goods: 'Mercadorias',
  transport: 'Transporte',
  comments: 'Observações',
  intervenor: 'Operador de terceiro país',
  declaration: 'Declaração',
} as const;
export type CertificateFieldGroup = keyof typeof CERTIFICATE_FIELD_GROUPS;

type FieldLabels = { pt: string; es: string; en: string };
export type CertificateFieldDefinition = {
  key: string;
  group: CertificateFieldGroup;
  /** The element(s) of ALADI's COD form that carry the field (cod_ver_1.8.3.xsd). */
  aladi: readonly string[];
  /** Default printed label per certificate language; `pt` also names the field on the screens. */
  labels: FieldLabels;
};

const field = (
  key: string,
  group: CertificateFieldGroup,
  aladi: string[],
  pt: string,
  es: string,
  en: string,
): CertificateFieldDefinition => ({ key, group, aladi, labels: { pt, es, en } });

const party = (
  group: 'exporter' | 'importer' | 'consignee' | 'producer',
  xml: string,
  pt: string,
  es: string,
  en: string,
) => {
  const fields = [
    ['business_name', 'BusinessName', 'Nome ou razão social do', 'Nombre o razón social del', 'name'],
    ['tax_id', 'TaxIdentification', 'Identificação fiscal do', 'Identificación fiscal del', 'tax ID'],
    ['address', 'Address', 'Endereço do', 'Dirección del', 'address'],
    ['locality', 'Locality', 'Localidade do', 'Localidad del', 'locality'],
    ['city', 'City', 'Cidade do', 'Ciudad del', 'city'],
    ['country', 'Country', 'País do', 'País del', 'country'],
    ['phone', 'Telephone', 'Telefone do', 'Teléfono del', 'telephone'],
    ['fax', 'Fax', 'Fax do', 'Fax del', 'fax'],
    ['email', 'Email', 'E-mail do', 'Correo electrónico del', 'e-mail'],
    ['url', 'URL', 'Site do', 'Sitio web del', 'website'],
  ] as const;
  return fields.map(([suffix, element, ptPrefix, esPrefix, enSuffix]) =>
    field(
      `${group}_${suffix}`,
      group,
      [`${xml}${element}`],
      `${ptPrefix} ${pt}`,
      `${esPrefix} ${es}`,
      `${en}'s ${enSuffix}`,
    ),
  );
};

/**
 * Every field a certificate form can carry, in print order. The keys are what `certificate_models.fields` holds;
 * ALADI's element names tie each one to the COD schema.
 */
export const CERTIFICATE_FIELDS: readonly CertificateFieldDefinition[] = [
  ...party('exporter', 'Exporter', 'exportador', 'exportador', 'Exporter'),
  ...party('producer', 'Producer', 'produtor', 'productor', 'Producer').filter((f) =>
    ['producer_business_name', 'producer_address', 'producer_country'].includes(f.key),
  ),
  ...party('importer', 'Importer', 'importador', 'importador', 'Importer'),
  ...party('consignee', 'Consignee', 'consignatário', 'consignatario', 'Consignee').filter((f) =>
    ['consignee_business_name', 'consignee_address', 'consignee_city', 'consignee_country'].includes(f.key),
  ),
  field(
    'invoice_number',
    'invoice',
    ['InvoiceNo'],
    'Número da fatura comercial',
    'Número de la factura comercial',
    'Invoice number',
  ),
  field(
    'invoice_date',
    'invoice',
    ['InvoiceDate'],
    'Data da fatura comercial',
    'Fecha de la factura comercial',
    'Invoice date',
  ),
  field('item_order_no', 'goods', ['GoodsOrderNo'], 'Nº de ordem', 'Nº de orden', 'Item number'),
  field(
    'item_invoice_order_no',
    'goods',
    ['GoodsInvoiceOrderNo'],
    'Nº de ordem na fatura',
    'Nº de orden en la factura',
    'Item number on the invoice',
  ),
  field('item_code', 'goods', ['GoodsItemCode'], 'Código NALADI/SH', 'Código NALADI/SH', 'HS code'),
  field(
    'item_name',
    'goods',
    ['GoodsItemName'],
    'Denominação das mercadorias',
    'Denominación de las mercaderías',
    'Description of goods',
  ),
  field(
    'item_quantity',
    'goods',
    ['GoodsItemWeightAmount'],
    'Peso líquido ou quantidade',
    'Peso líquido o cantidad',
    'Net weight or quantity',
  ),
  field(
    'item_unit',
    'goods',
    ['GoodsItemMeasureUnit'],
    'Unidade de medida',
    'Unidad de medida',
    'Unit of measure',
  ),
  field(
    'item_fob_value',
    'goods',
    ['GoodsItemFOB', 'GoodsItemValue'],
    'Valor FOB em dólares (US$)',
    'Valor FOB en dólares (US$)',
    'FOB value (US$)',
  ),
  field(
    'item_origin_criterion',
    'goods',
    ['GoodsItemOriginRules'],
    'Normas de origem',
    'Normas de origen',
    'Origin criterion',
  ),
  field(
    'item_declaration_date',
    'goods',
    ['GoodsDeclarationDate'],
    'Data da declaração do produtor',
    'Fecha de la declaración del productor',
    "Date of the producer's declaration",
  ),
  field(
    'transport_port_of_loading',
    'transport',
    ['TransportPortOfLoading'],
    'Porto ou lugar de embarque',
    'Puerto o lugar de embarque',
    'Port of loading',
  ),
  field(
    'transport_means',
    'transport',
    ['TransportMeans'],
    'Meio de transporte',
    'Medio de transporte',
    'Means of transport',
  ),
  field(
    'transport_destination_country',
    'transport',
    ['TransportCountryDestination'],
    'País de destino',
    'País de destino',
    'Country of destination',
  ),
  field('comments', 'comments', ['GeneralComments'], 'Observações', 'Observaciones', 'Remarks'),
  field(
    'intervenor_business_name',
    'intervenor',
    ['ThirdOpBusinessName', 'Op3cBusinessName'],
    'Nome do operador de terceiro país',
    'Nombre del operador de tercer país',
    'Third-country operator',
  ),
  field(
    'intervenor_address',
    'intervenor',
    ['ThirdOpAddress', 'Op3cAddress'],
    'Endereço do operador de terceiro país',
    'Dirección del operador de tercer país',
    "Third-country operator's address",
  ),
  field(
    'intervenor_country',
    'intervenor',
    ['ThirdOpCountry', 'Op3cCountry'],
    'País do operador de terceiro país',
    'País del operador de tercer país',
    "Third-country operator's country",
  ),
  field(
    'intervenor_invoice_number',
    'intervenor',
    ['ThirdOpInvoiceNo', 'Op3cInvoiceNo'],
    'Número da fatura do operador',
    'Número de la factura del operador',
    "Operator's invoice number",
  ),
  field(
    'intervenor_invoice_date',
    'intervenor',
    ['ThirdOpInvoiceDate', 'Op3cInvoiceDate'],
    'Data da fatura do operador',
    'Fecha de la factura del operador',
    "Operator's invoice date",
  ),
  field(
    'declaration_date',
    'declaration',
    ['DeclarationDate'],
    'Data da declaração do exportador',
    'Fecha de la declaración del exportador',
    "Date of the exporter's declaration",
  ),
];
export const CERTIFICATE_FIELD_KEYS = CERTIFICATE_FIELDS.map((f) => f.key);

/** The default printed label of a field in a language ('pt', 'es', 'en'); Portuguese for any other. */
export function defaultFieldLabel(
  definition: CertificateFieldDefinition,
  languageCode?: string | null,
): string {
  const code = languageCode as keyof FieldLabels | undefined;
  return (code && definition.labels[code]) || definition.labels.pt;
}

export const PAPER_SIZES = { A4: 'A4', Letter: 'Carta' } as const;
export const ORIENTATIONS = { portrait: 'Retrato', landscape: 'Paisagem' } as const;

/** Layout parameters of the printed certificate (PDF). */
export const certificateLayoutSchema = z.object({
  paper_size: z.enum(Object.keys(PAPER_SIZES) as [keyof typeof PAPER_SIZES], {
    error: messages.field.invalidOption,
  }),
  orientation: z.enum(Object.keys(ORIENTATIONS) as [keyof typeof ORIENTATIONS], {
    error: messages.field.invalidOption,
  }),
  margin_mm: z.coerce
    .number({ error: 'Informe a margem em milímetros.' })
    .int('Use um número inteiro de milímetros.')
    .min(5, 'A margem deve ter de 5 a 30 mm.')
    .max(30, 'A margem deve ter de 5 a 30 mm.'),
  font_size: z.coerce
    .number({ error: 'Informe o tamanho da fonte.' })
    .min(6, 'A fonte deve ter de 6 a 14 pt.')
    .max(14, 'A fonte deve ter de 6 a 14 pt.'),
  items_per_page: z.coerce
    .number({ error: 'Informe quantos itens cabem por página.' })
    .int('Use um número inteiro de itens.')
    .min(1, 'Use de 1 a 50 itens por página.')
    .max(50, 'Use de 1 a 50 itens por página.'),
  show_logo: z.boolean(),
  show_qr_code: z.boolean(),
});
export type CertificateLayout = z.infer<typeof certificateLayoutSchema>;

export const DEFAULT_CERTIFICATE_LAYOUT: CertificateLayout = {
  paper_size: 'A4',
  orientation: 'portrait',
  margin_mm: 10,
  font_size: 8,
  items_per_page: 10,
  show_logo: true,
  show_qr_code: true,
};

const fieldRule = z.enum(FIELD_RULE_KEYS as [FieldRule, ...FieldRule[]], {
  error: messages.field.invalidOption,
});
const modelField = z.object({
  rule: fieldRule,
  label: z.string().trim().max(120, messages.field.tooLong(120)).default(''),
});
export type CertificateModelField = { rule: FieldRule; label: string };

/** PUT /v1/certificate_model/{dealId}: every field of the catalogue with its rule and printed label. */
export const certificateModelInputSchema = z
  .object({
    name: requiredText(120),
    language_id: nullableId,
    fields: z.object(Object.fromEntries(CERTIFICATE_FIELD_KEYS.map((key) => [key, modelField]))),
    layout: certificateLayoutSchema,
  })
  .superRefine((value, ctx) => {
    for (const [key, entry] of Object.entries(value.fields as Record<string, CertificateModelField>)) {
      if (entry.rule !== 'NA' && entry.label === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', key, 'label'],
          message: nomenclatureMessages.certificateModel.labelRequired,
        });
      }
    }
  });
export type CertificateModelInput = {
  name: string;
  language_id: number | null;
  fields: Record<string, CertificateModelField>;
  layout: CertificateLayout;
};

const dealSummary = z.object({
  id: z.number(),
  abbreviation: z.string(),
  name: z.string(),
  aladi_acronym: z.string().nullable(),
  classification_type: z.string(),
});
const languageSummary = z.object({ id: z.number(), code: z.string(), name: z.string() });
const ruleCounts = z.object({ M: z.number().int(), O: z.number().int(), NA: z.number().int() });

export const certificateModelSchema = z.object({
  id: z.number(),
  deal_id: z.number(),
  deal: dealSummary,
  name: z.string(),
  language_id: z.number().nullable(),
  language: languageSummary.nullable(),
  fields: z.record(z.string(), z.object({ rule: fieldRule, label: z.string() })),
  layout: certificateLayoutSchema,
  counts: ruleCounts,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CertificateModel = z.infer<typeof certificateModelSchema>;

/** A model without its fields, for lists and selects. */
export const certificateModelSummarySchema = certificateModelSchema.omit({ fields: true, layout: true });
export type CertificateModelSummary = z.infer<typeof certificateModelSummarySchema>;
export const certificateModelAllSchema = listOf(certificateModelSummarySchema);

/** GET /v1/certificate_model?page&q: one row per deal, with its model or null. */
export const certificateModelDealQuery = pageQuery.extend({ q: optionalText });
export type CertificateModelDealQuery = z.infer<typeof certificateModelDealQuery>;
export const certificateModelDealRowSchema = z.object({
  deal: dealSummary,
  model: certificateModelSummarySchema.omit({ deal: true }).nullable(),
});
export type CertificateModelDealRow = z.infer<typeof certificateModelDealRowSchema>;
export const certificateModelDealPageSchema = paginated(certificateModelDealRowSchema);

export const dealIdParam = z.object({ dealId: z.coerce.number().int().positive().max(2_147_483_647) });
