import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, type Executor, queryRows, type Tx } from '../../db/client';
import type { Printed } from '../../documents/pdf/send';
import { FileChanges, type FileOwner, findOwnerFile, type StoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import { PDF_POLICY, receiveBuffer } from '../../files/upload';
import { enqueueJob } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/runner';
import { AppError } from '../../lib/errors';

/**
 * A document that no longer changes (an issued certificate, its signed copy, the watermarked copy of a cancelled
 * one): rendered once and kept in the file store under a role of its record's files, so every print, on any
 * instance, serves the same bytes (ADR 016, "Issued documents are rendered once").
 */
export type IssuedCopy = {
  owner: FileOwner;
  role: string;
  fileName: string;
  render: () => Promise<Buffer>;
  /**
   * In the storing transaction: locks the record (FOR UPDATE, so storers and the record's transitions take turns)
   * and answers the role its state serves now, or null when it serves none.
   */
  servedRole: (tx: Tx) => Promise<string | null>;
  /** Roles this copy supersedes (a cancellation's copy replaces the issued ones); removed when it is stored. */
  replaces?: readonly string[];
};

/**
 * The print of an issued document: the stored copy, or, when the job that makes it at issue has not run yet, the
 * copy made and stored now. Bytes made but not kept (the record's state moved on meanwhile) are answered as made.
 */
export async function issuedCopy(db: Database, files: FileStorage, copy: IssuedCopy): Promise<Printed> {
  const stored = await findOwnerFile(db, copy.owner, copy.role);
  return stored ? { stored } : storeIssuedCopy(db, files, copy);
}

/**
 * Renders the copy and keeps it, unless another instance kept one first (that one is served: one copy per role)
 * or the record's state no longer serves this role. The render runs outside any transaction.
 */
export async function storeIssuedCopy(db: Database, files: FileStorage, copy: IssuedCopy): Promise<Printed> {
  const bytes = await copy.render();
  const received = await receiveBuffer(files, bytes, copy.fileName, PDF_POLICY);
  let kept: StoredFile | null = null;
  try {
    await new FileChanges(files).run((changes) =>
      db.transaction(async (tx) => {
        if ((await copy.servedRole(tx)) !== copy.role) return;
        kept = await findOwnerFile(tx, copy.owner, copy.role);
        if (kept) return;
        for (const role of copy.replaces ?? [])
          await changes.detachAll(tx, { type: `${copy.owner.type}.${role}`, id: copy.owner.id });
        kept = await changes.attach(tx, received, copy.owner, null, copy.role);
      }),
    );
  } catch (err) {
    await files.remove(received.key);
    throw err;
  }
  const winner = kept as StoredFile | null;
  if (winner?.storage_key === received.key) return { stored: winner, bytes };
  await files.remove(received.key);
  return winner ? { stored: winner } : { stored: null, bytes };
}

/**
 * Which stored copies a kind of record has (certificates, declarations): the role a state serves — null renders on
 * demand — and the roles a copy supersedes. `job` renders them after the commit of the transition that enters the
 * state (`copiesJob`).
 */
export type CopyPolicy = {
  job: string;
  table: PgTable & { id: AnyPgColumn; status: AnyPgColumn };
  owner: (id: number) => FileOwner;
  role: (status: string, signed: boolean) => string | null;
  replaces: (role: string) => readonly string[];
  /** States whose copies the first print makes rather than a job (many records enter them at once, few are printed). */
  lazy?: readonly string[];
};

async function statusOf(db: Executor, policy: CopyPolicy, id: number, lock: boolean) {
  const [row] = await queryRows<{ status: string }>(
    db,
    sql`select status from ${policy.table} where ${policy.table.id} = ${id}${lock ? sql` for update` : sql``}`,
  );
  return row?.status ?? null;
}

/**
 * A print of the record (`signed`: its sealed copy) in the state `status`: the stored copy when the state has one
 * (made now and stored when the job has not run yet), else `render`'s bytes, not kept.
 */
export async function printCopy(
  db: Database,
  files: FileStorage,
  policy: CopyPolicy,
  print: { id: number; status: string; signed: boolean; fileName: string; render: () => Promise<Buffer> },
): Promise<Printed> {
  const role = policy.role(print.status, print.signed);
  if (!role) return { stored: null, bytes: await print.render() };
  return issuedCopy(db, files, {
    owner: policy.owner(print.id),
    role,
    fileName: print.fileName,
    render: print.render,
    servedRole: async (tx) => {
      const status = await statusOf(tx, policy, print.id, true);
      return status ? policy.role(status, print.signed) : null;
    },
    replaces: policy.replaces(role),
  });
}

/**
 * In a transition's transaction (FlowSubject `entered`, before its last statement, so outside a number's lock
 * window): queues the job that renders the copies of the state the record enters, when it has any. The job runs
 * after the commit; the dedupe key makes one per record and state.
 */
export async function queueCopies(tx: Executor, policy: CopyPolicy, id: number, to: string): Promise<void> {
  if (!policy.role(to, false) || policy.lazy?.includes(to)) return;
  await enqueueJob(tx, { kind: policy.job, payload: { id }, dedupeKey: `${policy.job}:${id}:${to}` });
}

/**
 * The policy's job: for a record whose state still has copies, runs each of `makers` (the prints, which store what
 * they render). A refusal (no seal on the server, a record the document cannot be made of) is what the print gives
 * on demand: skipped, not retried; an unavailable time-stamping authority or store (5xx, other errors) is retried.
 */
export function copiesJob(
  policy: CopyPolicy,
  makers: (db: Database, id: number) => (() => Promise<unknown>)[],
): JobHandler {
  return async (payload, { db, log }) => {
    const id = Number(payload.id);
    const status = await statusOf(db, policy, id, false);
    if (!status || !policy.role(status, false)) return;
    for (const make of makers(db, id)) {
      try {
        await make();
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        log.debug({ id, job: policy.job, reason: err.message }, 'copy not stored');
      }
    }
  };
}
