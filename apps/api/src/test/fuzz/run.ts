import { PERMISSIONS } from '@origem/contract/permissions';
import { API_TOKEN_PREFIX, tokenScopesFor } from '@origem/contract/schemas/api-tokens';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashPassword, randomToken, sha256 } from '../../lib/secrets';
import { insertToken } from '../../modules/api-tokens/queries';
import type { TestApp } from '../app';
import { casesFor, type FuzzRequest, random } from './generate';
import { type OpenApiDocument, type Operation, operationsOf } from './openapi';

/** The app's settings for a fuzz run: the API token's per-minute budget would otherwise answer 429 to most of it. */
export const FUZZ_ENV = { API_TOKEN_RATE_LIMIT_PER_MINUTE: '10000000' };

export type FuzzOptions = {
  seed: number;
  /** At most this many requests per operation and caller (all of them when undefined: the full run). */
  perOperation?: number;
  /** The callers (default: all of them). */
  actors?: readonly Actor[];
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

/**
 * Who calls: nobody, the administrator (every permission), an exporter (an outside company's user: mostly refusals
 * and its own records) and a personal API token of the administrator (every scope it may have; refused on the
 * management routes).
 */
export const ACTORS = ['anonymous', 'admin', 'exporter', 'apiToken'] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * Sends the generated requests to every operation of the app's OpenAPI document, as each caller, and collects every
 * 5xx. Destructive operations (DELETE) go last so the others still find rows.
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
    for (const actor of options.actors ?? ACTORS) {
      plan.push(
        ...pick(casesFor(doc, op, rnd), limitFor(op, actor, options.perOperation), rnd).map((request) => ({
          actor,
          request,
        })),
      );
    }
  }

  const sessions: Record<Exclude<Actor, 'anonymous'>, Session> = {
    admin: new UserSession(t, 'admin@origem.local'),
    exporter: new UserSession(t, 'exportador@origem.local'),
    apiToken: new ApiTokenSession(t),
  };
  const byStatus: Record<string, number> = {};
  const failures: FuzzFailure[] = [];
  let sent = 0;
  for (const { actor, request } of plan) {
    const session = actor === 'anonymous' ? null : sessions[actor];
    const token = session ? await session.token() : null;
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
    // A fuzzed request may end a session (logout, a revoked token, its user's e-mail or state changed): start again.
    if (session && res.statusCode === 401) await session.check();
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
 * the door (401) before anything else runs: a few requests show it; the rest go where code runs. In the full run
 * the administrator sends every case; the exporter (mostly refused by permission, else scoped to its own records)
 * and the API token (the administrator's scopes, through the token's own authentication) a sample of each.
 */
function limitFor(op: Operation, actor: Actor, perOperation: number | undefined): number | undefined {
  if (actor === 'anonymous' && !op.public) return perOperation === undefined ? 12 : 2;
  if (perOperation === undefined && (actor === 'exporter' || actor === 'apiToken')) return 16;
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

type Session = { token: () => Promise<string>; check: () => Promise<void> };

/**
 * A demo user signed in, restored (account, password, failures) whenever a fuzzed request broke it
 * (its e-mail changed, deactivated, deleted, signed out).
 */
class UserSession implements Session {
  private current: string | null = null;
  private userId: number | null = null;

  constructor(
    private readonly t: TestApp,
    private readonly email: string,
  ) {}

  async token(): Promise<string> {
    this.current ??= await this.restore();
    return this.current;
  }

  async check(): Promise<void> {
    if (!this.current) return;
    const res = await this.t.request('GET', '/v1/user/detail', { token: this.current });
    if (res.statusCode === 401) this.current = null;
  }

  /** The user's id (found by its e-mail before any fuzzed request ran), with its account as the seed made it. */
  async restoreAccount(): Promise<number> {
    if (this.userId === null) {
      const [user] = await this.t.db.select({ id: users.id }).from(users).where(eq(users.email, this.email));
      if (!user) throw new Error(`nenhum usuário ${this.email}`);
      this.userId = user.id;
    }
    await this.t.db
      .update(users)
      .set({
        email: this.email,
        active: true,
        deleted_at: null,
        password_hash: await hashPassword(DEMO_PASSWORD),
      })
      .where(eq(users.id, this.userId));
    await this.t.db.execute(sql`delete from login_failures`);
    await this.t.db.execute(sql`delete from rate_limit_counters`);
    return this.userId;
  }

  private async restore(): Promise<string> {
    await this.restoreAccount();
    return this.t.login(this.email);
  }
}

/** A personal API token of the administrator with every scope, issued again when a fuzzed request revoked it. */
class ApiTokenSession implements Session {
  private current: string | null = null;
  private readonly owner: UserSession;

  constructor(private readonly t: TestApp) {
    this.owner = new UserSession(t, 'admin@origem.local');
  }

  async token(): Promise<string> {
    if (this.current) return this.current;
    const userId = await this.owner.restoreAccount();
    const token = `${API_TOKEN_PREFIX}${randomToken()}`;
    await insertToken(this.t.db, {
      userId,
      name: 'fuzz',
      hash: sha256(token),
      prefix: token.slice(0, API_TOKEN_PREFIX.length + 4),
      scopes: tokenScopesFor(Object.keys(PERMISSIONS)),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    this.current = token;
    return token;
  }

  async check(): Promise<void> {
    if (!this.current) return;
    // A route every token with the scope reads; 401 means the token (or its user) no longer works.
    const res = await this.t.request('GET', '/v1/dashboard/total', { token: this.current });
    if (res.statusCode === 401) this.current = null;
  }
}
