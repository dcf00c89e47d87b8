import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  type DatabaseHandle,
  migratedPgliteImage,
  migrationsDigest,
  openDatabase,
  type QueryLogger,
} from '../db/client';

/**
 * A fresh database per test file: PGlite in memory by default; with DATABASE_URL, a new PostgreSQL database
 * on that server (or on `serverUrl`'s), dropped afterwards. Tests never share rows.
 */
export async function openTestDatabase(
  opts: { logQuery?: QueryLogger; serverUrl?: string } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const { serverUrl = process.env.DATABASE_URL, ...rest } = opts;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://', image: await pgliteImage(), ...rest });
  // TEST_DATABASE_PREFIX: a bench or a helper sharing the server names its own throwaway databases.
  const prefix = /^[a-z][a-z0-9_]{0,30}$/.test(process.env.TEST_DATABASE_PREFIX ?? '')
    ? process.env.TEST_DATABASE_PREFIX
    : 'origem_test';
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), ...rest });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

let image: Promise<Blob> | undefined;

/**
 * Every test file starts from one migrated PGlite image, kept in the temporary folder under the migrations' digest:
 * initdb and every migration once per machine instead of once per file (seconds each). Workers racing to write
 * it each write a whole file and rename it into place.
 */
function pgliteImage(): Promise<Blob> {
  image ??= (async () => {
    const file = path.join(tmpdir(), `origem-pglite-${migrationsDigest()}.tar.gz`);
    const stored = await readFile(file).catch(() => undefined);
    if (stored) return new Blob([stored]);
    const made = await migratedPgliteImage();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await made.arrayBuffer()));
    await rename(partial, file);
    return made;
  })();
  return image;
}
