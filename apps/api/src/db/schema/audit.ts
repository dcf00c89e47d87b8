import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity';

export const audits = pgTable(
  'audits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id').references(() => users.id),
    event: varchar('event', { length: 60 }).notNull(),
    auditable_type: varchar('auditable_type', { length: 60 }).notNull(),
    auditable_id: integer('auditable_id'),
    old_values: jsonb('old_values').$type<Record<string, unknown>>(),
    new_values: jsonb('new_values').$type<Record<string, unknown>>(),
    url: varchar('url', { length: 1024 }),
    ip_address: varchar('ip_address', { length: 64 }),
    user_agent: varchar('user_agent', { length: 512 }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Where the user the entry concerns belonged when it was written (its association, and that association's
    // federation or its own): the trail's scope. A copy, not a join: a federation's page and its capped count walk
    // one index instead of the log of every user in the federation. No foreign key: the trail blocks no delete.
    trade_association_id: integer('trade_association_id'),
    federation_id: integer('federation_id'),
  },
  // The list is newest first (created_at, id): each filter's index ends with those columns, so a filtered page
  // is an index walk too, and its keyset pages start at the previous page's last row.
  (t) => [
    index('audits_created_idx').on(t.created_at, t.id),
    index('audits_auditable_idx').on(t.auditable_type, t.auditable_id, t.created_at, t.id),
    index('audits_type_created_idx').on(t.auditable_type, t.created_at, t.id),
    index('audits_event_created_idx').on(t.event, t.created_at, t.id),
    index('audits_user_created_idx').on(t.user_id, t.created_at, t.id),
    index('audits_association_created_idx')
      .on(t.trade_association_id, t.created_at, t.id)
      .where(sql`${t.trade_association_id} is not null`),
    index('audits_federation_created_idx')
      .on(t.federation_id, t.created_at, t.id)
      .where(sql`${t.federation_id} is not null`),
    // Byte order (pattern_ops): "starts with" filters in any locale, and the address type-ahead's loose index scan.
    index('audits_ip_idx').on(t.ip_address.op('varchar_pattern_ops')),
  ],
);
