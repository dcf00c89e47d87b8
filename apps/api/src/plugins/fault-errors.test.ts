import { writeFile } from 'node:fs/promises';
import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
