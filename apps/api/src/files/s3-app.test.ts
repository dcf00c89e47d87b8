import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';
import { expect5xx } from '../test/expect-5xx';
import { fileNamesUnder } from '../test/files';
import { multipart } from '../test/multipart';
import { startS3rver, type TestS3 } from '../test/s3rver';
import { s3Storage } from './s3-storage';

/**
 * The whole application on the S3 driver (STORAGE_URL=s3://…, s3rver on loopback): uploads land in the bucket and
 * nowhere on disk, downloads stream back through the API behind its permission check, and a store that goes down
 * turns an upload into a 503 in Portuguese with nothing recorded.
 */
let s3: TestS3;
let t: TestApp;
const tok: Record<string, string> = {};
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 0x41), Buffer.from('\n%%EOF\n')]);
const PREFIX = 'santos/';

beforeAll(async () => {
  s3 = await startS3rver('origem-app');
  t = await createTestApp({
    STORAGE_URL: `s3://origem-app/${PREFIX}`,
    S3_ENDPOINT: s3.settings.endpoint ?? '',
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey ?? '',
  });
  for (const role of ['exportador', 'despachante', 'admin']) tok[role] = await t.login(role);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const representative = (cpf: string) =>
  multipart({
    name: 'Rafael Nogueira Prado',
    cpf,
    email: 'rafael.prado@cafesantista.origem.local',
    phone: '(13) 99876-5432',
    job_position_id: '1',
    procuration_valid_until: `${new Date().getFullYear() + 1}-06-30`,
    procuration: { filename: 'procuracao.pdf', content: PDF, contentType: 'application/pdf' },
  });

async function counts() {
  const [row] = await queryRows<Record<string, number>>(
    t.db,
    sql`select (select count(*)::int from legal_representatives) as representatives,
               (select count(*)::int from stored_files) as files, (select count(*)::int from audits) as audits`,
  );
  return row;
}

async function bucketKeys(): Promise<string[]> {
  const found: string[] = [];
  for await (const blob of s3Storage({ ...s3.settings, bucket: 'origem-app', prefix: PREFIX }).list())
    found.push(blob.key);
  return found;
}

describe('the API on the S3 driver', () => {
  it('stores an upload in the bucket (not on disk) and streams it back only to whoever may see it', async () => {
    expect(t.app.files.driver).toBe('s3');
    const res = await t.request('POST', '/v1/legal_representative', {
      token: tok.exportador,
      ...representative('529.982.247-25'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    const [row] = await queryRows<{ storage_key: string; size: number }>(
      t.db,
      sql`select storage_key, size from stored_files where owner_type = 'legal_representative.procuration'
            and owner_id = ${id}`,
    );
    // node-postgres answers a bigint as text.
    expect(Number(row?.size)).toBe(PDF.length);
    expect(await bucketKeys()).toContain(row?.storage_key);
    expect(fileNamesUnder(`${t.app.config.dataDir}/files`)).toEqual([]);

    const download = await t.request('GET', `/v1/legal_representative/procuration/${id}`, {
      token: tok.exportador,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // The dispatcher has no link to this exporter: the API still decides, the bucket is never handed out.
    const stranger = await t.request('GET', `/v1/legal_representative/procuration/${id}`, {
      token: tok.despachante,
    });
    expect([403, 404]).toContain(stranger.statusCode);
    expect(stranger.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
  });

  it('with the store down, an upload answers 503 in Portuguese, records nothing, and /health/ready says so', async () => {
    const before = await counts();
    const keysBefore = await bucketKeys();
    // The upload and the readiness probe answer 503 on purpose while the store is down.
    expect5xx({ status: 503 });
    await s3.stop();
    try {
      const res = await t.request('POST', '/v1/legal_representative', {
        token: tok.exportador,
        ...representative('111.444.777-35'),
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        code: 'ServiceUnavailable',
        message:
          'O armazenamento de arquivos está indisponível no momento. Nada foi gravado; tente novamente em alguns minutos.',
      });
      expect(await counts()).toEqual(before);
      const ready = await t.request('GET', '/health/ready');
      expect(ready.statusCode).toBe(503);
    } finally {
      s3 = await restart(s3);
    }
    expect(await bucketKeys()).toEqual(keysBefore);
  });
});

/** The same s3rver folder on the same port again (the bucket and its objects survive). */
async function restart(previous: TestS3): Promise<TestS3> {
  const port = Number(new URL(previous.settings.endpoint ?? '').port);
  return startS3rver('origem-app', { directory: previous.directory, port });
}
