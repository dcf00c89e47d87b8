import type { CertificateImportDetail } from '@origem/contract/schemas/certificate-imports';
import { certificateImportMessages as text } from '@origem/contract/schemas/certificate-imports';
import { certificateMessages } from '@origem/contract/schemas/certificates';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { audits, certificates } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { multipart } from '../../test/multipart';
import {
  approvedDeclaration,
  type CertificateRefs,
  openCertificateSuite,
} from '../certificates/test-support';
import { linkDispatcher } from '../declarations/test-support';
import { brDate, csvOf, demoIdentifiers, type ImportLine, xlsxOf } from './test-support';

const BASE = '/v1/certificate_import';
let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'despachante' | 'analista', string>;
let ids: { cnpj: string; cpf: string };
let decA: number;
let decB: number;

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'despachante', 'analista']));
  ids = await demoIdentifiers(t.db, r.exporterId);
  decA = await approvedDeclaration(t.db, r);
  decB = await approvedDeclaration(t.db, r, { productName: 'Café em grão', ncm: '09011110' });
}, 60_000);
afterAll(() => t.close());

/** One item row of certificate `group`; the header columns repeat the group's. */
const line = (group: string, overrides: ImportLine = {}): ImportLine => ({
  group,
  exporter_cnpj: ids.cnpj,
  deal: 'ACE-18',
  representative_cpf: ids.cpf,
  importer: 'Importadora Rioplatense S.A.',
  importer_country: 'AR',
  invoice_number: `FAT-${group}`,
  invoice_date: brDate(5),
  declaration: decA,
  ncm: '0901.21.00',
  quantity: '10,5',
  unit: '',
  fob_value_usd: '1.250,00',
  ...overrides,
});

async function upload(token: string, content: Buffer, filename = 'itens.xlsx') {
  return t.request('POST', BASE, {
    token,
    ...multipart({ file: { filename, content, contentType: 'application/octet-stream' } }),
  });
}

async function settled(token: string, id: number): Promise<CertificateImportDetail> {
  await t.app.jobs.runDue();
  const res = await t.request('GET', `${BASE}/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CertificateImportDetail>();
}

async function uploaded(token: string, content: Buffer, filename?: string) {
  const res = await upload(token, content, filename);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<CertificateImportDetail>();
  return settled(token, body.id);
}

async function confirm(token: string, id: number, onlyValid = false) {
  return t.request('POST', `${BASE}/${id}/confirm`, { token, body: { only_valid: onlyValid } });
}

const draftCount = async () =>
  Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from certificates`))[0]?.n ?? 0);

