import { csvLine } from '../audit/csv';
import { cellText, fieldLabel, formatReais, type ReportHead, type ReportPart } from './model';

/**
 * The report as CSV the way Brazilian spreadsheets open it: UTF-8 with a BOM, `;` between cells, money as
 * "R$ 1.234,50". One line per certificate, the group in the first column when the report is grouped, and a closing
 * "Total" line with the number of certificates and the amount. Written a batch of lines at a time.
 */
export async function* billingCsv(
  head: ReportHead,
  parts: AsyncIterable<ReportPart[]>,
): AsyncGenerator<string> {
  const grouped = head.groupLabel !== null;
  const header = [...(grouped ? [head.groupLabel ?? ''] : []), ...head.fields.map(fieldLabel)];
  let out = `\uFEFF${csvLine(header)}`;
  for await (const batch of parts) {
    for (const part of batch) {
      if (part.kind === 'line') {
        const cells = head.fields.map((f) => cellText(part.line, f));
        out += csvLine(grouped ? [part.group, ...cells] : cells);
      } else if (part.kind === 'total') {
        const total = new Array<string>(header.length).fill('');
        total[0] = `Total: ${part.count} certificado(s)`;
        total[header.length - 1] = formatReais(part.cents);
        out += csvLine(total);
      }
    }
    yield out;
    out = '';
  }
}
