import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

/** What the load run measures: latencies and answers per request kind, the server's CPU, the pool's waits. */

/** One answer that was neither 2xx/3xx nor a 4xx the journey expects by design. */
export type Unexpected = { kind: string; status: number | string; body: string };

export class KindStats {
  readonly latencies: number[] = [];
  readonly statuses = new Map<number, number>();
  timeouts = 0;
  connectionErrors = 0;

  record(status: number, ms: number): void {
    this.latencies.push(ms);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  get count(): number {
    return this.latencies.length;
  }

  /** Answers with a 5xx status. */
  get serverErrors(): number {
    let n = 0;
    for (const [status, count] of this.statuses) if (status >= 500) n += count;
    return n;
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** Every kind's numbers, and the unexpected answers (kept up to a limit, all counted). */
export class Recorder {
  readonly kinds = new Map<string, KindStats>();
  readonly unexpected: Unexpected[] = [];
  unexpectedCount = 0;
  readonly started = Date.now();

  kind(name: string): KindStats {
    let stats = this.kinds.get(name);
    if (!stats) {
      stats = new KindStats();
      this.kinds.set(name, stats);
    }
    return stats;
  }

  flag(entry: Unexpected): void {
    this.unexpectedCount += 1;
    if (this.unexpected.length < 200) this.unexpected.push(entry);
  }

  totals() {
    let requests = 0;
    let serverErrors = 0;
    let timeouts = 0;
    let connectionErrors = 0;
    for (const k of this.kinds.values()) {
      requests += k.count;
      serverErrors += k.serverErrors;
      timeouts += k.timeouts;
      connectionErrors += k.connectionErrors;
    }
    return { requests, serverErrors, timeouts, connectionErrors };
  }
}

export type KindRow = {
  kind: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors5xx: number;
  timeouts: number;
  statuses: string;
};

export function kindRows(recorder: Recorder): KindRow[] {
  return [...recorder.kinds.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, k]) => {
      const sorted = [...k.latencies].sort((a, b) => a - b);
      return {
        kind,
        count: k.count,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        errors5xx: k.serverErrors,
        timeouts: k.timeouts + k.connectionErrors,
        statuses: [...k.statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' '),
      };
    });
}

const ms = (n: number) => (Number.isNaN(n) ? '-' : String(Math.round(n)));

/** The per-kind table, as Markdown (the same text goes to the console and to docs). */
export function kindTable(rows: KindRow[]): string {
  const lines = [
    '| pedido | n | p50 ms | p95 ms | p99 ms | máx ms | 5xx | timeouts/conexão | respostas |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.kind} | ${r.count} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors5xx} | ${r.timeouts} | ${r.statuses} |`,
    );
  }
  return lines.join('\n');
}

/** CPU time of a set of processes, from /proc (utime + stime, in clock ticks of 1/100 s). */
export function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The whole machine's busy and total ticks (first line of /proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/** PostgreSQL's own processes (named `postgres`): their CPU is the database's share. */
function postgresPids(): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') out.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

export type Sample = {
  at: number;
  /** Share of one core used by the API processes in the interval (100 = one full core). */
  apiCpu: number;
  /** Share of one core used by PostgreSQL's processes. */
  dbCpu: number;
  /** The machine's busy share, 0–100 over all cores. */
  machineCpu: number;
  /** Connections of the load database, by state; those waiting on a lock; the longest running statement (ms). */
  active: number;
  idle: number;
  idleInTransaction: number;
  lockWaits: number;
  longestMs: number;
};

/**
 * Samples every second: the API processes' and PostgreSQL's CPU from /proc, and pg_stat_activity of the load
 * database (connections active/idle, lock waits). A pool that saturates shows all its connections active while
 * the CPU is not full; CPU saturation shows the API's share near 100 % per process.
 */
