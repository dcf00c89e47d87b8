import type { ReportField } from '@origem/contract/schemas/reports';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { renderPdf } from '../../documents/pdf/render';
import { type BillingReport, cellText, fieldLabel, formatReais, periodText } from './model';

// Short, unbreakable columns take their own width; the names share the rest of the page.
const AUTO_WIDTH = new Set<ReportField>(['certificate_number', 'issued_at', 'deal', 'amount']);

/** The report as a landscape A4 table: group headings, subtotals and the total, amounts right-aligned. */
export function billingPdf(report: BillingReport): Promise<Buffer> {
  const width = report.fields.length;
  const amountIndex = width - 1;
  const body: TableCell[][] = [
    report.fields.map((f, i) => ({
      text: fieldLabel(f),
      bold: true,
      fillColor: '#e8eef5',
      alignment: i === amountIndex ? 'right' : 'left',
    })),
  ];
  const spanRow = (text: string, cents: number | null, style: { bold?: boolean; italics?: boolean }) => {
    const row: TableCell[] = [{ text, colSpan: cents === null ? width : width - 1, ...style }];
    for (let i = 1; i < (cents === null ? width : width - 1); i++) row.push({ text: '' });
    if (cents !== null) row.push({ text: formatReais(cents), alignment: 'right', noWrap: true, ...style });
    body.push(row);
  };
  for (const group of report.groups) {
    if (report.groupLabel)
      spanRow(`${report.groupLabel}: ${group.label}`, null, { bold: true, italics: true });
    for (const line of group.lines) {
      body.push(
        report.fields.map((f, i) => ({
          text: cellText(line, f),
          alignment: i === amountIndex ? 'right' : 'left',
          noWrap: i === amountIndex,
        })),
      );
    }
    if (report.groupLabel) spanRow(`Subtotal (${group.count} certificado(s))`, group.cents, { bold: true });
  }
  spanRow(`Total: ${report.count} certificado(s)`, report.cents, { bold: true });

  const content: Content = [
    { text: report.title, fontSize: 14, bold: true },
    { text: report.subject, fontSize: 10, margin: [0, 2, 0, 0] },
    { text: `Período: ${periodText(report.period)}`, fontSize: 9, color: '#555555', margin: [0, 2, 0, 10] },
    report.count === 0
      ? { text: 'Nenhum certificado emitido no período.', italics: true }
      : {
          table: {
            headerRows: 1,
            widths: report.fields.map((f) => (AUTO_WIDTH.has(f) ? 'auto' : '*')),
            body,
          },
          layout: 'lightHorizontalLines',
          fontSize: 7.5,
        },
  ];
  return renderPdf(content, { title: report.title, pageOrientation: 'landscape' });
}
