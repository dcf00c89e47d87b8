import { TYPE_AHEAD_SIZE } from '@origem/contract/paging';
import { AUDIT_TIME_ZONE, type AuditFilter, type AuditListQuery } from '@origem/contract/schemas/audit';
import { and, asc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { audits, roles, users } from '../../db/schema';
import { withinBrasiliaDays } from '../../lib/brasilia-days';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import {
  containsFolded,
  keysetOrder,
  mapPage,
  paginate,
  prefixPattern,
  TYPE_AHEAD_PAGE,
} from '../../lib/paging';
import { entityScope, trailScope } from '../../lib/scope';
import type { KeysetQuery, TextRow } from '../../lib/stream-rows';
import { recordNameSql } from './names';

/** The users whose trail the actor reads: its association's, its federation's, or all. */
function userScope(actor: Actor): SQL | undefined {
  const scope = entityScope(actor, {
    tradeAssociationId: users.trade_association_id,
    federationId: users.federation_id,
  });
  return scope ?? undefined;
}

/** The trail's own scope columns (`trailScope`): its indexes end with (created_at, id) like the list's order. */
function scopeCondition(actor: Actor): SQL | undefined {
  return (
    trailScope(actor, {
      tradeAssociationId: audits.trade_association_id,
      federationId: audits.federation_id,
    }) ?? undefined
  );
}

/**
 * "Starts with": a whole address or its first octets. audits_ip_idx compares byte by byte (varchar_pattern_ops),
 * so it serves the prefix in any database locale, and counts without reading the table.
 */
function ipSearch(f: AuditFilter): SQL | undefined {
  return f.ip_address ? sql`${audits.ip_address} like ${prefixPattern(f.ip_address)}` : undefined;
}

/** Scope, dates and the exact filters (the address is `ipSearch`). */
export function auditConditions(actor: Actor, f: AuditFilter): SQL | undefined {
  // Dates are days in Brasília time: "até 10/03" includes the whole of that day.
  return and(
    scopeCondition(actor),
    withinBrasiliaDays(audits.created_at, f.start_date, f.end_date),
    f.user_id ? eq(audits.user_id, f.user_id) : undefined,
    f.event ? eq(audits.event, f.event) : undefined,
    f.auditable_type ? eq(audits.auditable_type, f.auditable_type) : undefined,
    f.auditable_id ? eq(audits.auditable_id, f.auditable_id) : undefined,
  );
}

const entryColumns = {
  id: audits.id,
  event: audits.event,
  auditable_type: audits.auditable_type,
  auditable_id: audits.auditable_id,
  old_values: audits.old_values,
  new_values: audits.new_values,
  url: audits.url,
  ip_address: audits.ip_address,
  user_agent: audits.user_agent,
  created_at: audits.created_at,
  user_id: users.id,
  user_name: users.name,
  user_cpf: users.cpf,
  user_email: users.email,
  role_id: roles.id,
  role_name: roles.name,
  role_display_name: roles.display_name,
  role_type: roles.type,
};

function entries(db: Executor) {
  return db
    .select(entryColumns)
    .from(audits)
    .leftJoin(users, eq(users.id, audits.user_id))
    .leftJoin(roles, eq(roles.id, users.role_id));
}
export type AuditRow = Awaited<ReturnType<typeof entries>>[number];

export function toEntry(row: AuditRow) {
  return {
    id: row.id,
    user:
      row.user_id && row.user_name && row.user_email && row.role_id
        ? {
            id: row.user_id,
            name: row.user_name,
            cpf: row.user_cpf,
            email: row.user_email,
            role: {
              id: row.role_id,
              name: row.role_name ?? '',
              display_name: row.role_display_name ?? '',
              type: row.role_type ?? '',
            },
            system_origin: { id: 1, system: 'Origem' },
          }
        : null,
    auditable_type: row.auditable_type,
    auditable_id: row.auditable_id,
    old_values: row.old_values ?? null,
    new_values: row.new_values ?? null,
    url: row.url,
    ip_address: row.ip_address,
    user_agent: row.user_agent,
    event: row.event,
    created_at: row.created_at.toISOString(),
  };
}

/** Newest first; keyset-paged on audits_created_idx (or the filter's index that ends with created_at, id). */
const newestFirst = keysetOrder(audits, 'desc', [audits.created_at], audits.id);

export async function listAudits(db: Executor, actor: Actor, f: AuditListQuery) {
  const page = await paginate(db, f, {
    where: auditConditions(actor, f),
    search: ipSearch(f),
    order: newestFirst,
    rows: (where) => entries(db).where(where).$dynamic(),
    ids: (where) => db.select({ id: audits.id }).from(audits).where(where).$dynamic(),
  });
  return mapPage(page, toEntry);
}

/** The columns of an entry as the CSV export reads them, in its statement's order. */
export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'event',
  'auditable_type',
  'auditable_id',
  'old_values',
  'new_values',
  'url',
  'ip_address',
  'user_agent',
  'created_at',
  'user_id',
  'user_name',
  'user_email',
  'role_id',
  'role_display_name',
  'record_name',
] as const;

