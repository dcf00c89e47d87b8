import type { ReportField } from '@origem/contract/schemas/reports';
import { PdfTableStream, type StreamColumn } from '../../documents/pdf/table-stream';
import { inPieces } from '../../lib/pieces';
import { cellText, fieldLabel, formatReais, periodText, type ReportHead, type ReportPart } from './model';

// Short values take the width of their widest sample; names and free text share the rest of the page. The invoice
// number is a code, not words: its column holds a usual one (24 characters) on one line, and a longer one (up to the
// 60 the field takes) wraps inside the column after its separators ('/', '-', '.'; table-stream.ts), never running
// into the next column nor cut in the middle of a part.
const FIT: Partial<Record<ReportField, string>> = {
  certificate_number: 'BRACSA00000000000000',
  invoice_number: 'FAT-0000/0000000000-0000',
  issued_at: '00/00/0000',
  deal: 'MERCOSUL-ISRAEL',
  exporter_tax_id: '000.000.000/0000-00',
  payer_tax_id: '000.000.000/0000-00',
  tariff: 'Tarifa não cadastrada',
  amount: 'R$ 00.000,00',
};
function column(field: ReportField): StreamColumn {
  const label = fieldLabel(field);
  const align = field === 'amount' ? 'right' : 'left';
  const fit = FIT[field];
  return fit === undefined ? { label, align, share: 1 } : { label, align, fit };
}

/**
 * The report as a landscape A4 table, produced a page at a time: group headings, subtotals and the total, amounts
 * right-aligned, the header on every page. Lines arrive a batch at a time; finished pages leave 64 KB at a time
 * (`inPieces`, which lets the event loop turn between pieces), so a reader of the stream gets them while the rest is
 * still being read and written. Only the page being written is held (and, per page, the reference of its footer).
 */
export function billingPdf(head: ReportHead, parts: AsyncIterable<ReportPart[]>): AsyncGenerator<Buffer> {
  return inPieces(pdfPages(head, parts));
}

async function* pdfPages(head: ReportHead, parts: AsyncIterable<ReportPart[]>): AsyncGenerator<Buffer> {
  const pdf = new PdfTableStream({
    title: head.title,
    layout: 'landscape',
    columns: head.fields.map(column),
  });
  pdf.heading(head.title, { size: 14, bold: true });
  pdf.heading(head.subject, { size: 10, after: 2 });
  pdf.heading(`Período: ${periodText(head.period)}`, { size: 9, color: '#555555', after: 8 });
  for await (const batch of parts) {
    for (const part of batch) {
      if (part.kind === 'line') {
        pdf.row(head.fields.map((f) => cellText(part.line, f)));
        if (pdf.pageTurned()) yield pdf.take();
      } else if (part.kind === 'group') {
        if (head.groupLabel) pdf.band('group', `${head.groupLabel}: ${part.label}`);
      } else if (part.kind === 'subtotal') {
        if (head.groupLabel)
          pdf.band('subtotal', `Subtotal (${part.count} certificado(s))`, formatReais(part.cents));
      } else if (part.count === 0) pdf.note('Nenhum certificado emitido no período.');
      else pdf.band('total', `Total: ${part.count} certificado(s)`, formatReais(part.cents));
    }
  }
  yield pdf.finish();
}
