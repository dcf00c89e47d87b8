import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestOf, readManifest } from '../../scripts/backup/manifest';
import { tableCounts } from '../../scripts/backup/pg-tools';
import { restoreBackup } from '../../scripts/backup/restore-backup';
import { takeBackup } from '../../scripts/backup/take-backup';
import { pkcs12Of, testPerson } from '../documents/signing/test-pki';
import { xmlsecVerifies } from '../documents/signing/xmlsec';
import { openStorage } from '../files/open-storage';
import { localStorage } from '../files/storage';
import {
  approveSigned,
  type CertificateRefs,
  certificateAwaitingSignature,
  entityOfficialCpf,
  openCertificateSuite,
} from '../modules/certificates/test-support';
import { representativeCpf } from '../modules/declarations/test-support';
import type { TestApp } from '../test/app';
import { startS3rver, type TestS3 } from '../test/s3rver';
import { a1Form, type SigningTrust, signingTrust } from '../test/signing';

/**
 * `npm run backup` then `npm run restore` on demo data holding issued certificates signed twice (#COD and #CODEH)
 * and their uploaded files: into a fresh PostgreSQL database and an empty folder, every table's row count, every
 * file's SHA-256 and both XML signatures (xmlsec1) must come back. PostgreSQL only (pg_dump): DATABASE_URL's server,
 * else the local one CI always starts (127.0.0.1:5432); skipped, saying so, when neither answers.
 */
const server = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const reachable = await probe(server);
if (!reachable) console.warn(`backup round trip skipped: no PostgreSQL at ${new URL(server).host}`);

