/**
 * The test's HTTP client: what a careful client of the API does. A mutation that failed without an answer (the
 * connection died, a 502/503/504 from nginx, a timeout) is sent again with the same Idempotency-Key until it
 * gets one; the API makes the repeat harmless.
 */

export type Answer = {
  status: number;
  body: string;
  requestId: string | null;
  /** Sends it took (1 = answered the first time). */
  attempts: number;
  /** Answered by the replay of an earlier attempt's stored answer. */
  replayed: boolean;
  /**
   * A 409 saying an earlier attempt with this key committed but its answer was never stored. Since issue 35 the
   * answer commits with the change, so the run counts any as a failure.
   */
  processed: boolean;
  json: <T>() => T;
};

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  token?: string;
  json?: unknown;
  form?: FormData;
  idempotencyKey?: string;
};

const RETRYABLE = new Set([502, 503, 504]);
/** How long a mutation is sent again without an answer (an instance restarting, nginx finding the other). */
const GIVE_UP_AFTER_MS = 150_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Client {
  retries = 0;

  constructor(
    private readonly base: string,
    /** nginx's, trusting its throw-away certificate (processes.ts); fetch itself for an instance over HTTP. */
    private readonly fetch: typeof globalThis.fetch = globalThis.fetch,
  ) {}

  async send(call: Call): Promise<Answer> {
    const started = Date.now();
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const headers: Record<string, string> = {};
      if (call.token) headers.authorization = `Bearer ${call.token}`;
      if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
      if (call.json !== undefined) headers['content-type'] = 'application/json';
      let answer: Answer | undefined;
      try {
        const res = await this.fetch(`${this.base}${call.path}`, {
          method: call.method,
          headers,
          body: call.form ?? (call.json === undefined ? undefined : JSON.stringify(call.json)),
          signal: AbortSignal.timeout(60_000),
        });
        const body = await res.text();
        answer = {
          status: res.status,
          body,
          requestId: res.headers.get('x-request-id'),
          attempts,
          replayed: res.headers.get('idempotent-replayed') === 'true',
          processed: res.status === 409 && body.includes('já foi processada'),
          json: <T>() => JSON.parse(body) as T,
        };
      } catch {
        answer = undefined; // no answer: the connection died or timed out
      }
      const inFlight = answer?.status === 409 && call.idempotencyKey !== undefined && !answer.processed;
      const retry = answer === undefined || RETRYABLE.has(answer.status) || inFlight;
      if (answer && !retry) return answer;
      if (Date.now() - started > GIVE_UP_AFTER_MS) {
        if (answer) return answer;
        throw new Error(`${call.method} ${call.path}: sem resposta após ${attempts} tentativas`);
      }
      // Only a mutation carrying a key may be repeated blindly; a GET is harmless anyway.
      if (call.method !== 'GET' && !call.idempotencyKey && answer === undefined) {
        throw new Error(`${call.method} ${call.path}: sem resposta e sem Idempotency-Key para repetir`);
      }
      this.retries += 1;
      await sleep(Math.min(500 * attempts, 3_000));
    }
  }
}

export async function expectStatus(answer: Promise<Answer>, status: number, what: string): Promise<Answer> {
  const res = await answer;
  if (res.status !== status) throw new Error(`${what}: esperava ${status}, veio ${res.status} ${res.body}`);
  return res;
}
