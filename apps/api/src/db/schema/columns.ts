import { type FlowDefinition, stateCodes } from '@origem/contract/flows';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp, varchar } from 'drizzle-orm/pg-core';

export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const softDelete = {
  deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
};

/** Address columns shared by every entity of the hierarchy. */
export const address = {
  postcode: varchar('postcode', { length: 8 }),
  address: varchar('address', { length: 255 }),
  number: varchar('number', { length: 20 }),
  complement: varchar('complement', { length: 120 }),
  neighborhood: varchar('neighborhood', { length: 120 }),
  city: varchar('city', { length: 120 }),
  state: varchar('state', { length: 2 }),
};

/**
 * The CHECK that keeps a status column inside its flow's states (packages/contract flows.ts): generated from the
 * definition, so adding a state is a schema change with its migration, and no stray text can be stored.
 */
export function flowStatusCheck(column: AnyPgColumn, flow: FlowDefinition): SQL {
  const codes = stateCodes(flow)
    .map((code) => `'${code.replace(/'/g, "''")}'`)
    .join(', ');
  return sql`${column} in (${sql.raw(codes)})`;
}
