import { z } from 'zod';

/**
 * Issue 14: the inspection of any COD XML (ALADI's Certificado de Origem Digital) someone holds — schema, both
 * XMLDSig signatures with their certificates, and a readable summary. The back office's route and the public
 * verification page's return the same shape; the public one hides the middle of the CPFs.
 */

/** The file goes in the multipart field `file`; a COD is a few kilobytes. */
export const COD_INSPECTION_FIELD = 'file';
export const COD_INSPECTION_MAX_BYTES = 1024 * 1024;

export const codInspectionPaths = {
  /** Signed-in staff (back office). */
  staff: '/v1/certificate/cod/inspect',
  /** The public verification page (no sign-in, rate-limited). */
  public: '/v1/certificate/verification/cod',
} as const;

export { COD_INSPECTION_ROLE_TYPES } from '../permissions';

export const COD_STAGES = ['unsigned', 'exporter_signed', 'certified', 'complete'] as const;
export type CodStageCode = (typeof COD_STAGES)[number];

export const codStageLabels: Record<CodStageCode, string> = {
  unsigned: 'Sem assinaturas (antes da assinatura do exportador)',
  exporter_signed: 'Assinado pelo exportador (aguardando a entidade)',
  certified: 'Preenchido pela entidade, sem a sua assinatura',
  complete: 'Completo (exportador e entidade)',
};

const partySchema = z.object({
  name: z.string(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
});
export type CodInspectionParty = z.infer<typeof partySchema>;

export const codSignatureCheckSchema = z.object({
  /** `COD`: the exporter's legal representative; `CODEH`: the issuing entity's official. */
  target: z.enum(['COD', 'CODEH']),
  label: z.string(),
  status: z.enum(['valid', 'invalid', 'absent']),
  /** Why it is not valid, in Portuguese (null when valid). */
  reason: z.string().nullable(),
  signer_name: z.string().nullable(),
  /** Formatted (000.000.000-00); on the public page only the middle digits show. */
  signer_cpf: z.string().nullable(),
  certificate_issuer: z.string().nullable(),
  certificate_valid_from: z.string().nullable(),
  certificate_valid_to: z.string().nullable(),
  /**
   * When the document says it was signed: the declaration date (exporter) or the certification date (entity). Dates
   * with an offset come as UTC ISO; without one, as the document wrote them (local wall-clock time).
   */
  signed_at: z.string().nullable(),
});
export type CodSignatureCheck = z.infer<typeof codSignatureCheckSchema>;

/**
 * The document against Origem's own records, by its CertificateID: `same` — this file is the COD Origem issued
 * under that number; `different` — the number is one of ours, but the file is not the document we issued (altered,
 * or an earlier stage); `unknown` — no certificate of ours carries that number (another issuer's, or none).
 */
export const COD_RECORD_MATCHES = ['same', 'different', 'unknown'] as const;
export type CodRecordMatch = (typeof COD_RECORD_MATCHES)[number];

export const codRecordSchema = z.object({
  match: z.enum(COD_RECORD_MATCHES),
  /** What the match means, in Portuguese. */
  message: z.string(),
  /** The certificate's status now (e.g. "Cancelado") — only when the file is the one issued. */
  status_label: z.string().nullable(),
  /** The public verification page of that certificate — only when the file is the one issued. */
  verification_path: z.string().nullable(),
});
export type CodRecord = z.infer<typeof codRecordSchema>;

export const codInspectionSchema = z.object({
  /** True when the schema holds, both signatures are valid and nothing else is wrong. */
  valid: z.boolean(),
  stage: z.enum(COD_STAGES),
  stage_label: z.string(),
  version: z.string().nullable(),
  /** The form element, e.g. `A14` for `FormA14`. */
  form: z.string().nullable(),
  agreement_name: z.string().nullable(),
  agreement_acronym: z.string().nullable(),
  certificate_id: z.string().nullable(),
  certificate_date: z.string().nullable(),
  control_code: z.string().nullable(),
  schema: z.object({ file: z.string(), valid: z.boolean(), errors: z.array(z.string()) }),
  exporter: partySchema.nullable(),
  importer: partySchema.nullable(),
  entity: z
    .object({ code: z.string().nullable(), name: z.string(), country: z.string().nullable() })
    .nullable(),
  invoices: z.array(z.object({ number: z.string(), date: z.string().nullable() })),
  items: z.array(
    z.object({
      order: z.string().nullable(),
      /** NALADI/SH code as written (e.g. 8704.22.10). */
      code: z.string(),
      description: z.string(),
      quantity: z.string().nullable(),
      unit: z.string().nullable(),
      value: z.string().nullable(),
      origin_criterion: z.string().nullable(),
    }),
  ),
  declaration_date: z.string().nullable(),
  signatures: z.array(codSignatureCheckSchema),
  /** Everything wrong, in Portuguese, most serious first. */
  problems: z.array(z.string()),
  record: codRecordSchema,
});
export type CodInspection = z.infer<typeof codInspectionSchema>;
