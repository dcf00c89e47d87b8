import { randomBytes } from 'node:crypto';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, jobs } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let admin = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('scheduled kinds', () => {
  it('the hourly file_sweep removes blobs no row references once past the grace period', async () => {
    const orphan = randomBytes(16).toString('hex');
    const fresh = randomBytes(16).toString('hex');
    await t.app.files.write(orphan, Readable.from([Buffer.from('sobra de um upload interrompido')]));
    await t.app.files.write(fresh, Readable.from([Buffer.from('upload em andamento')]));
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const file = path.join(t.app.config.dataDir, 'files', orphan.slice(0, 2), orphan.slice(2, 4), orphan);
    utimesSync(file, old, old);
    await t.app.jobs.enqueueScheduled();
    await t.app.jobs.runDue(['file_sweep']);
    expect(await t.app.files.exists(orphan)).toBe(false);
    // Younger than the grace period: it may still be an upload whose record is being committed.
    expect(await t.app.files.exists(fresh)).toBe(true);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'file_sweep'));
    expect(job?.status).toBe('CONCLUIDO');
  });
});

describe('/v1/job', () => {
  it('shows the administrator the failed jobs with their error, and retries one', async () => {
    await enqueueJob(t.db, { kind: 'nao_existe', payload: { x: 1 } });
    await t.app.jobs.runDue(['nao_existe']);
    const failed = await t.request('GET', '/v1/job?status=FALHOU', { token: admin });
    expect(failed.statusCode).toBe(200);
    const [job] = failed.json().data;
    expect(job).toMatchObject({
      kind: 'nao_existe',
      status: 'FALHOU',
      attempts: 1,
      last_error: 'tipo de tarefa desconhecido: nao_existe',
    });

    const retried = await t.request('POST', `/v1/job/${job.id}/retry`, { token: admin });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe('Tarefa reenfileirada: ela será executada novamente em instantes.');
    const [audit] = await t.db.select().from(audits).where(eq(audits.event, 'retried'));
    expect(audit).toMatchObject({ auditable_type: 'job', auditable_id: job.id });
    expect(t.app.unauditedMutations).toEqual([]);
  });

  it('refuses to retry a job that did not fail, and an unknown one', async () => {
    await enqueueJob(t.db, { kind: 'mail', payload: { mailId: -1 } });
    const [pending] = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.kind} = 'mail' and ${jobs.status} = 'PENDENTE'`);
    const res = await t.request('POST', `/v1/job/${pending?.id}/retry`, { token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Só uma tarefa que falhou pode ser repetida.');
    expect((await t.request('POST', '/v1/job/99999999/retry', { token: admin })).statusCode).toBe(404);
  });

  it('is for the administrator only', async () => {
    for (const role of ['analista', 'associacao', 'exportador']) {
      const token = await t.login(role);
      expect((await t.request('GET', '/v1/job', { token })).statusCode).toBe(403);
    }
    expect((await t.request('GET', '/v1/job')).statusCode).toBe(401);
  });
});
