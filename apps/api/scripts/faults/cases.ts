import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@origem/contract/messages.pt';
import { startS3rver } from '../../src/test/s3rver';
import { root } from '../load/target';
import { draftBody, draftRefs, PDF } from '../topology/journey';
import { COMPILED, freePort, Instance } from '../topology/processes';
import { type Background, type Seen, sleep, statusSummary, windowProblems } from './background';
import { BUCKET, restartSmtp, stopSmtp, type World } from './env';

/**
 * The faults, one function each: cause it under the background load, say what the user saw while it lasted and
 * how long until the service answered again, and check what it may have broken. The final consistency checks
 * (every answered effect there once, no half record, no orphan file, no duplicate, numbers gap-free) run after
 * all of them, in run.ts.
 */

export type Outcome = {
  fault: string;
  /** What the reader (a list screen, no repeat) saw while it lasted. */
  seen: string;
  /** Seconds from the fault's end to the first 200. */
  recoverySeconds: number | null;
  /** The fault's own checks, in words. */
  checks: string[];
  problems: string[];
};

export type Context = { world: World; bg: Background; log: (message: string) => void };

/** Waits for the reader's first 200 after `from`; the seconds it took, or null after `limitMs`. */
async function recovery(bg: Background, from: number, limitMs = 90_000): Promise<number | null> {
  const deadline = from + limitMs;
  while (Date.now() < deadline) {
    const ok = bg.seen.find((s) => s.at >= from && s.status === 200);
    if (ok) return (ok.at + ok.ms - from) / 1000;
    await sleep(250);
  }
  return null;
}

async function outcome(
  ctx: Context,
  fault: string,
  started: number,
  ended: number,
  checks: string[],
  problems: string[],
  allowNoAnswer = false,
): Promise<Outcome> {
  const recoverySeconds = await recovery(ctx.bg, ended);
  const window: Seen[] = ctx.bg.between(started, ended);
  const all = [...problems, ...windowProblems(window, allowNoAnswer)];
  if (recoverySeconds === null) all.push('não voltou a responder 200 em 90 s');
  const result = { fault, seen: statusSummary(window), recoverySeconds, checks, problems: all };
  ctx.log(
    `${fault}: viu ${result.seen}; voltou em ${recoverySeconds?.toFixed(1) ?? '—'} s; ${all.length ? all.join('; ') : 'ok'}`,
  );
  return result;
}

const PG_CLUSTER = (process.env.FAULTS_PG_CLUSTER ?? '15 main').split(' ');

export async function postgresRestart(ctx: Context): Promise<Outcome> {
  await sleep(3_000);
  const started = Date.now();
  ctx.log(`pg_ctlcluster ${PG_CLUSTER.join(' ')} restart`);
  execFileSync('pg_ctlcluster', [...PG_CLUSTER, 'restart'], { stdio: 'inherit' });
  const ended = Date.now();
  return outcome(
    ctx,
    'PostgreSQL reiniciado',
    started,
    ended,
    [`reinício levou ${(ended - started) / 1000} s`],
    [],
  );
}

