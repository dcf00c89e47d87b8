import { date, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * The dashboard's figures kept as counters (issue 15) so the home page reads a handful of rows instead of scanning
 * certificates and declarations. Triggers on both tables (migration `dashboard_counters`) keep them in the same
 * transaction as every insert, update and delete, whoever writes: services, the kernel's transition, seeds, scripts.
 * Each count is kept twice: per exporter (exporters' and dispatchers' users read those) and per association with
 * `exporter_id = 0` (the hierarchy and the admin read those, a few rows per association). `exporter_id` leads each
 * key after the subject: every read names it (0, or the actor's exporters), then the associations in scope.
 */
export const dashboardStatusCounts = pgTable(
  'dashboard_status_counts',
  {
    /** 'certificate' or 'declaration'. */
    subject: varchar('subject', { length: 12 }).notNull(),
    trade_association_id: integer('trade_association_id').notNull(),
    /** 0: the association's total. */
    exporter_id: integer('exporter_id').notNull(),
    status: varchar('status', { length: 30 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'dashboard_status_counts_pk',
      columns: [t.subject, t.exporter_id, t.trade_association_id, t.status],
    }),
  ],
);

/** Certificates issued, by the month of `issued_at` in Brasília (its first day) and deal. */
export const dashboardIssueCounts = pgTable(
  'dashboard_issue_counts',
  {
    trade_association_id: integer('trade_association_id').notNull(),
    /** 0: the association's total. */
    exporter_id: integer('exporter_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    deal_id: integer('deal_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'dashboard_issue_counts_pk',
      columns: [t.exporter_id, t.trade_association_id, t.month, t.deal_id],
    }),
  ],
);
