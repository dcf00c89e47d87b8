import { formatDecimalPtBr } from '@origem/contract/validators/decimal-pt';
import { formatCnpj, formatCpf, unmaskTaxId } from '@origem/contract/validators/tax-id';
import { dayjs } from './dayjs';
import { maskCep, maskNcm, maskPhone } from './masks';

/** Display formatters for tables and read-only views; empty input gives '' (or the placeholder passed). */

type Maybe<T> = T | null | undefined;

/** CPF (11) or CNPJ (14) by length, masked; anything else as given. */
export function formatTaxId(value: Maybe<string>, empty = ''): string {
  if (!value) return empty;
  const clean = unmaskTaxId(value);
  if (clean.length === 11) return formatCpf(clean);
  if (clean.length === 14) return formatCnpj(clean);
  return value;
}

export { formatCnpj, formatCpf };

export function formatCep(value: Maybe<string>, empty = ''): string {
  return value ? maskCep(value) : empty;
}

export function formatPhone(value: Maybe<string>, empty = ''): string {
  return value ? maskPhone(value) : empty;
}

export function formatNcm(value: Maybe<string>, empty = ''): string {
  return value ? maskNcm(value) : empty;
}

/** dd/mm/aaaa. Plain dates (2024-05-31) are read as local dates, so the time zone never shifts the day. */
export function formatDate(value: Maybe<string | Date>, empty = ''): string {
  if (!value) return empty;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('DD/MM/YYYY') : String(value);
}

/** dd/mm/aaaa hh:mm in the browser's time zone. */
export function formatDateTime(value: Maybe<string | Date>, empty = ''): string {
  if (!value) return empty;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('DD/MM/YYYY HH:mm') : String(value);
}

const integer = new Intl.NumberFormat('pt-BR');

/** 5432 → '5.432' */
export function formatNumber(value: Maybe<number>, empty = ''): string {
  return value === null || value === undefined || Number.isNaN(value) ? empty : integer.format(value);
}

/**
 * A stored decimal with the field's decimals and its unit, as the form shows it: ('25920.000', 3, 'kg') →
 * '25.920,000 kg', ('12.5', 2, '%') → '12,50 %'. Exact: the text is never read through floating point.
 */
export function formatDecimal(
  value: Maybe<number | string>,
  places: number,
  unit?: Maybe<string>,
  empty = '',
): string {
  if (value === null || value === undefined || value === '') return empty;
  const number = formatDecimalPtBr(value, places);
  return unit ? `${number} ${unit}` : number;
}

/** 1234.5 → 'R$ 1.234,50' (or 'US$ 1.234,50' with 'USD'). */
export function formatMoney(value: Maybe<number | string>, currency = 'BRL', empty = ''): string {
  if (value === null || value === undefined || value === '') return empty;
  const amount = typeof value === 'string' ? Number(value) : value;
  if (Number.isNaN(amount)) return String(value);
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency }).format(amount);
}

/** A person's or company's name with its CPF/CNPJ, to tell apart namesakes in a select: 'Ana Lima (123.456.789-09)'. */
export function formatNameWithTaxId(row: {
  name: string;
  cpf?: Maybe<string>;
  cnpj?: Maybe<string>;
}): string {
  const taxId = formatTaxId(row.cnpj ?? row.cpf);
  return taxId ? `${row.name} (${taxId})` : row.name;
}

/** A list's total: '5.432', or '10.000+' ('1.000+' for a text search) when the server stopped counting there (`total_capped`). */
export function formatTotal(total: number, capped = false): string {
  return `${formatNumber(total)}${capped ? '+' : ''}`;
}

/** The table footer text: '1–10 de 5.432', or '1–10 de 10.000+' for a capped total. */
export function formatRange(from: number, to: number, total: number, capped = false): string {
  return `${formatNumber(from)}–${formatNumber(to)} de ${formatTotal(total, capped)}`;
}
