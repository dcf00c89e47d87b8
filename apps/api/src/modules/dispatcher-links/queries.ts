import { dispatcherLinkFlow, openStates } from '@origem/contract/flows';
import { MAX_ALL_ROWS } from '@origem/contract/paging';
import type {
  DispatcherLinkListQuery,
  DispatcherLinkStatus,
  LinkedExportersQuery,
  LinkSide,
} from '@origem/contract/schemas/dispatcher-links';
import { and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import {
  dispatchers,
  exporters,
  dispatcherExporterLinks as links,
  tradeAssociations,
  users,
} from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import { keysetOrder, likePattern, lookup, type PageRequest, paginate } from '../../lib/paging';
import { dispatcherScope, exporterScope } from '../../lib/scope';

/**
 * The links the actor reaches (DOMAIN.md §2): an exporter's user its own exporter's, a dispatcher's user its own
 * dispatcher's (not, through its links, the links of its exporters), the hierarchy those of its associations.
 * `undefined` = every link.
 */
export function linkScope(actor: Actor): SQL | undefined {
  const columns = {
    exporterId: links.exporter_id,
    dispatcherId: links.dispatcher_id,
    tradeAssociationId: links.trade_association_id,
  };
  const scope =
    actor.roleType === 'despachante' ? dispatcherScope(actor, columns) : exporterScope(actor, columns);
  return scope ?? undefined;
}

const columns = {
  id: links.id,
  status: links.status,
  exporter_id: links.exporter_id,
  exporter_name: links.exporter_name,
  exporter_cpf: lookup(exporters.cpf, links.exporter_id),
  exporter_cnpj: lookup(exporters.cnpj, links.exporter_id),
  dispatcher_id: links.dispatcher_id,
  dispatcher_name: links.dispatcher_name,
  dispatcher_cpf: lookup(dispatchers.cpf, links.dispatcher_id),
  dispatcher_cnpj: lookup(dispatchers.cnpj, links.dispatcher_id),
  trade_association_id: links.trade_association_id,
  // A required foreign key: the name is always there.
  trade_association_name: sql<string>`${lookup(tradeAssociations.name, links.trade_association_id)}`,
  requested_by: links.requested_by,
  requested_by_user_id: links.requested_by_user_id,
  requested_by_user_name: lookup(users.name, links.requested_by_user_id),
  deletion_requested_by: links.deletion_requested_by,
  deletion_requested_by_user_id: links.deletion_requested_by_user_id,
  deletion_requested_by_user_name: lookup(users.name, links.deletion_requested_by_user_id),
  approved_at: links.approved_at,
  ended_at: links.ended_at,
  created_at: links.created_at,
  updated_at: links.updated_at,
};

function selectLinks(db: Executor) {
  return db.select(columns).from(links);
}

export type LinkRow = Awaited<ReturnType<typeof selectLinks>>[number];

const named = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

/** The API view of a row (without the actions, which depend on the reader). */
export function toLink(row: LinkRow) {
  return {
    id: row.id,
    status: row.status as DispatcherLinkStatus,
    exporter_id: row.exporter_id,
    exporter: {
      id: row.exporter_id,
      name: row.exporter_name,
      cpf: row.exporter_cpf,
      cnpj: row.exporter_cnpj,
    },
    dispatcher_id: row.dispatcher_id,
    dispatcher: {
      id: row.dispatcher_id,
      name: row.dispatcher_name,
      cpf: row.dispatcher_cpf,
      cnpj: row.dispatcher_cnpj,
    },
    trade_association_id: row.trade_association_id,
    trade_association: { id: row.trade_association_id, name: row.trade_association_name },
    requested_by: row.requested_by as LinkSide,
    requested_by_user: named(row.requested_by_user_id, row.requested_by_user_name),
    deletion_requested_by: row.deletion_requested_by as Exclude<LinkSide, 'association'> | null,
    deletion_requested_by_user: named(row.deletion_requested_by_user_id, row.deletion_requested_by_user_name),
    approved_at: row.approved_at?.toISOString() ?? null,
    ended_at: row.ended_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type LinkView = ReturnType<typeof toLink>;

/** Which list: the combined one (either side's tax id), or one side's (the other side's tax id). */
export type LinkListView = 'combined' | 'exporter' | 'dispatcher';

/** "Contains" on a party's CPF/CNPJ digits, served by the parties' *_cpf_trgm_idx / *_cnpj_trgm_idx. */
function partyTaxId(side: 'exporter' | 'dispatcher', column: 'cpf' | 'cnpj', digits: string): SQL {
  const table = side === 'exporter' ? exporters : dispatchers;
  const key = side === 'exporter' ? links.exporter_id : links.dispatcher_id;
  return sql`${key} in (select ${table.id} from ${table} where ${table[column]} like ${likePattern(digits)})`;
}

function taxIdSearch(
  view: LinkListView,
  column: 'cpf' | 'cnpj',
  digits: string | undefined,
): SQL | undefined {
  if (!digits) return undefined;
  if (view === 'exporter') return partyTaxId('dispatcher', column, digits);
  if (view === 'dispatcher') return partyTaxId('exporter', column, digits);
  return or(partyTaxId('exporter', column, digits), partyTaxId('dispatcher', column, digits));
}

/**
 * One page of links, exporter name then dispatcher name ascending (SPEC §9), keyset-paged on the order indexes
 * (alone, or after the scope's or the filter's column). Deleted links show only when asked for by status.
 */
export async function pageLinks(
  db: Executor,
  actor: Actor,
  query: Partial<DispatcherLinkListQuery> & PageRequest,
  view: LinkListView,
) {
  const status = query.status ?? query.dispatcher_exporter_link_flow_id;
  return paginate(db, query, {
    where: and(
      linkScope(actor),
      status ? eq(links.status, status) : ne(links.status, dispatcherLinkFlow.actions.remove.to),
      query.trade_association_id ? eq(links.trade_association_id, query.trade_association_id) : undefined,
    ),
    search: and(taxIdSearch(view, 'cpf', query.cpf), taxIdSearch(view, 'cnpj', query.cnpj)),
    containsText: true,
    order: keysetOrder(
      links,
      'asc',
      [humanOrder(links.exporter_name), humanOrder(links.dispatcher_name)],
      links.id,
    ),
    rows: (where) => selectLinks(db).where(where).$dynamic(),
    ids: (where) => db.select({ id: links.id }).from(links).where(where).$dynamic(),
  });
}

export async function findLink(db: Executor, actor: Actor | null, id: number): Promise<LinkRow | null> {
  const [row] = await selectLinks(db).where(and(actor ? linkScope(actor) : undefined, eq(links.id, id)));
  return row ?? null;
}

/** A live exporter or dispatcher, with what a link copies from it. */
export type PartyRow = { id: number; name: string; trade_association_id: number; email: string | null };

export async function findLiveParty(
  db: Executor,
  side: 'exporter' | 'dispatcher',
  id: number,
): Promise<PartyRow | null> {
  const table = side === 'exporter' ? exporters : dispatchers;
  const [row] = await db
    .select({
      id: table.id,
      name: table.name,
      trade_association_id: table.trade_association_id,
      email: table.email,
    })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deleted_at)));
  return row ?? null;
}

