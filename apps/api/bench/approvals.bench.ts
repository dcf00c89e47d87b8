// npm run bench:approvals: approvals at once in one association (issue 39), through the whole stack (Fastify's
// inject, auth, the flow kernel, the numbering, the decision's mails and webhooks), on a new PostgreSQL database with
// the demo data. While they run, a process of its own samples the lock waits every BENCH_SAMPLE_MS (pg_locks.waitstart
// joined to pg_stat_activity, src/test/lock-waits.ts). Per round: errors, whether the numbers are the scope's next N
// without a gap, the answers' latency (p50/p99) and the waits of the statements that take the number (p50/p99/max,
// counted over every approval: one never seen waiting counts 0 ms); then every statement seen waiting and what its
// blockers were doing (their last statement and state). Goal: 0 errors, no gap, p99 wait ≤ 50 ms, on an idle machine
// (the load average is printed: with the CPU queue long, every holder waits for its turn to send COMMIT).
//   BENCH_APPROVALS   approvals at once, default 50
//   BENCH_ROUNDS      rounds of BENCH_APPROVALS, numbering on from the previous round, default 3
//   BENCH_SAMPLE_MS   sampling interval, default 2
//   BENCH_KEYS        1: each approval carries an Idempotency-Key, as the load mix's do (one transaction per request,
//                     the answer stored last: lib/request-transaction.ts), default 1
//   BENCH_DATABASE_URL  the PostgreSQL server (default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import {
  approvedDeclaration,
  certificatesInAnalysis,
  openCertificateSuite,
} from '../src/modules/certificates/test-support';
import { LockWaitSampler, waitPercentile } from '../src/test/lock-waits';

const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 2);
const KEYS = (process.env.BENCH_KEYS ?? '1') === '1';
const server =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_DATABASE_PREFIX ??= 'origem_bench';

const { t, r, tok } = await openCertificateSuite(['analista'], {}, { databaseServer: server });
const url = t.databaseUrl;
if (!url) throw new Error('bench:approvals precisa de PostgreSQL');
const declaration = await approvedDeclaration(t.db, r);
// The association listens for its certificates being approved and issued: each approval queues two deliveries.
await t.db.execute(sql`insert into webhook_endpoints (owner_kind, owner_id, url, events, secret)
  values ('association', ${r.association}, 'https://erp.example.com/hook',
          '{certificate.approved,certificate.issued}'::text[], 'segredo')`);

async function sequenceValues(): Promise<Map<string, number>> {
  const rows = await queryRows<{ scope: string; value: number }>(
    t.db,
    sql`select scope, value::int as value from document_sequences`,
  );
  return new Map(rows.map((row) => [row.scope, row.value]));
}

const ms = (n: number) => n.toFixed(1).padStart(7);
console.log(
  `aprovações: ${APPROVALS} ao mesmo tempo numa associação, ${ROUNDS} rodadas, ` +
    `${KEYS ? 'com' : 'sem'} Idempotency-Key; amostras a cada ${SAMPLE_MS} ms; ` +
    `carga da máquina ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
);
console.log(
  `${'rodada'.padEnd(7)} ${'erros'.padStart(5)} ${'números'.padStart(9)} ${'total ms'.padStart(9)} ` +
    `${'resp p50'.padStart(8)} ${'resp p99'.padStart(8)} ${'esp. p50'.padStart(8)} ${'esp. p99'.padStart(8)} ` +
    `${'esp. máx'.padStart(8)} ${'vistas'.padStart(6)} ${'amostras'.padStart(8)}`,
);
let failed = false;
const statements = new Map<string, { waits: number; maxMs: number }>();
const blockers = new Map<string, number>();
for (let round = 1; round <= ROUNDS; round++) {
  const ids = await certificatesInAnalysis(t.db, r, declaration, APPROVALS);
  const before = await sequenceValues();
  const sampler = new LockWaitSampler(url, SAMPLE_MS);
  await sampler.start();
  const started = performance.now();
  const answers = await Promise.all(
    ids.map(async (id) => {
      const begun = performance.now();
      const res = await t.request('POST', `/v1/certificate/approve/${id}`, {
        token: tok.analista,
        headers: KEYS ? { 'idempotency-key': `bench-${process.pid}-${id}` } : {},
      });
      return { status: res.statusCode, ms: performance.now() - begun, body: res.body };
    }),
  );
  const total = performance.now() - started;
  await sampler.stop();

  const errors = answers.filter((a) => a.status !== 200);
  const numbers = await queryRows<{ seq: number }>(
    t.db,
    sql`select substr(certificate_number, 11, 8)::int as seq from certificates
         where id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) order by 1`,
  );
  // Gap-free: the numbers are exactly the ones the scope handed out in this round.
  const after = await sequenceValues();
  const moved = [...after].filter(([scope, value]) => value !== (before.get(scope) ?? 0));
  const from = (before.get(moved[0]?.[0] ?? '') ?? 0) + 1;
  const expected = Array.from({ length: APPROVALS }, (_, i) => from + i);
  const consecutive = moved.length === 1 && numbers.map((n) => n.seq).join() === expected.join();
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const waits = sampler.waitsOf('document_sequences');
  console.log(
    `${String(round).padEnd(7)} ${String(errors.length).padStart(5)} ${(consecutive ? 'seguidos' : 'BURACO').padStart(9)} ` +
      `${total.toFixed(0).padStart(9)} ${latencies[Math.floor(latencies.length / 2)]?.toFixed(0).padStart(8)} ` +
      `${waitPercentile(latencies, latencies.length, 99).toFixed(0).padStart(8)} ` +
      `${ms(waitPercentile(waits, APPROVALS, 50))} ${ms(waitPercentile(waits, APPROVALS, 99))} ` +
      `${ms(Math.max(0, ...waits))} ${String(waits.length).padStart(6)} ${String(sampler.samples).padStart(8)}`,
  );
  if (errors.length > 0) console.log(`  ${errors[0]?.status} ${errors[0]?.body.slice(0, 200)}`);
  failed ||= errors.length > 0 || !consecutive;
  for (const entry of sampler.statements()) {
    const seen = statements.get(entry.query) ?? { waits: 0, maxMs: 0 };
    statements.set(entry.query, {
      waits: seen.waits + entry.waits,
      maxMs: Math.max(seen.maxMs, entry.maxMs),
    });
  }
  for (const [waiting, by] of sampler.blockers) {
    for (const [blocker, n] of by) {
      const pair = `${waiting.slice(0, 40)} ⟵ ${blocker}`;
      blockers.set(pair, (blockers.get(pair) ?? 0) + n);
    }
  }
}

console.log('\ncomandos que esperaram um lock (todas as rodadas): vezes, a espera mais longa');
for (const [query, entry] of [...statements.entries()].sort(([, a], [, b]) => b.maxMs - a.maxMs)) {
  console.log(`  ${String(entry.waits).padStart(5)} ${ms(entry.maxMs)} ms  ${query}`);
}
console.log(
  'o que faziam os que seguravam (amostras): comando que espera ⟵ último comando do bloqueador [estado]',
);
for (const [pair, n] of [...blockers.entries()].sort(([, a], [, b]) => b - a).slice(0, 8)) {
  console.log(`  ${String(n).padStart(5)}  ${pair}`);
}
await t.close();
if (failed) process.exit(1);
