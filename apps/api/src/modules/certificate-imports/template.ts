import { IMPORT_COLUMNS } from '@origem/contract/schemas/certificate-imports';
import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countries, currencies, deals, measurementUnits } from '../../db/schema';

/**
 * The import's template: the header row in Portuguese (one row per item; "Certificado" groups items into one
 * certificate) and, in the XLSX, a second sheet "Códigos" with the valid codes of deals, units, countries and
 * currencies. The CSV variant is the header alone, ";"-separated, UTF-8 with a BOM (Excel opens it right).
 */

export const TEMPLATE_NAMES = {
  xlsx: 'modelo-importacao-certificados.xlsx',
  csv: 'modelo-importacao-certificados.csv',
} as const;

const HINTS: Partial<Record<(typeof IMPORT_COLUMNS)[number]['key'], string>> = {
  group: 'Mesmo código em várias linhas = um certificado com vários itens',
  exporter_cnpj: 'Despachante e analista: obrigatório',
  deal: 'Sigla (aba Códigos)',
  importer: 'Razão social ou identificação fiscal',
  importer_country: 'Código (aba Códigos)',
  currency: 'Código (aba Códigos)',
  invoice_date: 'DD/MM/AAAA',
  declaration: 'Nº da declaração aprovada',
  ncm: '8 dígitos',
  unit: 'Código (aba Códigos)',
};

export function templateCsv(): Buffer {
  return Buffer.from(`\uFEFF${IMPORT_COLUMNS.map((c) => c.header).join(';')}\r\n`, 'utf8');
}

export async function templateXlsx(db: Executor): Promise<Buffer> {
  const [dealRows, unitRows, countryRows, currencyRows] = await Promise.all([
    db.select({ code: deals.abbreviation, name: deals.name }).from(deals).orderBy(asc(deals.abbreviation)),
    db
      .select({ code: measurementUnits.code, name: measurementUnits.name })
      .from(measurementUnits)
      .orderBy(asc(measurementUnits.code)),
    db.select({ code: countries.code, name: countries.name }).from(countries).orderBy(asc(countries.code)),
    db
      .select({ code: currencies.code, name: currencies.name })
      .from(currencies)
      .orderBy(asc(currencies.code)),
  ]);
  const excel = (await import('exceljs')).default;
  const book = new excel.Workbook();
  const items = book.addWorksheet('Itens');
  items.columns = IMPORT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(14, c.header.length + 4),
  }));
  items.getRow(1).font = { bold: true };
  IMPORT_COLUMNS.forEach((c, i) => {
    const hint = HINTS[c.key];
    const cell = items.getRow(1).getCell(i + 1);
    cell.note = `${c.required ? 'Obrigatório' : 'Opcional'}${hint ? `. ${hint}` : ''}`;
  });
  items.views = [{ state: 'frozen', ySplit: 1 }];

  const codes = book.addWorksheet('Códigos');
  const lists = [
    ['Acordos', dealRows],
    ['Unidades', unitRows],
    ['Países', countryRows],
    ['Moedas', currencyRows],
  ] as const;
  lists.forEach(([title, rows], i) => {
    const col = i * 3 + 1;
    codes.getRow(1).getCell(col).value = title;
    codes.getRow(1).getCell(col).font = { bold: true };
    codes.getRow(2).getCell(col).value = 'Código';
    codes.getRow(2).getCell(col + 1).value = 'Nome';
    codes.getColumn(col).width = 12;
    codes.getColumn(col + 1).width = 36;
    rows.forEach((row, r) => {
      codes.getRow(r + 3).getCell(col).value = row.code;
      codes.getRow(r + 3).getCell(col + 1).value = row.name;
    });
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
