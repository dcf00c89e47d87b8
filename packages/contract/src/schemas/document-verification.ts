import { z } from 'zod';
import { publicTexts } from '../public-i18n';
import { codInspectionSchema } from './cod-inspection';

/**
 * Issue 37: signatures that outlive their certificates. The evidence record of an issued document (an RFC 3161
 * timestamp over the XML the download serves, the signers' chains and revocation answers at signing time), and
 * the public "Verificar documento" page's report of any signed PDF or COD XML uploaded to it.
 */

/** The public page's upload: one file in `file`, a PDF or a COD XML, read in memory and never stored. */
export const DOCUMENT_VERIFICATION_FIELD = 'file';
export const DOCUMENT_VERIFICATION_MAX_BYTES = 10 * 1024 * 1024;

export const documentVerificationPaths = {
  /** The report (JSON). */
  report: '/v1/document/verification',
  /** The same report as a PDF (`?lang=pt|es|en`). */
  pdf: '/v1/document/verification/pdf',
} as const;

/** The timestamp reply of an issued document's evidence (DER, `application/timestamp-reply`). */
export const certificateTimestampPath = (id: number) => `/v1/certificate/xml/timestamp/${id}`;
export const declarationTimestampPath = (id: number) => `/v1/declaration/xml/timestamp/${id}`;
export const certificateEvidencePath = (id: number) => `/v1/certificate/evidence/${id}`;
export const publicEvidencePath = (code: string) => `/v1/certificate/verification/${code}/evidence`;
export const TIMESTAMP_REPLY_MIME = 'application/timestamp-reply';
export const certificateTimestampName = (id: number) => `certificado-${id}.tsr`;
export const declarationTimestampName = (id: number) => `declaracao-${id}.tsr`;

/**
 * The evidence of an issued document: `none` before the entity's signature, `pending` while the time-stamping
 * authority has not answered ("Aguardando carimbo do tempo"), `complete` with the timestamp's time and authority.
 */
export const signatureEvidenceSchema = z.object({
  status: z.enum(['none', 'pending', 'complete']),
  /** When the signatures were made (the COD's CertificationEH date). */
  signed_at: z.string().nullable(),
  /** The time the authority's timestamp proves. */
  timestamped_at: z.string().nullable(),
  authority: z.string().nullable(),
  /** The signers whose chains and revocation answers the record keeps, by role. */
  signers: z.array(z.object({ role: z.string(), name: z.string() })),
});
export type SignatureEvidence = z.infer<typeof signatureEvidenceSchema>;

/** "Assinaturas válidas em 06/12/2026 10:31 — carimbo do tempo de AC Carimbo do Tempo" (the back office's words). */
export const evidenceLine = (timestampedAt: string, authority: string, date: (iso: string) => string) =>
  publicTexts.pt.evidence(date(timestampedAt), authority);

const checkSchema = z.object({ ok: z.boolean(), message: z.string().nullable() });

const timestampCheckSchema = checkSchema.extend({
  gen_time: z.string().nullable(),
  authority: z.string().nullable(),
});

export const REVOCATION_STATUSES = ['good', 'revoked', 'unknown'] as const;
const revocationCheckSchema = z.object({
  status: z.enum(REVOCATION_STATUSES),
  /** Why, in Portuguese. */
  message: z.string(),
});

export const PADES_LEVELS = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;

export const pdfSignatureReportSchema = z.object({
  kind: z.enum(['signature', 'document_timestamp']),
  covers_whole_file: z.boolean(),
  signer_name: z.string().nullable(),
  /** Formatted, only the middle digits shown (public page). */
  signer_cpf: z.string().nullable(),
  certificate_valid_from: z.string().nullable(),
  certificate_valid_to: z.string().nullable(),
  integrity: checkSchema,
  chain: checkSchema,
  /** The time the PDF claims (unproven) and the time a timestamp proves. */
  claimed_at: z.string().nullable(),
  proven_at: z.string().nullable(),
  timestamp: timestampCheckSchema.nullable(),
  revocation: revocationCheckSchema.nullable(),
  policy: z.string().nullable(),
  signing_time_attribute: z.boolean(),
});

export const pdfReportSchema = z.object({
  pades_level: z.enum(PADES_LEVELS).nullable(),
  whole_file_covered: z.boolean(),
  dss: z.object({ certificates: z.number(), ocsps: z.number(), crls: z.number() }).nullable(),
  signatures: z.array(pdfSignatureReportSchema),
});

/** A COD's evidence record, when the file is the one Origem issued: its timestamp and the answers it keeps. */
export const evidenceReportSchema = z.object({
  timestamp: timestampCheckSchema,
  signers: z.array(z.object({ role: z.string(), name: z.string(), revocation: revocationCheckSchema })),
});

export const documentVerificationSchema = z.object({
  file_name: z.string(),
  sha256: z.string(),
  kind: z.enum(['pdf', 'cod']),
  /** Every signature, timestamp and (for a COD) the schema hold, and no signer was revoked when signing. */
  valid: z.boolean(),
  /** Everything wrong, in Portuguese. */
  problems: z.array(z.string()),
  pdf: pdfReportSchema.nullable(),
  cod: codInspectionSchema.nullable(),
  evidence: evidenceReportSchema.nullable(),
});
export type DocumentVerification = z.infer<typeof documentVerificationSchema>;
export type PdfSignatureReport = z.infer<typeof pdfSignatureReportSchema>;