/**
 * An entry as the CSV export reads it: every value as text (null for NULL), the JSON as PostgreSQL writes it (never
 * parsed into objects to be stringified again), the time already in Brasília ('DD/MM/YYYY HH:MM:SS'), the current
 * name of its record.
 */
export type AuditExportRow = TextRow<(typeof AUDIT_EXPORT_COLUMNS)[number]>;

/**
 * The CSV export's rows, newest first in the list's order (created_at, then id), for openTextRows: a COPY on
 * PostgreSQL, keyset batches on PGlite (`after` is the last row; its exact timestamp is read back in SQL, so no
 * precision is lost). The time is formatted by the database, as formatAuditDateTime would (seconds truncated).
 */
export function auditExport(actor: Actor, f: AuditFilter): KeysetQuery<AuditExportRow> {
  const a = audits;
  return (after) => {
    const cursor = after
      ? sql`(${a.created_at}, ${a.id}) < (select c.created_at, c.id from audits c where c.id = ${after.id})`
      : undefined;
    return sql`select ${a.id}::text as id, ${a.event} as event, ${a.auditable_type} as auditable_type,
                      ${a.auditable_id}::text as auditable_id, ${a.old_values}::text as old_values,
                      ${a.new_values}::text as new_values, ${a.url} as url, ${a.ip_address} as ip_address,
                      ${a.user_agent} as user_agent,
                      to_char(${a.created_at} at time zone ${AUDIT_TIME_ZONE}, 'DD/MM/YYYY HH24:MI:SS') as created_at,
                      ${users.id}::text as user_id, ${users.name} as user_name, ${users.email} as user_email,
                      ${roles.id}::text as role_id, ${roles.display_name} as role_display_name,
                      ${recordNameSql(a.auditable_type, a.auditable_id)} as record_name
                 from ${a}
                 left join ${users} on ${users.id} = ${a.user_id}
                 left join ${roles} on ${roles.id} = ${users.role_id}
                where ${and(auditConditions(actor, f), ipSearch(f), cursor) ?? sql`true`}
                order by ${a.created_at} desc, ${a.id} desc`;
  };
}

/**
 * The 'Usuário' filter's type-ahead: users of the actor's scope (deleted ones too: their actions stay in the
 * trail) whose name or e-mail contains `search` (users_name_search_trgm_idx, users_email_search_trgm_idx), or the
 * one `id`.
 */
export async function auditUserOptions(db: Executor, actor: Actor, f: { search?: string; id?: number }) {
  const page = await paginate(db, TYPE_AHEAD_PAGE, {
    where: and(userScope(actor), f.id ? eq(users.id, f.id) : undefined),
    search: f.search
      ? or(containsFolded(users.name_search, f.search), containsFolded(users.email_search, f.search))
      : undefined,
    containsText: true,
    order: keysetOrder(users, 'asc', [humanOrder(users.name)], users.id),
    rows: (where) =>
      db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(where).$dynamic(),
    ids: (where) => db.select({ id: users.id }).from(users).where(where).$dynamic(),
  });
  return page.data;
}

/**
 * The 'Endereço IP' filter's type-ahead: the first distinct addresses of the actor's trail that start with
 * `search`. A loose index scan on audits_ip_idx (each step jumps to the next address greater than the last one),
 * so twenty addresses cost twenty index probes, however many rows each address has.
 */
export async function auditIpOptions(db: Executor, actor: Actor, search: string | undefined) {
  const ip = audits.ip_address;
  const matching = and(sql`${ip} like ${prefixPattern(search ?? '')}`, scopeCondition(actor));
  // ~>~ and ~<~ are the byte-wise comparisons of varchar_pattern_ops, the operators audits_ip_idx is ordered by.
  const rows = await queryRows<{ ip: string }>(
    db,
    sql`with recursive found(ip) as (
          (select ${ip} from ${audits} where ${matching} order by ${ip} using ~<~ limit 1)
          union all
          select (select ${ip} from ${audits} where ${matching} and ${ip} ~>~ found.ip order by ${ip} using ~<~ limit 1)
            from found where found.ip is not null
        )
        select ip from found where ip is not null limit ${TYPE_AHEAD_SIZE}`,
  );
  return rows.map((r) => ({ id: r.ip, name: r.ip }));
}

/** The records of one type that appear in the trail, labelled by their last known name. */
export async function auditedRecords(db: Executor, actor: Actor, type: string) {
  // The name in the newest row that carries one (an alphabetical max() would pick any of its past names).
  const name = sql`coalesce(${audits.new_values}->>'name', ${audits.old_values}->>'name', ${audits.new_values}->>'display_name')`;
  const label = sql<
    string | null
  >`(array_agg(${name} order by ${audits.id} desc) filter (where ${name} is not null))[1]`;
  const rows = await db
    .select({ id: audits.auditable_id, label })
    .from(audits)
    .where(and(scopeCondition(actor), eq(audits.auditable_type, type), isNotNull(audits.auditable_id)))
    .groupBy(audits.auditable_id)
    .orderBy(asc(audits.auditable_id))
    .limit(1000);
  return rows.map((r) => ({ id: r.id ?? 0, name: r.label ? `#${r.id} — ${r.label}` : `#${r.id}` }));
}
