#!/usr/bin/env node
// `npm run bench:start` (issue 21): how long the server takes from being spawned to its first answer of /ready, on
// data that already exists, with embedded PGlite and with PostgreSQL. Targets: ≤ 2 s PGlite, ≤ 1 s PostgreSQL.
//
// Each database is prepared by one untimed start (migrations, reference and demo seeds), then started RUNS times;
// the median and the slowest run are printed. Runs the compiled server as `npm run serve` does (its arguments read
// from package.json; build it first with `npm run build`), or the TypeScript sources through tsx with `--tsx` (the
// way it ran before ADR 009).
//   DATABASE_URL  PostgreSQL server to use (a database `origem_bench_start` is created on it); default: the local one
//   RUNS          timed starts per database (default 5)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serveArgs } from './serve-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
const useTsx = process.argv.includes('--tsx');
const runs = Number(process.env.RUNS ?? 5);
const serverArgs = useTsx ? ['--import', 'tsx', 'apps/api/src/server.ts'] : serveArgs(root);
if (!useTsx && !existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  console.error('apps/api/dist/server.js não existe: rode `npm run build` antes.');
  process.exit(1);
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Spawns the server and resolves with the milliseconds until /ready answers 200; the process is stopped after. */
async function timeStart(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  try {
    for (;;) {
      if (exited) throw new Error(`o servidor terminou antes de responder (código ${child.exitCode})`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/ready`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('o servidor não respondeu em 120 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
  }
}

async function measure(label, env) {
  await timeStart(env); // prepares the data: migrations and seeds on a fresh database, untimed
  const times = [];
  for (let i = 0; i < runs; i += 1) times.push(await timeStart(env));
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const worst = times.at(-1);
  return { label, median, worst };
}

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const results = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'origem-bench-start-'));
try {
  results.push(await measure('PGlite', { DATA_DIR: dataDir, SEED: 'demo' }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const pgUrl = new URL(adminUrl);
pgUrl.pathname = '/origem_bench_start';
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
  await admin.query('drop database if exists origem_bench_start with (force)');
  await admin.query('create database origem_bench_start');
  results.push(await measure('PostgreSQL', { DATABASE_URL: pgUrl.toString(), SEED: 'demo' }));
  await admin.query('drop database if exists origem_bench_start with (force)');
} catch (error) {
  console.error(`PostgreSQL indisponível (${adminUrl}): ${error.message}`);
} finally {
  await admin.end().catch(() => {});
}

const targets = { PGlite: 2000, PostgreSQL: 1000 };
console.log(
  `\nstart → first /ready (${useTsx ? 'tsx, TypeScript sources' : 'apps/api/dist, compiled'}; ${runs} runs)`,
);
for (const { label, median, worst } of results) {
  const ok = median <= targets[label] ? 'ok' : 'ACIMA da meta';
  console.log(
    `${label.padEnd(11)} median ${Math.round(median)} ms, slowest ${Math.round(worst)} ms (meta ≤ ${targets[label]} ms: ${ok})`,
  );
}
