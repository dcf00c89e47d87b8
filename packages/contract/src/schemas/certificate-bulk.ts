import { z } from 'zod';
import { MAX_ID } from '../paging';
import { CERTIFICATE_STATUS_CODES } from './certificates';

/**
 * Issue 25: "send for analysis" for many certificates at once, from the list. Each id is sent on its own (its own
 * transaction, the same checks, history, audit, mails and webhooks as the single action) and answered on its own.
 */

/** At most this many certificates per request. */
export const MAX_BULK_SEND = 100;

export const bulkSendMessages = {
  idsRequired: 'Selecione ao menos um certificado.',
  tooMany: `Selecione no máximo ${MAX_BULK_SEND} certificados por vez.`,
  invalidId: 'Identificador de certificado inválido.',
  sent: 'Enviado.',
  notFound: 'Certificado não encontrado.',
  button: 'Enviar para análise',
  confirmTitle: (count: number) =>
    count === 1 ? 'Enviar 1 certificado para análise?' : `Enviar ${count} certificados para análise?`,
  resultTitle: 'Resultado do envio para análise',
  summary: (sent: number, refused: number) =>
    `${sent === 1 ? '1 enviado' : `${sent} enviados`}, ${refused === 1 ? '1 recusado' : `${refused} recusados`}.`,
} as const;

const certificateId = z.coerce
  .number({ error: bulkSendMessages.invalidId })
  .int(bulkSendMessages.invalidId)
  .positive(bulkSendMessages.invalidId)
  .max(MAX_ID, bulkSendMessages.invalidId);

/** POST /v1/certificate/send_analysis: `{ ids }`, 1 to 100 certificates; a repeated id is sent once. */
export const bulkSendSchema = z.object({
  ids: z
    .array(certificateId, { error: bulkSendMessages.idsRequired })
    .min(1, bulkSendMessages.idsRequired)
    .max(MAX_BULK_SEND, bulkSendMessages.tooMany)
    .transform((ids) => [...new Set(ids)]),
});
export type BulkSendInput = z.infer<typeof bulkSendSchema>;

/** `sent`: the certificate moved on; `refused`: it stayed as it was, `message` says why; `not_found`: unknown or out of reach. */
export const BULK_SEND_OUTCOMES = ['sent', 'refused', 'not_found'] as const;
export type BulkSendOutcome = (typeof BULK_SEND_OUTCOMES)[number];

export const bulkSendRowSchema = z.object({
  id: z.number(),
  outcome: z.enum(BULK_SEND_OUTCOMES),
  /** The certificate's status after the attempt (null when not found). */
  status: z.enum(CERTIFICATE_STATUS_CODES).nullable(),
  certificate_number: z.string().nullable(),
  invoice_number: z.string().nullable(),
  /** 'Enviado.' or the refusal, in Portuguese. */
  message: z.string(),
});
export type BulkSendRow = z.infer<typeof bulkSendRowSchema>;

export const bulkSendResultSchema = z.object({
  data: z.array(bulkSendRowSchema),
  sent: z.number(),
  refused: z.number(),
});
export type BulkSendResult = z.infer<typeof bulkSendResultSchema>;
