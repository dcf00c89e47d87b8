import ExcelJS from 'exceljs';
import { type BillingReport, cellText, fieldLabel, periodText, toCents } from './model';

const MONEY = '"R$" #,##0.00';

/**
 * The report as an Excel workbook (opens in Excel and LibreOffice): a title block, the header, one row per
 * certificate with the issue date as a date and the amount as a number in reais, a subtotal row per group and the
 * total. Figures are values, not formulas, so every reader shows them without recalculating.
 */
export async function billingXlsx(report: BillingReport): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Origem';
  book.created = new Date();
  const sheet = book.addWorksheet('Faturamento');
  const width = report.fields.length;
  sheet.addRow([report.title]).font = { bold: true, size: 13 };
  sheet.addRow([report.subject]);
  sheet.addRow([`Período: ${periodText(report.period)}`]);
  sheet.addRow([]);
  const header = sheet.addRow(report.fields.map(fieldLabel));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF5' } };
  });
  const amountCol = width;
  const subtotal = (label: string, count: number, cents: number) => {
    const cells: (string | number)[] = new Array(width).fill('');
    cells[0] = `${label} (${count} certificado(s))`;
    cells[amountCol - 1] = cents / 100;
    const row = sheet.addRow(cells);
    row.font = { bold: true };
    row.getCell(amountCol).numFmt = MONEY;
  };
  for (const group of report.groups) {
    if (report.groupLabel)
      sheet.addRow([`${report.groupLabel}: ${group.label}`]).font = { italic: true, bold: true };
    for (const line of group.lines) {
      const row = sheet.addRow(
        report.fields.map((f) => {
          if (f === 'amount') return toCents(line.amount) / 100;
          if (f === 'issued_at') return new Date(`${line.issued_on}T12:00:00Z`);
          return cellText(line, f);
        }),
      );
      row.getCell(amountCol).numFmt = MONEY;
      const dateIndex = report.fields.indexOf('issued_at');
      if (dateIndex >= 0) row.getCell(dateIndex + 1).numFmt = 'dd/mm/yyyy';
    }
    if (report.groupLabel) subtotal(`Subtotal ${group.label}`, group.count, group.cents);
  }
  subtotal('Total', report.count, report.cents);
  report.fields.forEach((f, i) => {
    sheet.getColumn(i + 1).width = f === 'amount' ? 16 : f === 'issued_at' ? 12 : 26;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
