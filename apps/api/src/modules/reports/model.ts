import {
  REPORT_FIELDS,
  type ReportField,
  type ReportGrouping,
  type ReportPeriod,
  reportMessages,
} from '@origem/contract/schemas/reports';
import { printTaxId } from '../../documents/format';
import type { BillingLine, GroupedLine } from './billing-queries';

/**
 * A billing report before any file format: what its head says (title, subject, period, the chosen columns, what
 * the lines are grouped by) and its parts in print order (reportParts), read a batch at a time from the database.
 * Money is kept in integer centavos, so every subtotal and the total are exact and the three formats print the
 * same figures.
 */
export type ReportHead = {
  title: string;
  subject: string;
  period: ReportPeriod;
  fields: ReportField[];
  /** The heading of the group column, or null when the lines are not grouped. */
  groupLabel: string | null;
};

/** A piece of a report, in print order: a group opens, its lines, its subtotal; the total closes the report. */
export type ReportPart =
  | { kind: 'group'; label: string }
  | { kind: 'line'; group: string; line: BillingLine }
  | { kind: 'subtotal'; label: string; count: number; cents: number }
  | { kind: 'total'; count: number; cents: number };

/** "45.00" → 4500, from the decimal text (never through a float). */
export function toCents(amount: string | null): number {
  if (!amount) return 0;
  const [whole = '0', frac = ''] = amount.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(frac.padEnd(2, '0').slice(0, 2)));
}

/** 123450 → "1234.50". */
export function centsToDecimal(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/** 123450 → "R$ 1.234,50" (a plain space: spreadsheets in pt-BR read it back as a number). */
export function formatReais(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}R$ ${whole},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

export const GROUP_LABELS: Record<ReportGrouping, string | null> = {
  1: null,
  2: 'Associação',
  3: 'Faturado a',
  4: 'Acordo',
  5: 'Exportador',
};

export function reportHead(input: {
  title: string;
  subject: string;
  period: ReportPeriod;
  fields: ReportField[];
  grouping: ReportGrouping;
}): ReportHead {
  // `amount` closes every line, whatever a custom report chose.
  const fields = [...input.fields.filter((f) => f !== 'amount'), 'amount' as const];
  return {
    title: input.title,
    subject: input.subject,
    period: input.period,
    fields,
    groupLabel: GROUP_LABELS[input.grouping],
  };
}

/**
 * The parts of a report from its lines in print order (groupedBillingLines: a group's lines together), one array
 * per batch of lines, the closing subtotal and total in a last one. Only the current group's tally is kept.
 */
export async function* reportParts(batches: AsyncIterable<GroupedLine[]>): AsyncGenerator<ReportPart[]> {
  type Tally = { label: string; count: number; cents: number };
  let group = null as Tally | null;
  let count = 0;
  let cents = 0;
  for await (const batch of batches) {
    const parts: ReportPart[] = [];
    for (const line of batch) {
      if (group?.label !== line.group_label) {
        if (group) parts.push({ kind: 'subtotal', ...group });
        group = { label: line.group_label, count: 0, cents: 0 };
        parts.push({ kind: 'group', label: group.label });
      }
      const amount = toCents(line.amount);
      group.count += 1;
      group.cents += amount;
      count += 1;
      cents += amount;
      parts.push({ kind: 'line', group: group.label, line });
    }
    yield parts;
  }
  const last: ReportPart[] = group ? [{ kind: 'subtotal', ...group }] : [];
  last.push({ kind: 'total', count, cents });
  yield last;
}

/** A line's cell as text (CSV and PDF); XLSX writes dates and amounts as native values instead. */
export function cellText(line: BillingLine, field: ReportField): string {
  switch (field) {
    case 'certificate_number':
      return line.certificate_number ?? '';
    case 'issued_at':
      return formatDay(line.issued_on);
    case 'invoice_number':
      return line.invoice_number;
    case 'deal':
      return line.deal;
    case 'federation':
      return line.federation ?? '';
    case 'association':
      return line.association;
    case 'exporter':
      return line.exporter;
    case 'exporter_tax_id':
      return line.exporter_tax_id ? printTaxId(line.exporter_tax_id) : '';
    case 'dispatcher':
      return line.dispatcher ?? '';
    case 'payer':
      return line.dispatcher ?? line.exporter;
    case 'payer_tax_id':
      return line.payer_tax_id ? printTaxId(line.payer_tax_id) : '';
    case 'tariff':
      return line.amount === null ? reportMessages.noFee : line.member ? 'Associado' : 'Não associado';
    case 'amount':
      return formatReais(toCents(line.amount));
  }
}

export const fieldLabel = (field: ReportField) => REPORT_FIELDS[field];

export function periodText(period: ReportPeriod): string {
  return `${formatDay(period.start_date)} a ${formatDay(period.end_date)}`;
}