async function probe(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

describe.skipIf(!reachable)('backup and restore round trip (PostgreSQL + local files)', () => {
  let trust: SigningTrust;
  const work = mkdtempSync(path.join(tmpdir(), 'origem-backup-'));
  const target = `origem_restore_${randomBytes(5).toString('hex')}`;
  const targetUrl = Object.assign(new URL(server), { pathname: `/${target}` }).toString();
  const second = `origem_restore_${randomBytes(5).toString('hex')}`;
  const secondUrl = Object.assign(new URL(server), { pathname: `/${second}` }).toString();
  let s3: TestS3 | undefined;
  let t: TestApp;
  let r: CertificateRefs;
  let tok: Record<'exportador' | 'analista', string>;
  const issued: number[] = [];

  beforeAll(async () => {
    trust = await signingTrust('backup-trust-');
    const { ca, env } = trust;
    ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista'], env, { databaseServer: server }));
    const rep = testPerson(ca, {
      name: 'RESPONSAVEL LEGAL',
      cpf: await representativeCpf(t.db, r.exporterRepresentative),
    });
    const official = testPerson(ca, { name: 'OFICIAL DA ENTIDADE', cpf: await entityOfficialCpf(t.db) });
    for (let i = 0; i < 2; i++) {
      const id = await certificateAwaitingSignature(t, r, tok.exportador);
      const first = await t.request('POST', `/v1/certificate/first/signature/xml/a1/${id}`, {
        token: tok.exportador,
        ...a1Form(pkcs12Of(rep, 'segredo', ca)),
      });
      expect(first.statusCode, first.body).toBe(200);
      await approveSigned(t, tok.analista, id);
      const second = await t.request('POST', `/v1/certificate/second/signature/xml/a1/${id}`, {
        token: tok.analista,
        ...a1Form(pkcs12Of(official, 'segredo')),
      });
      expect(second.statusCode, second.body).toBe(200);
      issued.push(id);
    }
    await admin(`create database ${target}`);
    await admin(`create database ${second}`);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await admin(`drop database if exists ${target} with (force)`);
    await admin(`drop database if exists ${second} with (force)`);
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
    await trust?.remove();
  });

  it('restores every row, every file byte for byte, and COD XML whose two signatures still verify', async () => {
    const source = t.databaseUrl;
    if (!source) throw new Error('the suite runs on PostgreSQL');
    const out = path.join(work, 'backup');
    const manifest = await takeBackup({ databaseUrl: source, storage: t.app.files, out });
    expect(manifest.storage.missing).toEqual([]);
    // Two invoices at least, and the declaration/COD files the flow stored.
    expect(manifest.storage.files.length).toBeGreaterThanOrEqual(2);
    expect(manifest.database.tables['public.certificate_cods']).toBe(issued.length);

    const sourceCounts = await counts(source);
    expect(manifest.database.tables).toEqual(sourceCounts);

    const store = localStorage(path.join(work, 'restored-files'));
    const report = await restoreBackup({ dir: out, databaseUrl: targetUrl, storage: store });
    expect(report.files).toBe(manifest.storage.files.length);

    // Every table, every row count, as the source has them.
    expect(await counts(targetUrl)).toEqual(sourceCounts);
    // Every file the restored database references is in the restored store, with the checksum on record.
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      const files = await client.query<{ key: string; sha256: string; size: number }>(
        'select storage_key as key, sha256, size from stored_files order by storage_key',
      );
      expect(files.rows.length).toBe(manifest.storage.files.length);
      for (const row of files.rows) {
        const got = await digestOf(await store.read(row.key));
        expect(got).toEqual({ sha256: row.sha256, size: Number(row.size) });
        expect(
          existsSync(path.join(work, 'restored-files', row.key.slice(0, 2), row.key.slice(2, 4), row.key)),
        ).toBe(true);
      }
      const cods = await client.query<{ certificate_id: number; stage: string; xml: string }>(
        'select certificate_id, stage, xml from certificate_cods order by certificate_id',
      );
      expect(cods.rows.map((row) => row.certificate_id)).toEqual(issued);
      for (const cod of cods.rows) {
        expect(cod.stage).toBe('complete');
        expect(xmlsecVerifies(cod.xml, 'COD', trust.trustPem)).toBe(true);
        expect(xmlsecVerifies(cod.xml, 'CODEH', trust.trustPem)).toBe(true);
      }
    } finally {
      await client.end();
    }
  }, 120_000);

  it('into an S3 bucket, then a manifest-only backup of it (a versioned bucket) restores against the bucket', async () => {
    s3 = await startS3rver('origem-backup');
    const bucket = await openStorage({ kind: 's3', ...s3.settings, prefix: 'restaurado/' });
    // The restored database of the first test, its files now written to the bucket.
    const manifest = await readManifest(path.join(work, 'backup'));
    await restoreBackup({ dir: path.join(work, 'backup'), databaseUrl: secondUrl, storage: bucket });
    for (const file of manifest.storage.files) {
      expect(await digestOf(await bucket.read(file.key))).toEqual({ size: file.size, sha256: file.sha256 });
    }
    const listed = path.join(work, 'listed');
    const listing = await takeBackup({
      databaseUrl: secondUrl,
      storage: bucket,
      out: listed,
      manifestOnly: true,
    });
    expect(listing.storage.mode).toBe('manifest');
    expect(listing.storage.files).toEqual(manifest.storage.files);
    expect(existsSync(path.join(listed, 'files'))).toBe(false);
    expect(listing.database.tables).toEqual(manifest.database.tables);
    // Restored again, into the first test's database emptied: the files are checked in the bucket, not copied.
    await admin(`drop database ${target} with (force)`);
    await admin(`create database ${target}`);
    const report = await restoreBackup({ dir: listed, databaseUrl: targetUrl, storage: bucket });
    expect(report.files).toBe(manifest.storage.files.length);
    expect(await counts(targetUrl)).toEqual(manifest.database.tables);
  }, 120_000);

  it('refuses a non-empty database or store, and a backup whose file was altered', async () => {
    const out = path.join(work, 'backup');
    const emptyStore = localStorage(path.join(work, 'other-files'));
    // The database restored by the first test is not empty any more.
    await expect(restoreBackup({ dir: out, databaseUrl: targetUrl, storage: emptyStore })).rejects.toThrow(
      /não está vazio/,
    );
    // Nor is the store it filled.
    const filled = localStorage(path.join(work, 'restored-files'));
    await expect(
      restoreBackup({ dir: out, databaseUrl: t.databaseUrl ?? '', storage: filled, force: false }),
    ).rejects.toThrow(/não está vazio/);
    // A copied file changed by one byte: refused before anything is written.
    const key = (await readManifest(out)).storage.files[0]?.key ?? '';
    const file = path.join(out, 'files', key.slice(0, 2), key.slice(2, 4), key);
    const bytes = readFileSync(file);
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
    await expect(
      restoreBackup({ dir: out, databaseUrl: targetUrl, storage: emptyStore, force: true }),
    ).rejects.toThrow(/não confere/);
    for await (const blob of emptyStore.list()) throw new Error(`nothing may be written, found ${blob.key}`);
  }, 60_000);
});

async function counts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await tableCounts(client);
  } finally {
    await client.end();
  }
}