export class Sampler {
  readonly samples: Sample[] = [];
  /** "waiting statement ⟵ blocking statement": how many samples saw each pair (what the lock waits are). */
  readonly blockers = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly apiPids: () => number[],
    private readonly pool: pg.Pool,
    private readonly database: string,
  ) {}

  start(): void {
    let last = { at: Date.now(), api: this.apiTicks(), db: this.dbTicks(), machine: machineTicks() };
    this.timer = setInterval(async () => {
      const now = { at: Date.now(), api: this.apiTicks(), db: this.dbTicks(), machine: machineTicks() };
      const seconds = (now.at - last.at) / 1000;
      const activity = await this.pool
        .query<{ state: string | null; waits: number; n: number; longest: number | null }>(
          `select state, count(*) filter (where wait_event_type = 'Lock')::int as waits, count(*)::int as n,
                  max(extract(epoch from (now() - query_start)) * 1000) filter (where state = 'active') as longest
             from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() group by state`,
          [this.database],
        )
        .then((r) => r.rows)
        .catch(() => []);
      const blocked = await this.pool
        .query<{ waiting: string; blocking: string }>(
          `select left(regexp_replace(w.query, '\\s+', ' ', 'g'), 70) as waiting,
                  left(regexp_replace(b.query, '\\s+', ' ', 'g'), 70) as blocking
             from pg_stat_activity w
             cross join lateral unnest(pg_blocking_pids(w.pid)) as bp(pid)
             join pg_stat_activity b on b.pid = bp.pid
            where w.datname = $1 and w.wait_event_type = 'Lock'`,
          [this.database],
        )
        .then((r) => r.rows)
        .catch(() => []);
      for (const { waiting, blocking } of blocked) {
        const pair = `${waiting} ⟵ ${blocking}`;
        this.blockers.set(pair, (this.blockers.get(pair) ?? 0) + 1);
      }
      const by = (state: string) => activity.find((r) => r.state === state)?.n ?? 0;
      this.samples.push({
        at: now.at,
        apiCpu: (now.api - last.api) / seconds,
        dbCpu: (now.db - last.db) / seconds,
        machineCpu:
          ((now.machine.busy - last.machine.busy) / Math.max(1, now.machine.total - last.machine.total)) *
          100,
        active: by('active'),
        idle: by('idle'),
        idleInTransaction: by('idle in transaction'),
        lockWaits: activity.reduce((n, r) => n + r.waits, 0),
        longestMs: Math.max(0, ...activity.map((r) => Number(r.longest ?? 0))),
      });
      last = now;
    }, 1000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private apiTicks(): number {
    return this.apiPids().reduce((n, pid) => n + cpuTicks(pid), 0);
  }

  private dbTicks(): number {
    return postgresPids().reduce((n, pid) => n + cpuTicks(pid), 0);
  }

  /** Averages over the samples (the first seconds of ramp-up included), and the share of seconds at the pool's cap. */
  summary(poolMax: number, instances: number) {
    const s = this.samples;
    const avg = (f: (x: Sample) => number) => (s.length ? s.reduce((n, x) => n + f(x), 0) / s.length : 0);
    const cap = poolMax * instances;
    return {
      apiCpu: avg((x) => x.apiCpu),
      dbCpu: avg((x) => x.dbCpu),
      machineCpu: avg((x) => x.machineCpu),
      active: avg((x) => x.active),
      maxActive: Math.max(0, ...s.map((x) => x.active + x.idleInTransaction)),
      /** Seconds in which every connection of the pools was busy (active or in a transaction). */
      poolFullShare: s.length ? s.filter((x) => x.active + x.idleInTransaction >= cap).length / s.length : 0,
      lockWaits: avg((x) => x.lockWaits),
      maxLockWaits: Math.max(0, ...s.map((x) => x.lockWaits)),
      longestMs: Math.max(0, ...s.map((x) => x.longestMs)),
      topBlockers: [...this.blockers.entries()].sort(([, a], [, b]) => b - a).slice(0, 5),
    };
  }
}