export async function backendsTerminated(ctx: Context): Promise<Outcome> {
  await sleep(3_000);
  const started = Date.now();
  let terminated = 0;
  for (let round = 0; round < 3; round++) {
    const { rows } = await ctx.world.pool.query<{ n: number }>(
      `select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    terminated += rows[0]?.n ?? 0;
    await sleep(1_000);
  }
  const ended = Date.now();
  return outcome(
    ctx,
    'conexões encerradas (pg_terminate_backend ×3)',
    started,
    ended,
    [`${terminated} conexões encerradas pelo servidor`],
    [],
  );
}

export async function apiKilled(ctx: Context): Promise<Outcome> {
  const checks: string[] = [];
  const started = Date.now();
  for (let round = 0; round < 2; round++) {
    await sleep(2_000 + Math.random() * 2_000);
    const inFlight = ctx.bg.chains
      .filter((c) => c.answered.length < 5)
      .map((c) => c.answered.at(-1) ?? 'nada');
    ctx.log(`SIGKILL na API (cadeias em curso; último passo respondido de cada: ${inFlight.join(', ')})`);
    await ctx.world.api.kill();
    await ctx.world.api.start();
    checks.push(`SIGKILL ${round + 1}: ${inFlight.length} cadeias em curso`);
  }
  const ended = Date.now();
  // With one instance, a killed process cannot answer: the connection is refused until it is back (behind nginx
  // with two instances, the other one answers; see npm run test:topology).
  return outcome(ctx, 'API morta com SIGKILL (×2) e reiniciada', started, ended, checks, [], true);
}

/** Mails left PENDENTE with an error (waiting for the SMTP server). */
async function waitingMails(world: World): Promise<number> {
  const { rows } = await world.pool.query<{ n: number }>(
    `select count(*)::int as n from mail_outbox where status = 'PENDENTE' and last_error is not null`,
  );
  return rows[0]?.n ?? 0;
}

export async function smtpDown(ctx: Context): Promise<Outcome> {
  const started = Date.now();
  await stopSmtp(ctx.world);
  ctx.log('SMTP fora do ar por 25 s');
  await sleep(25_000);
  const waiting = await waitingMails(ctx.world);
  await restartSmtp(ctx.world);
  const ended = Date.now();
  const problems =
    waiting === 0 ? ['nenhum e-mail esperou na fila durante a queda (nenhuma aprovação?)'] : [];
  return outcome(
    ctx,
    'SMTP fora do ar',
    started,
    ended,
    [`${waiting} e-mails esperando na fila durante a queda`],
    problems,
  );
}

/** After the load: every outbox row delivered, each exactly once. */
export async function mailsDelivered(world: World, log: (m: string) => void): Promise<string[]> {
  const deadline = Date.now() + 180_000;
  let pending = -1;
  while (Date.now() < deadline) {
    const { rows } = await world.pool.query<{ pending: number }>(
      `select count(*) filter (where status <> 'ENVIADO')::int as pending from mail_outbox`,
    );
    pending = rows[0]?.pending ?? 0;
    if (pending === 0) break;
    await sleep(2_000);
  }
  const { rows } = await world.pool.query<{ n: number }>('select count(*)::int as n from mail_outbox');
  const outbox = rows[0]?.n ?? 0;
  const received = world.smtp.received + world.smtp.listener.mails.length;
  log(`e-mails: ${outbox} na fila, ${received} recebidos pelo SMTP, ${pending} ainda não enviados`);
  const problems: string[] = [];
  if (pending > 0) problems.push(`${pending} e-mails não saíram depois da volta do SMTP`);
  if (received !== outbox)
    problems.push(`${received} e-mails recebidos para ${outbox} na fila (duplicados ou perdidos)`);
  return problems;
}

type Exporter = { token: string; base: string };

async function createDraft(world: World, exporter: Exporter, invoice: string): Promise<number> {
  const res = await fetch(`${exporter.base}/v1/certificate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${exporter.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(draftBody(await draftRefs(world.pool), invoice)),
  });
  if (res.status !== 201) throw new Error(`rascunho ${invoice}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

async function upload(exporter: Exporter, id: number): Promise<{ status: number; message: string }> {
  const form = new FormData();
  form.set('certificate_id', String(id));
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'fatura.pdf');
  const res = await fetch(`${exporter.base}/v1/certificate/commercial_invoice/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${exporter.token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  return { status: res.status, message: body.message ?? '' };
}

async function filesOf(world: World, id: number): Promise<number> {
  const { rows } = await world.pool.query<{ n: number }>(
    `select count(*)::int as n from stored_files where owner_type like 'certificate%' and owner_id = $1`,
    [id],
  );
  return rows[0]?.n ?? 0;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out;
}

/**
 * The upload disk full: a second instance on the same database keeps its files in a 4 MB tmpfs; a filler takes
 * the space left, an invoice upload must answer 507 in Portuguese and record nothing, and once the filler is gone
 * the same upload succeeds.
 */
export async function diskFull(ctx: Context, exporterToken: string): Promise<Outcome> {
  const mount = path.join(ctx.world.work, 'tmpfs');
  mkdirSync(mount, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount]);
  const b = new Instance(
    'B',
    await freePort(),
    { ...ctx.world.env, STORAGE_URL: '', DATA_DIR: mount },
    path.join(ctx.world.work, 'b.log'),
    root,
    COMPILED,
  );
  const checks: string[] = [];
  const problems: string[] = [];
  try {
    await b.start();
    const exporter = { token: exporterToken, base: b.url };
    const id = await createDraft(ctx.world, exporter, `DISCO-${Date.now()}`);
    const filler = path.join(mount, 'enchimento');
    const started = Date.now();
    try {
      writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
    } catch {
      // ENOSPC: the filler took every byte it could
    }
    const full = await upload(exporter, id);
    checks.push(`envio com o disco cheio: ${full.status} "${full.message}"`);
    if (full.status !== 507 || full.message !== messages.storageFull) {
      problems.push(`disco cheio respondeu ${full.status} "${full.message}", não 507 em português`);
    }
    const recorded = await filesOf(ctx.world, id);
    if (recorded !== 0) problems.push(`${recorded} arquivos registrados apesar do 507`);
    const leftovers = filesUnder(mount).filter((f) => f !== filler);
    checks.push(`registros de arquivo: ${recorded}; arquivos deixados no disco: ${leftovers.length}`);
    if (leftovers.length > 0) problems.push(`arquivos deixados no disco cheio: ${leftovers.join(', ')}`);
    rmSync(filler);
    const ended = Date.now();
    const again = await upload(exporter, id);
    checks.push(`com espaço de novo: ${again.status}, ${await filesOf(ctx.world, id)} arquivo registrado`);
    if (again.status !== 200) problems.push(`depois de liberar o disco o envio respondeu ${again.status}`);
    // The probe's draft goes (its file lives on B's disk, not in the bucket the final checks read).
    const removed = await fetch(`${b.url}/v1/certificate/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${exporterToken}` },
    });
    if (removed.status !== 200) problems.push(`o rascunho de teste não foi excluído: ${removed.status}`);
    const result = await outcome(
      ctx,
      'disco de uploads cheio (tmpfs de 4 MB)',
      started,
      ended,
      checks,
      problems,
    );
    return { ...result, seen: `envio: ${full.status}; listas: ${result.seen}` };
  } finally {
    await b.stop();
    execFileSync('umount', [mount]);
  }
}

