import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  certificateRefs,
  uploadInvoice,
} from '../certificates/test-support';
import { addAssociation, addExporter, exporterDeclaration, insertNcm } from '../declarations/test-support';

/**
 * The dashboard's counters (migration dashboard_counters): after a mixed run of creates, kernel transitions,
 * deletes, a rolled-back write and bulk SQL, they equal a fresh count(*) at both levels (per exporter, per
 * association), and GET /v1/dashboard/total answers from them.
 */

let t: TestApp;
let r: CertificateRefs;
const ROLES = ['admin', 'analista', 'exportador'] as const;
const tok = {} as Record<(typeof ROLES)[number], string>;

type Total = {
  certificates: { status: string; count: number }[];
  declarations: { status: string; count: number }[];
  issued_by_month: { month: string; count: number }[];
};

/** What the counters hold (zeros left by decrements dropped), keyed by their columns. */
async function counters() {
  const status = await queryRows<{ key: string; n: number }>(
    t.db,
    sql`select concat_ws('|', subject, trade_association_id, exporter_id, status) as key, count as n
          from dashboard_status_counts where count <> 0 order by 1`,
  );
  const issues = await queryRows<{ key: string; n: number }>(
    t.db,
    sql`select concat_ws('|', trade_association_id, exporter_id, month, deal_id) as key, count as n
          from dashboard_issue_counts where count <> 0 order by 1`,
  );
  return { status, issues };
}

/** The same figures counted afresh from certificates and declarations. */
async function fresh() {
  const status = await queryRows<{ key: string; n: number }>(
    t.db,
    sql`select concat_ws('|', subject, trade_association_id, coalesce(exporter_id, 0), status) as key,
               count(*)::int as n
          from (select 'certificate' as subject, trade_association_id, exporter_id, status from certificates
                union all
                select 'declaration', trade_association_id, exporter_id, status from declarations) x
         group by grouping sets ((subject, trade_association_id, exporter_id, status),
                                 (subject, trade_association_id, status))
         order by 1`,
  );
  const issues = await queryRows<{ key: string; n: number }>(
    t.db,
    sql`select concat_ws('|', trade_association_id, coalesce(exporter_id, 0), month, deal_id) as key,
               count(*)::int as n
          from (select trade_association_id, exporter_id, deal_id,
                       date_trunc('month', issued_at at time zone 'America/Sao_Paulo')::date as month
                  from certificates where issued_at is not null) i
         group by grouping sets ((trade_association_id, exporter_id, month, deal_id),
                                 (trade_association_id, month, deal_id))
         order by 1`,
  );
  return { status, issues };
}

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) =>
  t.request(method, url, { token, ...(body === undefined ? {} : { body }) });

async function expectOk(res: Awaited<ReturnType<typeof api>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ id: number }>();
}

const certificateDraft = async (declarationId: number) =>
  (
    await expectOk(
      await api('POST', '/v1/certificate', tok.exportador, certificateBody(r, [declarationId])),
      201,
    )
  ).id;

async function certificateInAnalysis(declarationId: number) {
  const id = await certificateDraft(declarationId);
  await expectOk(await uploadInvoice(t, tok.exportador, id));
  await expectOk(await api('POST', `/v1/certificate/send_analysis/${id}`, tok.exportador));
  await expectOk(
    await api('GET', `/v1/certificate/send_analyzing/${id}?type_analysis=analise`, tok.analista),
  );
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  await insertNcm(t.db);
  r = await certificateRefs(t.db);
  for (const role of ROLES) tok[role] = await t.login(role);
}, 60_000);
afterAll(async () => t?.close());

