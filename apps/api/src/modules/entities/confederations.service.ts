import { messages } from '@origem/contract/messages.pt';
import {
  type ConfederationInput,
  type EntityListQuery,
  entityMessages,
} from '@origem/contract/schemas/entities';
import type { Database, Executor, Tx } from '../../db/client';
import { FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { conflict, fieldError, isForeignKeyViolation, notFound } from '../../lib/errors';
import { toPage } from '../../lib/paging';
import { assertMayCreateOrDelete } from './authority';
import * as q from './confederations.queries';
import { LOGO_OWNER } from './logos';

const owner = (id: number) => ({ type: LOGO_OWNER.confederation, id });

export async function listConfederations(db: Database, actor: Actor, query: EntityListQuery) {
  const { rows, total } = await q.pageConfederations(db, actor, query);
  return toPage(rows, total, query.page);
}

/** For the user form's select: the administrator gets all, everyone else only its own confederation. */
export async function allConfederations(db: Database, actor: Actor) {
  return { data: await q.allConfederations(db, actor) };
}

export async function getConfederation(db: Executor, actor: Actor, id: number) {
  const confederation = await q.findConfederation(db, actor, id);
  if (!confederation) throw notFound();
  return confederation;
}

/** The image of a confederation the actor reaches (404 otherwise, or when it has none). */
export async function confederationImage(db: Database, actor: Actor, id: number) {
  await getConfederation(db, actor, id);
  return findOwnerFile(db, owner(id));
}

function valuesOf(input: ConfederationInput): q.ConfederationValues {
  return {
    confederation_code: input.confederation_code,
    name: input.name,
    abbreviation: input.abbreviation,
    cnpj: input.cnpj,
    email: input.email,
    phone: input.phone,
    fax: input.fax,
    url: input.url,
    postcode: input.postcode,
    address: input.address,
    number: input.number,
    complement: input.complement,
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state,
    country_id: input.country_id,
  };
}

async function assertCountry(tx: Executor, id: number | null | undefined) {
  if (id && !(await q.countryExists(tx, id))) throw fieldError('country_id', messages.field.invalidOption);
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
      const row = await changes.attach(tx, file, { type: q.PENDING_IMAGE_OWNER, id: actor.id }, actor.id);
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
async function applyImage(
  tx: Tx,
  changes: FileChanges,
  actor: Actor,
  id: number,
  input: ConfederationInput,
): Promise<{ before: string | null; after: string | null }> {
  const current = await findOwnerFile(tx, owner(id));
  const before = current?.original_name ?? null;
  if (input.confederation_image) {
    const pending = await q.findPendingImage(tx, actor.id, input.confederation_image);
    if (!pending) throw fieldError('confederation_image', entityMessages.imageExpired);
    await changes.detachAll(tx, owner(id));
    await q.adoptImage(tx, pending.id, id);
    return { before, after: pending.original_name };
  }
  if (input.remove_image && current) {
    await changes.detachAll(tx, owner(id));
    return { before, after: null };
  }
  return { before, after: before };
}

export async function createConfederation(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  input: ConfederationInput,
) {
  assertMayCreateOrDelete(actor, 'confederation');
  const id = await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      await assertCountry(tx, input.country_id);
      const values = valuesOf(input);
      const created = await q.insertConfederation(tx, values);
      const image = await applyImage(tx, changes, actor, created, input);
      await recordAudit(tx, ctx, {
        event: 'created',
        type: 'confederation',
        id: created,
        new: { ...values, confederation_image: image.after },
      });
      return created;
    }),
  );
  return getConfederation(db, actor, id);
}

export async function updateConfederation(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: ConfederationInput,
) {
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      if (!(await q.findConfederation(tx, actor, id))) throw notFound();
      const before = await q.lockConfederation(tx, id);
      if (!before) throw notFound();
      const values = valuesOf(input);
      if (values.country_id !== before.country_id) await assertCountry(tx, values.country_id);
      await q.updateConfederation(tx, id, values);
      const image = await applyImage(tx, changes, actor, id, input);
      const diff = changedValues(
        { ...before, confederation_image: image.before },
        { ...values, confederation_image: image.after },
      );
      await recordAudit(tx, ctx, {
        event: 'updated',
        type: 'confederation',
        id,
        old: diff.old,
        new: diff.new,
      });
    }),
  );
  return getConfederation(db, actor, id);
}

/** Refused (409, nothing changed) while federations or users belong to the confederation. */
export async function deleteConfederation(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
) {
  assertMayCreateOrDelete(actor, 'confederation');
  try {
    await new FileChanges(files).run((changes) =>
      db.transaction(async (tx) => {
        if (!(await q.findConfederation(tx, actor, id))) throw notFound();
        const before = await q.lockConfederation(tx, id);
        if (!before) throw notFound();
        const usage = await q.confederationUsage(tx, id);
        if (usage.federations > 0 || usage.users.live > 0 || usage.users.deleted > 0) {
          throw conflict(entityMessages.confederationInUse(usage.federations, usage.users));
        }
        const image = await findOwnerFile(tx, owner(id));
        await changes.detachAll(tx, owner(id));
        await q.deleteConfederation(tx, id);
        await recordAudit(tx, ctx, {
          event: 'deleted',
          type: 'confederation',
          id,
          old: { ...before, confederation_image: image?.original_name ?? null },
        });
      }),
    );
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(entityMessages.inUse);
    throw err;
  }
  return { message: messages.success.confederationDeleted };
}
