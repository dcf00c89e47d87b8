import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ReportField } from '@origem/contract/schemas/reports';
import { PdfTableStream, type StreamColumn } from '../../documents/pdf/table-stream';
import { type BillingReport, cellText, fieldLabel, formatReais, periodText } from './model';

// Short values take the width of their widest sample; names and free text share the rest of the page.
const FIT: Partial<Record<ReportField, string>> = {
  certificate_number: 'BRACSA00000000000000',
  issued_at: '00/00/0000',
  deal: 'MERCOSUL-ISRAEL',
  exporter_tax_id: '000.000.000/0000-00',
  payer_tax_id: '000.000.000/0000-00',
  tariff: 'Tarifa não cadastrada',
  amount: 'R$ 00.000,00',
};
const SHARE: Partial<Record<ReportField, number>> = { invoice_number: 1 };

function column(field: ReportField): StreamColumn {
  const label = fieldLabel(field);
  const align = field === 'amount' ? 'right' : 'left';
  const fit = FIT[field];
  return fit === undefined ? { label, align, share: SHARE[field] ?? 2 } : { label, align, fit };
}

/**
 * The report as a landscape A4 table, produced a page at a time: group headings, subtotals and the total, amounts
 * right-aligned, the header on every page. Between pages it yields to the event loop and hands over the finished
 * pages, so a reader of the stream gets them while the rest is still being written.
 */
export async function* billingPdf(report: BillingReport): AsyncGenerator<Buffer> {
  const pdf = new PdfTableStream({
    title: report.title,
    layout: 'landscape',
    columns: report.fields.map(column),
  });
  pdf.heading(report.title, { size: 14, bold: true });
  pdf.heading(report.subject, { size: 10, after: 2 });
  pdf.heading(`Período: ${periodText(report.period)}`, { size: 9, color: '#555555', after: 8 });
  if (report.count === 0) pdf.note('Nenhum certificado emitido no período.');
  for (const group of report.groups) {
    if (report.groupLabel) pdf.band('group', `${report.groupLabel}: ${group.label}`);
    for (const line of group.lines) {
      pdf.row(report.fields.map((f) => cellText(line, f)));
      if (pdf.pageTurned()) {
        yield pdf.take();
        await nextTurn();
      }
    }
    if (report.groupLabel)
      pdf.band('subtotal', `Subtotal (${group.count} certificado(s))`, formatReais(group.cents));
  }
  if (report.count > 0) pdf.band('total', `Total: ${report.count} certificado(s)`, formatReais(report.cents));
  yield pdf.finish();
}

/** The whole PDF in memory (tests, and callers that need its length). */
export async function billingPdfBuffer(report: BillingReport): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of billingPdf(report)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
