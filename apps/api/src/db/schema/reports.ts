import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './identity';

/**
 * A saved report layout (SPEC §3 "Custom report"): the columns and grouping of a billing report, for a template and
 * role type. Shared by everyone allowed to read reports; `created_by` says who saved it.
 */
export const customReports = pgTable(
  'custom_reports',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    customization: text('customization'),
    fields: jsonb('fields').$type<string[]>().notNull(),
    role_type: varchar('role_type', { length: 20 }).notNull().default('DEFAULT'),
    template_report_id: integer('template_report_id').notNull().default(1),
    grouping_report_id: integer('grouping_report_id').notNull().default(2),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('custom_reports_name_idx').on(t.name, t.id),
    check('custom_reports_fields_check', sql`jsonb_typeof(${t.fields}) = 'array'`),
  ],
);
