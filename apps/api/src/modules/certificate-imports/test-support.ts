import { IMPORT_COLUMNS, type ImportColumnKey } from '@origem/contract/schemas/certificate-imports';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exporters, legalRepresentatives } from '../../db/schema';

/** Building import files in tests and the bench: rows by column key, written as XLSX (exceljs) or ";" CSV. */

export type ImportLine = Partial<Record<ImportColumnKey, string | number>>;

const ordered = (line: ImportLine) => IMPORT_COLUMNS.map((c) => line[c.key] ?? '');

export async function xlsxOf(lines: ImportLine[]): Promise<Buffer> {
  const excel = (await import('exceljs')).default;
  const book = new excel.Workbook();
  const sheet = book.addWorksheet('Itens');
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
  for (const line of lines) sheet.addRow(ordered(line));
  book.addWorksheet('Códigos').addRow(['Acordos']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const quote = (value: string | number) => {
  const text = String(value);
  return /[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function csvOf(lines: ImportLine[], bom = true): Buffer {
  const body = [IMPORT_COLUMNS.map((c) => c.header), ...lines.map(ordered)]
    .map((cells) => cells.map(quote).join(';'))
    .join('\r\n');
  return Buffer.from(`${bom ? '\uFEFF' : ''}${body}\r\n`, 'utf8');
}

/** The demo exporter's CNPJ and its legal representative's CPF, as a file names them. */
export async function demoIdentifiers(db: Executor, exporterId: number) {
  const [exporter] = await db
    .select({ cnpj: exporters.cnpj })
    .from(exporters)
    .where(eq(exporters.id, exporterId));
  const [representative] = await db
    .select({ cpf: legalRepresentatives.cpf })
    .from(legalRepresentatives)
    .where(and(eq(legalRepresentatives.exporter_id, exporterId)));
  return { cnpj: exporter?.cnpj ?? '', cpf: representative?.cpf ?? '' };
}

/** DD/MM/AAAA of a day `days` before today. */
export function brDate(days: number): string {
  const d = new Date(Date.now() - 3 * 3600_000 - days * 86400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}
