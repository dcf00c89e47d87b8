import { lt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { type Executor, queryRows } from '../db/client';
import { rateLimitCounters } from '../db/schema';

/**
 * The per-address limit of the forms anyone can post without a token (forgot password, public sign-up, the
 * pendency link): half of what the token endpoint allows.
 */
export function publicRateLimit(config: Pick<Config, 'rateLimitPerMinute'>) {
  return { max: Math.max(1, Math.ceil(config.rateLimitPerMinute / 2)), timeWindow: '1 minute' };
}

export type Hits = { hits: number; ttlMs: number };

/**
 * Counts one hit on `key` in a fixed window of `windowMs` and returns the count so far: one upsert, so two
 * instances (or two requests at once) never lose a hit. The clock is the database's, shared by every instance.
 */
export async function countHit(db: Executor, key: string, windowMs: number): Promise<Hits> {
  const [row] = await queryRows<{ hits: number; ttl_ms: number }>(
    db,
    sql`insert into rate_limit_counters as c (key, hits, window_ends_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
          window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
        returning hits, (extract(epoch from (window_ends_at - now())) * 1000)::float8 as ttl_ms`,
  );
  return { hits: Number(row?.hits ?? 1), ttlMs: Math.max(0, Number(row?.ttl_ms ?? windowMs)) };
}

/** The hits counted on `key` in its current window (0 once the window has passed), without counting one. */
export async function readHits(db: Executor, key: string): Promise<Hits> {
  const [row] = await queryRows<{ hits: number; ttl_ms: number }>(
    db,
    sql`select hits, (extract(epoch from (window_ends_at - now())) * 1000)::float8 as ttl_ms
          from rate_limit_counters where key = ${key} and window_ends_at > now()`,
  );
  return row ? { hits: Number(row.hits), ttlMs: Number(row.ttl_ms) } : { hits: 0, ttlMs: 0 };
}

export async function clearHits(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
}

/** Drops counters whose window ended: the table holds only live windows (run now and then, e.g. by a job). */
export async function pruneRateLimitCounters(db: Executor): Promise<number> {
  const removed = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.window_ends_at, sql`now()`))
    .returning({ key: rateLimitCounters.key });
  return removed.length;
}

// One increment in this many also prunes ended windows, so the table stays small without a timer of its own.
const PRUNE_EVERY = 1000;

type IncrCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** The plugin hands each route's store its merged options, whose `routeInfo` names the route. */
function routeKey(options: object | undefined): string {
  const route = (options as { routeInfo?: { method?: string | string[]; url?: string } } | undefined)
    ?.routeInfo;
  if (!route?.url) return 'global';
  const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
  return `${method} ${route.url}`;
}

/**
 * A @fastify/rate-limit store on `rate_limit_counters`: counters survive restarts and are shared by every
 * instance (the plugin's default keeps them in the memory of one process). Keys are the route and the client
 * address the plugin computes (request.ip, which honours TRUST_PROXY).
 */
export function databaseRateLimitStore(db: Executor) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    constructor(options?: object) {
      this.prefix = routeKey(options);
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const counted = countHit(db, `rl:${this.prefix}|${key}`.slice(0, 300), timeWindow);
      if (Math.random() * PRUNE_EVERY < 1) void pruneRateLimitCounters(db).catch(() => undefined);
      counted.then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }

    read(key: string, callback: IncrCallback): void {
      readHits(db, `rl:${this.prefix}|${key}`.slice(0, 300)).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }

    child(options: object) {
      return new DatabaseRateLimitStore(options);
    }
  };
}
