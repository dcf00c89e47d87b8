import { AUDIT_EVENT_LABELS, AUDITABLE_TYPE_LABELS, type AuditFilter } from '@origem/contract/schemas/audit';
import { and, asc, count, desc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { audits, roles, users } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { likePattern, pageWindow } from '../../lib/paging';
import { entityScope } from '../../lib/scope';

/** An actor reads the audit trail of the users in its scope (its association, its federation, or all). */
function scopeCondition(actor: Actor): SQL | undefined {
  const scope = entityScope(actor, {
    tradeAssociationId: users.trade_association_id,
    federationId: users.federation_id,
  });
  return scope ?? undefined;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function auditConditions(actor: Actor, f: AuditFilter): SQL | undefined {
  // Dates are days in Brasília time: "até 10/03" includes the whole of that day.
  return and(
    scopeCondition(actor),
    f.start_date ? gte(audits.created_at, sql`${`${f.start_date}T00:00:00-03:00`}::timestamptz`) : undefined,
    f.end_date
      ? lt(audits.created_at, sql`${`${nextDay(f.end_date)}T00:00:00-03:00`}::timestamptz`)
      : undefined,
    f.user_id ? eq(audits.user_id, f.user_id) : undefined,
    f.ip_address ? sql`${audits.ip_address} like ${likePattern(f.ip_address)}` : undefined,
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

export async function listAudits(db: Executor, actor: Actor, f: AuditFilter & { page: number }) {
  const where = auditConditions(actor, f);
  const { limit, offset } = pageWindow(f.page);
  const rows = await entries(db)
    .where(where)
    .orderBy(desc(audits.created_at), desc(audits.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(audits)
    .leftJoin(users, eq(users.id, audits.user_id))
    .where(where);
  return { rows: rows.map(toEntry), total: total?.n ?? 0 };
}

/**
 * Keyset batches for the CSV export: newest first in the list's order (created_at, then id), never the whole table
 * in memory. The cursor is the last row's id; its exact timestamp is read back in SQL, so no precision is lost.
 */
export function auditBatch(db: Executor, actor: Actor, f: AuditFilter, afterId: number | null, size: number) {
  const cursor = afterId
    ? sql`(${audits.created_at}, ${audits.id}) < (select c.created_at, c.id from audits c where c.id = ${afterId})`
    : undefined;
  return entries(db)
    .where(and(auditConditions(actor, f), cursor))
    .orderBy(desc(audits.created_at), desc(audits.id))
    .limit(size);
}

function scopedAudits(db: Executor, actor: Actor) {
  return { from: db, scope: scopeCondition(actor) };
}

export async function distinctTypes(db: Executor, actor: Actor) {
  const { scope } = scopedAudits(db, actor);
  const rows = await db
    .selectDistinct({ type: audits.auditable_type })
    .from(audits)
    .leftJoin(users, eq(users.id, audits.user_id))
    .where(scope)
    .orderBy(asc(audits.auditable_type));
  return rows.map((r) => ({ id: r.type, name: AUDITABLE_TYPE_LABELS[r.type] ?? r.type }));
}

export async function distinctEvents(db: Executor, actor: Actor) {
  const rows = await db
    .selectDistinct({ event: audits.event })
    .from(audits)
    .leftJoin(users, eq(users.id, audits.user_id))
    .where(scopeCondition(actor))
    .orderBy(asc(audits.event));
  return rows.map((r) => ({ id: r.event, name: AUDIT_EVENT_LABELS[r.event] ?? r.event }));
}

export async function distinctIps(db: Executor, actor: Actor) {
  const rows = await db
    .selectDistinct({ ip: audits.ip_address })
    .from(audits)
    .leftJoin(users, eq(users.id, audits.user_id))
    .where(and(scopeCondition(actor), isNotNull(audits.ip_address)))
    .orderBy(asc(audits.ip_address));
  return rows.map((r) => ({ id: r.ip ?? '', name: r.ip ?? '' }));
}

export async function auditedUsers(db: Executor, actor: Actor) {
  const rows = await db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(audits)
    .innerJoin(users, eq(users.id, audits.user_id))
    .where(scopeCondition(actor))
    .orderBy(asc(users.name));
  return rows;
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
    .leftJoin(users, eq(users.id, audits.user_id))
    .where(and(scopeCondition(actor), eq(audits.auditable_type, type), isNotNull(audits.auditable_id)))
    .groupBy(audits.auditable_id)
    .orderBy(asc(audits.auditable_id))
    .limit(1000);
  return rows.map((r) => ({ id: r.id ?? 0, name: r.label ? `#${r.id} — ${r.label}` : `#${r.id}` }));
}
