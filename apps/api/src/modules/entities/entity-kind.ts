import type { EntityListQuery } from '@origem/contract/schemas/entities';
import { and, asc, count, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { ZodType } from 'zod';
import type { Executor, Tx } from '../../db/client';
import type { confederations, federations, tradeAssociations } from '../../db/schema';
import { storedFiles, users } from '../../db/schema';
import type { FileChanges } from '../../files/records';
import type { ReceivedFile } from '../../files/upload';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import { keysetOrder, likePattern, mapPage, paginate } from '../../lib/paging';
import { LOGO_OWNER } from './logos';

/**
 * One level of the entity hierarchy (DOMAIN.md §1) declared as data: its table, the joins of its view, who reaches
 * it, the parent it hangs from, what keeps it from being deleted and its messages. The service, queries and routes
 * are written once over this definition; what only one kind does (an association's fees, user and EHId, the
 * confederation's image uploaded ahead) comes in as small hooks.
 */
export type EntityTable = typeof confederations | typeof federations | typeof tradeAssociations;
export type EntityKindName = keyof typeof LOGO_OWNER;
export type Stored<T extends EntityTable> = T['$inferSelect'];
export type Values<T extends EntityTable> = Omit<T['$inferInsert'], 'id' | 'created_at' | 'updated_at'>;
type ImageChange = { before: string | null; after: string | null };

export type EntityKind<T extends EntityTable, Row, View, Input, Detail extends object = object> = {
  kind: EntityKindName;
  /** `audits.auditable_type`. */
  auditType: string;
  table: T;
  /** The save's body. */
  input: ZodType<Input>;
  /** The view's query: the table with its joins (parent name, counts, logo), one row per record. */
  select: (db: Executor) => { where(where: SQL | undefined): PromiseLike<Row[]> & { $dynamic(): PgSelect } };
  toView: (row: Row) => View;
  /** What the detail adds to the view (an association's fees). */
  detail?: (db: Executor, id: number) => Promise<Detail>;
  /** The list's name filter also finds these columns. */
  searchColumns: AnyPgColumn[];
  scope: (actor: Actor) => SQL | undefined;
  /** The `/all` select's rows and scope (the list scope unless said). */
  optionColumns: Record<string, AnyPgColumn>;
  optionScope?: (actor: Actor) => SQL | undefined;
  /** Columns an input that omits them leaves as they are. */
  keepWhenOmitted?: string[];
  parent: {
    field: keyof Values<T> & string;
    /** Refuses (422 on `field`) a parent that does not exist or that the actor does not reach. */
    check: (tx: Executor, actor: Actor, id: number) => Promise<unknown>;
    /** The record moved to another parent: whatever hangs below it follows (users keep their place denormalised). */
    onMove?: (tx: Executor, id: number, parentId: number | null, parent: unknown) => Promise<void>;
  };
  /** Other checks of a save; the step returned runs after the row is written (an association's fees). */
  prepare?: (
    tx: Executor,
    actor: Actor,
    input: Input,
    before: Stored<T> | null,
  ) => Promise<((id: number) => Promise<void>) | undefined>;
  /** Values the audit trail shows beside the columns (an association's fee table). */
  auditExtras?: (tx: Executor, id: number) => Promise<Record<string, unknown>>;
  image: {
    /** The key of the logo in the audit trail. */
    auditKey: string;
    /** Puts the chosen logo in place (or removes it) and says its name before and after. */
    apply: (
      tx: Tx,
      changes: FileChanges,
      actor: Actor,
      id: number,
      input: Input,
      file: ReceivedFile | undefined,
    ) => Promise<ImageChange>;
    /** Logos of this kind are public branding (no session, no scope). */
    public?: boolean;
  };
  usage: {
    /** The records one level below, by their parent column. */
    children?: AnyPgColumn;
    /** `users` column placing a user in this entity. */
    users: AnyPgColumn;
    message: (children: number, users: { live: number; deleted: number }) => string;
  };
  /** A save may lose a race a check passed; the database's constraint answers as the check would have. */
  race?: <R>(work: Promise<R>) => Promise<R>;
  deletedMessage: string;
};

// biome-ignore lint/suspicious/noExplicitAny: the definitions are checked where they are declared
export type AnyEntityKind = EntityKind<EntityTable, any, any, any, any>;

export const logoOwner = (kind: EntityKindName, id: number) => ({ type: LOGO_OWNER[kind], id });

/** The view's logo: a `stored_files` alias joined on the owner, and its columns. */
export function logoOf(kind: EntityKindName, alias_: string, id: AnyPgColumn) {
  const logo = alias(storedFiles, alias_);
  return {
    table: logo,
    join: and(eq(logo.owner_type, LOGO_OWNER[kind]), eq(logo.owner_id, id)) as SQL,
    columns: {
      logo_id: logo.id,
      logo_name: logo.original_name,
      logo_mime: logo.mime_type,
      logo_size: logo.size,
      logo_created_at: logo.created_at,
    },
  };
}

type Plain<R> = { [K in keyof R]: R[K] extends Date ? string : R[K] };

/** The record's own columns of a view row, timestamps as ISO text. */
export function ownFields<T extends EntityTable>(table: T, row: Stored<T>): Plain<Stored<T>> {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(getTableColumns(table))) {
    const value = (row as Record<string, unknown>)[key];
    fields[key] = value instanceof Date ? value.toISOString() : value;
  }
  return fields as Plain<Stored<T>>;
}