describe('dashboard counters', () => {
  it('start equal to count(*) (the migration backfills the demo seed)', async () => {
    const start = await counters();
    expect(start.status.length).toBeGreaterThan(0);
    expect(start).toEqual(await fresh());
  });

  it('equal count(*) after creates, transitions, deletes, a rollback and bulk SQL', async () => {
    const dec = await approvedDeclaration(t.db, r);

    // Certificates through the API: one issued then cancelled, one reproved, one left in analysis, one deleted.
    const issued = await certificateInAnalysis(dec);
    await expectOk(await api('POST', `/v1/certificate/approve/${issued}`, tok.analista));
    await expectOk(
      await api('POST', `/v1/certificate/solicit_cancellation/${issued}`, tok.exportador, {
        reason: 'Desistência',
      }),
    );
    await expectOk(await api('POST', `/v1/certificate/send_cancellation/${issued}`, tok.analista));
    const reproved = await certificateInAnalysis(dec);
    await expectOk(
      await api('POST', `/v1/certificate/reprove/${reproved}`, tok.analista, {
        reasons: ['Fatura ilegível'],
      }),
    );
    await certificateInAnalysis(dec);
    const doomed = await certificateDraft(dec);
    await expectOk(await api('DELETE', `/v1/certificate/${doomed}`, tok.exportador));
    // A refused action writes nothing, counters included.
    expect((await api('POST', `/v1/certificate/approve/${doomed}`, tok.analista)).statusCode).toBe(404);

    // Declarations through the API: one sent and taken, one deleted.
    const sent = (
      await expectOk(await api('POST', '/v1/declaration', tok.exportador, exporterDeclaration(r)), 201)
    ).id;
    await expectOk(await api('POST', `/v1/declaration/send_analysis/${sent}`, tok.exportador));
    await expectOk(
      await api('GET', `/v1/declaration/send_analyzing/${sent}?type_analysis=analise`, tok.analista),
    );
    const dropped = (
      await expectOk(await api('POST', '/v1/declaration', tok.exportador, exporterDeclaration(r)), 201)
    ).id;
    await expectOk(await api('DELETE', `/v1/declaration/${dropped}`, tok.exportador));
    expect(await counters()).toEqual(await fresh());

    // A write rolled back leaves the counters as they were.
    const before = await counters();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`update certificates set status = 'EMITIDO', issued_at = now() where id = ${reproved}`,
        );
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect(await counters()).toEqual(before);

    // Bulk SQL over many rows at once: issue dates moved across months, a declaration moved to another association
    // (the counters follow every key), copies inserted by one statement, one statement deleting several rows.
    const other = await addAssociation(t.db, r.federation, 'Associação Comercial de Campinas');
    const moved = await addExporter(t.db, other, 7, 'Torrefação Campineira Ltda.');
    const movedDeclaration = await approvedDeclaration(t.db, r, { exporterId: moved.id });
    await t.db.execute(
      sql`update certificates set issued_at = issued_at - interval '40 days' where issued_at is not null`,
    );
    await t.db.execute(
      sql`update declarations set trade_association_id = ${other} where id = ${movedDeclaration}`,
    );
    await t.db.execute(
      sql`insert into certificates (status, exporter_id, trade_association_id, legal_representative_id, deal_id,
                                    company_importer_id, invoice_number, invoice_date, verification_code, issued_at)
          select 'EMITIDO', ${moved.id}, ${other}, legal_representative_id, deal_id, company_importer_id,
                 invoice_number, invoice_date, md5('copia-' || id), now() - interval '3 months'
            from certificates`,
    );
    await t.db.execute(sql`delete from certificates where status in ('REPROVADO', 'EM_ANALISE')
                             and id not in (select replaces_id from certificates where replaces_id is not null)`);
    expect(await counters()).toEqual(await fresh());
  });

  it('the dashboard answers from the counters, each actor from its level', async () => {
    const santos = r.association;
    const total = async (role: (typeof ROLES)[number]) =>
      (await api('GET', '/v1/dashboard/total', tok[role])).json<Total>();
    const figure = (x: Total, status: string) => x.certificates.find((c) => c.status === status)?.count;
    const [admin, exporter] = [await total('admin'), await total('exportador')];
    // Nudging the association's total moves the admin's figure only; the exporter's own row moves the exporter's.
    await t.db.execute(sql`update dashboard_status_counts set count = count + 1000
                            where subject = 'certificate' and trade_association_id = ${santos}
                              and exporter_id = 0 and status = 'CANCELADO'`);
    expect(figure(await total('admin'), 'CANCELADO')).toBe((figure(admin, 'CANCELADO') ?? 0) + 1000);
    expect(figure(await total('exportador'), 'CANCELADO')).toBe(figure(exporter, 'CANCELADO'));
    await t.db.execute(sql`update dashboard_status_counts set count = count + 7
                            where subject = 'certificate' and exporter_id = ${r.exporterId} and status = 'CANCELADO'`);
    expect(figure(await total('exportador'), 'CANCELADO')).toBe((figure(exporter, 'CANCELADO') ?? 0) + 7);
    await t.db.execute(sql`update dashboard_status_counts set count = count - 1000 where exporter_id = 0
                              and subject = 'certificate' and status = 'CANCELADO' and trade_association_id = ${santos}`);
    await t.db.execute(sql`update dashboard_status_counts set count = count - 7
                            where subject = 'certificate' and exporter_id = ${r.exporterId} and status = 'CANCELADO'`);
    expect(await total('admin')).toEqual(admin);
    expect(admin.issued_by_month.reduce((sum, m) => sum + m.count, 0)).toBeGreaterThan(0);
  });
});
