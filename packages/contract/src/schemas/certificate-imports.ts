import { z } from 'zod';
import { optionalId, pageQuery, paginated } from '../paging';

/**
 * Batch import of certificate drafts (issue 25): a spreadsheet (XLSX) or CSV with one row per item, rows grouped
 * into certificates by the "Certificado" column, validated by a job against the form's rules, then created as
 * drafts — one transaction per certificate, idempotently — once the user confirms.
 */

export const IMPORT_STATUSES = {
  VALIDANDO: { label: 'Validando', color: 'blue' },
  VALIDADO: { label: 'Validado', color: 'cyan' },
  COM_ERROS: { label: 'Com erros', color: 'orange' },
  IMPORTANDO: { label: 'Importando', color: 'geekblue' },
  IMPORTADO: { label: 'Importado', color: 'green' },
  FALHOU: { label: 'Falhou', color: 'red' },
} as const;
export type ImportStatus = keyof typeof IMPORT_STATUSES;
export const IMPORT_STATUS_CODES = Object.keys(IMPORT_STATUSES) as [ImportStatus, ...ImportStatus[]];

/** The file's columns, in the template's order: the key the server reads, the header the user sees. */
export const IMPORT_COLUMNS = [
  { key: 'group', header: 'Certificado', required: true },
  { key: 'exporter_cnpj', header: 'CNPJ do exportador', required: false },
  { key: 'deal', header: 'Acordo', required: true },
  { key: 'representative_cpf', header: 'CPF do responsável legal', required: true },
  { key: 'importer', header: 'Importador', required: true },
  { key: 'importer_country', header: 'País do importador', required: false },
  { key: 'currency', header: 'Moeda', required: false },
  { key: 'invoice_number', header: 'Número da fatura', required: true },
  { key: 'invoice_date', header: 'Data da fatura', required: true },
  { key: 'declaration', header: 'Declaração', required: true },
  { key: 'ncm', header: 'NCM', required: false },
  { key: 'description', header: 'Descrição', required: false },
  { key: 'quantity', header: 'Quantidade', required: true },
  { key: 'unit', header: 'Unidade', required: false },
  { key: 'gross_weight', header: 'Peso bruto', required: false },
  { key: 'net_weight', header: 'Peso líquido', required: false },
  { key: 'fob_value_usd', header: 'Valor FOB (US$)', required: true },
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];
export const IMPORT_COLUMN_HEADER = Object.fromEntries(
  IMPORT_COLUMNS.map((c) => [c.key, c.header]),
) as Record<ImportColumnKey, string>;

/** The largest file and the most rows one import takes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** Errors kept in the report (the count says how many there were). */
export const IMPORT_MAX_REPORTED_ERRORS = 2_000;

export const importTemplateFormat = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

export const importErrorSchema = z.object({
  /** The file's line (the header is line 1). 0: the file as a whole. */
  row: z.number(),
  /** The column's header as in the template; null for the file or a whole certificate. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importPreviewSchema = z.object({
  group: z.string(),
  exporter: z.string().nullable(),
  deal: z.string().nullable(),
  importer: z.string().nullable(),
  invoice_number: z.string().nullable(),
  invoice_date: z.string().nullable(),
  rows: z.array(z.number()),
  items: z.number(),
  valid: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importCreatedSchema = z.object({ group: z.string(), certificate_id: z.number() });

export const certificateImportSchema = z.object({
  id: z.number(),
  status: z.enum(IMPORT_STATUS_CODES),
  file_name: z.string(),
  file_format: z.enum(['xlsx', 'csv']),
  user: z.object({ id: z.number(), name: z.string() }),
  exporter: z.object({ id: z.number(), name: z.string() }).nullable(),
  rows_total: z.number(),
  rows_done: z.number(),
  groups_total: z.number(),
  groups_valid: z.number(),
  error_count: z.number(),
  created_count: z.number(),
  skipped_count: z.number(),
  only_valid: z.boolean(),
  /** The same file imported earlier by this user: the import that did it. */
  same_file_as: z.number().nullable(),
  message: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The drafts it created (certificate ids), for the history's links. */
  drafts: z.array(z.number()),
});
export type CertificateImport = z.infer<typeof certificateImportSchema>;

