import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Executor, queryRows } from '../../db/client';
import {
  certificates,
  companies,
  declarations,
  measurementUnits,
  originNorms,
  originRules,
  users,
} from '../../db/schema';
import { createTestApp, loginAll, type TestApp } from '../../test/app';
import { multipart } from '../../test/multipart';
import { type DemoRefs, demoRefs, insertNcm } from '../declarations/test-support';

/** Test support for the certificate suites. */

export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(200, 0x41),
  Buffer.from('\n%%EOF\n'),
]);

/** A day `days` before today (Brasília), 'YYYY-MM-DD'. */
export function daysAgo(days: number): string {
  const now = new Date(Date.now() - 3 * 3600_000);
  now.setUTCDate(now.getUTCDate() - days);
  return now.toISOString().slice(0, 10);
}

async function companyOf(db: Executor, exporterId: number, type: number): Promise<number> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.exporter_id, exporterId), eq(companies.company_type_id, type)));
  if (!row) throw new Error(`empresa do tipo ${type} não encontrada`);
  return row.id;
}

/** The deal's criterion `code` and its first norm, in the versions in force today. */
export async function currentRuleAndNorm(db: Executor, dealId: number, code = 'ST') {
  const [rule] = await db
    .select({ id: originRules.id })
    .from(originRules)
    .where(and(eq(originRules.deal_id, dealId), eq(originRules.code, code), isNull(originRules.valid_until)));
  const [norm] = await db
    .select({ id: originNorms.id })
    .from(originNorms)
    .where(and(eq(originNorms.deal_id, dealId), isNull(originNorms.valid_until)))
    .orderBy(originNorms.id)
    .limit(1);
  if (!rule || !norm) throw new Error(`regra ${code} ou norma do acordo ${dealId} não encontrada`);
  return { ruleId: rule.id, normId: norm.id };
}

/**
 * An approved, valid declaration of `exporterId` under `dealId` (MERCOSUL unless said), written straight to the
 * table, citing the deal's current ST criterion and first norm unless `ruleId`/`normId` say otherwise.
 */
export async function approvedDeclaration(
  db: Executor,
  r: DemoRefs,
  values: {
    exporterId?: number;
    dealId?: number;
    productName?: string;
    ncm?: string;
    ruleId?: number;
    normId?: number;
  } = {},
): Promise<number> {
  const exporterId = values.exporterId ?? r.exporterId;
  const own =
    values.dealId && values.dealId !== r.mercosul ? await currentRuleAndNorm(db, values.dealId) : null;
  const [row] = await db
    .insert(declarations)
    .values({
      status: 'APROVADA',
      exporter_id: exporterId,
      trade_association_id: r.association,
      company_manufacturer_id: await companyOf(db, exporterId, 2),
      legal_representative_id: r.exporterRepresentative,
      deal_id: values.dealId ?? r.mercosul,
      product_name: values.productName ?? 'Café torrado e moído',
      ncm: values.ncm ?? '09012100',
      production_process: 'Torra e moagem.',
      fob_unit_value_min: '8.00',
      fob_unit_value_max: '10.00',
      origin_rule_id: values.ruleId ?? own?.ruleId ?? r.mercosulRule,
      origin_norm_id: values.normId ?? own?.normId ?? r.mercosulNorm,
      approved_at: new Date(),
      valid_until: sql`(now() + interval '90 days')::date` as unknown as string,
    })
    .returning({ id: declarations.id });
  if (!row) throw new Error('declaração não criada');
  return row.id;
}

export async function certificateRefs(db: Executor) {
  const r = await demoRefs(db);
  const [unit] = await db.select({ id: measurementUnits.id }).from(measurementUnits).limit(1);
  return {
    ...r,
    importer: await companyOf(db, r.exporterId, 1),
    intervenor: await companyOf(db, r.exporterId, 3),
    unit: unit?.id ?? null,
  };
}
export type CertificateRefs = Awaited<ReturnType<typeof certificateRefs>>;

/**
 * The app a certificate suite runs on (started with `env`; with `ncm`, plus the suites' NCM rows): the demo records
 * it names and a token for the demo user of each of `roles`.
 */
export async function openCertificateSuite<R extends string>(
  roles: readonly R[],
  env: Record<string, string> = {},
  options: { ncm?: boolean; databaseServer?: string } = {},
): Promise<{ t: TestApp; r: CertificateRefs; tok: Record<R, string> }> {
  const t = await createTestApp(env, { databaseServer: options.databaseServer });
  if (options.ncm) await insertNcm(t.db);
  const r = await certificateRefs(t.db);
  return { t, r, tok: await loginAll(t, roles) };
}

/** The demo analyst's CPF: the entity's official, whose e-CPF signs #CODEH. */
export async function entityOfficialCpf(db: Executor): Promise<string> {
  const [row] = await db
    .select({ cpf: users.cpf })
    .from(users)
    .where(eq(users.email, 'analista@origem.local'));
  return row?.cpf ?? '';
}

