import { messages } from '@origem/contract/messages.pt';
import type { Client } from '../topology/client';
import { CertificateChain, type DraftRefs, type Tokens } from '../topology/journey';

/**
 * The moderate load the faults happen under: `writers` careful clients walking certificates from draft to approval
 * (create, upload, send, take, approve; each mutation with its Idempotency-Key, repeated after a 502/503/no answer),
 * and a reader that lists certificates every 300 ms *without* repeating, recording what a user would see: the
 * status, the message, how long it took, or that no answer came.
 */

export type Seen = { at: number; status: number | 'sem resposta'; ms: number; message: string };

/** The Portuguese messages a fault may show (503 and 507): anything else on a 5xx is a finding. */
export const FAULT_MESSAGES = new Set<string>([
  messages.unavailable,
  messages.storageUnavailable,
  messages.storageFull,
]);

export class Background {
  readonly chains: CertificateChain[] = [];
  readonly failures: string[] = [];
  readonly seen: Seen[] = [];
  private running = true;
  private writersPaused = false;
  private loops: Promise<unknown>[] = [];
  private next = 0;

  constructor(
    private readonly base: string,
    private readonly client: Client,
    private readonly tokens: Tokens,
    private readonly refs: DraftRefs,
    private readonly findCreated: (key: string) => Promise<number | undefined>,
    readonly prefix: string,
  ) {}

  start(writers: number): void {
    for (let w = 0; w < writers; w++) this.loops.push(this.writer());
    this.loops.push(this.reader());
  }

  /** Writers finish their chain and wait (the disk-full probe wants the disk to itself). */
  pause(paused: boolean): void {
    this.writersPaused = paused;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async writer(): Promise<void> {
    while (this.running) {
      if (this.writersPaused) {
        await sleep(200);
        continue;
      }
      const i = this.next++;
      const key = `${this.prefix}${i}`;
      const chain = new CertificateChain(this.client, this.tokens, key, key, this.findCreated);
      this.chains.push(chain);
      await chain.all(this.refs).catch((err: Error) => this.failures.push(err.message));
    }
  }

  private async reader(): Promise<void> {
    while (this.running) {
      this.seen.push(await this.look());
      await sleep(300);
    }
  }

  /** One list request as the exporter's screen sends it, no repeat; 20 s without an answer is a hang. */
  async look(path = '/v1/certificate?page=1'): Promise<Seen> {
    const at = Date.now();
    try {
      const res = await fetch(`${this.base}${path}`, {
        headers: { authorization: `Bearer ${this.tokens.exporter}` },
        signal: AbortSignal.timeout(20_000),
      });
      const body = await res.text();
      let message = '';
      try {
        message = (JSON.parse(body) as { message?: string }).message ?? '';
      } catch {
        // not JSON
      }
      return { at, status: res.status, ms: Date.now() - at, message };
    } catch (err) {
      return { at, status: 'sem resposta', ms: Date.now() - at, message: (err as Error).name };
    }
  }

  /** What the reader saw while the fault lasted: every request that was in flight at some moment of it. */
  between(from: number, to: number): Seen[] {
    return this.seen.filter((s) => s.at <= to && s.at + s.ms >= from);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "200×12 503×4": the statuses of a window, counted. */
export function statusSummary(seen: Seen[]): string {
  const counts = new Map<string, number>();
  for (const s of seen) counts.set(String(s.status), (counts.get(String(s.status)) ?? 0) + 1);
  return [...counts.entries()].map(([s, n]) => `${s}×${n}`).join(' ') || '-';
}

/** The problems of a fault's window: a 500, a 5xx without one of the Portuguese messages, a hang (≥ 20 s). */
export function windowProblems(seen: Seen[], allowNoAnswer: boolean): string[] {
  const problems: string[] = [];
  for (const s of seen) {
    if (s.status === 'sem resposta') {
      if (!allowNoAnswer || s.message === 'TimeoutError') problems.push(`sem resposta após ${s.ms} ms`);
    } else if (s.status >= 500 && (s.status === 500 || !FAULT_MESSAGES.has(s.message))) {
      problems.push(`${s.status} "${s.message}"`);
    }
  }
  return [...new Set(problems)];
}
