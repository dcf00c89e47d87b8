import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** DER bytes (OCSP answers, CRLs, RFC 3161 replies): bytea, read back as a Buffer on PGlite and pg alike. */
const der = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

/**
 * Revocation answers (issue 37): OCSP responses and CRLs fetched from the addresses a signer's certificate names,
 * verified, and kept for every instance until their nextUpdate, never beyond (an answer without one is not kept).
 * `subject_key`: an OCSP answer's certificate (issuer key hash and serial); empty for a CRL, which serves all.
 */
export const revocationAnswers = pgTable(
  'revocation_answers',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 4 }).notNull(),
    url: text('url').notNull(),
    subject_key: varchar('subject_key', { length: 200 }).notNull().default(''),
    der: der('der').notNull(),
    this_update: at('this_update').notNull(),
    next_update: at('next_update').notNull(),
    fetched_at: at('fetched_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('revocation_answers_key').on(t.kind, t.url, t.subject_key),
    index('revocation_answers_next_update_idx').on(t.next_update),
    check('revocation_answers_kind_check', sql`${t.kind} in ('ocsp', 'crl')`),
  ],
);

/**
 * The evidence record of an issued document (issue 37): an RFC 3161 timestamp over the exact bytes its XML
 * download serves (a certificate's COD, a declaration's signed XML), and each signer's chain and revocation
 * answers at signing time (`signers`, JSON: PEMs and base64 DER). `pending` until the authority answers (the
 * `signature_timestamp` job tries again with back-off), then `complete` with the reply.
 */
export const signatureEvidence = pgTable(
  'signature_evidence',
  {
    id: serial('id').primaryKey(),
    record_type: varchar('record_type', { length: 20 }).notNull(),
    record_id: integer('record_id').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    document_sha256: varchar('document_sha256', { length: 64 }).notNull(),
    signed_at: at('signed_at').notNull(),
    signers: jsonb('signers').notNull(),
    timestamp_reply: der('timestamp_reply'),
    timestamped_at: at('timestamped_at'),
    authority: varchar('authority', { length: 255 }),
    last_error: text('last_error'),
    created_at: at('created_at').notNull().defaultNow(),
    completed_at: at('completed_at'),
  },
  (t) => [
    uniqueIndex('signature_evidence_record').on(t.record_type, t.record_id),
    check('signature_evidence_type_check', sql`${t.record_type} in ('certificate', 'declaration')`),
    check('signature_evidence_status_check', sql`${t.status} in ('pending', 'complete')`),
  ],
);
