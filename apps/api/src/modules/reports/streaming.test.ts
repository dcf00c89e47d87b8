import { DEFAULT_REPORT_FIELDS, type ReportField } from '@origem/contract/schemas/reports';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/context';
import { STREAM_BATCH } from '../../lib/stream-rows';
import { createTestApp, DEMO_ROLES, loginAll, type TestApp } from '../../test/app';
import { pdfText } from '../../test/pdf';
import { csvLine } from '../audit/csv';
import { addExporter } from '../declarations/test-support';
import { type BillingLine, billingLines } from './billing-queries';
import { cellText, fieldLabel, formatReais, toCents } from './model';
import { type BillingSeed, MARCH, seedBillingPeriod } from './test-support';

let t: TestApp;
let seed: BillingSeed;
const tokens: Record<string, string> = {};
const MANY = STREAM_BATCH * 2 + 345;
// Accents, case and punctuation: the database orders the groups as localeCompare('pt-BR') did in memory.
const NAMES = [
  'Éden Exportações',
  'eden Comércio',
  'Zeta Ltda.',
  'Ábaco S.A.',
  'abacaxi & Cia',
  'Ômega "Aspas"; Ltda.',
];

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedBillingPeriod(t.db);
  Object.assign(tokens, await loginAll(t, DEMO_ROLES));
  const exporters = [seed.r.exporterId];
  for (const [i, name] of NAMES.entries())
    exporters.push((await addExporter(t.db, seed.r.association, 950 + i, name)).id);
  // Two certificates per instant: within a group, ties on the issue time go by id.
  await t.db.execute(sql`
    insert into certificates (status, exporter_id, trade_association_id, dispatcher_id, legal_representative_id,
                              deal_id, company_importer_id, invoice_number, invoice_date, certificate_number,
                              verification_code, issued_at)
    select 'EMITIDO', (${`{${exporters.join(',')}}`}::int[])[1 + g % ${exporters.length}], ${seed.r.association},
           case when g % 5 = 0 then ${seed.dispatcherId}::int end, ${seed.r.exporterRepresentative},
           (${`{${seed.r.mercosul},${seed.r.chile}}`}::int[])[1 + g % 2], ${seed.r.importer}, 'LOTE-' || g,
           '2026-02-20', 'BRACSA1827' || lpad(g::text, 10, '0'), md5(g::text),
           timestamptz '2026-03-01 03:00:00+00' + (g / 2) * interval '7 minutes'
      from generate_series(1, ${MANY}) g`);
}, 120_000);
afterAll(async () => t?.close());

const admin = { roleType: 'admin', tradeAssociationId: null, federationId: null } as Actor;

/** The file as it was built before streaming: every line in memory, grouped in JS and sorted by localeCompare. */
async function inMemoryCsv(fields: ReportField[], group: (line: BillingLine) => string, groupLabel: string) {
  const lines = await billingLines(t.db, admin, MARCH, { federationId: seed.r.federation });
  const groups = new Map<string, BillingLine[]>();
  for (const line of lines) groups.set(group(line), [...(groups.get(group(line)) ?? []), line]);
  const header = [groupLabel, ...fields.map(fieldLabel)];
  let out = `\uFEFF${csvLine(header)}`;
  for (const label of [...groups.keys()].sort((a, b) => a.localeCompare(b, 'pt-BR')))
    for (const line of groups.get(label) ?? [])
      out += csvLine([label, ...fields.map((f) => cellText(line, f))]);
  const total = new Array<string>(header.length).fill('');
  total[0] = `Total: ${lines.length} certificado(s)`;
  total[header.length - 1] = formatReais(lines.reduce((sum, l) => sum + toCents(l.amount), 0));
  return Buffer.from(out + csvLine(total), 'utf8');
}

const federationReport = (body: Record<string, unknown>) =>
  t.request('POST', '/v1/report/federation/invoice', {
    token: tokens.admin,
    body: { ...MARCH, id: seed.r.federation, ...body },
  });

describe('billing files streamed from a cursor (more lines than a batch)', () => {
  it('CSV: byte for byte the file built in memory, by exporter and by payer', async () => {
    const byExporter = await federationReport({ type: 'csv', grouping_report_id: 5 });
    expect(byExporter.statusCode, byExporter.body).toBe(200);
    expect(byExporter.headers['content-length']).toBeUndefined();
    const fields = [...DEFAULT_REPORT_FIELDS.filter((f) => f !== 'amount'), 'amount' as const];
    const expected = await inMemoryCsv(fields, (l) => l.exporter, 'Exportador');
    // The header, every line, the total, and the empty rest after the last CRLF.
    expect(byExporter.rawPayload.toString('utf8').split('\r\n').length).toBe(1 + MANY + 5 + 1 + 1);
    expect(byExporter.rawPayload.equals(expected)).toBe(true);

    const byPayer = await t.request(
      'GET',
      `/v1/report/trade_association/invoice?ca_id=${seed.r.association}&start_date=${MARCH.start_date}&end_date=${MARCH.end_date}&type=csv`,
      { token: tokens.associacao },
    );
    const payer = (l: BillingLine) =>
      l.dispatcher ? `Despachante: ${l.dispatcher}` : `Exportador: ${l.exporter}`;
    expect(byPayer.rawPayload.equals(await inMemoryCsv(fields, payer, 'Faturado a'))).toBe(true);
  });

  it('XLSX: every line once, a subtotal per group, the total of the CSV', async () => {
    const res = await federationReport({ type: 'xlsx', grouping_report_id: 5 });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.getWorksheet('Faturamento')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const lines = rows.filter((row) => /^BRACSA/.test(String(row[0])));
    expect(lines).toHaveLength(MANY + 5);
    expect(new Set(lines.map((row) => row[0])).size).toBe(MANY + 5);
    const subtotals = rows.filter((row) => String(row[0]).startsWith('Subtotal '));
    expect(subtotals).toHaveLength(NAMES.length + 2);
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    const total = rows.find((row) => String(row[0]).startsWith('Total'));
    expect(total?.[0]).toBe(`Total (${MANY + 5} certificado(s))`);
    expect(cents(total?.at(-1))).toBe(subtotals.reduce((sum, row) => sum + cents(row.at(-1)), 0));
  });

  it('PDF: every page numbered, the total of the period', async () => {
    const res = await federationReport({ type: 'pdf' });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.at(-1)).toContain(`Página ${pages.length} de ${pages.length}`);
    expect(text).toContain(`Total: ${MANY + 5} certificado(s)`);
    expect(text.split('BRACSA1827').length - 1).toBe(MANY);
  });
});
