import { csvLine } from '../audit/csv';
import { type BillingReport, cellText, fieldLabel, formatReais } from './model';

/**
 * The report as CSV the way Brazilian spreadsheets open it: UTF-8 with a BOM, `;` between cells, money as
 * "R$ 1.234,50". One line per certificate, the group in the first column when the report is grouped, and a closing
 * "Total" line with the number of certificates and the amount.
 */
export function billingCsv(report: BillingReport): Buffer {
  const grouped = report.groupLabel !== null;
  const header = [...(grouped ? [report.groupLabel ?? ''] : []), ...report.fields.map(fieldLabel)];
  let out = `\uFEFF${csvLine(header)}`;
  for (const group of report.groups) {
    for (const line of group.lines) {
      out += csvLine([...(grouped ? [group.label] : []), ...report.fields.map((f) => cellText(line, f))]);
    }
  }
  const total = new Array<string>(header.length).fill('');
  total[0] = `Total: ${report.count} certificado(s)`;
  total[header.length - 1] = formatReais(report.cents);
  out += csvLine(total);
  return Buffer.from(out, 'utf8');
}