describe('template', () => {
  it('XLSX: the header in Portuguese and a "Códigos" sheet; CSV: ";" with a BOM', async () => {
    const res = await t.request('GET', `${BASE}/template?format=xlsx`, { token: tok.exportador });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('modelo-importacao-certificados.xlsx');
    const excel = (await import('exceljs')).default;
    const book = new excel.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = ((book.getWorksheet('Itens')?.getRow(1).values ?? []) as string[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Certificado', 'CNPJ do exportador', 'Acordo']);
    const codes: string[] = [];
    book.getWorksheet('Códigos')?.eachRow((row) => codes.push(...(row.values as string[]).map(String)));
    expect(codes).toEqual(expect.arrayContaining(['Acordos', 'ACE-18', 'Moedas', 'Países', 'Unidades']));

    const csv = await t.request('GET', `${BASE}/template?format=csv`, { token: tok.exportador });
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('Certificado;CNPJ do exportador;Acordo');
  });

  it('is refused to a role without the import permission', async () => {
    const manufacturer = await t.login('fabricante');
    expect((await t.request('GET', `${BASE}/template`, { token: manufacturer })).statusCode).toBe(403);
  });
});

describe('a valid file', () => {
  it('validates, previews and creates one draft per certificate group, with audit rows naming the import', async () => {
    const before = await draftCount();
    const file = await xlsxOf([
      line('A'),
      line('A', { declaration: decB, ncm: '09011110', quantity: 3 }),
      line('B', { quantity: 7 }),
    ]);
    const report = await uploaded(tok.exportador, file);
    expect(report.status).toBe('VALIDADO');
    expect(report.rows_total).toBe(3);
    expect(report.errors).toEqual([]);
    expect(report.preview.map((p) => [p.group, p.items, p.valid, p.rows])).toEqual([
      ['A', 2, true, [2, 3]],
      ['B', 1, true, [4]],
    ]);
    expect(await draftCount()).toBe(before);

    expect((await confirm(tok.exportador, report.id)).statusCode).toBe(200);
    const done = await settled(tok.exportador, report.id);
    expect(done.status).toBe('IMPORTADO');
    expect(done.created_count).toBe(2);
    expect(done.created).toHaveLength(2);
    expect(await draftCount()).toBe(before + 2);
    const [draft] = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, done.created[0]?.certificate_id ?? 0));
    expect(draft?.status).toBe('RASCUNHO');
    expect(draft?.invoice_number).toBe('FAT-A');
    const [audit] = await t.db
      .select()
      .from(audits)
      .where(and(eq(audits.auditable_type, 'certificate'), eq(audits.auditable_id, draft?.id ?? 0)));
    expect(audit?.new_values?.import_id).toBe(report.id);

    const list = await t.request('GET', BASE, { token: tok.exportador });
    const first = list.json<{ data: { id: number; created_count: number; user: { name: string } }[] }>()
      .data[0];
    expect(first?.id).toBe(report.id);
    expect(first?.created_count).toBe(2);
    // Someone else's import is not found.
    expect((await t.request('GET', `${BASE}/${report.id}`, { token: tok.despachante })).statusCode).toBe(404);
  });

  it('importing the same file twice creates nothing new and says so', async () => {
    const file = csvOf([line('REP-1'), line('REP-2')]);
    const first = await uploaded(tok.exportador, file, 'repetido.csv');
    expect((await confirm(tok.exportador, first.id)).statusCode).toBe(200);
    expect((await settled(tok.exportador, first.id)).created_count).toBe(2);
    const before = await draftCount();

    const again = await uploaded(tok.exportador, file, 'repetido.csv');
    expect(again.same_file_as).toBe(first.id);
    expect(again.message).toBe(text.alreadyImported(first.id));
    expect((await confirm(tok.exportador, again.id)).statusCode).toBe(200);
    const done = await settled(tok.exportador, again.id);
    expect(done.created_count).toBe(0);
    expect(done.message).toBe(text.nothingNew);
    expect(await draftCount()).toBe(before);
  });

  it('reads a CSV with a BOM, quoted fields and a ";" inside quotes', async () => {
    const report = await uploaded(
      tok.exportador,
      csvOf([line('Q1', { description: 'Café "especial"; torrado' })], true),
      'com-bom.csv',
    );
    expect(report.errors).toEqual([]);
    expect(report.status).toBe('VALIDADO');
    const plain = await uploaded(tok.exportador, csvOf([line('Q2')], false), 'sem-bom.csv');
    expect(plain.status).toBe('VALIDADO');
  });
});

