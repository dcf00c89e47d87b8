import type { FastifyReply, FastifyRequest } from 'fastify';
import { type StoredFile, sendStoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import { discardFiles, type ReceivedFile, readMultipart, type UploadPolicy } from '../../files/upload';
import { notFound } from '../../lib/errors';

/** The text fields (strings from multipart, any JSON from a JSON body) and the files received with them. */
export type EntityForm = { fields: Record<string, unknown>; files: Record<string, ReceivedFile> };

/**
 * The entity forms arrive as multipart (SPEC §7: the logo travels with the record) or, from API clients without a
 * file, as JSON: both give the same fields. Files are streamed into storage under `policies` (size cap, sniffing).
 */
export async function readEntityForm(
  request: FastifyRequest,
  storage: FileStorage,
  policies: Record<string, UploadPolicy>,
): Promise<EntityForm> {
  if (request.isMultipart()) return readMultipart(request, storage, policies);
  const body = request.body;
  const fields =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return { fields, files: {} };
}

/**
 * Runs the save with the received files. A refusal before a file is attached (validation, 404, 409) removes the
 * blobs here; once attached, FileChanges owns them (removed on rollback, old ones removed on commit).
 */
export async function withUploads<T>(
  storage: FileStorage,
  form: EntityForm,
  work: (form: EntityForm) => Promise<T>,
): Promise<T> {
  try {
    return await work(form);
  } catch (err) {
    await discardFiles(storage, form.files);
    throw err;
  }
}

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
