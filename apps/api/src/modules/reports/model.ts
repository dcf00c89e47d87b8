import {
  REPORT_FIELDS,
  type ReportField,
  type ReportGrouping,
  type ReportPeriod,
  reportMessages,
} from '@origem/contract/schemas/reports';
import { printTaxId } from '../../documents/format';
import type { BillingLine } from './billing-queries';

/**
 * A billing report as data, before any file format: title, period, the chosen columns, the lines in groups with
 * their subtotals, and the total. Money is kept in integer centavos, so every subtotal and the total are exact and
 * the three formats print the same figures.
 */
export type BillingReport = {
  title: string;
  subject: string;
  period: ReportPeriod;
  fields: ReportField[];
  groupLabel: string | null;
  groups: { label: string; lines: BillingLine[]; count: number; cents: number }[];
  count: number;
  cents: number;
};

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

function groupKey(line: BillingLine, grouping: ReportGrouping): string {
  switch (grouping) {
    case 1:
      return '';
    case 2:
      return line.association;
    case 3:
      return line.dispatcher ? `Despachante: ${line.dispatcher}` : `Exportador: ${line.exporter}`;
    case 4:
      return line.deal;
    case 5:
      return line.exporter;
  }
}

export const GROUP_LABELS: Record<ReportGrouping, string | null> = {
  1: null,
  2: 'Associação',
  3: 'Faturado a',
  4: 'Acordo',
  5: 'Exportador',
};

export function buildReport(input: {
  title: string;
  subject: string;
  period: ReportPeriod;
  fields: ReportField[];
  grouping: ReportGrouping;
  lines: BillingLine[];
}): BillingReport {
  const groups = new Map<string, BillingReport['groups'][number]>();
  for (const line of input.lines) {
    const label = groupKey(line, input.grouping);
    let group = groups.get(label);
    if (!group) {
      group = { label, lines: [], count: 0, cents: 0 };
      groups.set(label, group);
    }
    group.lines.push(line);
    group.count += 1;
    group.cents += toCents(line.amount);
  }
  const sorted = [...groups.values()].sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  // `amount` closes every line, whatever a custom report chose.
  const fields = [...input.fields.filter((f) => f !== 'amount'), 'amount' as const];
  return {
    title: input.title,
    subject: input.subject,
    period: input.period,
    fields,
    groupLabel: GROUP_LABELS[input.grouping],
    groups: sorted,
    count: input.lines.length,
    cents: sorted.reduce((sum, g) => sum + g.cents, 0),
  };
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
