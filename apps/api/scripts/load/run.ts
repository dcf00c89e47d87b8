/**
 * `npm run load`: drives the API with the roles' journeys (mix.ts) on autocannon and prints, per request kind,
 * p50/p95/p99, the statuses, every answer that was neither 2xx/3xx nor a 4xx by design, the throughput, and what
 * the server's processes and the database did meanwhile (CPU, connections, lock waits).
 *
 *   LOAD_DATABASE_URL  the load database (default postgres://postgres@127.0.0.1:5432/origem_scale: `npm run seed:scale`)
 *   LOAD_URL           a server already running on that database; unset: the compiled server is started here
 *   LOAD_INSTANCES     1 (default) or 2 instances behind nginx (docs/deploy/nginx.conf), when started here
 *   LOAD_USERS         virtual users (200); a comma list (200,400,800) runs one stage per value: the knee search
 *   LOAD_SECONDS       seconds per stage (300)
 *   LOAD_THINK_MS      think time between steps, "min-max" ms (500-1500)
 *   LOAD_OUT           a JSON file for the figures (docs/load-and-faults.md is written from it)
 * DB_POOL_MAX, DB_STATEMENT_TIMEOUT_MS… pass through to the server started here.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { demoSignIn, fetchTokenCall } from '../../src/test/demo-sign-in';
import { DEMO_PASSWORD, draftRefs } from '../topology/journey';
import { driveAll, type Group } from './driver';
import { adminJourney, analystJourney, exporterJourney } from './mix';
import { KindRow, kindRows, kindTable, Recorder, Sampler } from './stats';
import { cloneUsers, startTarget, type Target } from './target';

const databaseUrl = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/origem_scale';
const stages = (process.env.LOAD_USERS ?? '200').split(',').map((n) => Number(n.trim()));
const seconds = Number(process.env.LOAD_SECONDS ?? 300);
const instances = Number(process.env.LOAD_INSTANCES ?? 1);
const [thinkMin, thinkMax] = (process.env.LOAD_THINK_MS ?? '500-1500').split('-').map(Number) as [
  number,
  number,
];
const poolMax = Number(process.env.DB_POOL_MAX ?? 10);
/** The mix's shares of VUs: exporters, analysts, administrators. */
const SHARES = { exportador: 0.55, analista: 0.3, admin: 0.15 };

const started = Date.now();
const log = (message: string) =>
  console.log(`[carga ${((Date.now() - started) / 1000).toFixed(0)}s] ${message}`);

/** Kinds held to the targets (issue 39): lists and details p99 ≤ 300 ms, PDFs ≤ 500 ms. */
const isListOrDetail = (kind: string) => kind.startsWith('list') || kind.startsWith('detail');

async function signInStaff(target: Target, emails: string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  const call = fetchTokenCall(target.url, target.fetch);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const email = emails[next++] as string;
      tokens.set(email, await demoSignIn(call, email, DEMO_PASSWORD));
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return tokens;
}

type StageResult = {
  users: number;
  seconds: number;
  instances: number;
  requests: number;
  throughput: number;
  serverErrors: number;
  timeouts: number;
  connectionErrors: number;
  unexpected: number;
  rows: KindRow[];
  worstListP99: number;
  worstPdfP99: number;
  overallP99: number;
  machine: ReturnType<Sampler['summary']>;
};