/** The column values of an input: every editable column, as the input gives it. */
export function valuesOf<T extends EntityTable>(def: AnyEntityKind, input: object): Values<T> {
  const values: Record<string, unknown> = {};
  const given = input as Record<string, unknown>;
  for (const key of Object.keys(getTableColumns(def.table))) {
    if (key === 'id' || key === 'created_at' || key === 'updated_at') continue;
    if (given[key] === undefined && def.keepWhenOmitted?.includes(key)) continue;
    values[key] = given[key];
  }
  return values as Values<T>;
}

// ------------------------------------------------------------------ queries

function nameFilter(def: AnyEntityKind, name: string | undefined): SQL | undefined {
  if (!name) return undefined;
  const pattern = likePattern(name);
  return sql`(${sql.join(
    def.searchColumns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  )})`;
}

export async function pageEntities(db: Executor, def: AnyEntityKind, actor: Actor, query: EntityListQuery) {
  const { table } = def;
  const page = await paginate(db, query, {
    where: and(def.scope(actor), nameFilter(def, query.name)),
    order: keysetOrder(table, 'asc', [humanOrder(table.name)], table.id),
    rows: (where) => def.select(db).where(where).$dynamic(),
    ids: (where) => db.select({ id: table.id }).from(table).where(where).$dynamic(),
  });
  return mapPage(page, def.toView);
}

export async function findEntity(db: Executor, def: AnyEntityKind, actor: Actor, id: number) {
  const [row] = await def.select(db).where(and(def.scope(actor), eq(def.table.id, id)));
  return row ? def.toView(row) : null;
}

export function entityOptions(db: Executor, def: AnyEntityKind, actor: Actor) {
  const { table } = def;
  return db
    .select(def.optionColumns)
    .from(table)
    .where((def.optionScope ?? def.scope)(actor))
    .orderBy(asc(humanOrder(table.name)))
    .limit(1000);
}

/** The stored row, locked for the rest of the transaction (two edits of one record queue up). */
export async function lockEntity(db: Executor, def: AnyEntityKind, id: number) {
  const [row] = await db.select().from(def.table).where(eq(def.table.id, id)).for('update');
  return row ?? null;
}

export async function insertEntity(db: Executor, def: AnyEntityKind, values: object): Promise<number> {
  const [row] = await db
    .insert(def.table)
    .values(values as typeof def.table.$inferInsert)
    .returning({ id: def.table.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateEntity(db: Executor, def: AnyEntityKind, id: number, values: object) {
  await db
    .update(def.table)
    .set(values as typeof def.table.$inferInsert)
    .where(eq(def.table.id, id));
}

export async function deleteEntity(db: Executor, def: AnyEntityKind, id: number) {
  await db.delete(def.table).where(eq(def.table.id, id));
}

async function countWhere(db: Executor, table: EntityTable | typeof users, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** What still belongs to the record: the level below, and its users (deleted ones are kept for history). */
export async function entityUsage(db: Executor, def: AnyEntityKind, id: number) {
  const { children, users: userColumn } = def.usage;
  const childTable = children ? (children.table as EntityTable) : null;
  return {
    children: childTable && children ? await countWhere(db, childTable, eq(children, id)) : 0,
    users: {
      live: await countWhere(db, users, and(eq(userColumn, id), isNull(users.deleted_at))),
      deleted: await countWhere(db, users, and(eq(userColumn, id), isNotNull(users.deleted_at))),
    },
  };
}
