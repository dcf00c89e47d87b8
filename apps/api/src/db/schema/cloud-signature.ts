import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Cloud signature providers (PSC, issue 38) the administrator registered: the OAuth client the provider gave this
 * installation. The secret is sent to the provider on every exchange, so the server reads it back: sealed under
 * SECRETS_KEY when one is set (lib/sealed.ts), never answered. Providers the operator lists in
 * CLOUD_SIGNATURE_PROVIDERS are not rows.
 */
export const cloudSignatureProviders = pgTable('cloud_signature_providers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 80 }).notNull().unique(),
  /** Ends at the provider's `/v0`. */
  base_url: varchar('base_url', { length: 500 }).notNull(),
  client_id: varchar('client_id', { length: 200 }).notNull(),
  client_secret: varchar('client_secret', { length: 1000 }).notNull(),
  created_by: integer('created_by').references(() => users.id),
  created_at: at('created_at').notNull().defaultNow(),
  updated_at: at('updated_at').notNull().defaultNow(),
});

export const CLOUD_ATTEMPT_STATUSES = ['pending', 'claimed', 'completed', 'failed', 'superseded'] as const;

/**
 * One cloud signing attempt, from the redirect to the provider until its callback: kept in the database so the
 * callback may reach any instance. `state` is known only by its SHA-256; the PKCE verifier is sealed and erased the
 * moment the callback claims the attempt (`pending` → `claimed`, once), and the document handed out is erased when
 * the attempt ends. Neither the authorization code nor the provider's access token is ever stored.
 */
export const cloudSignatureAttempts = pgTable(
  'cloud_signature_attempts',
  {
    id: serial('id').primaryKey(),
    state_hash: varchar('state_hash', { length: 64 }).notNull().unique(),
    /** `certificate_first`, `certificate_second` or `declaration`, and that record. */
    purpose: varchar('purpose', { length: 30 }).notNull(),
    record_id: integer('record_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `id:<n>` (a row above) or `env:<name>` (CLOUD_SIGNATURE_PROVIDERS). */
    provider_key: varchar('provider_key', { length: 120 }).notNull(),
    provider_name: varchar('provider_name', { length: 80 }).notNull(),
    /** The CPF the signer on record had when the attempt started (login_hint; checked again at the end). */
    signer_cpf: varchar('signer_cpf', { length: 11 }).notNull(),
    code_verifier: varchar('code_verifier', { length: 300 }),
    document: text('document'),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    /** Why an attempt failed, in the words the signer read. */
    failure: text('failure'),
    created_at: at('created_at').notNull().defaultNow(),
    expires_at: at('expires_at').notNull(),
    finished_at: at('finished_at'),
  },
  (t) => [
    index('cloud_signature_attempts_record_idx').on(t.purpose, t.record_id, t.user_id),
    index('cloud_signature_attempts_created_idx').on(t.created_at),
    check(
      'cloud_signature_attempts_purpose_check',
      sql`${t.purpose} in ('certificate_first', 'certificate_second', 'declaration')`,
    ),
    check(
      'cloud_signature_attempts_status_check',
      sql`${t.status} in ('pending', 'claimed', 'completed', 'failed', 'superseded')`,
    ),
  ],
);
