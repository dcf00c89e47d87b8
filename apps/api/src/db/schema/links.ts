import { DISPATCHER_LINK_GRANTING_STATES, dispatcherLinkFlow, openStates } from '@origem/contract/flows';
import { LINK_SIDES } from '@origem/contract/schemas/dispatcher-links';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { flowStatusCheck, timestamps } from './columns';
import { dispatchers, exporters, tradeAssociations, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const quoted = (codes: readonly string[]) => sql.raw(codes.map((code) => `'${code}'`).join(', '));

/**
 * Who may act for whom (DOMAIN.md §6): a dispatcher and an exporter of one association, under the link flow
 * (packages/contract flows.ts). The row is kept when the link ends (REPROVADO, EXCLUIDO) as its history; at most one
 * non-final link per pair. While its status is one of DISPATCHER_LINK_GRANTING_STATES the dispatcher reaches the
 * exporter's records (lib/scope.ts `exporterScope`).
 *
 * The two names are copies of the parties' names, kept so that the lists' order (exporter name, then dispatcher
 * name: SPEC §9) is an index walk rather than a sort of every link; triggers (the `dispatcher_link_names`
 * migration; docs/adr/008) keep them equal to the parties' names whenever those change.
 */
export const dispatcherExporterLinks = pgTable(
  'dispatcher_exporter_links',
  {
    id: serial('id').primaryKey(),
    exporter_id: integer('exporter_id')
      .notNull()
      .references(() => exporters.id),
    dispatcher_id: integer('dispatcher_id')
      .notNull()
      .references(() => dispatchers.id),
    /** The exporter's association: its staff analyse the link. */
    trade_association_id: integer('trade_association_id')
      .notNull()
      .references(() => tradeAssociations.id),
    status: varchar('status', { length: 30 }).notNull().default(dispatcherLinkFlow.initial),
    /** exporter | dispatcher | association (staff asking for both). */
    requested_by: varchar('requested_by', { length: 20 }).notNull(),
    requested_by_user_id: integer('requested_by_user_id').references(() => users.id),
    /** The side that asked for the deletion of the approved link: the other one confirms. */
    deletion_requested_by: varchar('deletion_requested_by', { length: 20 }),
    deletion_requested_by_user_id: integer('deletion_requested_by_user_id').references(() => users.id),
    exporter_name: varchar('exporter_name', { length: 255 }).notNull(),
    dispatcher_name: varchar('dispatcher_name', { length: 255 }).notNull(),
    /** When it started granting access, and when it ended (disapproved, withdrawn or deleted). */
    approved_at: at('approved_at'),
    ended_at: at('ended_at'),
    ...timestamps,
  },
  (t) => [
    check('dispatcher_exporter_links_status_check', flowStatusCheck(t.status, dispatcherLinkFlow)),
    check(
      'dispatcher_exporter_links_requested_by_check',
      sql`${t.requested_by} in (${quoted(Object.keys(LINK_SIDES))})`,
    ),
    check(
      'dispatcher_exporter_links_deletion_requested_by_check',
      sql`${t.deletion_requested_by} is null or ${t.deletion_requested_by} in ('exporter', 'dispatcher')`,
    ),
    // One active link per pair (DOMAIN.md §6): a disapproved or deleted one leaves room for a new request.
    uniqueIndex('dispatcher_exporter_links_active_pair_idx')
      .on(t.exporter_id, t.dispatcher_id)
      .where(sql`${t.status} in (${quoted(openStates(dispatcherLinkFlow))})`),
    // The dispatcher's reach, asked on every scoped read of an exporter's records.
    index('dispatcher_exporter_links_granting_idx')
      .on(t.dispatcher_id, t.exporter_id)
      .where(sql`${t.status} in (${quoted(DISPATCHER_LINK_GRANTING_STATES)})`),
    // The lists' order alone and after each scope or filter (keyset pages).
    index('dispatcher_exporter_links_order_idx').on(
      sql`${t.exporter_name} collate "und-x-icu"`,
      sql`${t.dispatcher_name} collate "und-x-icu"`,
      t.id,
    ),
    index('dispatcher_exporter_links_exporter_order_idx').on(
      t.exporter_id,
      sql`${t.exporter_name} collate "und-x-icu"`,
      sql`${t.dispatcher_name} collate "und-x-icu"`,
      t.id,
    ),
    index('dispatcher_exporter_links_dispatcher_order_idx').on(
      t.dispatcher_id,
      sql`${t.exporter_name} collate "und-x-icu"`,
      sql`${t.dispatcher_name} collate "und-x-icu"`,
      t.id,
    ),
    index('dispatcher_exporter_links_association_order_idx').on(
      t.trade_association_id,
      sql`${t.exporter_name} collate "und-x-icu"`,
      sql`${t.dispatcher_name} collate "und-x-icu"`,
      t.id,
    ),
    index('dispatcher_exporter_links_status_order_idx').on(
      t.status,
      sql`${t.exporter_name} collate "und-x-icu"`,
      sql`${t.dispatcher_name} collate "und-x-icu"`,
      t.id,
    ),
  ],
);
