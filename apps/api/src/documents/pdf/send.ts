import type { FastifyReply } from 'fastify';

/** Answers a generated PDF as a download with its file name; never cached (it reflects the record now). */
export function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(pdf.length))
    .header(
      'content-disposition',
      `${disposition}; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}
