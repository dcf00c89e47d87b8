import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { loadSigning } from '../../documents/signing/load';
import { findOwnerFile, type StoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import { conflict } from '../../lib/errors';

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
 * `print-signed`: the PDF `render` makes, with the server's PAdES signature (the entity seal, seal.ts) made now, in
 * memory, at the issuing association's place; 409 with `noSeal` when the server has no seal.
 */
export async function sealedPdf(
  config: Config,
  render: () => Promise<Buffer>,
  reason: string,
  association: { city: string | null; state: string | null },
  noSeal: string,
): Promise<Buffer> {
  const { sealPdf } = await loadSigning();
  const sealed = await sealPdf(config, render, {
    reason,
    location: [association.city, association.state].filter(Boolean).join(' - ') || undefined,
    at: new Date(),
  });
  if (!sealed) throw conflict(noSeal);
  return sealed;
}
