import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { address, softDelete, timestamps } from './columns';
import { deals } from './deals';
import { confederations, federations } from './entities';
import { namesSearch, partyColumns, partyTrigramIndexes, taxIdMatchesPersonType } from './party-columns';

// Who acts and signs in (DOMAIN.md §1, §2, §8): roles and permissions; the trade associations, exporters and
// dispatchers; the users who act for them; sessions and second factors. The members and their users share a file
// because their foreign keys go both ways — a user acts for an association, an exporter or a dispatcher, an
// association names its own user, an exporter or a dispatcher is registered at an association — a circle Postgres
// keeps but an import graph should not. The federations above are in entities.ts; what a party keeps (address book,
// legal representatives) and the pre-registrations are in parties.ts.

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull().unique(),
  display_name: varchar('display_name', { length: 120 }).notNull(),
  /** Scope kind: decides which rows the role's users reach. */
  type: varchar('type', { length: 20 }).notNull(),
  status: varchar('status', { length: 10 }).notNull().default('ATIVO'),
  /** Seeded roles cannot be deleted. */
  system: boolean('system').notNull().default(false),
  /** Its users must sign in with a second factor (TOTP); one without it may only enrol (issue 24). */
  mfa_required: boolean('mfa_required').notNull().default(false),
  ...timestamps,
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 80 }).notNull().unique(),
  display_name: varchar('display_name', { length: 160 }).notNull(),
  group: varchar('group', { length: 40 }).notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);

