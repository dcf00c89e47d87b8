import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Webhook endpoints (issue 25): an exporter's, a dispatcher's or an association's HTTPS address that receives the
 * events it chose about its own records. The secret signs each delivery (HMAC-SHA256), so the server reads it back:
 * sealed under SECRETS_KEY when one is set (lib/sealed.ts); it is shown once, when created.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    /** Whose records' events it receives: 'exporter', 'dispatcher' or 'association', and that party's id. */
    owner_kind: varchar('owner_kind', { length: 12 }).notNull(),
    owner_id: integer('owner_id').notNull(),
    url: varchar('url', { length: 2000 }).notNull(),
    events: text('events').array().notNull(),
    secret: varchar('secret', { length: 200 }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Set when deliveries kept failing for a day: the owner was e-mailed and must enable it again. */
    disabled_at: at('disabled_at'),
    created_by: integer('created_by').references(() => users.id),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'webhook_endpoints_owner_kind_check',
      sql`${t.owner_kind} in ('exporter', 'dispatcher', 'association')`,
    ),
    index('webhook_endpoints_owner_idx').on(t.owner_kind, t.owner_id, t.id),
  ],
);

export const WEBHOOK_DELIVERY_STATUSES = ['PENDENTE', 'ENTREGUE', 'FALHOU'] as const;

/** One event sent (or being sent) to one endpoint: the body as sent, and how the last attempt went. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: varchar('status', { length: 12 }).notNull().default('PENDENTE'),
    attempts: smallint('attempts').notNull().default(0),
    response_code: smallint('response_code'),
    last_error: text('last_error'),
    created_at: at('created_at').notNull().defaultNow(),
    last_attempt_at: at('last_attempt_at'),
    delivered_at: at('delivered_at'),
  },
  (t) => [
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} in (${sql.raw(WEBHOOK_DELIVERY_STATUSES.map((s) => `'${s}'`).join(', '))})`,
    ),
    index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.id),
  ],
);
