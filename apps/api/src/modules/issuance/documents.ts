import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { loadSigning } from '../../documents/signing/load';
import { findOwnerFile, type StoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import { conflict } from '../../lib/errors';
import { longTermServices, timestampUnavailable } from '../signatures/long-term';

/** A stored file's bytes, or null when the storage cannot read them (a document prints without it). */
export async function readBlob(files: FileStorage, file: StoredFile): Promise<Buffer | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await files.read(file.storage_key)) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

/** The issuing association's logo for the header, when it is a PNG or JPEG (what documents/pdf/pdf-image.ts reads). */
export async function associationLogo(db: Executor, files: FileStorage, associationId: number) {
  const logo = await findOwnerFile(db, { type: 'trade_association', id: associationId });
  if (!logo || !['image/png', 'image/jpeg'].includes(logo.mime_type)) return null;
  const bytes = await readBlob(files, logo);
  return bytes ? { bytes, mime: logo.mime_type } : null;
}

/**
 * `print-signed`: the PDF `render` makes, sealed now by the server (the entity seal, seal.ts) at the issuing
 * association's place, in memory: PAdES B-LTA (signature policy, signature timestamp, DSS with the chains and
 * revocation answers, document timestamp) with a time-stamping authority configured; without one, outside
 * production, the demonstration's baseline signature. 409 with `noSeal` when the server has no seal, 409 when
 * production has no authority or the seal was revoked, 503 when the authority does not answer.
 */
export async function sealedPdf(
  db: Database,
  config: Config,
  render: () => Promise<Buffer>,
  reason: string,
  association: { city: string | null; state: string | null },
  noSeal: string,
): Promise<Buffer> {
  const { sealPdf, SignatureRefused, TimestampUnavailable } = await loadSigning();
  const services = await longTermServices(db, config);
  if (!services && config.production) {
    throw conflict(
      'O servidor não tem uma autoridade de carimbo do tempo configurada (TSA_URL): a via assinada não pode ser emitida.',
    );
  }
  let sealed: Buffer | null;
  try {
    sealed = await sealPdf(
      config,
      render,
      {
        reason,
        location: [association.city, association.state].filter(Boolean).join(' - ') || undefined,
        at: new Date(),
      },
      services,
    );
  } catch (err) {
    if (err instanceof TimestampUnavailable) throw timestampUnavailable(err.message);
    if (err instanceof SignatureRefused)
      throw conflict(`O selo da entidade não pode assinar: ${err.message}`);
    throw err;
  }
  if (!sealed) throw conflict(noSeal);
  return sealed;
}