/** The object store down: an upload answers 503 (storageUnavailable) and records nothing; it comes back by itself. */
export async function objectStoreDown(ctx: Context, exporterToken: string): Promise<Outcome> {
  const exporter = { token: exporterToken, base: ctx.world.api.url };
  const id = await createDraft(ctx.world, exporter, `S3-${Date.now()}`);
  const port = Number(new URL(ctx.world.s3.settings.endpoint ?? '').port);
  const started = Date.now();
  await ctx.world.s3.stop();
  ctx.log('s3rver parado por 15 s');
  const t0 = Date.now();
  const down = await upload(exporter, id);
  const downMs = Date.now() - t0;
  const checks = [`envio com o armazenamento fora: ${down.status} "${down.message}" em ${downMs} ms`];
  const problems: string[] = [];
  if (down.status !== 503 || down.message !== messages.storageUnavailable) {
    problems.push(`armazenamento fora respondeu ${down.status} "${down.message}"`);
  }
  const recorded = await filesOf(ctx.world, id);
  if (recorded !== 0) problems.push(`${recorded} arquivos registrados apesar do 503`);
  await sleep(15_000);
  const s3 = await startS3rver(BUCKET, { directory: ctx.world.s3.directory, port });
  ctx.world.s3.stop = s3.stop;
  const ended = Date.now();
  let again = await upload(exporter, id);
  // The S3 client may hold a dead connection for a moment after the store is back.
  for (let i = 0; i < 10 && again.status !== 200; i++) {
    await sleep(1_000);
    again = await upload(exporter, id);
  }
  checks.push(`depois da volta: ${again.status}, ${await filesOf(ctx.world, id)} arquivo registrado`);
  if (again.status !== 200)
    problems.push(`depois da volta do armazenamento o envio respondeu ${again.status}`);
  const result = await outcome(ctx, 'armazenamento de objetos (S3) fora', started, ended, checks, problems);
  return { ...result, seen: `envio: ${down.status}; listas: ${result.seen}` };
}

/**
 * A slow database: another session holds an exclusive lock on the certificates for 12 s. Requests that read them
 * wait until the statement timeout (3 s here) and answer 503; the rest of the API goes on.
 */
export async function slowDatabase(ctx: Context): Promise<Outcome> {
  const client = await ctx.world.pool.connect();
  const started = Date.now();
  try {
    await client.query('begin');
    await client.query('lock table certificates in access exclusive mode');
    ctx.log('certificados travados por 12 s (lock exclusivo numa outra sessão)');
    await sleep(12_000);
    await client.query('rollback');
  } finally {
    client.release();
  }
  const ended = Date.now();
  const window = ctx.bg.between(started, ended);
  const slowest = Math.max(0, ...window.map((s) => s.ms));
  const result = await outcome(
    ctx,
    'banco lento (lock de 12 s; statement_timeout 3 s)',
    started,
    ended,
    [`resposta mais lenta durante a trava: ${slowest} ms`],
    slowest > 10_000 ? [`uma resposta levou ${slowest} ms`] : [],
  );
  return result;
}