/** One import with its report: the errors, the preview and the drafts it created. */
export const certificateImportDetailSchema = certificateImportSchema.extend({
  errors: z.array(importErrorSchema),
  preview: z.array(importPreviewSchema),
  created: z.array(importCreatedSchema),
});
export type CertificateImportDetail = z.infer<typeof certificateImportDetailSchema>;

export const certificateImportPageSchema = paginated(certificateImportSchema);
export const certificateImportListQuery = pageQuery;
/** The screen's address: the history's page and the import shown (`importacao`). */
export const certificateImportScreenSearch = pageQuery.extend({ importacao: optionalId });
/** The screen, reached from the menu and from the certificates list. */
export const CERTIFICATE_IMPORT_PATH = '/certificados/importar';

export const confirmImportSchema = z.object({
  /** "importar só as linhas válidas": the certificates without errors are created, the others left out. */
  only_valid: z.boolean().default(false),
});
export type ConfirmImport = z.infer<typeof confirmImportSchema>;

export const certificateImportMessages = {
  uploaded: 'Arquivo recebido. A validação começou.',
  confirmed: 'Importação confirmada. Os rascunhos estão sendo criados.',
  fileRequired: 'Envie a planilha (XLSX) ou o CSV no campo "file".',
  notReadable:
    'Não foi possível ler o arquivo: ele parece corrompido ou incompleto. Baixe o modelo, preencha e envie de novo.',
  notUtf8:
    'O CSV não está em UTF-8. No Excel, salve como "CSV UTF-8 (delimitado por vírgulas)" e envie de novo.',
  wrongKind: 'Tipo de arquivo não aceito. Envie uma planilha XLSX ou um CSV separado por ";".',
  empty: 'O arquivo não tem nenhuma linha de item abaixo do cabeçalho.',
  tooManyRows: (max: number) => `O arquivo tem linhas demais: importe no máximo ${max} linhas por vez.`,
  missingColumns: (headers: string[]) =>
    `Faltam colunas no cabeçalho: ${headers.join(', ')}. Use o modelo de importação.`,
  notValidated: 'Esta importação ainda não terminou de validar ou já foi confirmada.',
  hasErrors: 'O arquivo tem erros: corrija-os e envie de novo, ou escolha "Importar só as linhas válidas".',
  nothingValid: 'Nenhum certificado deste arquivo está sem erros: não há o que importar.',
  required: 'Preencha esta coluna.',
  unknownCode: (what: string, value: string) =>
    `${what} "${value}" não existe. Veja a aba "Códigos" do modelo.`,
  exporterNotFound: 'Nenhum exportador ao seu alcance tem este CNPJ.',
  exporterRequired: 'Informe o CNPJ do exportador.',
  representativeNotFound: 'Nenhum responsável legal deste exportador tem este CPF.',
  importerNotFound: 'Nenhum importador do cadastro deste exportador tem este nome ou identificação fiscal.',
  importerCountry: (country: string) => `O importador informado não é do país ${country}.`,
  declarationId: 'Informe o número da declaração de origem (só dígitos).',
  ncmDigits: 'O NCM deve ter 8 dígitos.',
  ncmMismatch: (ncm: string) => `O NCM não confere com o da declaração citada (${ncm}).`,
  dateFormat: 'Informe a data como DD/MM/AAAA.',
  differsFromFirst: (row: number) =>
    `Difere da primeira linha deste certificado (linha ${row}): um certificado tem um só cabeçalho.`,
  alreadyImported: (id: number) =>
    `Este arquivo já foi importado por você (importação nº ${id}). Confirmar de novo não cria nada novo.`,
  nothingNew: 'Nada novo: todos os certificados deste arquivo já tinham sido importados.',
  createdSummary: (created: number, skipped: number) =>
    skipped > 0
      ? `${created} rascunho(s) criado(s); ${skipped} certificado(s) já importado(s) antes ou com erros ficaram de fora.`
      : `${created} rascunho(s) criado(s).`,
  failed: 'A importação falhou. Tente de novo; se persistir, avise o suporte.',
  notFound: 'Importação não encontrada.',
} as const;
