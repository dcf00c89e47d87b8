import { AsyncLocalStorage } from 'node:async_hooks';
import { ErrorCode } from '@origem/contract/errors';
import type { Database, Tx } from '../db/client';
import { AppError } from './errors';

/**
 * One transaction for a whole request that carries an `Idempotency-Key` (issue 35): what the handler changes and the
 * answer it gives are committed together, so a crash leaves either nothing (the retry runs at once) or the change
 * with its answer (the retry gets that answer back).
 *
 * The request's handler runs inside `runInRequest`; there, the database handle the routes use (`scopedDatabase`)
 * opens the request's transaction at the first `transaction()` a service calls — not before, so an upload streaming
 * in holds no connection — and runs every later call on it: each `transaction()` becomes a savepoint, every query
 * sees what the request wrote. The transaction is held open after the handler returns; `finish` ends it once the
 * answer is known.
 */

/** What the request's transaction does when it opens and just before it commits. */
export type RequestTransactionHooks = {
  /** The first statement of the transaction; false ends it at once (an earlier request already answered). */
  opened: (tx: Tx) => Promise<boolean>;
};

type Held = {
  tx: Tx;
  /** Ends the held transaction: the callback commits or throws. */
  end: (outcome: { commit: true; last: (tx: Tx) => Promise<void> } | { commit: false }) => void;
  /** The transaction's own promise (settles after COMMIT or ROLLBACK). */
  done: Promise<unknown>;
};

export class RequestTransaction {
  private held: Held | null = null;
  private opening: Promise<Held | null> | null = null;
  /** Savepoints run one at a time: two interleaved on one connection would release each other. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly after: (() => unknown)[] = [];
  /** A `transaction()` of the handler's reached its end: the request changed something. */
  changed = false;
  /** Ended (committed or rolled back): later calls go to the database itself. */
  closed = false;
  /** Set when the first statement found the request already answered. */
  superseded = false;

  constructor(
    private readonly db: Database,
    private readonly hooks: RequestTransactionHooks,
  ) {}

  get open(): Tx | null {
    return this.closed ? null : (this.held?.tx ?? null);
  }

  /** Runs `work` after the commit (at once when there is no request transaction open). */
  afterCommit(work: () => unknown): void {
    this.after.push(work);
  }

  /** A `transaction()` call of the handler: a savepoint in the request's transaction, opening it first. */
  async savepoint<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const held = await this.hold();
    if (!held) throw new RequestSuperseded();
    const run = this.queue.then(() => held.tx.transaction(work));
    this.queue = run.catch(() => undefined);
    const result = await run;
    this.changed = true;
    return result;
  }

  private hold(): Promise<Held | null> {
    if (this.closed) return Promise.resolve(null);
    this.opening ??= new Promise<Held | null>((resolve, reject) => {
      let end: Held['end'] = () => undefined;
      const finished = new Promise<Parameters<Held['end']>[0]>((r) => {
        end = r;
      });
      let tx: Tx | null = null;
      const done = this.db.transaction(async (t) => {
        if (!(await this.hooks.opened(t))) {
          this.superseded = true;
          throw new RequestSuperseded();
        }
        tx = t;
        resolve({ tx: t, end, done });
        const outcome = await finished;
        if (!outcome.commit) throw new RequestRolledBack();
        await outcome.last(t);
      });
      done.catch((err) => {
        if (!tx) {
          this.closed = true;
          if (err instanceof RequestSuperseded) resolve(null);
          else reject(err);
        }
      });
    }).then((held) => {
      this.held = held;
      return held;
    });
    return this.opening;
  }

  /**
   * Ends the request's transaction: `last` runs as its final statement, then COMMIT; the work queued with
   * `afterCommit` runs once it is committed. Throws when the commit fails (nothing of the request remains).
   */
  async commit(last: (tx: Tx) => Promise<void>): Promise<void> {
    const held = this.held;
    if (!held || this.closed) return this.runAfter();
    this.closed = true;
    await this.queue;
    held.end({ commit: true, last });
    await held.done;
    await this.runAfter();
  }

  /** Rolls the request's transaction back (a failure before the answer, or the request abandoned). */
  async rollback(): Promise<void> {
    const held = this.held;
    if (!held || this.closed) return;
    this.closed = true;
    await this.queue;
    held.end({ commit: false });
    await held.done.catch((err) => {
      if (!(err instanceof RequestRolledBack)) throw err;
    });
  }

  private async runAfter(): Promise<void> {
    for (const work of this.after.splice(0)) {
      try {
        await work();
      } catch {
        // After-commit work is best effort (a mail flush, a job kick): the change is committed whatever it does.
      }
    }
  }
}

/**
 * The request's first statement found its key already answered (an earlier request with the same key committed
 * while this one ran): the idempotency plugin answers with that answer instead of this refusal.
 */
export class RequestSuperseded extends AppError {
  constructor() {
    super(
      409,
      ErrorCode.IdempotencyConflict,
      'Esta solicitação já foi processada. Atualize a página para ver o resultado.',
    );
  }
}

class RequestRolledBack extends Error {}

const current = new AsyncLocalStorage<RequestTransaction>();

/** Runs a request's handler with its transaction in scope. */
export function runInRequest<T>(transaction: RequestTransaction, work: () => T): T {
  return current.run(transaction, work);
}

/**
 * Work that must see the request's change committed (a mail flush, a job kick): inside a request transaction it
 * waits for the commit (never await it from the handler itself: the commit comes after the handler); outside one
 * it runs now.
 */
export function afterCommit<T>(work: () => Promise<T>): Promise<T> {
  const transaction = current.getStore();
  if (!transaction || transaction.closed) return work();
  return new Promise<T>((resolve, reject) => {
    transaction.afterCommit(() => work().then(resolve, reject));
  });
}

/** True inside a request transaction that has not ended. */
export function inRequestTransaction(): boolean {
  const transaction = current.getStore();
  return !!transaction && !transaction.closed;
}

/**
 * The database as the routes see it: outside a request transaction, the database itself; inside one, its
 * transaction (queries) and its savepoints (`transaction()`).
 */
export function scopedDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const transaction = current.getStore();
      if (!transaction || transaction.closed) return Reflect.get(target, prop, receiver);
      if (prop === 'transaction') {
        return <T>(work: (tx: Tx) => Promise<T>) => transaction.savepoint(work);
      }
      const tx = transaction.open;
      if (!tx) return Reflect.get(target, prop, receiver);
      const value = Reflect.get(tx, prop, tx);
      return typeof value === 'function' ? value.bind(tx) : value;
    },
  });
}
