import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { TestApp } from '../../test/app';
import { LockWaitSampler, waitPercentile } from '../../test/lock-waits';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificatesInAnalysis,
  openCertificateSuite,
} from './test-support';

/**
 * Approvals that do not queue (issue 39): the CertificateID's sequence number is taken by the approval's last
 * statement, with the status, after the history, the audit row, the mails and the webhooks were written with a
 * placeholder. 50 approvals at once in one association: no error, the scope's next 50 numbers without a gap, every
 * record (certificate, audit row, mails, webhook payloads, dashboard counters) right. On PostgreSQL another process
 * samples the lock waits meanwhile (test/lock-waits.ts): whoever holds the sequence's row is in that last statement
 * or its COMMIT, never doing other work, and the p99 of the waits is reported.
 */

const APPROVALS = 50;
const PLACEHOLDER = 'BR[A-Z0-9]{8}x[0-9a-z]{7}';

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'analista', string>;
let declaration = 0;

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['analista']));
  declaration = await approvedDeclaration(t.db, r);
  await t.db.execute(sql`insert into webhook_endpoints (owner_kind, owner_id, url, events, secret)
    values ('association', ${r.association}, 'https://erp.example.com/hook',
            '{certificate.approved,certificate.issued}'::text[], 'segredo')`);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const sequences = async () =>
  new Map(
    (
      await queryRows<{ scope: string; value: number }>(
        t.db,
        sql`select scope, value::int as value from document_sequences`,
      )
    ).map((row) => [row.scope, row.value]),
  );

/** The association's counters next to a fresh count of its certificates, by status and by month of issue. */
async function countersAndFresh() {
  const rows = await queryRows<{ counted: string; fresh: string }>(
    t.db,
    sql`select (select string_agg(status || '=' || count, ',' order by status) from dashboard_status_counts
                 where subject = 'certificate' and trade_association_id = ${r.association} and exporter_id = 0
                   and count <> 0) as counted,
               (select string_agg(status || '=' || n, ',' order by status) from (
                  select status, count(*) as n from certificates
                   where trade_association_id = ${r.association} group by status) s) as fresh
        union all
        select (select string_agg(month || '=' || count, ',' order by month) from dashboard_issue_counts
                 where trade_association_id = ${r.association} and exporter_id = 0 and count <> 0),
               (select string_agg(month || '=' || n, ',' order by month) from (
                  select date_trunc('month', issued_at at time zone 'America/Sao_Paulo')::date as month,
                         count(*) as n
                    from certificates
                   where trade_association_id = ${r.association} and issued_at is not null group by 1) m)`,
  );
  return rows;
}

describe('POST /v1/certificate/approve, 50 at once in one association', () => {
  it('numbers them 1..50 after the scope’s last, every record carrying its number, no one waiting on work', async () => {
    const ids = await certificatesInAnalysis(t.db, r, declaration, APPROVALS);
    const before = await sequences();
    const sampler = t.databaseUrl ? new LockWaitSampler(t.databaseUrl) : null;
    await sampler?.start();
    const answers = await Promise.all(
      ids.map((id) => t.request('POST', `/v1/certificate/approve/${id}`, { token: tok.analista })),
    );
    await sampler?.stop();

    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    const after = await sequences();
    const moved = [...after].filter(([scope, value]) => value !== (before.get(scope) ?? 0));
    expect(moved.length).toBe(1);
    const [scope, last] = moved[0] ?? ['', 0];
    const first = (before.get(scope) ?? 0) + 1;
    expect(last).toBe(first + APPROVALS - 1);

    const answered = new Map(
      answers.map((a) => {
        const { certificate } = a.json<{ certificate: { id: number; certificate_number: string } }>();
        return [certificate.id, certificate.certificate_number];
      }),
    );
    // The answer was read before the number's statement and completed with what it wrote: it is what a read says now.
    for (const a of answers.slice(0, 10)) {
      const { certificate } = a.json<{ certificate: { id: number } }>();
      const now = await t.request('GET', `/v1/certificate/${certificate.id}`, { token: tok.analista });
      expect(certificate).toEqual(now.json());
    }
    const sequence = [...answered.values()].map((n) => Number(n.slice(10, 18))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: APPROVALS }, (_, i) => first + i));

    // Each record written before the number carries it: the certificate, its audit row, mail and webhooks.
    const records = await queryRows<{
      id: number;
      number: string;
      base: string;
      status: string;
      issued: boolean;
      audited: string | null;
      audited_base: string | null;
      mails: string[];
      hooks: string[];
    }>(
      t.db,
      sql`select c.id, c.certificate_number as number, c.number_base as base, c.status,
                 c.issued_at is not null and c.valid_until is not null as issued,
                 a.new_values->>'certificate_number' as audited, a.new_values->>'number_base' as audited_base,
                 (select coalesce(array_agg(m.subject), '{}') from mail_outbox m
                   where m.subject like '%' || c.certificate_number || '%'
                     and m.text like '%' || c.certificate_number || '%') as mails,
                 (select coalesce(array_agg(w.payload->>'number' order by w.event), '{}') from webhook_deliveries w
                   where (w.payload->>'id')::int = c.id) as hooks
            from certificates c
            left join audits a on a.auditable_type = 'certificate' and a.auditable_id = c.id and a.event = 'approve'
           where c.id in (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})`,
    );
    expect(records.length).toBe(APPROVALS);
    for (const row of records) {
      expect(row).toMatchObject({
        number: answered.get(row.id),
        base: row.number.slice(0, 18),
        status: 'EMITIDO',
        issued: true,
        audited: row.number,
        audited_base: row.base,
        hooks: [row.number, row.number],
      });
      expect(row.mails.length).toBeGreaterThan(0);
    }
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select ((select count(*) from certificates where certificate_number ~ ${PLACEHOLDER})
               + (select count(*) from audits where new_values::text ~ ${PLACEHOLDER})
               + (select count(*) from mail_outbox where subject || text || coalesce(html, '') ~ ${PLACEHOLDER})
               + (select count(*) from webhook_deliveries where payload::text ~ ${PLACEHOLDER}))::int as n`,
    );
    expect(left?.n).toBe(0);
    // The status and the issue date moved in the number's statement: the dashboard's counters followed.
    for (const row of await countersAndFresh()) expect(row.counted).toBe(row.fresh);

    if (!sampler) return;
    const waits = sampler.waitsOf('document_sequences');
    const holders = [...(sampler.blockers.entries() ?? [])]
      .filter(([waiting]) => waiting.includes('document_sequences'))
      .flatMap(([, by]) => [...by.keys()]);
    // Whoever holds the sequence's row is in the number's statement or its COMMIT: nothing else is done holding it.
    expect(holders.filter((h) => !/^(with n as \(insert into document_sequences|commit)/.test(h))).toEqual(
      [],
    );
    console.info(
      `aprovações simultâneas: ${APPROVALS}; esperas pela linha da numeração vistas ${waits.length} ` +
        `(${sampler.samples} amostras): p50 ${waitPercentile(waits, APPROVALS, 50).toFixed(1)} ms, ` +
        `p99 ${waitPercentile(waits, APPROVALS, 99).toFixed(1)} ms, máx ${Math.max(0, ...waits).toFixed(1)} ms`,
    );
  }, 120_000);
});
