import type { FastifyRequest } from 'fastify';
import type { FileStorage } from './storage';
import { discardFiles, type ReceivedFile, readMultipart, type UploadPolicy } from './upload';

/** The text fields (strings from multipart, any JSON from a JSON body) and the files received with them. */
export type FormWithFiles = { fields: Record<string, unknown>; files: Record<string, ReceivedFile> };

/**
 * Record forms arrive as multipart (SPEC §7: the logo, social contract or procuration travels with the record) or,
 * from API clients without a file, as JSON: both give the same fields. Files are streamed into storage under `policies` (size cap, sniffing).
 */
export async function readForm(
  request: FastifyRequest,
  storage: FileStorage,
  policies: Record<string, UploadPolicy>,
): Promise<FormWithFiles> {
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
  form: FormWithFiles,
  work: (form: FormWithFiles) => Promise<T>,
): Promise<T> {
  try {
    return await work(form);
  } catch (err) {
    await discardFiles(storage, form.files);
    throw err;
  }
}
