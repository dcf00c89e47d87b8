import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../lib/errors';
import { assertCleanInput, wellFormed } from '../lib/parse-input';
import { type FileKind, KIND_LABEL, MIME, sanitizeSvg, sniffKind } from './sniff';
import { type FileStorage, newStorageKey } from './storage';

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

export const uploadMessages = {
  malformed:
    'O envio do formulário está incompleto ou malformado (multipart sem boundary ou interrompido). Envie novamente.',
  tooManyParts: 'O formulário enviado tem campos ou arquivos demais.',
} as const;
const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

function kindsText(kinds: readonly FileKind[]): string {
  const names = kinds.map((k) => KIND_LABEL[k]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * Streams one uploaded file into storage while counting, hashing and sniffing it. Refuses (422 on `field`, nothing
 * left behind) a file over the size cap or of a kind the policy does not accept. An SVG is held back whole (logos
 * are small) and stored sanitised: size and SHA-256 describe the bytes stored.
 */
export async function receiveFile(
  storage: FileStorage,
  source: Readable,
  originalName: string,
  policy: UploadPolicy,
  field: string,
): Promise<ReceivedFile> {
  const key = newStorageKey();
  const hash = createHash('sha256');
  let received = 0;
  let size = 0;
  // Bytes not passed on yet: the head until the kind is known, and a whole SVG until it is sanitised.
  let held: Buffer[] = [];
  let heldBytes = 0;
  let kind: FileKind | null | undefined;
  let refusal: string | null = null;

  const decide = () => {
    kind = sniffKind(Buffer.concat(held));
    if (!kind || !policy.kinds.includes(kind)) {
      refusal = `Tipo de arquivo não aceito. Envie um arquivo ${kindsText(policy.kinds)}.`;
    }
  };
  const refuse = (message: string) => {
    refusal = message;
    return new Error(message);
  };

  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > policy.maxBytes) {
        return callback(refuse(`O arquivo excede o tamanho máximo de ${megabytes(policy.maxBytes)}.`));
      }
      if (kind !== undefined && kind !== 'svg') {
        size += chunk.length;
        hash.update(chunk);
        return callback(null, chunk);
      }
      held.push(chunk);
      heldBytes += chunk.length;
      if (kind === undefined && heldBytes >= SNIFF_BYTES) {
        decide();
        if (refusal) return callback(new Error(refusal));
        if (kind !== 'svg') release(this);
      }
      callback();
    },
    flush(callback) {
      finish(this).then(
        () => callback(),
        (err: Error) => callback(err),
      );
    },
  });

  const release = (stream: Transform, bytes: Buffer[] = held) => {
    for (const chunk of bytes) {
      size += chunk.length;
      hash.update(chunk);
      stream.push(chunk);
    }
    held = [];
  };

  const finish = async (stream: Transform) => {
    if (kind === undefined) decide();
    if (!refusal && received === 0) refusal = 'O arquivo enviado está vazio.';
    if (refusal) throw new Error(refusal);
    if (kind !== 'svg') return release(stream);
    const clean = await sanitizeSvg(Buffer.concat(held).toString('utf8'));
    if (clean === null) throw refuse('O SVG enviado não contém um desenho válido.');
    release(stream, [Buffer.from(clean, 'utf8')]);
  };

  try {
    await storage.write(key, source, inspect);
  } catch (err) {
    source.resume();
    if (refusal) throw fieldError(field, refusal);
    throw err;
  }
  const finalKind = kind as FileKind;
  return {
    key,
    originalName: cleanFileName(originalName),
    mime: MIME[finalKind],
    kind: finalKind,
    size,
    sha256: hash.digest('hex'),
  };
}

/** The name as the user's browser sent it, kept only for display: no control characters, no path, 255 at most. */
function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this does.
  const base = name.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^.*[\\/]/, '');
  return wellFormed(base).slice(0, 255).trim() || 'arquivo';
}

export type MultipartForm = { fields: Record<string, string>; files: Record<string, ReceivedFile> };

/**
 * Reads a multipart form: text fields into an object, each file part named in `policies` streamed into storage.
 * A file part not named there is refused; a field carrying a NUL is refused like any other input (422). A body
 * that is not valid multipart (no boundary, cut off mid-stream) is the client's fault: 400. On any failure the
 * files already stored are removed.
 */
export async function readMultipart(
  request: FastifyRequest,
  storage: FileStorage,
  policies: Record<string, UploadPolicy>,
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      assertCleanInput(part.fieldname, '_');
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
        const value = String(part.value ?? '');
        assertCleanInput(value, part.fieldname);
        form.fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    await discardFiles(storage, form.files);
    throw malformedMultipart(err);
  }
  return form;
}

/**
 * What the multipart parser throws about the body itself (no boundary, a body cut off, too many parts) becomes a
 * client error in Portuguese; our own refusals and storage failures pass unchanged.
 */
export function malformedMultipart(err: unknown): unknown {
  if (err instanceof AppError || !(err instanceof Error)) return err;
  // A failing disk is ours to fix (5xx): system errors carry a syscall.
  if ('syscall' in err) return err;
  const code = (err as { code?: unknown }).code;
  // Not multipart at all (JSON sent to an upload route): @fastify/multipart's 406, with its own code (issue 9).
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(406, ErrorCode.NotAcceptable, messages.notMultipart);
  }
  if (typeof code === 'string' && /^FST_(PARTS|FILES|FIELDS)_LIMIT$/.test(code)) {
    return new AppError(413, ErrorCode.PayloadTooLarge, uploadMessages.tooManyParts);
  }
  return new AppError(400, ErrorCode.BadRequest, uploadMessages.malformed);
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
