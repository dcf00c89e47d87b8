import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { expect5xx } from '../../test/expect-5xx';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health probes', () => {
  it('/health/live and /health/ready answer without a token, with nothing but the checks’ names', async () => {
    const live = await t.request('GET', '/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });

    const ready = await t.request('GET', '/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', storage: 'ok', migrations: 'ok' },
    });
    // The older names stay.
    expect((await t.request('GET', '/health')).statusCode).toBe(200);
    expect((await t.request('GET', '/ready')).statusCode).toBe(200);
  });

  it('/health/ready is 503 while a migration of this build is missing, and the answer leaks no detail', async () => {
    const [last] = (
      (await t.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
      )) as unknown as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    // A fresh app on the same database sees the migrations as a starting instance would.
    const fresh = await createFreshApp();
    // The probe answers 503 on purpose while a migration is missing.
    expect5xx({ status: 503, route: '/health/ready' });
    try {
      await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`);
      const ready = await fresh.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', storage: 'ok', migrations: 'error' },
      });
      expect(ready.body).not.toMatch(/postgres|pglite|drizzle|version|\/tmp|error:/i);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
      );
      await fresh.close();
    }
  });
});

async function createFreshApp() {
  const app = await buildApp({ config: t.app.config, db: t.db, logger: false });
  await app.ready();
  return app;
}