async function stage(
  target: Target,
  pool: pg.Pool,
  users: number,
  groups: (users: number) => Group[],
  run: string,
): Promise<StageResult> {
  const recorder = new Recorder();
  const sampler = new Sampler(target.pids, pool, new URL(databaseUrl).pathname.slice(1));
  log(`etapa: ${users} VUs por ${seconds} s (pensam ${thinkMin}–${thinkMax} ms entre passos)`);
  sampler.start();
  await driveAll(groups(users), {
    url: target.url,
    seconds,
    thinkMs: [thinkMin, thinkMax],
    timeoutSeconds: 30,
    run,
    recorder,
  });
  sampler.stop();
  const rows = kindRows(recorder);
  const totals = recorder.totals();
  const all = [...recorder.kinds.values()].flatMap((k) => k.latencies).sort((a, b) => a - b);
  const machine = sampler.summary(poolMax, target.instances.length || 1);
  const result: StageResult = {
    users,
    seconds,
    instances: target.instances.length || 1,
    requests: totals.requests,
    throughput: totals.requests / seconds,
    serverErrors: totals.serverErrors,
    timeouts: totals.timeouts,
    connectionErrors: totals.connectionErrors,
    unexpected: recorder.unexpectedCount,
    rows,
    worstListP99: Math.max(0, ...rows.filter((r) => isListOrDetail(r.kind)).map((r) => r.p99)),
    worstPdfP99: Math.max(0, ...rows.filter((r) => r.kind.startsWith('pdf')).map((r) => r.p99)),
    overallP99: all[Math.max(0, Math.ceil(all.length * 0.99) - 1)] ?? 0,
    machine,
  };
  console.log(`\n${kindTable(rows)}\n`);
  log(
    `${users} VUs: ${totals.requests} respostas, ${result.throughput.toFixed(1)} req/s; 5xx ${totals.serverErrors}, ` +
      `timeouts ${totals.timeouts}, erros de conexão ${totals.connectionErrors}; p99 geral ${Math.round(result.overallP99)} ms; ` +
      `pior p99 de listas/detalhes ${Math.round(result.worstListP99)} ms (alvo 300), de PDF ${Math.round(result.worstPdfP99)} ms (alvo 500)`,
  );
  log(
    `  CPU média: API ${machine.apiCpu.toFixed(0)}% de um núcleo, PostgreSQL ${machine.dbCpu.toFixed(0)}%, ` +
      `máquina ${machine.machineCpu.toFixed(0)}% (2 núcleos); conexões ativas em média ${machine.active.toFixed(1)} ` +
      `(máx ${machine.maxActive} de ${poolMax * result.instances}), pool cheio em ${(machine.poolFullShare * 100).toFixed(0)}% ` +
      `dos segundos; esperas de lock em média ${machine.lockWaits.toFixed(2)} (máx ${machine.maxLockWaits}); ` +
      `consulta mais longa ${Math.round(machine.longestMs)} ms`,
  );
  for (const [pair, n] of machine.topBlockers) log(`  espera de lock (${n} amostras): ${pair}`);
  const cpuSeconds = (machine.apiCpu / 100) * seconds;
  log(
    `  CPU da API por resposta: ${((cpuSeconds * 1000) / Math.max(1, totals.requests)).toFixed(1)} ms ` +
      `(${cpuSeconds.toFixed(0)} s de CPU para ${totals.requests} respostas)`,
  );
  for (const r of recorder.unexpected.slice(0, 20)) {
    log(`  resposta fora do previsto: ${r.kind} → ${r.status} ${r.body.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  if (recorder.unexpectedCount > 20)
    log(`  … ${recorder.unexpectedCount - 20} respostas fora do previsto a mais`);
  return result;
}

let target: Target | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (target?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const refs = await draftRefs(pool);
    const most = Math.max(...stages);
    const count = (role: keyof typeof SHARES, users: number) =>
      role === 'exportador'
        ? users - Math.round(users * SHARES.analista) - Math.round(users * SHARES.admin)
        : Math.round(users * SHARES[role]);
    const emails = {
      exportador: await cloneUsers(pool, 'exportador', count('exportador', most)),
      analista: await cloneUsers(pool, 'analista', count('analista', most)),
      admin: await cloneUsers(pool, 'admin', count('admin', most)),
    };
    target = process.env.LOAD_URL
      ? { url: process.env.LOAD_URL, fetch, instances: [], pids: () => [], stop: async () => undefined }
      : await startTarget({ databaseUrl, instances, log });
    // Staff have a second factor: each signs in once, before the load (a code is good once per user and step).
    const staff = await signInStaff(target, [...emails.analista, ...emails.admin]);
    log(`${staff.size} usuários da equipe entraram com o segundo fator; os exportadores entram a cada volta`);
    const withTokens = (list: string[]) => list.map((email) => ({ email, token: staff.get(email) }));
    const groups = (users: number): Group[] => [
      {
        journey: exporterJourney(refs, DEMO_PASSWORD),
        users: emails.exportador.slice(0, count('exportador', users)).map((email) => ({ email })),
      },
      { journey: analystJourney(), users: withTokens(emails.analista.slice(0, count('analista', users))) },
      { journey: adminJourney(), users: withTokens(emails.admin.slice(0, count('admin', users))) },
    ];
    const run = randomBytes(3).toString('hex');
    const results: StageResult[] = [];
    for (const users of stages) results.push(await stage(target, pool, users, groups, run));

    console.log(
      '\n| VUs | instâncias | req/s | 5xx | timeouts | p99 geral ms | pior p99 lista/detalhe ms | pior p99 PDF ms | CPU API % | CPU PG % | pool cheio % |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${r.users} | ${r.instances} | ${r.throughput.toFixed(1)} | ${r.serverErrors} | ${r.timeouts + r.connectionErrors} | ` +
          `${Math.round(r.overallP99)} | ${Math.round(r.worstListP99)} | ${Math.round(r.worstPdfP99)} | ` +
          `${r.machine.apiCpu.toFixed(0)} | ${r.machine.dbCpu.toFixed(0)} | ${(r.machine.poolFullShare * 100).toFixed(0)} |`,
      );
    }
    if (process.env.LOAD_OUT) writeFileSync(process.env.LOAD_OUT, JSON.stringify(results, null, 2));
    const failed = results.some((r) => r.serverErrors + r.timeouts + r.connectionErrors > 0);
    return failed ? 1 : 0;
  } finally {
    await target?.stop();
    await pool.end();
  }
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err);
}
process.exit(code);
