import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Database | Tx;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'pg';
  /**
   * Runs `work` while holding the start-up lock (a PostgreSQL advisory lock): of several instances starting
   * together, one at a time — the migrations ran under it, the seed runs under it. PGlite has one process: no lock.
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  /** The pg pool (PostgreSQL only), for the metrics of its use. */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

/** The advisory lock key of start-up work ('ORIG' + 'STRT' as one 64-bit number); any fixed value would do. */
export const STARTUP_LOCK = 0x4f524947_5354n;

/** Holds the start-up advisory lock on one connection of `pool` while `work` runs (on any connection). */
async function withStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // Waits for another instance's start-up work to finish. A session lock: released on unlock, or by the server
    // if this process dies holding it.
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK.toString()]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Sees every statement drizzle sends (the query-plan test and the bench read the lists' real SQL with it). */
export type QueryLogger = (query: string, params: unknown[]) => void;

/**
 * The PostgreSQL pool's limits (config.ts: DB_POOL_MAX, DB_STATEMENT_TIMEOUT_MS, DB_CONNECT_TIMEOUT_MS). A statement
 * running longer than `statementTimeoutMs` is cancelled by the server (57014) and a request waiting longer than
 * `connectTimeoutMs` for a free connection gives up: both answer 503 (lib/errors.ts) instead of hanging. Unset:
 * 10 connections and no limits (scripts, tests).
 */
export type PoolSettings = { max?: number; statementTimeoutMs?: number; connectTimeoutMs?: number };

/** PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pool?: PoolSettings;
  dataDir?: string;
  /** A PGlite data directory to start from (`dumpDataDir`), in memory only: tests skip initdb and the migrations. */
  image?: Blob;
  logQuery?: QueryLogger;
}): Promise<DatabaseHandle> {
  const logger = opts.logQuery ? { logQuery: opts.logQuery } : undefined;
  if (opts.databaseUrl) {
    const limits = opts.pool ?? {};
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: limits.max ?? 10,
      connectionTimeoutMillis: limits.connectTimeoutMs ?? 0,
      ...(limits.statementTimeoutMs ? { statement_timeout: limits.statementTimeoutMs } : {}),
    });
    // An idle connection the server ends (restart, failover, a dropped test database) emits 'error' on the pool;
    // unhandled, it would take the process down. The pool discards that client and opens another on next use.
    pool.on('error', (error) => {
      process.emitWarning(`conexão ociosa com o PostgreSQL encerrada: ${error.message}`);
    });
    // A connection in use but between two queries (a transaction waiting for the object store, a cursor between
    // two fetches) has no listener of the pool's: ended by the server (pg_terminate_backend, a restart), its 'error'
    // event would take the whole process down. The work on it fails with its next query (a 503), the pool drops it.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        process.emitWarning(`conexão em uso com o PostgreSQL encerrada: ${error.message}`);
      });
    });
    const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
    const exclusive = <T>(work: () => Promise<T>) => withStartupLock(pool, work);
    // Several instances starting together: one migrates, the others wait and then find nothing left to do. The
    // migrations run on a connection of their own, without the pool's statement timeout (an index on a big table
    // may take longer than any request should).
    await exclusive(async () => {
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      await client.connect();
      try {
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.end();
      }
    });
    return { db, driver: 'pg', exclusive, pool, close: () => pool.end() };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  const { PGlite, pg_trgm, drizzlePglite, migratePglite } = await pglite();
  // pg_trgm serves the lists' text filters (GIN trigram indexes); a migration creates it, PostgreSQL ships it.
  const extensions = { pg_trgm };
  let client: PGlite;
  if (dataDir.startsWith('memory://')) {
    client = new PGlite(dataDir, { extensions, loadDataDir: opts.image });
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  const db = drizzlePglite(client, { schema, logger });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}

/**
 * PGlite and its drizzle driver, loaded only where the server runs on it: on PostgreSQL its modules held 5 MB of an
 * idle server for nothing (issue 21).
 */
async function pglite() {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  return { PGlite, pg_trgm, drizzlePglite, migratePglite };
}

/** A migrated, empty PGlite data directory (gzipped tarball), the starting point `image` takes. */
export async function migratedPgliteImage(): Promise<Blob> {
  const { PGlite, pg_trgm, drizzlePglite, migratePglite } = await pglite();
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}

/** The migrations' identity: the journal and every SQL file, so a changed migration never reuses an old image. */
export function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsFolder).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(path.join(migrationsFolder, name)));
  }
  hash.update(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/** Raw SQL returning typed rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** How many migrations the repository has (the journal's entries). */
export function migrationsInRepository(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** True once the database has every migration of this build applied (drizzle's own bookkeeping table). */
export async function migrationsApplied(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return (row?.n ?? 0) >= migrationsInRepository();
}

export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
