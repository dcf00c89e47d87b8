import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { audits } from '../db/schema';
import type { ServiceContext } from './context';
import { tieKeyToRecord } from './idempotency';

export type AuditEntry = {
  event: string;
  type: string;
  id: number | null;
  old?: Record<string, unknown> | null;
  new?: Record<string, unknown> | null;
  /** For events with no signed-in actor yet (login, password reset): who they concern. */
  userId?: number | null;
};

const SECRET_KEY = /password|token|secret|hash|recaptcha/i;
// Flags that merely mention a secret are safe and worth showing.
const NOT_SECRET = new Set(['change_password']);

/** Drops secrets and turns dates into ISO strings so the JSON columns hold only what may be shown. */
export function auditValues(
  values: Record<string, unknown> | null | undefined,
): Record<string, unknown> | null {
  if (!values) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if ((SECRET_KEY.test(key) && !NOT_SECRET.has(key)) || value === undefined) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** Only the keys that changed, on both sides: an update's audit row says what moved. */
export function changedValues(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { old: Record<string, unknown>; new: Record<string, unknown> } {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const a = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const b = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (key === 'updated_at' || JSON.stringify(a) === JSON.stringify(b)) continue;
    oldValues[key] = a;
    newValues[key] = b;
  }
  return { old: oldValues, new: newValues };
}

/** The trail's scope columns: where the user stands now, read in the same statement that writes the row. */
function placeOf(userId: number) {
  return {
    trade_association_id: sql<number>`(select u.trade_association_id from users u where u.id = ${userId})`,
    federation_id: sql<number>`(select coalesce(u.federation_id, ta.federation_id) from users u
      left join trade_associations ta on ta.id = u.trade_association_id where u.id = ${userId})`,
  };
}

/**
 * Writes the audit row inside the caller's transaction, so the change and its record commit together. Answers the
 * row's id.
 */
export async function recordAudit(tx: Tx, ctx: ServiceContext, entry: AuditEntry): Promise<number> {
  const userId = entry.userId !== undefined ? entry.userId : (ctx.actor?.id ?? null);
  const [row] = await tx
    .insert(audits)
    .values({
      user_id: userId,
      ...(userId ? placeOf(userId) : {}),
      event: entry.event,
      auditable_type: entry.type,
      auditable_id: entry.id,
      old_values: auditValues(entry.old),
      // A call made with a personal API token says which one (issue 25).
      new_values: ctx.apiToken
        ? { ...auditValues(entry.new), via_api: ctx.apiToken.name }
        : auditValues(entry.new),
      url: ctx.meta.url.slice(0, 1024),
      ip_address: ctx.meta.ip,
      user_agent: ctx.meta.userAgent?.slice(0, 512) ?? null,
    })
    .returning({ id: audits.id });
  ctx.audited += 1;
  await tieKeyToRecord(tx, ctx, { type: entry.type, id: entry.id });
  return Number(row?.id);
}
