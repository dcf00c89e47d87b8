/**
 * `npm run faults`: under a moderate load (faults/background.ts), causes each fault and checks the outcome: what a
 * user sees while it lasts (a 503 or 507 with a Portuguese message, never a 500 or a hang), that the service comes
 * back by itself, and that nothing committed is lost (the topology test's consistency checks: every answered
 * create/upload/send/take/approve there exactly once, no duplicate from a repeated Idempotency-Key, no orphan file
 * after the sweep, certificate numbers unique and gap-free; every mail delivered exactly once).
 *
 * Needs root (tmpfs mount, pg_ctlcluster) and the compiled server (`npm run build:api`). It RESTARTS the
 * PostgreSQL cluster (FAULTS_PG_CLUSTER, "15 main"): every other user of it sees the restart too.
 *   FAULTS_ONLY       a comma list of faults to run (pg-restart, pg-terminate, api-kill, smtp, disk, s3, slow-db)
 *   FAULTS_WRITERS    concurrent certificate chains of the background load (4)
 *   FAULTS_DB_PREFIX  the fresh database's name prefix (origem_faults)
 *   FAULTS_OUT        a JSON file for the outcome table
 */
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { openStorage } from '../../src/files/open-storage';
import { checkConsistency } from '../topology/checks';
import { Client } from '../topology/client';
import { draftRefs, login } from '../topology/journey';
import { Background, sleep } from './background';
import {
  apiKilled,
  backendsTerminated,
  type Context,
  diskFull,
  mailsDelivered,
  type Outcome,
  objectStoreDown,
  postgresRestart,
  slowDatabase,
  smtpDown,
} from './cases';
import { closeWorld, openWorld, type World } from './env';

const started = Date.now();
const log = (message: string) =>
  console.log(`[falhas ${((Date.now() - started) / 1000).toFixed(0)}s] ${message}`);
const only = process.env.FAULTS_ONLY?.split(',').map((s) => s.trim());
const WRITERS = Number(process.env.FAULTS_WRITERS ?? 4);

let world: World | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (world ? closeWorld(world) : Promise.resolve()).finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  world = await openWorld(log);
  const client = new Client(world.api.url);
  const tokens = { exporter: await login(client, 'exportador'), analyst: await login(client, 'analista') };
  const refs = await draftRefs(world.pool);
  const pool = world.pool;
  const findCreated = async (key: string) =>
    (
      await pool.query<{ record_id: number | null }>(
        'select record_id from idempotency_keys where key = $1',
        [key],
      )
    ).rows[0]?.record_id ?? undefined;
  const bg = new Background(world.api.url, client, tokens, refs, findCreated, 'FALHA-');
  bg.start(WRITERS);
  const ctx: Context = { world, bg, log };
  await sleep(5_000);

  const faults: Array<[string, () => Promise<Outcome>]> = [
    ['pg-restart', () => postgresRestart(ctx)],
    ['pg-terminate', () => backendsTerminated(ctx)],
    ['api-kill', () => apiKilled(ctx)],
    ['smtp', () => smtpDown(ctx)],
    ['disk', () => diskFull(ctx, tokens.exporter)],
    ['s3', () => objectStoreDown(ctx, tokens.exporter)],
    ['slow-db', () => slowDatabase(ctx)],
  ];
  const outcomes: Outcome[] = [];
  for (const [name, run] of faults) {
    if (only && !only.includes(name)) continue;
    try {
      outcomes.push(await run());
    } catch (err) {
      outcomes.push({ fault: name, seen: '-', recoverySeconds: null, checks: [], problems: [String(err)] });
    }
    await sleep(3_000);
  }
  await bg.stop();
  log(
    `carga de fundo: ${bg.chains.length} cadeias, ${bg.chains.reduce((n, c) => n + c.answered.length, 0)} mutações respondidas, ` +
      `${client.retries} repetições com a mesma Idempotency-Key, ${bg.failures.length} cadeias interrompidas`,
  );

  // Nothing committed lost: the topology test's checks on the database and the bucket.
  const database = await openDatabase({ databaseUrl: world.databaseUrl });
  world.cleanups.push(() => database.close());
  const storage = await openStorage(loadConfig({ ...world.env, DATA_DIR: world.work }).storage);
  const report = await checkConsistency(pool, database.db, storage, bg.chains, 'FALHA-');
  for (const [name, value] of Object.entries(report.counts)) log(`  ${name}: ${value}`);
  // A record whose blob is missing: which upload it was, and when (against the faults' log lines).
  for (const problem of report.problems) {
    const key = /registro sem arquivo no bucket: (\S+)/.exec(problem)?.[1];
    if (!key) continue;
    const { rows } = await pool.query(
      `select f.owner_type, f.owner_id, f.created_at, c.invoice_number, c.status from stored_files f
         left join certificates c on c.id = f.owner_id where f.storage_key = $1`,
      [key],
    );
    log(
      `  sem arquivo: ${key} ${JSON.stringify(rows[0])} (falhas começaram às ${new Date(started).toISOString()})`,
    );
  }
  const consistency: Outcome = {
    fault: 'consistência depois de todas as falhas',
    seen: '-',
    recoverySeconds: null,
    checks: Object.entries(report.counts).map(([k, v]) => `${k}: ${v}`),
    problems: [...report.problems, ...bg.failures.map((f) => `cadeia interrompida: ${f}`)],
  };
  outcomes.push(consistency);
  if (!only || only.includes('smtp')) {
    const mail = await mailsDelivered(world, log);
    outcomes.push({
      fault: 'e-mails depois da volta do SMTP',
      seen: '-',
      recoverySeconds: null,
      checks: [],
      problems: mail,
    });
  }

  console.log(
    '\n| falha | o que o usuário viu (lista, sem repetir) | voltou em | verificações | resultado |',
  );
  console.log('|---|---|---:|---|---|');
  for (const o of outcomes) {
    console.log(
      `| ${o.fault} | ${o.seen} | ${o.recoverySeconds === null ? '—' : `${o.recoverySeconds.toFixed(1)} s`} | ` +
        `${o.checks.join('; ') || '—'} | ${o.problems.length ? `FALHOU: ${o.problems.slice(0, 5).join('; ')}` : 'ok'} |`,
    );
  }
  if (process.env.FAULTS_OUT) writeFileSync(process.env.FAULTS_OUT, JSON.stringify(outcomes, null, 2));
  return outcomes.some((o) => o.problems.length > 0) ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err);
} finally {
  if (world) await closeWorld(world);
}
process.exit(code);