/**
 * A complete certificate of the demo exporter (JSON body) citing `declarationIds`, each item with the NCM description
 * it prints (`withoutNcmDescriptions` leaves them blank, as for a print refused with NcmDescriptionError).
 */
export function withoutNcmDescriptions<T extends { items: object[] }>(body: T): T {
  return { ...body, items: body.items.map((item) => ({ ...item, ncm_description: null })) };
}

export function certificateBody(
  r: CertificateRefs,
  declarationIds: number[],
  overrides: Record<string, unknown> = {},
) {
  return {
    legal_representative_id: r.exporterRepresentative,
    deal_id: r.mercosul,
    company_importer_id: r.importer,
    invoice_number: 'FAT-2026/001',
    invoice_date: daysAgo(10),
    gross_weight: '1200,5',
    net_weight: '1000',
    measurement_unit_gross_weight_id: r.unit,
    items: declarationIds.map((id, i) => ({
      declaration_id: id,
      quantity: `${(i + 1) * 100}`,
      measurement_unit_id: r.unit,
      fob_value_usd: `${(i + 1) * 1000},50`,
      // The demo has no NCM reference descriptions: each item brings the one it prints (required to send).
      ncm_description: `Descrição impressa do item ${i + 1}`,
    })),
    ...overrides,
  };
}

export const uploadInvoice = (
  t: TestApp,
  token: string,
  id: number,
  kind: 'commercial_invoice' | 'intervenor_invoice' = 'commercial_invoice',
) =>
  t.request('POST', `/v1/certificate/${kind}/upload`, {
    token,
    ...multipart({
      certificate_id: id,
      file: { filename: 'fatura.pdf', content: PDF, contentType: 'application/pdf' },
    }),
  });

/**
 * `count` certificates of the demo exporter in analysis with the demo analyst (written straight to the table), each
 * citing `declarationId` with its NCM description: ready for 'approve' (paper, so each is issued on approval).
 */
export async function certificatesInAnalysis(
  db: Executor,
  r: CertificateRefs,
  declarationId: number,
  count: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into certificates (status, exporter_id, trade_association_id, legal_representative_id, deal_id,
              company_importer_id, invoice_number, invoice_date, verification_code, analyst_id)
        select 'EM_ANALISE', ${r.exporterId}, ${r.association}, ${r.exporterRepresentative}, ${r.mercosul},
               ${r.importer}, 'LOTE-' || g, ${daysAgo(5)}, md5(random()::text || g),
               (select id from users where email = 'analista@origem.local')
          from generate_series(1, ${count}) g returning id`,
  );
  const ids = rows.map((row) => row.id);
  await db.execute(sql`insert into certificate_items (certificate_id, position, declaration_id, ncm,
                         nomenclature_code, description, ncm_description, quantity, fob_value_usd, origin_criterion)
                       select c.id, 1, d.id, d.ncm, 'NCM', d.product_name, 'Café torrado', 100, 1000.5, 'Regra geral'
                         from certificates c, declarations d
                        where c.id in (${sql.join(
                          ids.map((id) => sql`${id}`),
                          sql`, `,
                        )}) and d.id = ${declarationId}`);
  return ids;
}

export async function certificateRow(db: Executor, id: number) {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

export async function mailsTo(db: Executor, to: string) {
  return queryRows<{ subject: string; text: string }>(
    db,
    sql`select subject, text from mail_outbox where "to" = ${to} order by id`,
  );
}

/** A digital certificate of the demo exporter sent for signature: AGUARDANDO_ASSINATURA, ready for #COD. */
export async function certificateAwaitingSignature(
  t: TestApp,
  r: CertificateRefs,
  exporterToken: string,
): Promise<number> {
  const dec = await approvedDeclaration(t.db, r);
  const res = await t.request('POST', '/v1/certificate', {
    token: exporterToken,
    body: certificateBody(r, [dec], { has_digital_signature: true }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  expect((await uploadInvoice(t, exporterToken, id)).statusCode).toBe(200);
  const sent = await t.request('POST', `/v1/certificate/send_analysis/${id}`, { token: exporterToken });
  expect(sent.statusCode, sent.body).toBe(200);
  expect((await certificateRow(t.db, id))?.status).toBe('AGUARDANDO_ASSINATURA');
  return id;
}

/** The analyst takes the certificate (ENVIADO) into analysis and approves it: APROVADO, ready for #CODEH. */
export async function approveSigned(t: TestApp, analystToken: string, id: number): Promise<void> {
  const taken = await t.request('GET', `/v1/certificate/send_analyzing/${id}?type_analysis=analise`, {
    token: analystToken,
  });
  expect(taken.statusCode, taken.body).toBe(200);
  const approved = await t.request('POST', `/v1/certificate/approve/${id}`, { token: analystToken });
  expect(approved.statusCode, approved.body).toBe(200);
  expect((await certificateRow(t.db, id))?.status).toBe('APROVADO');
}
