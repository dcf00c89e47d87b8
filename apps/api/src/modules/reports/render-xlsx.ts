import type { Readable } from 'node:stream';
import { CELL, type CellStyle, type CellValue, SheetRows, xlsxWorkbook } from '../../documents/xlsx/workbook';
import { cellText, fieldLabel, periodText, type ReportHead, type ReportPart, toCents } from './model';

/**
 * The report as an Excel workbook (opens in Excel and LibreOffice): a title block, the header, one row per
 * certificate with the issue date as a date and the amount as a number in reais, a subtotal row per group and the
 * total. Figures are values, not formulas, so every reader shows them without recalculating. Written a batch of
 * lines at a time as they are read (documents/xlsx).
 */
export function billingXlsx(head: ReportHead, parts: AsyncIterable<ReportPart[]>): Readable {
  const widths = head.fields.map((f) => (f === 'amount' ? 16 : f === 'issued_at' ? 12 : 26));
  return xlsxWorkbook({ sheet: 'Faturamento', widths, rows: rows(head, parts), creator: 'Origem' });
}

async function* rows(head: ReportHead, parts: AsyncIterable<ReportPart[]>): AsyncGenerator<string> {
  const sheet = new SheetRows();
  const width = head.fields.length;
  yield sheet.row([head.title], CELL.title) +
    sheet.row([head.subject]) +
    sheet.row([`Período: ${periodText(head.period)}`]) +
    sheet.row([]) +
    sheet.row(head.fields.map(fieldLabel), CELL.header);
  const lineStyles: CellStyle[] = head.fields.map((f) =>
    f === 'amount' ? CELL.money : f === 'issued_at' ? CELL.date : CELL.plain,
  );
  const totalStyles: CellStyle[] = head.fields.map((f) => (f === 'amount' ? CELL.boldMoney : CELL.bold));
  const subtotal = (label: string, count: number, cents: number) => {
    const cells: CellValue[] = new Array(width).fill(null);
    cells[0] = `${label} (${count} certificado(s))`;
    cells[width - 1] = cents / 100;
    return sheet.row(cells, totalStyles);
  };
  for await (const batch of parts) {
    let xml = '';
    for (const part of batch) {
      if (part.kind === 'line') {
        const { line } = part;
        const values = head.fields.map((f): CellValue => {
          if (f === 'amount') return toCents(line.amount) / 100;
          if (f === 'issued_at') return { day: line.issued_on };
          return cellText(line, f);
        });
        xml += sheet.row(values, lineStyles);
      } else if (part.kind === 'group') {
        if (head.groupLabel) xml += sheet.row([`${head.groupLabel}: ${part.label}`], CELL.boldItalic);
      } else if (part.kind === 'subtotal') {
        if (head.groupLabel) xml += subtotal(`Subtotal ${part.label}`, part.count, part.cents);
      } else xml += subtotal('Total', part.count, part.cents);
    }
    yield xml;
  }
}
