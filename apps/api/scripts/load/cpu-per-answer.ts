/**
 * `node --import tsx apps/api/scripts/load/cpu-per-answer.ts`: the API's CPU time per answer of single endpoints
 * (issue 39). Starts the compiled server on the load database, signs the demo exporter in, and for each path sends
 * a warm-up, then N requests with autocannon; the figure is the server process' CPU time (utime + stime from
 * /proc, so other work on a shared machine does not count) divided by the answers.
 *
 *   LOAD_DATABASE_URL  the load database (default postgres://postgres@127.0.0.1:5432/origem_scale)
 *   CPU_PATHS          comma list of GET paths (default: /health/live, the certificate list, the dashboard)
 *   CPU_REQUESTS       requests per path (2000); CPU_CONNECTIONS (10); CPU_ROUNDS rounds of every path (3)
 *   CPU_EMAIL          the user signed in (exportador@origem.local)
 *   CPU_SERVERS        comma list of compiled servers to compare, run in turns on the same load (default
 *                      apps/api/dist/server.js; e.g. a copy of an earlier build in apps/api/dist-before)
 *   CPU_PROF           a folder: the servers run with --cpu-prof and write their profiles there on exit
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { demoSignIn, fetchTokenCall } from '../../src/test/demo-sign-in';
import { COMPILED } from '../topology/processes';
import { cpuTicks } from './stats';
import { startTarget, type Target } from './target';

const databaseUrl = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/origem_scale';
const list = (value: string) => value.split(',').map((p) => p.trim());
const paths = list(process.env.CPU_PATHS ?? '/health/live,/v1/certificate?page=1,/v1/dashboard/total');
const servers = list(process.env.CPU_SERVERS ?? 'apps/api/dist/server.js');
const requests = Number(process.env.CPU_REQUESTS ?? 2000);
const connections = Number(process.env.CPU_CONNECTIONS ?? 10);
const rounds = Number(process.env.CPU_ROUNDS ?? 3);
const email = process.env.CPU_EMAIL ?? 'exportador@origem.local';
const log = (message: string) => console.log(`[cpu] ${message}`);

function fire(url: string, token: string, amount: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, amount, headers: { authorization: `Bearer ${token}` } }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** Kernel time alone (stime): the share spent in system calls (sockets, mostly). */
function systemTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[12]);
}

/** The node arguments of `server`: `npm run serve`'s, with the script swapped (and the profiler's flags). */
function argsOf(server: string): string[] {
  const prof = process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : [];
  return [...prof, ...COMPILED.map((arg) => (arg.endsWith('server.js') ? server : arg))];
}

const targets: { server: string; target: Target; token: string }[] = [];
try {
  for (const server of servers) {
    const target = await startTarget({ databaseUrl, instances: 1, args: argsOf(server), log });
    targets.push({ server, target, token: await demoSignIn(fetchTokenCall(target.url), email) });
  }
  const figures = new Map<string, number[]>();
  for (const { target, token } of targets)
    for (const path of paths) await fire(target.url + path, token, Math.min(500, requests));
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      for (const { server, target, token } of targets) {
        const pid = target.pids()[0] as number;
        const before = cpuTicks(pid);
        const systemBefore = systemTicks(pid);
        const result = await fire(target.url + path, token, requests);
        const ms = ((cpuTicks(pid) - before) * 10) / result.requests.total;
        const system = ((systemTicks(pid) - systemBefore) * 10) / result.requests.total;
        const bad = result.non2xx + result.errors + result.timeouts;
        log(`${server} ${path}: ${ms.toFixed(3)} ms (no núcleo do sistema ${system.toFixed(3)})`);
        if (bad) log(`  ${bad} respostas fora de 2xx ou erros`);
        const key = `${server} ${path}`;
        figures.set(key, [...(figures.get(key) ?? []), ms]);
      }
    }
  }
  for (const [key, values] of figures) {
    const sorted = [...values].sort((a, b) => a - b);
    log(
      `${key}: mediana ${sorted[Math.floor(sorted.length / 2)]?.toFixed(3)} ms de CPU por resposta ` +
        `(rodadas: ${values.map((v) => v.toFixed(3)).join(', ')}; ${requests} pedidos cada)`,
    );
  }
} finally {
  for (const { target } of targets) await target.stop();
}
