import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ROLES, loginAll, type TestApp } from '../../test/app';
import { pdfText } from '../../test/pdf';
import { type BillingSeed, MARCH, otherAssociationUser, parseCsv, seedBillingPeriod } from './test-support';

let t: TestApp;
let seed: BillingSeed;
const tokens: Record<string, string> = {};
const period = `start_date=${MARCH.start_date}&end_date=${MARCH.end_date}`;

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedBillingPeriod(t.db);
  Object.assign(tokens, await loginAll(t, DEMO_ROLES));
  tokens.sulAssociation = await otherAssociationUser(t, seed);
}, 60_000);
afterAll(async () => t?.close());

const get = (role: string, url: string) => t.request('GET', url, { token: tokens[role] });

async function csvOf(role: string, url: string) {
  const res = await get(role, `${url}&type=csv`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parseCsv(res.rawPayload.toString('utf8').slice(1));
}

describe('association report (ca_id)', () => {
  const url = () => `/v1/report/trade_association/invoice?ca_id=${seed.r.association}&${period}`;

  it('CSV: one line per certificate issued in the period, at the fee of its deal and payer; total to the centavo', async () => {
    const rows = await csvOf('associacao', url());
    const [header, ...rest] = rows;
    expect(header).toEqual([
      'Faturado a',
      'Certificado',
      'Emitido em',
      'Fatura comercial',
      'Acordo',
      'Exportador',
      'Faturado a',
      'CPF/CNPJ do faturado',
      'Tarifa',
      'Valor (R$)',
    ]);
    const total = rest.pop();
    const lines = rest.map((row) => ({ invoice: row[3], date: row[2], tariff: row[8], amount: row[9] }));
    expect(lines.map((l) => l.invoice).sort()).toEqual(['FAT-1', 'FAT-2', 'FAT-3', 'FAT-4', 'FAT-5']);
    const byInvoice = Object.fromEntries(lines.map((l) => [l.invoice, l]));
    expect(byInvoice['FAT-1']).toMatchObject({ amount: 'R$ 45,00', tariff: 'Associado', date: '02/03/2026' });
    expect(byInvoice['FAT-2']).toMatchObject({ amount: 'R$ 47,35', tariff: 'Associado' });
    expect(byInvoice['FAT-3']).toMatchObject({ amount: 'R$ 90,00', tariff: 'Não associado' });
    // 23:30 of the 31st in Brasília is already April in UTC: still March's.
    expect(byInvoice['FAT-4']).toMatchObject({ amount: 'R$ 94,70', date: '31/03/2026' });
    expect(byInvoice['FAT-5']).toMatchObject({ amount: 'R$ 0,00', tariff: 'Tarifa não cadastrada' });
    expect(total?.[0]).toBe('Total: 5 certificado(s)');
    expect(total?.at(-1)).toBe('R$ 277,05');
    const group = Object.fromEntries(rest.map((row) => [row[3], row[0]]));
    expect(group['FAT-3']).toBe('Despachante: Porto Despachos Aduaneiros Ltda.');
    expect(group['FAT-1']).toBe('Exportador: Café Santista Exportadora Ltda.');
  });

  it('XLSX read back: amounts are numbers, the date a date, subtotals per payer and the same total', async () => {
    const res = await get('associacao', `${url()}&type=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'faturamento-associacao-2026-03-01-a-2026-03-31.xlsx',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Faturamento');
    if (!sheet) throw new Error('planilha ausente');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[1]?.[0]).toBe('Associação Comercial de Santos');
    const lines = rows.filter((row) => typeof row[0] === 'string' && /^BRACSA/.test(row[0] as string));
    expect(lines).toHaveLength(5);
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    expect(lines.reduce((sum, row) => sum + cents(row.at(-1)), 0)).toBe(27705);
    expect(lines[0]?.[1]).toBeInstanceOf(Date);
    const labelled = (label: string) => rows.find((row) => String(row[0]).startsWith(label));
    expect(cents(labelled('Total')?.at(-1))).toBe(27705);
    expect(cents(labelled('Subtotal Exportador: Café Santista')?.at(-1))).toBe(9235);
    expect(cents(labelled('Subtotal Despachante: Porto')?.at(-1))).toBe(9000);
  });

  it('PDF: the text a reader extracts has each line, the subtotals and the total', async () => {
    const res = await get('associacao', `${url()}&type=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Faturamento da associação comercial');
    expect(text).toContain('Período: 01/03/2026 a 31/03/2026');
    for (const amount of ['R$ 45,00', 'R$ 47,35', 'R$ 90,00', 'R$ 94,70', 'R$ 92,35'])
      expect(text).toContain(amount);
    expect(text).toMatch(/Total: 5 certificado\(s\)\s+R\$ 277,05/);
  });

  it('scope: another association, an exporter or a dispatcher gets 404; bad input is a Portuguese 422', async () => {
    expect((await get('sulAssociation', `${url()}&type=csv`)).statusCode).toBe(404);
    expect((await get('exportador', `${url()}&type=csv`)).statusCode).toBe(404);
    expect((await get('despachante', `${url()}&type=csv`)).statusCode).toBe(404);
    expect((await get('fabricante', `${url()}&type=csv`)).statusCode).toBe(403);
    const own = await csvOf(
      'sulAssociation',
      `/v1/report/trade_association/invoice?ca_id=${seed.otherAssociation}&${period}`,
    );
    expect(own.at(-1)?.at(-1)).toBe('R$ 100,00');
    const bad = await get(
      'admin',
      `/v1/report/trade_association/invoice?ca_id=${seed.r.association}&start_date=2026-03-31&end_date=2026-03-01&type=doc`,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ type: ['Escolha PDF, XLSX ou CSV.'] });
    const backwards = await get(
      'admin',
      `/v1/report/trade_association/invoice?ca_id=${seed.r.association}&start_date=2026-03-31&end_date=2026-03-01`,
    );
    expect(backwards.json().errors).toMatchObject({
      end_date: ['A data final deve ser igual ou posterior à inicial.'],
    });
    const missing = await get('admin', `/v1/report/trade_association/invoice?ca_id=${seed.r.association}`);
    expect(missing.json().errors).toMatchObject({ start_date: ['Informe a data inicial.'] });
  });
});

describe('payer reports reconcile with the association', () => {
  it('exporter: what it pays itself; its own user gets only its own, whatever id it names', async () => {
    const rows = await csvOf('exportador', `/v1/report/exporter/invoice?${period}`);
    expect(rows.at(-1)?.[0]).toBe('Total: 3 certificado(s)');
    expect(rows.at(-1)?.at(-1)).toBe('R$ 92,35');
    expect(
      (await get('exportador', `/v1/report/exporter/invoice?id=${seed.ceramica}&${period}&type=csv`))
        .statusCode,
    ).toBe(404);
    const ceramica = await csvOf('associacao', `/v1/report/exporter/invoice?id=${seed.ceramica}&${period}`);
    expect(ceramica.at(-1)?.at(-1)).toBe('R$ 94,70');
    expect(
      (await get('associacao', `/v1/report/exporter/invoice?id=${seed.sul}&${period}&type=csv`)).statusCode,
    ).toBe(404);
    expect(
      (await get('despachante', `/v1/report/exporter/invoice?id=${seed.r.exporterId}&${period}&type=csv`))
        .statusCode,
    ).toBe(404);
    const noId = await get('associacao', `/v1/report/exporter/invoice?${period}&type=csv`);
    expect(noId.statusCode).toBe(422);
  });

  it('dispatcher: what it pays; its own user gets its own, an exporter none', async () => {
    const rows = await csvOf('despachante', `/v1/report/dispatcher/invoice?${period}`);
    expect(rows.at(-1)?.at(-1)).toBe('R$ 90,00');
    const asAdmin = await csvOf('admin', `/v1/report/dispatcher/invoice?id=${seed.dispatcherId}&${period}`);
    expect(asAdmin.at(-1)?.at(-1)).toBe('R$ 90,00');
    expect(
      (await get('exportador', `/v1/report/dispatcher/invoice?id=${seed.dispatcherId}&${period}&type=csv`))
        .statusCode,
    ).toBe(404);
  });

  it('summaries: payers add up to the association, associations to the federation, to the centavo', async () => {
    const exporters = (await get('admin', `/v1/report/exporter?${period}`)).json();
    const dispatchers = (await get('admin', `/v1/report/dispatcher?${period}`)).json();
    const associations = (await get('admin', `/v1/report/trade_association?${period}`)).json();
    const federationsList = (await get('admin', `/v1/report/federation?${period}`)).json();
    expect(exporters.data.map((e: { name: string; amount: string }) => [e.name, e.amount])).toEqual([
      ['Café Santista Exportadora Ltda.', '92.35'],
      ['Cerâmica Nova Ltda.', '94.70'],
      ['Exportadora Sul S.A.', '100.00'],
    ]);
    expect(dispatchers).toMatchObject({ certificates: 1, amount: '90.00' });
    expect(
      associations.data.map((a: { certificates: number; amount: string }) => [a.certificates, a.amount]),
    ).toEqual([
      [5, '277.05'],
      [1, '100.00'],
    ]);
    expect(associations.amount).toBe('377.05');
    expect(Number(exporters.amount) * 100 + Number(dispatchers.amount) * 100).toBe(37705);
    expect(federationsList.data.map((f: { name: string; amount: string }) => [f.name, f.amount])).toEqual([
      ['Federação das Associações Comerciais de São Paulo', '277.05'],
      ['Federação do Sul', '100.00'],
    ]);
    // The name filter is "contains", case-insensitive; a typed % is a character, not a wildcard.
    const named = async (name: string) =>
      (await get('admin', `/v1/report/exporter?${period}&name=${encodeURIComponent(name)}`))
        .json()
        .data.map((e: { name: string }) => e.name);
    expect(await named('CERÂMICA')).toEqual(['Cerâmica Nova Ltda.']);
    expect(await named('Café%Ltda')).toEqual([]);
  });

  it('summaries are scoped: a federation sees its associations, an exporter only itself', async () => {
    const fed = (await get('federacao', `/v1/report/trade_association?${period}`)).json();
    expect(fed.data.map((a: { id: number }) => a.id)).toEqual([seed.r.association]);
    const exp = (await get('exportador', `/v1/report/exporter?${period}`)).json();
    expect(exp.data.map((e: { id: number; amount: string }) => [e.id, e.amount])).toEqual([
      [seed.r.exporterId, '92.35'],
    ]);
    expect((await get('exportador', `/v1/report/dispatcher?${period}`)).json().data).toEqual([]);
    const sul = (await get('sulAssociation', `/v1/report/federation?${period}`)).json();
    expect(sul.data.map((f: { id: number }) => f.id)).toEqual([seed.south]);
  });
});

describe('federation report (POST, report settings)', () => {
  const post = (role: string, body: Record<string, unknown>) =>
    t.request('POST', '/v1/report/federation/invoice', { token: tokens[role], body: { ...MARCH, ...body } });

  it('defaults group by association; chosen fields and grouping keep the total', async () => {
    const res = await post('federacao', { id: seed.r.federation, type: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows[0]?.[0]).toBe('Associação');
    expect(rows.at(-1)?.at(-1)).toBe('R$ 277,05');
    const custom = await post('federacao', {
      id: seed.r.federation,
      type: 'csv',
      role_type: 'DEFAULT',
      template_report_id: 1,
      grouping_report_id: 4,
      fields: ['deal', 'exporter_tax_id'],
    });
    const customRows = parseCsv(custom.rawPayload.toString('utf8').slice(1));
    expect(customRows[0]).toEqual(['Acordo', 'Acordo', 'CPF/CNPJ do exportador', 'Valor (R$)']);
    expect(customRows.at(-1)?.at(-1)).toBe('R$ 277,05');
  });

  it('scope: another federation is 404 for a federation user; PDF and XLSX answer too', async () => {
    expect((await post('federacao', { id: seed.south, type: 'csv' })).statusCode).toBe(404);
    expect((await post('exportador', { id: seed.r.federation, type: 'csv' })).statusCode).toBe(404);
    const pdf = await post('confederacao', { id: seed.south, type: 'pdf' });
    expect(pdfText(pdf.rawPayload)).toMatch(/Total: 1 certificado\(s\)\s+R\$ 100,00/);
    const xlsx = await post('admin', { id: seed.r.federation, type: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await post('admin', { id: seed.r.federation, grouping_report_id: 9, fields: ['senha'] });
    expect(bad.statusCode).toBe(422);
  });
});

describe('custom reports (/v2)', () => {
  it('a report saved with chosen fields and grouping gives the same total as the standard one', async () => {
    const groupings = (await get('federacao', '/v2/grouping_report')).json().data;
    expect(groupings).toContainEqual({ id: 2, name: 'Associação' });
    const fields = (
      await get('federacao', '/v2/field_report?template_report_id=1&role_type=DEFAULT&grouping_report_id=2')
    ).json().data;
    expect(fields.map((f: { id: string }) => f.id)).toContain('payer_tax_id');
    const created = await t.request('POST', '/v2/custom_report', {
      token: tokens.admin,
      body: {
        name: 'Por exportador, enxuto',
        fields: ['exporter', 'certificate_number'],
        grouping_report_id: 5,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json();
    expect(report).toMatchObject({
      role_type: 'DEFAULT',
      template_report_id: 1,
      fields: ['certificate_number', 'exporter'],
    });
    expect(
      (await get('federacao', '/v2/custom_report')).json().data.map((r: { id: number }) => r.id),
    ).toContain(report.id);

    const res = await t.request('POST', '/v1/report/federation/invoice', {
      token: tokens.federacao,
      body: { ...MARCH, id: seed.r.federation, type: 'csv', custom_report_id: report.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows[0]).toEqual(['Exportador', 'Certificado', 'Exportador', 'Valor (R$)']);
    expect(rows.at(-1)?.at(-1)).toBe('R$ 277,05');
    const subtotals = new Map<string, number>();
    for (const row of rows.slice(1, -1)) {
      const cents = Number((row.at(-1) ?? '').replace(/[^\d]/g, ''));
      subtotals.set(row[0] ?? '', (subtotals.get(row[0] ?? '') ?? 0) + cents);
    }
    expect(Object.fromEntries(subtotals)).toEqual({
      'Café Santista Exportadora Ltda.': 18235,
      'Cerâmica Nova Ltda.': 9470,
    });
  });

  it('refuses an unknown report, bad settings and users without the permission', async () => {
    const unknown = await t.request('POST', '/v1/report/federation/invoice', {
      token: tokens.admin,
      body: { ...MARCH, id: seed.r.federation, type: 'csv', custom_report_id: 999_999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ custom_report_id: ['Relatório personalizado não encontrado.'] });
    const bad = await t.request('POST', '/v2/custom_report', {
      token: tokens.admin,
      body: { name: '', fields: [], grouping_report_id: 7 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['fields', 'grouping_report_id', 'name']);
    expect((await get('exportador', '/v2/custom_report')).statusCode).toBe(403);
    expect((await get('admin', '/v2/field_report?template_report_id=9')).statusCode).toBe(422);
  });
});

describe('pre-receipt list (/v1/report/prereceipt)', () => {
  it('pages the billed certificates of the period within each role’s billing scope', async () => {
    const admin = (await get('admin', `/v1/report/prereceipt?${period}&per_page=4`)).json();
    expect(admin).toMatchObject({ total: 6, per_page: 4, last_page: 2, total_capped: false });
    const second = (await get('admin', `/v1/report/prereceipt?${period}&per_page=4&page=2`)).json();
    expect(
      [...admin.data, ...second.data].map((l: { invoice_number: string }) => l.invoice_number).sort(),
    ).toEqual(['FAT-1', 'FAT-2', 'FAT-3', 'FAT-4', 'FAT-5', 'FAT-9']);
    const exporter = (await get('exportador', `/v1/report/prereceipt?${period}`)).json();
    expect(exporter.data.map((l: { amount: string | null }) => l.amount)).toEqual(['45.00', '47.35', null]);
    const dispatcher = (await get('despachante', `/v1/report/prereceipt?${period}`)).json();
    expect(dispatcher.data).toMatchObject([
      { invoice_number: 'FAT-3', payer_kind: 'dispatcher', amount: '90.00' },
    ]);
    const sul = (await get('sulAssociation', `/v1/report/prereceipt?${period}`)).json();
    expect(sul.data.map((l: { id: number }) => l.id)).toEqual([seed.ids.sul]);
    expect((await get('fabricante', `/v1/report/prereceipt?${period}`)).statusCode).toBe(403);
  });
});
