import { type ChildProcess, fork } from 'node:child_process';

/**
 * Lock waits of one database seen from outside (issue 39): every `intervalMs` a connection of its own, in a process
 * of its own (lock-wait-sampler.mjs), reads the locks not granted (`pg_locks`, with `waitstart`) joined to
 * `pg_stat_activity`. A statement may wait in phases (for
 * a row's tuple lock, then for its holder's transaction): its wait is the sum of the longest seen of each phase. A
 * wait shorter than the interval may go unseen; one seen is measured to within one interval.
 *
 * What a statement waited on: a row's tuple lock names its table, but an upsert meeting a row another transaction
 * changed waits on that transaction's id, which names none; so waits are told apart by the waiting statement's text,
 * and `blockers` says what the holders were doing (their last statement and state).
 */
export class LockWaitSampler {
  /** Per waiting statement (backend and start): its text and, per wait phase, the longest wait seen. */
  private readonly waits = new Map<string, { query: string; phases: Map<string, number> }>();
  /** For each table waited on: the last statements of the backends holding what the waiters wait for. */
  readonly blockers = new Map<string, Map<string, number>>();
  private child: ChildProcess | null = null;
  samples = 0;

  constructor(
    private readonly url: string,
    private readonly intervalMs = 2,
  ) {}

  async start(): Promise<void> {
    const child = fork(
      new URL('./lock-wait-sampler.mjs', import.meta.url),
      [this.url, String(this.intervalMs)],
      {
        execArgv: [],
      },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`amostrador de locks saiu (${code})`)));
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const seen = await new Promise<{ rows: SampleRow[]; samples: number }>((resolve) => {
      child.once('message', (message) => resolve(message as { rows: SampleRow[]; samples: number }));
      child.send('stop');
    });
    this.samples = seen.samples;
    for (const row of seen.rows) this.record(row);
  }

  private record(row: SampleRow): void {
    const key = `${row.pid}:${row.query_start}`;
    const statement = this.waits.get(key) ?? { query: row.query, phases: new Map<string, number>() };
    const phase = `${row.locktype}:${row.waitstart}`;
    statement.phases.set(phase, Math.max(statement.phases.get(phase) ?? 0, row.waited_ms));
    this.waits.set(key, statement);
    const byBlocker = this.blockers.get(row.query) ?? new Map<string, number>();
    for (const blocker of row.blockers ?? []) byBlocker.set(blocker, (byBlocker.get(blocker) ?? 0) + 1);
    this.blockers.set(row.query, byBlocker);
  }

  /** How long each statement whose text contains `text` was seen waiting, in ms (unsorted). */
  waitsOf(text: string): number[] {
    return [...this.waits.values()].filter((w) => w.query.includes(text)).map(total);
  }

  /** The statements seen waiting, by their text: how many, and the longest wait. */
  statements(): { query: string; waits: number; maxMs: number }[] {
    const by = new Map<string, { waits: number; maxMs: number }>();
    for (const wait of this.waits.values()) {
      const entry = by.get(wait.query) ?? { waits: 0, maxMs: 0 };
      entry.waits += 1;
      entry.maxMs = Math.max(entry.maxMs, total(wait));
      by.set(wait.query, entry);
    }
    return [...by.entries()].map(([query, entry]) => ({ query, ...entry })).sort((a, b) => b.maxMs - a.maxMs);
  }
}

const total = (wait: { phases: Map<string, number> }) => [...wait.phases.values()].reduce((a, b) => a + b, 0);

type SampleRow = {
  pid: number;
  query_start: string;
  waitstart: string;
  locktype: string;
  waited_ms: number;
  query: string;
  blockers: string[] | null;
};

/**
 * The `p`th percentile of `waits` counted over `of` operations, each waiting at most once: those never seen waiting
 * count as 0 ms.
 */
export function waitPercentile(waits: number[], of: number, p: number): number {
  const all = [...waits, ...Array.from({ length: Math.max(0, of - waits.length) }, () => 0)].sort(
    (a, b) => a - b,
  );
  return all[Math.min(all.length - 1, Math.ceil((p / 100) * all.length) - 1)] ?? 0;
}
