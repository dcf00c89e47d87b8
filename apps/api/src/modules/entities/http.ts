import type { FastifyReply, FastifyRequest } from 'fastify';
import { type StoredFile, sendStoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import { notFound } from '../../lib/errors';

/**
 * A logo or image, revalidated on every use (`no-cache` + ETag of its SHA-256): a replaced logo shows at once,
 * an unchanged one costs a 304.
 */
export function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: StoredFile | null,
  disposition: 'inline' | 'attachment',
) {
  if (!file) throw notFound();
  const etag = `"${file.sha256}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return sendStoredFile(reply, storage, file, 'logo', disposition);
}
