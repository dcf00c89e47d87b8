// npm run bench:reports: the billing files (CSV, XLSX, PDF) of the busiest month and the whole audit CSV, at the scale
// of `npm run seed:scale`, downloaded through the whole stack from a server in its own process, beside the very SQL
// each export ran, read raw through a pg cursor. It prints p50 of each, the ratio stack ÷ SQL (issue 21: ≤ 2 for
// CSV and XLSX, ≤ 3 for PDF), rows per second, and the server's peak RSS during each download (≤ 150 MB).
//   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/origem_scale (filled by npm run seed:scale)
//   BENCH_RUNS    timed downloads per case, default 3 (the year's and the audit CSV: 1)
//   BENCH_WARMUP  untimed downloads before a case's timed ones, default 3: a serving instance has run its code
//                 before (the first, cold download is printed beside the median); none for the single-run cases
//   BENCH_ONLY    run only the cases whose name contains this text
//   BENCH_ROOT    the checkout whose server is measured (default this one): another checkout gives the "before"
//   BENCH_SERVER  `dist` measures the compiled server (`npm run build:api` first), as `npm run serve` runs it;
//                 `tsx` (the default) its sources through tsx
//   BENCH_NODE    more options for the server's node, e.g. `--max-old-space-size=256`
//   BENCH_PROF    a folder: the server runs with `--cpu-prof` and writes its profile there when the bench ends
//                 (read it with `node apps/api/bench/cpu-top.mjs <file>`)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import Cursor from 'pg-cursor';
import { serveArgs } from '../../../scripts/serve-args.mjs';
import { demoSignIn, fetchTokenCall } from '../src/test/demo-sign-in';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.env.BENCH_ROOT ?? path.join(here, '../../..'));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const ONLY = process.env.BENCH_ONLY;
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/origem_scale';

const pool = new pg.Pool({ connectionString: url, max: 4 });
const one = async <T>(text: string): Promise<T> => (await pool.query(text)).rows[0] as T;
const sizes = await one<{ audits: number; certificates: number }>(
  `select (select count(*)::int from audits) audits, (select count(*)::int from certificates) certificates`,
);
if (sizes.certificates < 10_000) {
  console.error(`${url} não tem dados em escala: rode antes \`npm run seed:scale\`.`);
  process.exit(1);
}

