import { formatDecimalPtBr } from '@origem/contract/validators/decimal-pt';
import { formatCnpj, formatCpf, unmaskTaxId } from '@origem/contract/validators/tax-id';

/** How documents print values: pt-BR, Brasília time (the documents are Brazilian, wherever the server runs). */

const TIME_ZONE = 'America/Sao_Paulo';
const date = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function printDate(value: Date | string | null | undefined): string {
  return value ? date.format(new Date(value)) : '—';
}

export function printDateTime(value: Date | string | null | undefined): string {
  return value ? dateTime.format(new Date(value)).replace(',', '') : '—';
}

/** CPF or CNPJ by length, masked. */
export function printTaxId(value: string | null | undefined): string {
  if (!value) return '—';
  const clean = unmaskTaxId(value);
  if (clean.length === 11) return formatCpf(clean);
  if (clean.length === 14) return formatCnpj(clean);
  return value;
}

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export function printMoney(value: number | string | null | undefined, currency = 'BRL'): string {
  if (value === null || value === undefined || value === '') return '—';
  const amount = Number(value);
  return currency === 'BRL'
    ? money.format(amount)
    : new Intl.NumberFormat('pt-BR', { style: 'currency', currency }).format(amount);
}

/**
 * A stored decimal with the field's decimals and its unit, as the screens show it: ('25920.000', 3) → '25.920,000',
 * ('12.5', 2, '%') → '12,50 %'. Exact: the stored text is never read through floating point.
 */
export function printDecimal(
  value: number | string | null | undefined,
  places: number,
  unit?: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const number = formatDecimalPtBr(value, places);
  return unit ? `${number} ${unit}` : number;
}