/** The pair's active link (not disapproved, not deleted), if any. */
export async function activeLinkId(
  db: Executor,
  exporterId: number,
  dispatcherId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: links.id })
    .from(links)
    .where(
      and(
        eq(links.exporter_id, exporterId),
        eq(links.dispatcher_id, dispatcherId),
        inArray(links.status, openStates(dispatcherLinkFlow)),
      ),
    );
  return row?.id ?? null;
}

export type LinkValues = Omit<typeof links.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export async function insertLink(tx: Executor, values: LinkValues): Promise<number> {
  const [row] = await tx.insert(links).values(values).returning({ id: links.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateLink(tx: Executor, id: number, values: Partial<LinkValues>): Promise<void> {
  await tx.update(links).set(values).where(eq(links.id, id));
}

export type Recipient = { email: string; name: string };

/**
 * Who hears about a link on one side: the live, active users of the exporter or dispatcher and the record's own
 * e-mail, each address once.
 */
export async function partyRecipients(
  db: Executor,
  side: 'exporter' | 'dispatcher',
  id: number,
): Promise<Recipient[]> {
  const table = side === 'exporter' ? exporters : dispatchers;
  const userColumn = side === 'exporter' ? users.exporter_id : users.dispatcher_id;
  const rows = await queryRows<Recipient>(
    db,
    sql`select ${users.email} as email, ${users.name} as name from ${users}
         where ${userColumn} = ${id} and ${users.deleted_at} is null and ${users.active}
        union all
        select ${table.email} as email, ${table.name} as name from ${table}
         where ${table.id} = ${id} and ${table.email} is not null`,
  );
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = row.email.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The dispatcher a user acts for (its `dispatcher_id`), if any. */
export async function dispatcherOfUser(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ dispatcher_id: users.dispatcher_id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  return row?.dispatcher_id ?? null;
}

/**
 * The exporters one dispatcher had an approved link with at some moment of the period (a link approved before its
 * end and not ended before its start), one entry per link, in exporter-name order; bounded like every `…/all`.
 */
export async function linkedExporters(db: Executor, dispatcherId: number, query: LinkedExportersQuery) {
  const brazilDay = (day: string) => sql`(${day}::date)::timestamp at time zone 'America/Sao_Paulo'`;
  const rows = await db
    .select({
      link_id: links.id,
      id: links.exporter_id,
      name: links.exporter_name,
      cpf: lookup<string>(exporters.cpf, links.exporter_id),
      cnpj: lookup<string>(exporters.cnpj, links.exporter_id),
      trade_association_id: links.trade_association_id,
      status: links.status,
      approved_at: links.approved_at,
      ended_at: links.ended_at,
    })
    .from(links)
    .where(
      and(
        eq(links.dispatcher_id, dispatcherId),
        sql`${links.approved_at} is not null`,
        query.end_date
          ? sql`${links.approved_at} < ${brazilDay(query.end_date)} + interval '1 day'`
          : undefined,
        query.start_date
          ? sql`(${links.ended_at} is null or ${links.ended_at} >= ${brazilDay(query.start_date)})`
          : undefined,
        query.name ? sql`${links.exporter_name} ilike ${likePattern(query.name)}` : undefined,
      ),
    )
    .orderBy(humanOrder(links.exporter_name), asc(links.id))
    .limit(MAX_ALL_ROWS);
  return rows.flatMap((row) =>
    row.approved_at
      ? [
          {
            id: row.id,
            name: row.name,
            cpf: row.cpf,
            cnpj: row.cnpj,
            trade_association_id: row.trade_association_id,
            link_id: row.link_id,
            status: row.status as DispatcherLinkStatus,
            approved_at: row.approved_at.toISOString(),
            ended_at: row.ended_at?.toISOString() ?? null,
          },
        ]
      : [],
  );
}

/** The links of an exporter or a dispatcher still in one of `states`. */
export async function openLinkIdsOf(
  db: Executor,
  side: 'exporter' | 'dispatcher',
  partyId: number,
  states: readonly string[],
): Promise<number[]> {
  const column = side === 'exporter' ? links.exporter_id : links.dispatcher_id;
  const rows = await db
    .select({ id: links.id })
    .from(links)
    .where(and(eq(column, partyId), inArray(links.status, [...states])));
  return rows.map((row) => row.id);
}
