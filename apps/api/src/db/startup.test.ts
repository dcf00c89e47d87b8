import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type DatabaseHandle, migrationsInRepository, openDatabase, queryRows } from './client';
import { seedDatabase } from './seed';

/**
 * Several instances starting together on one empty PostgreSQL database: the migrations run once (an advisory lock
 * around the migrator, the others wait) and the seed runs once (under the same lock). Each start has its own pool,
 * so its own sessions, as separate processes would.
 */
const server = process.env.DATABASE_URL;
const name = `origem_startup_${randomBytes(5).toString('hex')}`;
let url = '';

async function admin(query: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

describe.skipIf(!server)('start-up on PostgreSQL', () => {
  beforeAll(async () => {
    await admin(`create database ${name}`);
    const target = new URL(server ?? '');
    target.pathname = `/${name}`;
    url = target.toString();
  });
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('three instances starting at once migrate once and seed once; none fails', async () => {
    const config = loadConfig({ DATABASE_URL: url, SEED: 'demo' });
    const start = async (): Promise<{ handle: DatabaseHandle; demo: boolean }> => {
      const handle = await openDatabase({ databaseUrl: url });
      const seeded = await handle.exclusive(() => seedDatabase(handle.db, config, { ncm: false }));
      return { handle, demo: seeded.demo };
    };
    const started = await Promise.all([start(), start(), start()]);
    try {
      // Exactly one of them found the database empty and seeded the demonstration data.
      expect(started.map((s) => s.demo).sort()).toEqual([false, false, true]);
      const db = started[0]?.handle.db;
      if (!db) throw new Error('no database');
      const [row] = await queryRows<{ migrations: number; admins: number; users: number }>(
        db,
        sql`select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
                   (select count(*)::int from users where email = 'admin@origem.local') as admins,
                   (select count(*)::int from users) as users`,
      );
      expect(row?.migrations).toBe(migrationsInRepository());
      expect(row?.admins).toBe(1);
      expect(row?.users).toBeGreaterThan(1);
    } finally {
      await Promise.all(started.map((s) => s.handle.close()));
    }
  });
});
