import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { openStorage } from '../../src/files/open-storage';
import { startS3rver } from '../../src/test/s3rver';
import { checkConsistency } from './checks';
import { Client } from './client';
import { CertificateChain, draftRefs, login, type Tokens } from './journey';
import { freePort, Instance, Nginx } from './processes';

/**
 * The deployment of docs/deploy on one machine: a fresh PostgreSQL database, s3rver, two API instances and nginx
 * on loopback. A certificate journey through nginx (requests alternate between the instances), then a burst of
 * concurrent mutations during which one instance is killed with SIGKILL and restarted, then the consistency checks.
 * `npm run test:topology`; exits non-zero on any inconsistency; stops everything it started, always.
 *
 * TOPOLOGY_BURST_SECONDS (60): how long new chains start; TOPOLOGY_CONCURRENCY (16): chains at once;
 * TOPOLOGY_MAX_CHAINS (100): chains at most (5 mutations each: create, upload, send, take, approve).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ADMIN_URL = process.env.TOPOLOGY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BURST_MS = Number(process.env.TOPOLOGY_BURST_SECONDS ?? 60) * 1000;
const CONCURRENCY = Number(process.env.TOPOLOGY_CONCURRENCY ?? 16);
const MAX_CHAINS = Number(process.env.TOPOLOGY_MAX_CHAINS ?? 100);
const BUCKET = 'origem-topology';

const started = Date.now();
const log = (message: string) =>
  console.log(`[topology ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

const cleanups: Array<() => Promise<unknown>> = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (err) {
      console.error('limpeza falhou:', err);
    }
  }
  cleanups.length = 0;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const work = mkdtempSync(path.join(tmpdir(), 'origem-topology-'));
  // nginx's workers run as an unprivileged user: they must reach their temp folders.
  chmodSync(work, 0o755);
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }));

  // A fresh database, dropped at the end.
  const dbName = `origem_topology_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  });
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${dbName}`;

  const s3 = await startS3rver(BUCKET);
  cleanups.push(s3.close);
  const [portA, portB, portNginx] = [await freePort(), await freePort(), await freePort()];
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    STORAGE_URL: `s3://${BUCKET}/files`,
    S3_ENDPOINT: s3.settings.endpoint ?? '',
    S3_REGION: s3.settings.region,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: 'true',
    SEED: 'demo',
    RATE_LIMIT_PER_MINUTE: '1000000',
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    APP_URL: `https://127.0.0.1:${portNginx}`,
    LOG_LEVEL: 'info',
  };
  const instances = [
    new Instance('A', portA, { ...env, DATA_DIR: path.join(work, 'a') }, path.join(work, 'a.log'), root),
    new Instance('B', portB, { ...env, DATA_DIR: path.join(work, 'b') }, path.join(work, 'b.log'), root),
  ];
  const [a, b] = instances as [Instance, Instance];
  for (const instance of instances) cleanups.push(() => instance.stop());
  // Together: the advisory lock lets one migrate and seed while the other waits.
  await Promise.all(instances.map((instance) => instance.start()));
  log(`instâncias A (:${portA}) e B (:${portB}) prontas no mesmo banco e bucket`);

  const nginx = new Nginx(portNginx, work);
  cleanups.push(() => nginx.stop());
  const documented = readFileSync(path.join(root, 'docs/deploy/nginx.conf'), 'utf8');
  await nginx.start(documented, [portA, portB]);
  log(`nginx em ${nginx.url} (docs/deploy/nginx.conf: só endereços e certificado trocados)`);

  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 3 });
  cleanups.push(() => pool.end());
  const client = new Client(nginx.url, nginx.fetch);
  const refs = await draftRefs(pool);

  // The journey, one request at a time through nginx.
  const tokens: Tokens = {
    exporter: await login(client, 'exportador'),
    analyst: await login(client, 'analista'),
  };
  // A create whose answer was lost after its commit: what the user sees after refreshing is its record; the test
  // reads the key's record straight from the table instead of searching the list.
  const findCreated = async (key: string) =>
    (
      await pool.query<{ record_id: number | null }>(
        'select record_id from idempotency_keys where key = $1',
        [key],
      )
    ).rows[0]?.record_id ?? undefined;
  const journey = new CertificateChain(client, tokens, 'TOPO-JORNADA', 'TOPO-JORNADA', findCreated);
  await journey.all(refs);
  await journey.print();
  const alternation = journey.answers.map((res) => {
    const id = res.requestId ?? '';
    return a.requestIds().has(id) ? 'A' : b.requestIds().has(id) ? 'B' : '?';
  });
  log(
    `jornada: certificado ${journey.id} ${await journey.status()}; instâncias por pedido: ${alternation.join(' ')}`,
  );
  const problems: string[] = [];
  if (alternation.includes('?')) problems.push('pedido da jornada sem linha de log em nenhuma instância');
  if (alternation.some((who, i) => i > 0 && who === alternation[i - 1])) {
    problems.push(`os pedidos não alternaram entre as instâncias: ${alternation.join(' ')}`);
  }

  // The burst: chains of mutations from CONCURRENCY clients; B dies with SIGKILL a quarter in and comes back.
  const chains: CertificateChain[] = [];
  const failures: string[] = [];
  const burstStart = Date.now();
  let next = 0;
  const worker = async () => {
    while (Date.now() - burstStart < BURST_MS && next < MAX_CHAINS) {
      const i = next++;
      const chain = new CertificateChain(client, tokens, `TOPO-${i}`, `TOPO-${i}`, findCreated);
      chains.push(chain);
      await chain.all(refs).catch((err: Error) => failures.push(err.message));
    }
  };
  const killer = (async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.min(15_000, BURST_MS / 4)));
    log('SIGKILL na instância B');
    await b.kill();
    await b.start();
    log('instância B reiniciada e pronta');
  })();
  await Promise.all([...Array.from({ length: CONCURRENCY }, worker), killer]);
  const mutations = chains.reduce((n, c) => n + c.answered.length, 0);
  const burstSeconds = (Date.now() - burstStart) / 1000;
  log(
    `rajada: ${chains.length} cadeias, ${mutations} mutações respondidas em ${burstSeconds.toFixed(1)} s, ` +
      `${client.retries} repetições, ${failures.length} cadeias interrompidas`,
  );
  const answers = chains.flatMap((c) => c.answers);
  log(
    `  respostas repetidas de uma tentativa anterior (Idempotent-Replayed): ${answers.filter((r) => r.replayed).length}; ` +
      `409 "já foi processada" (feita, resposta perdida com a instância): ${answers.filter((r) => r.processed).length}; ` +
      `respondidas só depois de repetir: ${answers.filter((r) => r.attempts > 1).length}`,
  );
  // Issue 35: the answer commits with the change, so a retry after any crash gets the answer itself.
  const lost = answers.filter((r) => r.processed).length;
  if (lost > 0)
    problems.push(`${lost} respostas perdidas com a instância (409 "já foi processada", sem o registro)`);
  const [idsA, idsB] = [a.requestIds(), b.requestIds()];
  const servedA = answers.filter((r) => idsA.has(r.requestId ?? '')).length;
  const servedB = answers.filter((r) => idsB.has(r.requestId ?? '')).length;
  log(`  respostas da rajada por instância: A ${servedA}, B ${servedB} (B antes e depois do SIGKILL)`);
  if (servedA === 0 || servedB === 0) problems.push('uma das instâncias não atendeu a rajada');
  for (const failure of failures.slice(0, 10)) log(`  interrompida: ${failure}`);

  // The checks, on the database and the bucket, once the jobs the burst queued (an issued certificate's stored
  // copies among them) have run: a blob a job is writing has no record yet, and the sweep below would take it.
  await settleJobs(pool);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: work });
  cleanups.push(() => database.close());
  const storage = await openStorage(loadConfig({ ...env, DATA_DIR: work }).storage);
  const report = await checkConsistency(pool, database.db, storage, [journey, ...chains], 'TOPO-');
  for (const [name, value] of Object.entries(report.counts)) log(`  ${name}: ${value}`);
  problems.push(...report.problems);
  if (failures.length > 0) problems.push(`${failures.length} cadeias terminaram sem resposta válida`);
  for (const problem of problems.slice(0, 50)) console.error(`INCONSISTÊNCIA: ${problem}`);
  log(problems.length === 0 ? 'topologia consistente' : `${problems.length} problemas`);
  return problems.length === 0 ? 0 : 1;
}

/** Waits (up to a minute) until no job that is due is waiting or running. */
async function settleJobs(pool: pg.Pool): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from jobs where status in ('PENDENTE', 'EXECUTANDO') and run_at <= now()`,
    );
    const due = rows[0]?.n ?? 0;
    if (due === 0) return;
    if (Date.now() > deadline) {
      log(`${due} tarefas ainda pendentes após 60 s; as verificações seguem assim mesmo`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err);
} finally {
  await cleanUp();
}
process.exit(code);