// The statements each export runs are captured in this process, from the measured checkout's own app (its drizzle
// logger sees every statement, the cursor's too), then replayed raw.
type Statement = { text: string; params: unknown[] };
let capturing: Statement[] | null = null;
const src = path.join(root, 'apps/api/src');
const { drizzle } = await import('drizzle-orm/node-postgres');
const schema = await import(path.join(src, 'db/schema/index.ts'));
const { buildApp } = await import(path.join(src, 'app.ts'));
const { loadConfig } = await import(path.join(src, 'config.ts'));
const capturePool = new pg.Pool({ connectionString: url, max: 10 });
const db = drizzle(capturePool, {
  schema,
  logger: { logQuery: (text: string, params: unknown[]) => capturing?.push({ text, params }) },
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'origem-bench-reports-'));
const env = {
  ...process.env,
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  RATE_LIMIT_PER_MINUTE: '10000000',
  SEED: 'none',
};
const captureApp = await buildApp({ config: loadConfig({ ...env, LOG_LEVEL: 'silent' }), db, logger: false });
await captureApp.listen({ port: 0, host: '127.0.0.1' });
const captureBase = `http://127.0.0.1:${(captureApp.server.address() as { port: number }).port}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

// The measured server, alone in its process, so its RSS is the server's own: the compiled one (`npm run serve`'s
// command) or its sources through tsx.
const port = await freePort();
const serverArgs = [
  ...(process.env.BENCH_NODE?.split(' ').filter(Boolean) ?? []),
  ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROF)] : []),
  ...(process.env.BENCH_SERVER === 'dist' ? serveArgs(root) : ['--import', 'tsx', 'apps/api/src/server.ts']),
];
const server: ChildProcess = spawn(process.execPath, serverArgs, {
  cwd: root,
  env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const pid = server.pid ?? 0;
// A bench that fails midway takes its server down with it (the server holds the terminal's output open).
process.on('exit', () => server.kill());
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (i > 600) throw new Error('o servidor não respondeu em 60 s');
  await new Promise((r) => setTimeout(r, 100));
}

/** The server's peak RSS since the last reset (VmHWM; writing 5 to clear_refs restarts it from the current RSS). */
const rssPeak = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const rssNow = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const resetPeak = () => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** Staff answer the second factor with the demo authenticator (src/test/demo-sign-in.ts). */
function tokenOf(role: string): Promise<string> {
  return demoSignIn(fetchTokenCall(base), `${role}@origem.local`);
}
const tokens: Record<string, string> = {};
for (const role of ['admin', 'associacao', 'exportador']) tokens[role] = await tokenOf(role);

const busyMonth = await one<{ start: string; end: string }>(
  `select to_char(m, 'YYYY-MM-DD') as start, to_char(m + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as end
     from (select date_trunc('month', issued_at at time zone 'America/Sao_Paulo') as m, count(*) as n
             from certificates where issued_at is not null group by 1 order by 2 desc limit 1) x`,
);
const busyYear = await one<{ start: string; end: string }>(
  `select to_char(m, 'YYYY-MM-DD') as start, to_char(m + interval '1 year' - interval '1 day', 'YYYY-MM-DD') as end
     from (select date_trunc('year', issued_at at time zone 'America/Sao_Paulo') as m, count(*) as n
             from certificates where issued_at is not null group by 1 order by 2 desc limit 1) x`,
);
const demo = await one<{ association: number; federation: number }>(
  `select a.id as association, a.federation_id as federation from trade_associations a
     join users u on u.trade_association_id = a.id where u.email = 'associacao@origem.local'`,
);
const month = `start_date=${busyMonth.start}&end_date=${busyMonth.end}`;

type Case = { name: string; url: string; role: string; body?: Record<string, unknown>; runs?: number };
const federation = (type: string, period = busyMonth) => ({
  id: demo.federation,
  start_date: period.start,
  end_date: period.end,
  type,
});
const allCases: Case[] = [
  ...(['csv', 'xlsx', 'pdf'] as const).map((type) => ({
    name: `associação ${type}, mês`,
    url: `/v1/report/trade_association/invoice?ca_id=${demo.association}&${month}&type=${type}`,
    role: 'associacao',
  })),
  ...(['csv', 'xlsx', 'pdf'] as const).map((type) => ({
    name: `federação ${type}, mês`,
    url: '/v1/report/federation/invoice',
    role: 'admin',
    body: federation(type),
  })),
  { name: 'exportador pdf, mês', url: `/v1/report/exporter/invoice?${month}&type=pdf`, role: 'exportador' },
  ...(['csv', 'xlsx', 'pdf'] as const).map((type) => ({
    name: `federação ${type}, ano`,
    url: '/v1/report/federation/invoice',
    role: 'admin',
    body: federation(type, busyYear),
    runs: 1,
  })),
  { name: 'auditoria csv, tudo', url: '/v1/audit/export_csv', role: 'admin', runs: 1 },
];
const cases = allCases.filter((c) => !ONLY || c.name.includes(ONLY));

/** The statements of one export, captured while the in-process app serves it alone. */
async function capture(c: Case): Promise<Statement[]> {
  capturing = [];
  await download(c, captureBase);
  const statements = capturing.filter((s) => !s.text.includes('access_tokens'));
  capturing = null;
  return statements;
}

/**
 * The raw side: every statement again through one connection, its rows read through a cursor (a COPY as a byte
 * stream) and dropped; `rows`
 * is the longest statement's (the lines, not the lookups around them).
 */
async function rawSql(statements: Statement[]): Promise<{ ms: number; rows: number }> {
  const client = await pool.connect();
  const started = performance.now();
  let rows = 0;
  try {
    for (const s of statements) {
      if (/^copy /i.test(s.text)) {
        rows = Math.max(rows, await rawCopy(client, s.text));
        continue;
      }
      const cursor = client.query(new Cursor(s.text, s.params as unknown[]));
      let read = 0;
      for (let batch = await cursor.read(2000); batch.length; batch = await cursor.read(2000))
        read += batch.length;
      await cursor.close();
      rows = Math.max(rows, read);
    }
  } finally {
    client.release();
  }
  return { ms: performance.now() - started, rows };
}

/** A COPY … TO STDOUT (the audit CSV's read) read raw: its bytes dropped as they come, its lines counted. */
async function rawCopy(client: pg.PoolClient, text: string): Promise<number> {
  let lines = 0;
  for await (const chunk of client.query(copyTo(text)) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines += 1;
  }
  return lines;
}

/** One download through the server, its bytes counted and dropped as they arrive. */
function download(c: Case, to = base): Promise<{ ms: number; firstByte: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const body = c.body ? JSON.stringify(c.body) : undefined;
    const req = request(
      `${to}${c.url}`,
      {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${tokens[c.role]}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        let firstByte = 0;
        res.on('data', (chunk: Buffer) => {
          if (!firstByte) firstByte = performance.now() - started;
          bytes += chunk.length;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${c.name}: HTTP ${res.statusCode}`));
          else resolve({ ms: performance.now() - started, firstByte, bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const fmt = (n: number) => Math.round(n).toLocaleString('pt-BR');

console.log(
  `bench:reports: ${fmt(sizes.certificates)} certificados, ${fmt(sizes.audits)} linhas de auditoria; ` +
    `mês ${busyMonth.start}, ano ${busyYear.start}; servidor de ${root} (RSS em repouso ${fmt(rssNow())} MB)`,
);
const header = `${'caso'.padEnd(26)} ${'linhas'.padStart(9)} ${'tamanho'.padStart(9)} │ ${'sql ms'.padStart(8)} │ ${'pilha ms'.padStart(9)} ${'frio ms'.padStart(8)} ${'1º byte'.padStart(8)} ${'linhas/s'.padStart(9)} │ razão │ RSS pico MB (+ sobre o repouso)`;
console.log(header);
console.log('─'.repeat(header.length));
for (const c of cases) {
  const statements = await capture(c);
  const runs = c.runs ?? RUNS;
  let cold: number | null = null;
  for (let i = 0; runs > 1 && i < WARMUP; i++) {
    const { ms } = await download(c);
    cold ??= ms;
  }
  const raw: number[] = [];
  const stack: number[] = [];
  const first: number[] = [];
  let rows = 0;
  let bytes = 0;
  let peak = 0;
  let growth = 0;
  for (let i = 0; i < runs; i++) {
    const sqlRun = await rawSql(statements);
    raw.push(sqlRun.ms);
    rows = sqlRun.rows;
    const rest = rssNow();
    resetPeak();
    const run = await download(c);
    peak = Math.max(peak, rssPeak());
    growth = Math.max(growth, rssPeak() - rest);
    stack.push(run.ms);
    first.push(run.firstByte);
    bytes = run.bytes;
  }
  const sqlMs = median(raw);
  const stackMs = median(stack);
  console.log(
    `${c.name.padEnd(26)} ${fmt(rows).padStart(9)} ${`${fmt(bytes / 1024)} KB`.padStart(9)} │ ${fmt(sqlMs).padStart(8)} │ ` +
      `${fmt(stackMs).padStart(9)} ${(cold === null ? '-' : fmt(cold)).padStart(8)} ${fmt(median(first)).padStart(8)} ${fmt((rows / stackMs) * 1000).padStart(9)} │ ` +
      `${(stackMs / Math.max(sqlMs, 1)).toFixed(2).padStart(5)} │ ${fmt(peak).padStart(6)} (+${fmt(growth)})`,
  );
}

// SIGTERM closes the server cleanly (server.ts), so a --cpu-prof profile is written before it exits.
const exited = new Promise((resolve) => server.once('exit', resolve));
server.kill('SIGTERM');
await exited;
await captureApp.close();
await capturePool.end();
await pool.end();
rmSync(dataDir, { recursive: true, force: true });
