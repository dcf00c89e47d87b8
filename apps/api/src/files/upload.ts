import { createHash, randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fieldError } from '../lib/errors';
import { type FileKind, KIND_LABEL, MIME, sniffKind, svgIsSafe } from './sniff';
import type { FileStorage } from './storage';

export type UploadPolicy = { kinds: readonly FileKind[]; maxBytes: number };

/** A file written to storage but not yet owned by any record: commit it with `FileChanges`, or discard it. */
export type ReceivedFile = {
  key: string;
  originalName: string;
  mime: string;
  kind: FileKind;
  size: number;
  sha256: string;
};

export const LOGO_POLICY: UploadPolicy = { kinds: ['png', 'jpeg', 'svg'], maxBytes: 2 * 1024 * 1024 };
export const CSV_POLICY: UploadPolicy = { kinds: ['csv'], maxBytes: 20 * 1024 * 1024 };
export const PDF_POLICY: UploadPolicy = { kinds: ['pdf'], maxBytes: 10 * 1024 * 1024 };

const SNIFF_BYTES = 4096;
const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

function kindsText(kinds: readonly FileKind[]): string {
  const names = kinds.map((k) => KIND_LABEL[k]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * Streams one uploaded file into storage while counting, hashing and sniffing it. Refuses (422 on `field`, nothing
 * left behind) a file over the size cap, of a kind the policy does not accept, or an SVG with active content.
 */
export async function receiveFile(
  storage: FileStorage,
  source: Readable,
  originalName: string,
  policy: UploadPolicy,
  field: string,
): Promise<ReceivedFile> {
  const key = randomBytes(16).toString('hex');
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer = Buffer.alloc(0);
  let kind: FileKind | null | undefined;
  const svgChunks: Buffer[] = [];
  let refusal: string | null = null;

  const decide = () => {
    kind = sniffKind(head);
    if (!kind || !policy.kinds.includes(kind)) {
      refusal = `Tipo de arquivo não aceito. Envie um arquivo ${kindsText(policy.kinds)}.`;
    }
  };

  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > policy.maxBytes) {
        refusal = `O arquivo excede o tamanho máximo de ${megabytes(policy.maxBytes)}.`;
        return callback(new Error(refusal));
      }
      if (kind === undefined) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) decide();
        if (refusal) return callback(new Error(refusal));
      }
      if (kind === 'svg' || (kind === undefined && head.length < SNIFF_BYTES)) svgChunks.push(chunk);
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if (kind === undefined) decide();
      if (!refusal && size === 0) refusal = 'O arquivo enviado está vazio.';
      if (!refusal && kind === 'svg' && !svgIsSafe(Buffer.concat(svgChunks).toString('utf8'))) {
        refusal = 'O SVG enviado contém conteúdo ativo (scripts ou links externos) e não foi aceito.';
      }
      callback(refusal ? new Error(refusal) : null);
    },
  });

  try {
    await storage.write(key, source, inspect);
  } catch (err) {
    await storage.remove(key);
    source.resume();
    if (refusal) throw fieldError(field, refusal);
    throw err;
  }
  const finalKind = kind as FileKind;
  return {
    key,
    originalName: originalName.slice(0, 255) || 'arquivo',
    mime: MIME[finalKind],
    kind: finalKind,
    size,
    sha256: hash.digest('hex'),
  };
}

export type MultipartForm = { fields: Record<string, string>; files: Record<string, ReceivedFile> };

/**
 * Reads a multipart form: text fields into an object, each file part named in `policies` streamed into storage.
 * A file part not named there is refused. On any failure the files already stored are removed.
 */
export async function readMultipart(
  request: FastifyRequest,
  storage: FileStorage,
  policies: Record<string, UploadPolicy>,
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        const policy = policies[file.fieldname];
        if (!policy || form.files[file.fieldname]) {
          file.file.resume();
          throw fieldError(file.fieldname, 'Envie apenas um arquivo neste campo.');
        }
        form.files[file.fieldname] = await receiveFile(
          storage,
          file.file,
          file.filename,
          policy,
          file.fieldname,
        );
      } else {
        form.fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    await discardFiles(storage, form.files);
    throw err;
  }
  return form;
}

export async function discardFiles(storage: FileStorage, files: Record<string, ReceivedFile>): Promise<void> {
  await Promise.all(Object.values(files).map((f) => storage.remove(f.key)));
}

/** For tests and seeds: stores a buffer as if it had been uploaded. */
export function receiveBuffer(
  storage: FileStorage,
  bytes: Buffer,
  name: string,
  policy: UploadPolicy,
  field = 'file',
) {
  return receiveFile(storage, Readable.from([bytes]), name, policy, field);
}
