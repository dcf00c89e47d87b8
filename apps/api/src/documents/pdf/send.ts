import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';

type Disposition = 'attachment' | 'inline';

function pdfHeaders(reply: FastifyReply, size: number, fileName: string, disposition: Disposition) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(size))
    .header(
      'content-disposition',
      `${disposition}; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('x-content-type-options', 'nosniff');
}

/** Answers a generated PDF as a download with its file name; never cached (it reflects the record now). */
export function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  fileName: string,
  disposition: Disposition = 'attachment',
) {
  return pdfHeaders(reply, pdf.length, fileName, disposition).header('cache-control', 'no-store').send(pdf);
}

/** A print's answer (modules/issuance/issued-copy.ts): a stored copy, or bytes made on demand. */
export type Printed = { stored: StoredFile; bytes?: Buffer } | { stored: null; bytes: Buffer };

/** Whether `If-None-Match` names this entity tag (weak comparison, as RFC 9110 §13.1.2 says for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const plain = tag.trim().replace(/^W\//, '');
    return plain === '*' || plain === etag;
  });
}

/**
 * Answers a print: a stored copy of an issued document with a strong ETag (its SHA-256), 304 without a body when the
 * browser already holds it, and `private, no-cache` (kept per user, revalidated each time: a cancellation replaces
 * it); bytes made on demand as `sendPdf` does.
 */
export async function sendPrinted(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  printed: Printed,
  fileName: string,
  disposition: Disposition = 'attachment',
) {
  if (!printed.stored) return sendPdf(reply, printed.bytes, fileName, disposition);
  const etag = `"${printed.stored.sha256}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  // Opened before any header goes out: a store that is down is still a clean 503, a lost blob a 404.
  const body = printed.bytes ?? (await storage.read(printed.stored.storage_key));
  return pdfHeaders(reply, printed.stored.size, fileName, disposition).send(body);
}
