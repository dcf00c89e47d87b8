import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startS3rver, type TestS3 } from '../../src/test/s3rver';
import { type SmtpListener, startSmtpListener } from '../../src/test/smtp';
import { root } from '../load/target';
import { COMPILED, freePort, Instance } from '../topology/processes';

/**
 * The faults' world: a fresh database (demo seed), s3rver as the object store, an SMTP listener, and the compiled
 * server with a short statement timeout (3 s) and pool wait (5 s), so a slow database answers 503 quickly.
 */

export const ADMIN_URL = process.env.FAULTS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BUCKET = 'origem-faults';

export type World = {
  databaseUrl: string;
  dbName: string;
  work: string;
  s3: TestS3;
  smtp: { listener: SmtpListener; port: number; received: number };
  env: Record<string, string>;
  api: Instance;
  pool: pg.Pool;
  cleanups: Array<() => Promise<unknown>>;
};

export async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export async function openWorld(log: (message: string) => void): Promise<World> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const work = mkdtempSync(path.join(tmpdir(), 'origem-faults-'));
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
  const dbName = `${process.env.FAULTS_DB_PREFIX ?? 'origem_faults'}_${process.pid}`;
  await adminQuery(`create database ${dbName}`);
  cleanups.push(() => adminQuery(`drop database if exists ${dbName} with (force)`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  const s3 = await startS3rver(BUCKET);
  cleanups.push(() => s3.close());
  const listener = await startSmtpListener();
  const port = Number(new URL(listener.url).port);
  const smtp = { listener, port, received: 0 };
  cleanups.push(() => smtp.listener.close());

  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(work, 'a'),
    STORAGE_URL: `s3://${BUCKET}/files`,
    S3_ENDPOINT: s3.settings.endpoint ?? '',
    S3_REGION: s3.settings.region,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: listener.url,
    SEED: 'demo',
    RATE_LIMIT_PER_MINUTE: '1000000',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DB_STATEMENT_TIMEOUT_MS: '3000',
    DB_CONNECT_TIMEOUT_MS: '5000',
  };
  const api = new Instance('A', await freePort(), env, path.join(work, 'a.log'), root, COMPILED);
  cleanups.push(() => api.stop());
  await api.start();
  log(`API em ${api.url} (banco ${dbName}, s3rver, SMTP :${port}; log ${api.logFile})`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  // The restart and the terminations end the harness' own connections too: a dropped idle one is only a warning.
  pool.on('error', () => undefined);
  cleanups.push(() => pool.end());
  return { databaseUrl, dbName, work, s3, smtp, env, api, pool, cleanups };
}

export async function closeWorld(world: { cleanups: Array<() => Promise<unknown>> }): Promise<void> {
  for (const cleanup of world.cleanups.reverse()) {
    try {
      await cleanup();
    } catch (err) {
      console.error('limpeza falhou:', err);
    }
  }
  world.cleanups.length = 0;
}

/** Restarts the SMTP listener on its port, adding what the old one received to the count. */
export async function restartSmtp(world: World): Promise<void> {
  world.smtp.listener = await startSmtpListener(world.smtp.port);
}

export async function stopSmtp(world: World): Promise<void> {
  world.smtp.received += world.smtp.listener.mails.length;
  await world.smtp.listener.close();
}
