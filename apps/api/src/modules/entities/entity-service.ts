import { type EntityListQuery, entityMessages } from '@origem/contract/schemas/entities';
import type { Database, Executor } from '../../db/client';
import { FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { conflict, isForeignKeyViolation, notFound } from '../../lib/errors';
import { assertMayCreateOrDelete } from './authority';
import {
  type AnyEntityKind,
  deleteEntity,
  type EntityKind,
  type EntityTable,
  entityOptions,
  entityUsage,
  findEntity,
  insertEntity,
  lockEntity,
  logoOwner,
  pageEntities,
  type Stored,
  updateEntity,
  valuesOf,
} from './entity-kind';

/**
 * The service of every entity kind: list, select options, detail, logo, create, update and delete, each write one
 * transaction with its audit row and its logo change (the blobs settle after commit).
 */
export function entityService<T extends EntityTable, Row, View, Input, Detail extends object>(
  kind: EntityKind<T, Row, View, Input, Detail>,
) {
  const def = kind as unknown as AnyEntityKind;
  const owner = (id: number) => logoOwner(def.kind, id);
  const race = <R>(work: Promise<R>) => (def.race ? def.race(work) : work);
  const extras = async (tx: Executor, id: number) => (def.auditExtras ? def.auditExtras(tx, id) : {});

  async function get(db: Executor, actor: Actor, id: number): Promise<View & Detail> {
    const view = (await findEntity(db, def, actor, id)) as View | null;
    if (!view) throw notFound();
    return { ...view, ...((await kind.detail?.(db, id)) as Detail) };
  }

  /** The parent's check, when the save names a new one; the returned step moves what hangs below. */
  async function checkParent(
    tx: Executor,
    actor: Actor,
    values: Record<string, unknown>,
    before: Stored<T> | null,
  ) {
    const { field, check, onMove } = def.parent;
    const parentId = (values[field] ?? null) as number | null;
    const moved = !before || parentId !== (before as Record<string, unknown>)[field];
    const parent = moved && parentId ? await check(tx, actor, parentId) : null;
    return async (id: number) => {
      if (before && moved) await onMove?.(tx, id, parentId, parent);
    };
  }

  async function create(
    db: Database,
    files: FileStorage,
    ctx: ServiceContext,
    actor: Actor,
    input: Input,
    file?: ReceivedFile,
  ) {
    assertMayCreateOrDelete(actor, def.kind);
    const id = await race(
      new FileChanges(files).run((changes) =>
        db.transaction(async (tx) => {
          const values = valuesOf(def, input as object);
          await checkParent(tx, actor, values, null);
          const after = await kind.prepare?.(tx, actor, input, null);
          const created = await insertEntity(tx, def, values);
          await after?.(created);
          const image = await kind.image.apply(tx, changes, actor, created, input, file);
          await recordAudit(tx, ctx, {
            event: 'created',
            type: def.auditType,
            id: created,
            new: { ...values, ...(await extras(tx, created)), [def.image.auditKey]: image.after },
          });
          return created;
        }),
      ),
    );
    return get(db, actor, id);
  }

  async function update(
    db: Database,
    files: FileStorage,
    ctx: ServiceContext,
    actor: Actor,
    id: number,
    input: Input,
    file?: ReceivedFile,
  ) {
    await race(
      new FileChanges(files).run((changes) =>
        db.transaction(async (tx) => {
          if (!(await findEntity(tx, def, actor, id))) throw notFound();
          const before = (await lockEntity(tx, def, id)) as Stored<T> | null;
          if (!before) throw notFound();
          const values = valuesOf(def, input as object);
          const moveBelow = await checkParent(tx, actor, values, before);
          const after = await kind.prepare?.(tx, actor, input, before);
          const extrasBefore = await extras(tx, id);
          await updateEntity(tx, def, id, values);
          await moveBelow(id);
          await after?.(id);
          const image = await kind.image.apply(tx, changes, actor, id, input, file);
          const diff = changedValues(
            { ...before, ...extrasBefore, [def.image.auditKey]: image.before },
            { ...values, ...(await extras(tx, id)), [def.image.auditKey]: image.after },
          );
          await recordAudit(tx, ctx, {
            event: 'updated',
            type: def.auditType,
            id,
            old: diff.old,
            new: diff.new,
          });
        }),
      ),
    );
    return get(db, actor, id);
  }

  /** Refused (409, nothing changed) while records or users belong to it. */
  async function remove(db: Database, files: FileStorage, ctx: ServiceContext, actor: Actor, id: number) {
    assertMayCreateOrDelete(actor, def.kind);
    try {
      await new FileChanges(files).run((changes) =>
        db.transaction(async (tx) => {
          if (!(await findEntity(tx, def, actor, id))) throw notFound();
          const before = await lockEntity(tx, def, id);
          if (!before) throw notFound();
          const usage = await entityUsage(tx, def, id);
          if (usage.children > 0 || usage.users.live > 0 || usage.users.deleted > 0) {
            throw conflict(def.usage.message(usage.children, usage.users));
          }
          const extrasBefore = await extras(tx, id);
          const image = await findOwnerFile(tx, owner(id));
          await changes.detachAll(tx, owner(id));
          await deleteEntity(tx, def, id);
          await recordAudit(tx, ctx, {
            event: 'deleted',
            type: def.auditType,
            id,
            old: { ...before, ...extrasBefore, [def.image.auditKey]: image?.original_name ?? null },
          });
        }),
      );
    } catch (err) {
      // Something else (added since the check, or another domain's table) still points at it.
      if (isForeignKeyViolation(err)) throw conflict(entityMessages.inUse);
      throw err;
    }
    return { message: def.deletedMessage };
  }

  return {
    kind,
    list: (db: Database, actor: Actor, query: EntityListQuery) => pageEntities(db, def, actor, query),
    /** For selects (the list's scope, or the kind's own option scope). */
    all: async (db: Database, actor: Actor) => ({ data: await entityOptions(db, def, actor) }),
    get,
    /** The logo: public branding for some kinds, otherwise only for who may see the record (404 as for it). */
    async logo(db: Database, actor: Actor | null, id: number) {
      if (!def.image.public) {
        if (!actor) throw notFound();
        await get(db, actor, id);
      }
      return findOwnerFile(db, owner(id));
    },
    create,
    update,
    remove,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any kind's service, for the routes written once for all
export type EntityService = ReturnType<typeof entityService<any, any, any, any, any>>;
