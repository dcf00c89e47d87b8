/**
 * Files that survive a crash: starts the real server (PGlite in a fresh DATA_DIR, or a fresh database on the
 * DATABASE_URL server), fires UPLOADS logo uploads (POST /v1/federation, multipart, streamed slowly so many are
 * mid-body at any moment), `kill -9`s it half-way, restarts it on the same data, and counts what is on disk:
 * blobs no `stored_files` row references, and cut-off files (temporary files of unfinished writes, or blobs whose
 * bytes are not the whole upload). Then it runs the two sweeps (files/sweep.ts) and counts again.
 *
 *   node --import tsx apps/api/scripts/crash-uploads.ts                      # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx apps/api/scripts/crash-uploads.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { storedFiles } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed';
import { demoSignIn, fetchTokenCall } from '../src/test/demo-sign-in';

const UPLOADS = Number(process.env.UPLOADS ?? 500);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 25);
const KILL_AFTER = Number(process.env.KILL_AFTER ?? Math.floor(UPLOADS / 2));
const PORT = Number(process.env.CRASH_PORT ?? 3917);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// A logo of 256 KiB: big enough to be caught mid-write, small enough for the 2 MB cap.
const LOGO = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(256 * 1024 - 8),
]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) return { url: undefined, drop: async () => undefined };
  const name = `origem_crash_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitHealthy(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('o servidor não respondeu em 60 s');
}

/** The admin answers the second factor with the demo authenticator (src/test/demo-sign-in.ts). */
function login(): Promise<string> {
  return demoSignIn(fetchTokenCall(`http://127.0.0.1:${PORT}`), 'admin@origem.local');
}

/** One upload, its body written in 16 KiB pieces a few milliseconds apart, as a slow client would. */
function upload(token: string, n: number): Promise<number> {
  const boundary = `crash${n}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nFederação de teste ${n}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="abbreviation"\r\n\r\nF${n}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo-${n}.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const body = Buffer.concat([head, LOGO, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        method: 'POST',
        path: '/v1/federation',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(-1));
        res.on('close', () => resolve(res.complete ? (res.statusCode ?? 0) : -1));
      },
    );
    req.on('error', () => resolve(-1));
    req.on('close', () => setTimeout(() => resolve(-1), 100));
    (async () => {
      for (let offset = 0; offset < body.length; offset += 16 * 1024) {
        if (req.destroyed) return;
        req.write(body.subarray(offset, offset + 16 * 1024));
        await sleep(4);
      }
      req.end();
    })();
  });
}

type DiskCount = { blobs: number; unreferenced: number; temporary: number; cutOff: number };

/** What is on disk against what the rows say: unreferenced blobs, and files that are not a whole upload. */
async function countFiles(filesRoot: string, referenced: Map<string, number>): Promise<DiskCount> {
  const count: DiskCount = { blobs: 0, unreferenced: 0, temporary: 0, cutOff: 0 };
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const info = statSync(full);
      if (info.isDirectory()) {
        walk(full);
        continue;
      }
      if (path.basename(path.dirname(full)) === '.tmp') {
        count.temporary += 1;
        count.cutOff += 1;
        continue;
      }
      count.blobs += 1;
      if (!referenced.has(name)) count.unreferenced += 1;
      if (info.size !== LOGO.length) count.cutOff += 1;
    }
  };
  walk(filesRoot);
  return count;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'origem-crash-'));
  const database = await freshDatabaseUrl();
  const env = {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'fatal',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  try {
    console.log(`banco: ${database.url ? 'PostgreSQL' : 'PGlite'}; dados em ${dataDir}`);
    const server = startServer(env);
    await waitHealthy();
    const token = await login();

    // Fire the uploads; kill -9 the server once KILL_AFTER of them have been started.
    let started = 0;
    const statuses: Record<string, number> = {};
    let killed = false;
    const worker = async () => {
      while (started < UPLOADS) {
        const n = started++;
        if (n >= KILL_AFTER && !killed) {
          killed = true;
          server.kill('SIGKILL');
        }
        const status = await upload(token, n);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await new Promise((resolve) =>
      server.exitCode !== null || server.signalCode !== null ? resolve(null) : server.once('exit', resolve),
    );
    console.log(
      `uploads: ${started}, kill -9 no de número ${KILL_AFTER}; por status (-1 = conexão cortada ou recusada):`,
      statuses,
    );

    // Restart on the same data: the same code path as server.ts, in this process, so the counts can read its rows.
    const config = loadConfig(env);
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await seedDatabase(handle.db, config);
    const app = await buildApp({ config, db: handle.db, logger: false });
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const rows = await handle.db
      .select({ key: storedFiles.storage_key, size: storedFiles.size })
      .from(storedFiles);
    const referenced = new Map(rows.map((row) => [row.key, row.size]));
    const filesRoot = path.join(dataDir, 'files');
    const before = await countFiles(filesRoot, referenced);
    console.log(`após o kill -9 e o reinício: ${rows.length} linhas em stored_files`, before);

    // The two sweeps (the jobs scheduler runs them; no grace here: nothing is in flight any more).
    const sweep = await import('../src/files/sweep').catch(() => null);
    if (sweep) {
      const temp = await sweep.removeTempLeftovers(app.files, { graceMs: 0 });
      const orphans = await sweep.sweepOrphanFiles(handle.db, app.files, { graceMs: 0 });
      const after = await countFiles(filesRoot, referenced);
      console.log('varredura:', { temporarios: temp, orfaos: orphans });
      console.log('após a varredura:', after);
      // Every row still has its whole file.
      const missing = rows.filter(
        (row) => !existsSync(path.join(filesRoot, row.key.slice(0, 2), row.key.slice(2, 4), row.key)),
      );
      console.log(`linhas sem arquivo: ${missing.length}`);
    } else {
      console.log('(sem files/sweep.ts nesta versão: nenhuma varredura)');
    }
    // The restarted server answers and takes uploads again.
    const again = await upload(await login(), UPLOADS + 1);
    console.log(`upload depois do reinício: ${again}`);
    await app.close();
    await handle.close();
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
