import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { isDatabaseUnavailable, isStorageFull } from '../lib/errors';
import { errorsPlugin } from './errors';

/**
 * Faults the server cannot prevent answer in Portuguese with a status the client can act on (issue 26, "Faults"):
 * a full disk is a 507 and a statement the database cancelled after the statement timeout is a 503, not a 500.
 * The errors are real ones: a write to /dev/full (ENOSPC), and PostgreSQL's own cancellation (57014) when
 * DATABASE_URL points at a server.
 */
const server = process.env.DATABASE_URL;
let slowPool: pg.Pool | undefined;
const app = Fastify();

beforeAll(async () => {
  if (server) slowPool = new pg.Pool({ connectionString: server, max: 1, statement_timeout: 100 });
  await app.register(errorsPlugin);
  app.post('/disk', async () => {
    // A disk with no space left: every write fails with ENOSPC, wrapped as our storage code wraps it.
    try {
      await writeFile('/dev/full', Buffer.alloc(4096));
    } catch (err) {
      throw new Error('falha ao gravar o arquivo', { cause: err });
    }
    return { ok: true };
  });
  app.get('/slow', async () => {
    await slowPool?.query('select pg_sleep(2)');
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await slowPool?.end();
});

describe('a full disk', () => {
  it('is recognised through the cause chain', async () => {
    const err = await writeFile('/dev/full', 'x').catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('ENOSPC');
    expect(isStorageFull(new Error('wrapped', { cause: err }))).toBe(true);
    expect(isStorageFull(new Error('other'))).toBe(false);
  });

  it('answers 507 with the Portuguese message', async () => {
    const res = await app.inject({ method: 'POST', url: '/disk' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ code: ErrorCode.InsufficientStorage, message: messages.storageFull });
  });
});

describe.skipIf(!server)('a statement cancelled by the statement timeout (PostgreSQL)', () => {
  it('is "database unavailable"', async () => {
    const err = await slowPool?.query('select pg_sleep(2)').catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('57014');
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('answers 503 in Portuguese within the timeout, not a 500 or a hang', async () => {
    const before = Date.now();
    const res = await app.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: ErrorCode.ServiceUnavailable, message: messages.unavailable });
    expect(Date.now() - before).toBeLessThan(1500);
  });
});

describe.skipIf(!server)('a connection ended by the server while in use (PostgreSQL)', () => {
  it('fails the work on it, not the process; the pool goes on with a new connection', async () => {
    const name = `origem_fault_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(server ?? '');
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      // Checked out and idle in a transaction, as while a service waits for the object store.
      const client = await handle.pool?.connect();
      if (!client) throw new Error('sem pool');
      await client.query('begin');
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      // Without a listener of its own, the client's 'error' event here would end the test process.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const err = await client.query('select 1').catch((e: unknown) => e);
      expect(isDatabaseUnavailable(err)).toBe(true);
      client.release(err as Error);
      const again = await handle.db.execute(sql`select 1 as one`);
      expect((again as unknown as { rows: Array<{ one: number }> }).rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
