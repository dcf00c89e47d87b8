import { z } from 'zod';

/**
 * The A3 signer program (DOMAIN.md §5). The browser cannot reach a token, so a user who may sign asks
 * `…/signature/a3/{id}` for a one-time code; the signer program (`GET /v1/signer/download`) takes it, fetches the
 * document from `SIGNER_DOCUMENT_PATH`, has the token sign it and posts the signed XML back to the same path. The code
 * is single use, expires in minutes and is bound to the document and the user who asked for it.
 */

/** The header that carries the one-time code (not `Authorization`: it is not a session). */
export const SIGNER_TOKEN_HEADER = 'x-signer-token';
export const SIGNER_DOCUMENT_PATH = '/v1/signer/document';
export const SIGNER_DOWNLOAD_FAILED = 'Não foi possível realizar o download do assinador !!!';

/** The part the program signs: the COD's `#COD` or `#CODEH`, or a declaration's `#Declaration`. */
export const signerTargetSchema = z.enum(['COD', 'CODEH', 'Declaration']);
export type SignerTarget = z.infer<typeof signerTargetSchema>;

/** What `GET …/signature/a3/{id}` answers: the code for the signer program and where it talks to. */
export const signerSessionSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  server: z.string(),
  target: signerTargetSchema,
});
export type SignerSession = z.infer<typeof signerSessionSchema>;

/** What the signer program reads from `GET /v1/signer/document`. */
export const signerDocumentSchema = z.object({
  target: signerTargetSchema,
  xml: z.string(),
  /** Who must sign, shown by the program before it asks for the PIN. */
  signer: z.string(),
});
export type SignerDocument = z.infer<typeof signerDocumentSchema>;

/** What the signer program posts back. */
export const signerSubmissionSchema = z.object({ xml: z.string().min(1).max(2_000_000) });

export const signerResultSchema = z.object({ message: z.string() });

export const signerDownloadSchema = z.object({ url: z.string() });
export type SignerDownload = z.infer<typeof signerDownloadSchema>;

/**
 * The command the screen shows: run the downloaded program with the server and the code. The code is joined to its
 * option with `=`: a URL-safe code starts with '-' once in 64, and would otherwise read as an option.
 */
export function signerCommand(downloadUrl: string, session: Pick<SignerSession, 'server' | 'token'>): string {
  return `npx --yes ${downloadUrl} --servidor ${session.server} --codigo=${session.token} --modulo <biblioteca PKCS#11 do token>`;
}
