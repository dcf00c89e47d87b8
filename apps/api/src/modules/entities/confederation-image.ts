import { messages } from '@origem/contract/messages.pt';
import { type ConfederationInput, entityMessages } from '@origem/contract/schemas/entities';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { countries, storedFiles } from '../../db/schema';
import { FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { LOGO_OWNER } from './logos';

/**
 * What only confederations have: a country, and an image uploaded ahead of the record (SPEC §7) and referenced by
 * the save.
 */

/** Images uploaded ahead of the record (POST /v2/confederation/image/upload), one per user until used. */
export const PENDING_IMAGE_OWNER = 'pending.confederation_image';

const owner = (id: number) => ({ type: LOGO_OWNER.confederation, id });

export async function assertCountry(tx: Executor, _actor: Actor, id: number) {
  const [row] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  if (!row) throw fieldError('country_id', messages.field.invalidOption);
}

/** The image `userId` uploaded under `key`, if still waiting for its record. */
async function findPendingImage(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.owner_type, PENDING_IMAGE_OWNER),
        eq(storedFiles.owner_id, userId),
        eq(storedFiles.storage_key, key),
      ),
    )
    .for('update');
  return row ?? null;
}

/**
 * SPEC §7: the image is uploaded first and referenced by the save. Each user has at most one image waiting: a
 * new upload replaces (and removes) the previous one, so abandoned uploads do not pile up.
 */
export async function uploadImage(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  file: ReceivedFile | undefined,
) {
  if (!file) throw fieldError('file', entityMessages.imageMissing);
  const stored = await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const row = await changes.attach(tx, file, { type: PENDING_IMAGE_OWNER, id: actor.id }, actor.id);
      await recordAudit(tx, ctx, {
        event: 'uploaded',
        type: 'confederation_image',
        id: row.id,
        new: { name: row.original_name, mime_type: row.mime_type, size: row.size },
      });
      return row;
    }),
  );
  return {
    file: stored.storage_key,
    name: stored.original_name,
    mime_type: stored.mime_type,
    size: stored.size,
  };
}

/** Puts the referenced upload in place of the current image (removed after commit), or removes the image. */
export async function applyImage(
  tx: Tx,
  changes: FileChanges,
  actor: Actor,
  id: number,
  input: ConfederationInput,
): Promise<{ before: string | null; after: string | null }> {
  const current = await findOwnerFile(tx, owner(id));
  const before = current?.original_name ?? null;
  if (input.confederation_image) {
    const pending = await findPendingImage(tx, actor.id, input.confederation_image);
    if (!pending) throw fieldError('confederation_image', entityMessages.imageExpired);
    await changes.detachAll(tx, owner(id));
    // The blob stays where it is: the pending upload is handed to its confederation.
    await tx
      .update(storedFiles)
      .set({ owner_type: LOGO_OWNER.confederation, owner_id: id })
      .where(eq(storedFiles.id, pending.id));
    return { before, after: pending.original_name };
  }
  if (input.remove_image && current) {
    await changes.detachAll(tx, owner(id));
    return { before, after: null };
  }
  return { before, after: before };
}
