import type pg from 'pg';
import type { Database } from '../../src/db/client';
import type { FileStorage } from '../../src/files/storage';
import { sweepOrphanFiles } from '../../src/files/sweep';
import type { CertificateChain } from './journey';

/** The consistency checks after the burst: SQL and the bucket. Each returns the problems it found. */

export type Report = { counts: Record<string, number>; problems: string[] };

async function bucketKeys(storage: FileStorage): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const blob of storage.list()) keys.add(blob.key);
  return keys;
}

const CREATE_EVENT = 'created';
/** The flow action (and audit event) of a call whose name differs: GET send_analyzing takes the certificate. */
const FLOW_ACTION: Record<string, string> = { send_analyzing: 'take' };

export async function checkConsistency(
  pool: pg.Pool,
  db: Database,
  storage: FileStorage,
  chains: CertificateChain[],
  invoicePrefix: string,
): Promise<Report> {
  const problems: string[] = [];
  const counts: Record<string, number> = {};
  const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await pool.query<T>(text, values)).rows;

  // 1. Every answered create exists exactly once, under its key; no unanswered one twice either.
  const perInvoice = new Map(
    (
      await rows<{ invoice_number: string; ids: number[] }>(
        `select invoice_number, array_agg(id order by id) as ids from certificates
          where invoice_number like $1 group by invoice_number`,
        [`${invoicePrefix}%`],
      )
    ).map((r) => [r.invoice_number, r.ids]),
  );
  const keys = new Map(
    (
      await rows<{ key: string; record_id: number | null }>(
        `select key, record_id from idempotency_keys where key like $1`,
        [`${invoicePrefix}%-create`],
      )
    ).map((r) => [r.key, r.record_id]),
  );
  const answeredCreates = chains.filter((c) => c.answered.includes('create'));
  counts.creates_answered = answeredCreates.length;
  counts.certificates_in_db = [...perInvoice.values()].reduce((n, ids) => n + ids.length, 0);
  for (const chain of chains) {
    const ids = perInvoice.get(chain.invoiceNumber) ?? [];
    if (ids.length > 1)
      problems.push(`${chain.invoiceNumber} criado ${ids.length} vezes (${ids.join(', ')})`);
    if (!chain.answered.includes('create')) continue;
    if (ids.length !== 1 || ids[0] !== chain.id) {
      problems.push(`${chain.invoiceNumber}: respondido como ${chain.id}, no banco ${JSON.stringify(ids)}`);
    }
    if (keys.get(`${chain.key}-create`) !== chain.id) {
      problems.push(`${chain.key}-create não aponta para ${chain.id} (${keys.get(`${chain.key}-create`)})`);
    }
  }

  // 2. Certificate numbers: unique, and each numbering scope's sequence runs 1..value without a gap.
  const numbered = await rows<{ number_base: string; certificate_number: string }>(
    `select number_base, certificate_number from certificates where certificate_number is not null`,
  );
  counts.certificate_numbers = numbered.length;
  if (new Set(numbered.map((r) => r.certificate_number)).size !== numbered.length) {
    problems.push('números de certificado repetidos');
  }
  const bases = new Set(numbered.map((r) => r.number_base));
  for (const scope of await rows<{ scope: string; value: string }>(
    `select scope, value from document_sequences where scope like 'certificate:%'`,
  )) {
    const [, ehid, acronym, year] = scope.scope.split(':');
    const prefix = `BR${ehid}${acronym}${year}`;
    const taken = [...bases]
      .filter((b) => b.startsWith(prefix) && b.length === prefix.length + 8)
      .map((b) => Number(b.slice(prefix.length)))
      .sort((a, b) => a - b);
    const expected = Array.from({ length: Number(scope.value) }, (_, i) => i + 1);
    if (taken.join(',') !== expected.join(',')) {
      problems.push(
        `sequência ${scope.scope} (até ${scope.value}) tem buracos ou sobras: ${taken.join(',')}`,
      );
    }
    counts[`sequence ${scope.scope}`] = Number(scope.value);
  }

  // 3. Files: every record's blob is in the bucket; after the sweep, every blob has its record.
  const records = new Set(
    (await rows<{ storage_key: string }>('select storage_key from stored_files')).map((r) => r.storage_key),
  );
  const before = await bucketKeys(storage);
  counts.stored_file_records = records.size;
  counts.bucket_objects_before_sweep = before.size;
  for (const key of records) if (!before.has(key)) problems.push(`registro sem arquivo no bucket: ${key}`);
  const swept = await sweepOrphanFiles(db, storage, { graceMs: 0 });
  counts.orphans_swept = swept.removed;
  const after = await bucketKeys(storage);
  counts.bucket_objects_after_sweep = after.size;
  for (const key of after) if (!records.has(key)) problems.push(`objeto sem registro após a limpeza: ${key}`);
  for (const key of records)
    if (!after.has(key)) problems.push(`a limpeza apagou um arquivo com registro: ${key}`);

  // 4. Every answered mutation has its flow step (exactly once) and its audit row; each upload its file.
  const ids = answeredCreates.map((c) => c.id as number);
  const steps = await rows<{ record_id: number; action: string; n: number }>(
    `select record_id, action, count(*)::int as n from flow_steps
      where flow = 'certificate' and record_id = any($1) group by record_id, action`,
    [ids],
  );
  const audits = await rows<{ auditable_id: number; event: string; n: number }>(
    `select auditable_id, event, count(*)::int as n from audits
      where auditable_type = 'certificate' and auditable_id = any($1) group by auditable_id, event`,
    [ids],
  );
  const files = await rows<{ owner_id: number; n: number }>(
    `select owner_id, count(*)::int as n from stored_files
      where owner_type like 'certificate.%invoice' and owner_id = any($1) group by owner_id`,
    [ids],
  );
  const stepOf = new Map(steps.map((s) => [`${s.record_id}:${s.action}`, s.n]));
  const auditOf = new Map(audits.map((a) => [`${a.auditable_id}:${a.event}`, a.n]));
  const filesOf = new Map(files.map((f) => [f.owner_id, f.n]));
  counts.mutations_answered = 0;
  counts.flow_steps = steps.reduce((n, s) => n + s.n, 0);
  counts.audit_rows = audits.reduce((n, a) => n + a.n, 0);
  for (const chain of answeredCreates) {
    for (const step of chain.answered) {
      counts.mutations_answered += 1;
      if (step === 'upload') {
        if (filesOf.get(chain.id as number) !== 1) {
          problems.push(`certificado ${chain.id}: ${filesOf.get(chain.id as number) ?? 0} faturas guardadas`);
        }
        if (!auditOf.get(`${chain.id}:updated`)) {
          problems.push(`certificado ${chain.id}: envio da fatura sem auditoria`);
        }
        continue;
      }
      const action = FLOW_ACTION[step] ?? step;
      const n = stepOf.get(`${chain.id}:${action}`) ?? 0;
      if (n !== 1) problems.push(`certificado ${chain.id}: ${n} passos ${action}`);
      const event = step === 'create' ? CREATE_EVENT : action;
      if (!auditOf.get(`${chain.id}:${event}`))
        problems.push(`certificado ${chain.id}: ${step} sem auditoria`);
    }
  }
  return { counts, problems };
}
