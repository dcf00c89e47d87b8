import { eq, sql } from 'drizzle-orm';
import { roles, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashPassword } from '../../lib/secrets';
import type { TestApp } from '../app';
import { casesFor, type FuzzRequest, random } from './generate';
import { type OpenApiDocument, type Operation, operationsOf } from './openapi';

export type FuzzOptions = {
  seed: number;
  /** At most this many requests per operation and caller (all of them when undefined: the full run). */
  perOperation?: number;
  /** Called now and then with the requests sent so far. */
  progress?: (sent: number, total: number) => void;
};

export type FuzzFailure = {
  actor: string;
  label: string;
  method: string;
  url: string;
  status: number;
  body: string;
};

export type FuzzReport = {
  seed: number;
  operations: number;
  requests: number;
  byStatus: Record<string, number>;
  /** Answers of 500 or more: each is a bug. */
  failures: FuzzFailure[];
  ms: number;
};

type Actor = 'anonymous' | 'admin';

/**
 * Sends the generated requests to every operation of the app's OpenAPI document, as an anonymous caller and as the
 * administrator, and collects every 5xx. Destructive operations (DELETE) go last so the others still find rows.
 */
export async function fuzz(t: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const doc = t.app.swagger() as OpenApiDocument;
  const operations = operationsOf(doc).sort(
    (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || a.path.localeCompare(b.path),
  );
  const rnd = random(options.seed);
  const plan: { actor: Actor; request: FuzzRequest }[] = [];
  for (const op of operations) {
    for (const actor of ['anonymous', 'admin'] as const) {
      plan.push(
        ...pick(casesFor(doc, op, rnd), limitFor(op, actor, options.perOperation), rnd).map((request) => ({
          actor,
          request,
        })),
      );
    }
  }

  const admin = new AdminSession(t);
  const byStatus: Record<string, number> = {};
  const failures: FuzzFailure[] = [];
  let sent = 0;
  for (const { actor, request } of plan) {
    const token = actor === 'admin' ? await admin.token() : null;
    const res = await t.app
      .inject({
        method: request.method,
        url: request.url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...request.headers },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      })
      // An answer cut off mid-stream is as broken as a 500 (a real client sees the connection reset).
      .catch((err: Error) => ({ statusCode: 599, body: `resposta interrompida: ${err.message}` }));
    sent += 1;
    byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    if (res.statusCode >= 500) {
      failures.push({
        actor,
        label: request.label,
        method: request.method,
        url: request.url.slice(0, 200),
        status: res.statusCode,
        body: res.body.slice(0, 300),
      });
    }
    // A fuzzed request may end the administrator's session (logout, its own e-mail or state changed): start again.
    if (actor === 'admin' && res.statusCode === 401) await admin.check();
    if (sent % 500 === 0) options.progress?.(sent, plan.length);
  }
  return {
    seed: options.seed,
    operations: operations.length,
    requests: sent,
    byStatus,
    failures,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * How many requests an operation gets from a caller. Anonymous callers of a protected operation are stopped at
 * the door (401) before anything else runs: a few requests show it; the rest go where code runs.
 */
function limitFor(op: Operation, actor: Actor, perOperation: number | undefined): number | undefined {
  if (actor === 'anonymous' && !op.public) return perOperation === undefined ? 12 : 2;
  return perOperation;
}

/** `count` requests from `cases`, always the plausible one first, the rest chosen at random (all when undefined). */
function pick(cases: FuzzRequest[], count: number | undefined, rnd: () => number): FuzzRequest[] {
  if (count === undefined || cases.length <= count) return cases;
  const [first, ...rest] = cases;
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as FuzzRequest, rest[i] as FuzzRequest];
  }
  return [first as FuzzRequest, ...rest.slice(0, count - 1)];
}

/** The administrator's token, restored (account, password, failures) whenever a fuzzed request broke it. */
class AdminSession {
  private current: string | null = null;

  constructor(private readonly t: TestApp) {}

  async token(): Promise<string> {
    this.current ??= await this.restore();
    return this.current;
  }

  async check(): Promise<void> {
    if (!this.current) return;
    const res = await this.t.request('GET', '/v1/user/detail', { token: this.current });
    if (res.statusCode === 401) this.current = null;
  }

  private async restore(): Promise<string> {
    const [admin] = await this.t.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(eq(roles.name, 'admin'))
      .orderBy(users.id)
      .limit(1);
    if (admin) {
      await this.t.db
        .update(users)
        .set({
          email: 'admin@origem.local',
          active: true,
          deleted_at: null,
          password_hash: await hashPassword(DEMO_PASSWORD),
        })
        .where(eq(users.id, admin.id));
    }
    await this.t.db.execute(sql`delete from login_failures`);
    await this.t.db.execute(sql`delete from rate_limit_counters`);
    return this.t.login('admin');
  }
}
