import { sql } from 'drizzle-orm';
import { boolean, type PgColumn, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

// The small reference tables behind packages/contract/src/schemas/lookups.ts. Unique indexes are named
// `<table>_<column>_unique`: the lookups module turns a violation of one into a message on that field.
const unique = (table: string, column: PgColumn) =>
  uniqueIndex(`${table}_${column.name}_unique`).on(sql`lower(${column})`);

export const shipmentPorts = pgTable(
  'shipment_ports',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 160 }).notNull(),
    city: varchar('city', { length: 120 }),
    state: varchar('state', { length: 2 }),
    ...timestamps,
  },
  (t) => [unique('shipment_ports', t.name)],
);

export const sectors = pgTable(
  'sectors',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 160 }).notNull(), ...timestamps },
  (t) => [unique('sectors', t.name)],
);

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 3 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    symbol: varchar('symbol', { length: 5 }).notNull(),
    ...timestamps,
  },
  (t) => [unique('currencies', t.code), unique('currencies', t.name)],
);

export const transports = pgTable(
  'transports',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 80 }).notNull(), ...timestamps },
  (t) => [unique('transports', t.name)],
);

export const measurementUnits = pgTable(
  'measurement_units',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 10 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    ...timestamps,
  },
  (t) => [unique('measurement_units', t.code), unique('measurement_units', t.name)],
);

export const languages = pgTable(
  'languages',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 2 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    ...timestamps,
  },
  (t) => [unique('languages', t.code), unique('languages', t.name)],
);

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 2 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    aladi_member: boolean('aladi_member').notNull().default(false),
    ...timestamps,
  },
  (t) => [unique('countries', t.code), unique('countries', t.name)],
);

export const jobPositions = pgTable(
  'job_positions',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 120 }).notNull(), ...timestamps },
  (t) => [unique('job_positions', t.name)],
);

export const deliveryLocations = pgTable(
  'delivery_locations',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 160 }).notNull(),
    address: varchar('address', { length: 255 }),
    city: varchar('city', { length: 120 }),
    ...timestamps,
  },
  (t) => [unique('delivery_locations', t.name)],
);

/** Fixed codes (1 importador, 2 fabricante, 3 interveniente): seeded with their ids, never edited. */
export const companyTypes = pgTable(
  'company_types',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 60 }).notNull(), ...timestamps },
  (t) => [unique('company_types', t.name)],
);

/** Fixed codes (1 física, 2 jurídica). */
export const personTypes = pgTable(
  'person_types',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 60 }).notNull(), ...timestamps },
  (t) => [unique('person_types', t.name)],
);