export const tradeAssociations = pgTable(
  'trade_associations',
  {
    id: serial('id').primaryKey(),
    federation_id: integer('federation_id').references(() => federations.id),
    name: varchar('name', { length: 255 }).notNull(),
    abbreviation: varchar('abbreviation', { length: 30 }),
    /** ALADI issuing-entity code (EHId), three characters. */
    ehid: varchar('ehid', { length: 3 }),
    cnpj: varchar('cnpj', { length: 14 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    ...address,
    notes: text('notes'),
    /** SPEC §3 `user_id`: the association's own user (who answers for it in the system), when one is named. */
    user_id: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('trade_associations_user_idx').on(t.user_id),
    index('trade_associations_name_idx').on(sql`${t.name} collate "und-x-icu"`, t.id),
    // EHId identifies the issuing entity in every CertificateID: unique whatever the case.
    uniqueIndex('trade_associations_ehid_unique').on(sql`upper(${t.ehid})`),
  ],
);

/** What an association charges per issued certificate of a deal: less for members (`associated`). */
export const tradeAssociationFees = pgTable(
  'trade_association_fees',
  {
    id: serial('id').primaryKey(),
    trade_association_id: integer('trade_association_id')
      .notNull()
      .references(() => tradeAssociations.id, { onDelete: 'cascade' }),
    deal_id: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    member_fee: numeric('member_fee', { precision: 12, scale: 2 }).notNull(),
    non_member_fee: numeric('non_member_fee', { precision: 12, scale: 2 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('trade_association_fees_unique').on(t.trade_association_id, t.deal_id)],
);

/** Who an exporter or a dispatcher is, registered at an association (party-columns.ts). */
const party = partyColumns(() => tradeAssociations.id);

export const exporters = pgTable(
  'exporters',
  {
    id: serial('id').primaryKey(),
    ...party,
    /** Member of its association: pays the member fee (DOMAIN.md §9). */
    associated: boolean('associated').notNull().default(false),
    ...namesSearch('name'),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    check('exporters_tax_id_check', taxIdMatchesPersonType(t)),
    // One live exporter per CPF/CNPJ; a deleted one may register again.
    uniqueIndex('exporters_cpf_live_idx').on(t.cpf).where(sql`${t.deleted_at} is null`),
    uniqueIndex('exporters_cnpj_live_idx').on(t.cnpj).where(sql`${t.deleted_at} is null`),
    index('exporters_name_idx').on(sql`${t.name} collate "und-x-icu"`, t.id),
    index('exporters_association_name_idx').on(
      t.trade_association_id,
      sql`${t.name} collate "und-x-icu"`,
      t.id,
    ),
    ...partyTrigramIndexes('exporters', t),
  ],
);

export const dispatchers = pgTable(
  'dispatchers',
  {
    id: serial('id').primaryKey(),
    ...party,
    associated: boolean('associated').notNull().default(false),
    ...namesSearch('name'),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    check('dispatchers_tax_id_check', taxIdMatchesPersonType(t)),
    uniqueIndex('dispatchers_cpf_live_idx').on(t.cpf).where(sql`${t.deleted_at} is null`),
    uniqueIndex('dispatchers_cnpj_live_idx').on(t.cnpj).where(sql`${t.deleted_at} is null`),
    index('dispatchers_name_idx').on(sql`${t.name} collate "und-x-icu"`, t.id),
    index('dispatchers_association_name_idx').on(
      t.trade_association_id,
      sql`${t.name} collate "und-x-icu"`,
      t.id,
    ),
    ...partyTrigramIndexes('dispatchers', t),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    /** Name and e-mail lower-cased once on write, for "contains" searches (lib/paging.ts `containsFolded`). */
    name_search: text('name_search').generatedAlwaysAs(sql`lower(name)`),
    email_search: text('email_search').generatedAlwaysAs(sql`lower(email)`),
    cpf: varchar('cpf', { length: 11 }),
    cnpj: varchar('cnpj', { length: 14 }),
    phone: varchar('phone', { length: 30 }),
    password_hash: varchar('password_hash', { length: 255 }),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id),
    trade_association_id: integer('trade_association_id').references(() => tradeAssociations.id),
    federation_id: integer('federation_id').references(() => federations.id),
    confederation_id: integer('confederation_id').references(() => confederations.id),
    /** An exporter's or dispatcher's user acts for that record (SPEC §3 session user). */
    exporter_id: integer('exporter_id').references(() => exporters.id),
    dispatcher_id: integer('dispatcher_id').references(() => dispatchers.id),
    active: boolean('active').notNull().default(true),
    change_password: boolean('change_password').notNull().default(true),
    /** The TOTP secret (base32, sealed under SECRETS_KEY when set); never returned once enrolment ends. Null: none. */
    totp_secret: varchar('totp_secret', { length: 200 }),
    /** A secret shown for enrolment, not yet confirmed with a code. */
    totp_pending_secret: varchar('totp_pending_secret', { length: 200 }),
    totp_enabled_at: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last time step accepted: a code is accepted once, a step at or before it never again. */
    totp_last_step: integer('totp_last_step'),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    // E-mail is unique among live users; a deleted user's address may be reused.
    uniqueIndex('users_email_live_idx').on(sql`lower(${t.email})`).where(sql`${t.deleted_at} is null`),
    // Serves the default list order (lib/collation.ts) and its keyset pages; within an association, the next one.
    index('users_name_idx').on(sql`${t.name} collate "und-x-icu"`, t.id),
    index('users_association_name_idx').on(t.trade_association_id, sql`${t.name} collate "und-x-icu"`, t.id),
    index('users_federation_idx').on(t.federation_id),
    // "Contains" filters and type-aheads (pg_trgm).
    index('users_name_search_trgm_idx').using('gin', t.name_search.op('gin_trgm_ops')),
    index('users_email_search_trgm_idx').using('gin', t.email_search.op('gin_trgm_ops')),
    index('users_cpf_trgm_idx').using('gin', t.cpf.op('gin_trgm_ops')),
    index('users_cnpj_trgm_idx').using('gin', t.cnpj.op('gin_trgm_ops')),
    index('users_role_idx').on(t.role_id),
    index('users_exporter_idx').on(t.exporter_id),
    index('users_dispatcher_idx').on(t.dispatcher_id),
  ],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    access_hash: varchar('access_hash', { length: 64 }).notNull().unique(),
    refresh_hash: varchar('refresh_hash', { length: 64 }).notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    refresh_expires_at: timestamp('refresh_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip_address: varchar('ip_address', { length: 64 }),
    user_agent: varchar('user_agent', { length: 512 }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the session signed in: kept across refreshes, it bounds the session's absolute life. */
    started_at: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Last request with the token (written at most once a minute): idle sessions end. */
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** `full`, or `mfa_enrollment`: a user whose role requires a second factor may only enrol with it. */
    scope: varchar('scope', { length: 20 }).notNull().default('full'),
  },
  (t) => [index('access_tokens_user_idx').on(t.user_id)],
);

/**
 * The step between a right password and the second factor: a short-lived, single-use challenge the code is sent
 * with (`grant_type: 'mfa'`). Wrong codes are counted against the user like wrong passwords.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.user_id)],
);

/** Single-use recovery codes, stored hashed (argon2id), shown once. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: varchar('code_hash', { length: 255 }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.user_id)],
);

/** Single-use links: forgotten password and the first password of a new user. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.user_id)],
);

/**
 * Failed logins, kept in the database so every instance counts the same lockout window. Keyed by the name typed
 * (lower case), known account or not, so an unknown e-mail is counted, blocked and slowed exactly like a real one.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    /** The account, when the name is one (for the audit trail; the lockout reads `login`). */
    user_id: integer('user_id').references(() => users.id),
    login: varchar('login', { length: 255 }).notNull().default(''),
    ip_address: varchar('ip_address', { length: 64 }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_login_time_idx').on(t.login, t.created_at)],
);
