import { z } from 'zod';

/**
 * The A1 and A3 signing screens (SPEC §2 `/assinatura-digital-a1/{id}`, `/assinatura-digital-a3/{id}`) sign either a
 * certificate's COD (first or second signature, whichever the certificate awaits from this user) or a declaration:
 * the address keeps SPEC's path and says which record `{id}` is with `?tipo=` (a certificate when absent).
 */
export const SIGNATURE_DOCUMENTS = ['certificado', 'declaracao'] as const;
export type SignatureDocument = (typeof SIGNATURE_DOCUMENTS)[number];

export const signatureScreenSearch = z.object({
  tipo: z.enum(SIGNATURE_DOCUMENTS).default('certificado'),
});

/** The address of the A1 signing screen for a record. */
export const a1SignaturePath = (document: SignatureDocument, id: number) =>
  `/assinatura-digital-a1/${id}?tipo=${document}`;

/** The address of the A3 signing screen for a record. */
export const a3SignaturePath = (document: SignatureDocument, id: number) =>
  `/assinatura-digital-a3/${id}?tipo=${document}`;

/** The address of the cloud-certificate signing screen for a record (issue 38). */
export const cloudSignaturePath = (document: SignatureDocument, id: number) =>
  `/assinatura-digital-nuvem/${id}?tipo=${document}`;

/** The A1 form's fields, as the API reads them (multipart `certificate` and `password`). */
export const A1_FILE_ACCEPT = '.pfx,.p12,application/x-pkcs12';
/** The API's cap (apps/api issuance/a1-upload.ts): an A1 file is a few kilobytes. */
export const A1_MAX_BYTES = 64 * 1024;