describe('a file with errors', () => {
  it('reports each error with row, column and message, and creates nothing unless only the valid rows are asked for', async () => {
    const other = await approvedDeclaration(t.db, r, { exporterId: r.manufacturerId });
    const before = await draftCount();
    const file = await xlsxOf([
      line('OK'),
      line('BAD1', { declaration: other }),
      line('BAD2', { ncm: '12345' }),
      line('BAD3', { deal: 'XYZ', quantity: 'abc' }),
      line('BAD4', { invoice_date: brDate(400) }),
      line('OK', { declaration: decB, ncm: '09011110' }),
    ]);
    const report = await uploaded(tok.exportador, file);
    expect(report.status).toBe('COM_ERROS');
    expect(report.groups_total).toBe(5);
    expect(report.groups_valid).toBe(1);
    expect(report.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'Declaração', message: certificateMessages.declarationNotCitable },
        { row: 4, column: 'NCM', message: text.ncmDigits },
        { row: 5, column: 'Acordo', message: text.unknownCode('Acordo', 'XYZ') },
        { row: 5, column: 'Quantidade', message: certificateMessages.quantity },
        { row: 6, column: 'Data da fatura', message: certificateMessages.invoiceTooOld },
      ]),
    );
    const refused = await confirm(tok.exportador, report.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(text.hasErrors);
    expect(await draftCount()).toBe(before);

    expect((await confirm(tok.exportador, report.id, true)).statusCode).toBe(200);
    const done = await settled(tok.exportador, report.id);
    expect(done.created_count).toBe(1);
    expect(done.created.map((c) => c.group)).toEqual(['OK']);
    expect(await draftCount()).toBe(before + 1);
  });

  it('a mismatched NCM and a header that differs inside one certificate are pointed at', async () => {
    const report = await uploaded(
      tok.exportador,
      await xlsxOf([line('M', { ncm: '09011110' }), line('M', { invoice_number: 'OUTRA' })]),
    );
    expect(report.errors).toEqual(
      expect.arrayContaining([{ row: 3, column: 'Número da fatura', message: text.differsFromFirst(2) }]),
    );
    const ncm = await uploaded(tok.exportador, await xlsxOf([line('N', { ncm: '09011110' })]));
    expect(ncm.errors).toEqual([{ row: 2, column: 'NCM', message: text.ncmMismatch('09012100') }]);
  });
});

describe('scope', () => {
  it('a dispatcher imports only for linked exporters', async () => {
    const unlinked = await uploaded(tok.despachante, await xlsxOf([line('D1')]));
    expect(unlinked.errors).toEqual([
      { row: 2, column: 'CNPJ do exportador', message: text.exporterNotFound },
    ]);
    await linkDispatcher(t.db, r.exporterId);
    const linked = await uploaded(tok.despachante, await xlsxOf([line('D2')]));
    expect(linked.errors).toEqual([]);
    expect((await confirm(tok.despachante, linked.id)).statusCode).toBe(200);
    const done = await settled(tok.despachante, linked.id);
    expect(done.created_count).toBe(1);
    const [draft] = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, done.created[0]?.certificate_id ?? 0));
    expect(draft?.dispatcher_id).not.toBeNull();
  });

  it('an analyst imports for the exporters of its association', async () => {
    const report = await uploaded(tok.analista, await xlsxOf([line('AN1')]));
    expect(report.errors).toEqual([]);
    const missing = await uploaded(tok.analista, await xlsxOf([line('AN2', { exporter_cnpj: '' })]));
    expect(missing.errors).toEqual([
      { row: 2, column: 'CNPJ do exportador', message: text.exporterRequired },
    ]);
  });
});

describe('unreadable files get a Portuguese 422, never a 500', () => {
  it('a cut-off XLSX, a zip that is no workbook, a CSV without the header, an empty file', async () => {
    const good = await xlsxOf([line('T')]);
    const cut = await upload(tok.exportador, good.subarray(0, Math.floor(good.length / 2)));
    expect(cut.statusCode).toBe(422);
    expect(cut.json<{ message: string }>().message).toBe(text.notReadable);

    const junk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5000, 7)]);
    expect((await upload(tok.exportador, junk)).statusCode).toBe(422);

    const noHeader = await upload(tok.exportador, Buffer.from('a;b;c\r\n1;2;3\r\n'), 'x.csv');
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json<{ message: string }>().message).toMatch(/^Faltam colunas no cabeçalho/);

    const headerOnly = await upload(tok.exportador, csvOf([]), 'vazio.csv');
    expect(headerOnly.statusCode).toBe(422);
    expect(headerOnly.json<{ message: string }>().message).toBe(text.empty);

    // Excel's plain "CSV" is Windows-1252: "é" is one byte that is not UTF-8.
    const windows1252 = Buffer.from(
      csvOf([line('L1', { description: 'Café' })], false).toString('utf8'),
      'latin1',
    );
    const notUtf8 = await upload(tok.exportador, windows1252, 'x.csv');
    expect(notUtf8.statusCode).toBe(422);
    expect(notUtf8.json<{ message: string }>().message).toBe(text.notUtf8);

    const pdf = await upload(tok.exportador, Buffer.from('%PDF-1.4\n%%EOF\n'), 'x.pdf');
    expect(pdf.statusCode).toBe(422);
  });
});
