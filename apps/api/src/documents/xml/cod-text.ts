/**
 * The pieces every COD writer shares: escaping, the schema's simple types (tokens cut to their length, decimals,
 * dates, ALADI countries, e-mail and telephone patterns) and the refusal a certificate's data earns when it cannot
 * become a COD. Nothing here knows a form or a version.
 */

export const SOAP_NS = 'http://www.w3.org/2001/12/soap-envelope';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

/** ALADI member countries: the only ones the schema's country fields accept. */
export const ALADI_COUNTRIES = [
  'AR',
  'BO',
  'BR',
  'CL',
  'CO',
  'CU',
  'EC',
  'MX',
  'PA',
  'PY',
  'PE',
  'UY',
  'VE',
] as const;

/** Why a certificate cannot become a COD, in the words the user reads. */
export class CodDataError extends Error {}

export const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Control characters other than tab/newline are not XML.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** xs:token: collapsed whitespace, cut to the schema's length. */
export const token = (value: string | null | undefined, max: number) =>
  (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);

export const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
export const opt = (name: string, value: string | null | undefined) => (value ? el(name, value) : '');
/** An element with children (already XML). */
export const group = (name: string, ...children: string[]) => `<${name}>${children.join('')}</${name}>`;

const EMAIL = /^[a-zA-Z0-9._%+-]{1,16}.{1,}@.{1,}[a-zA-Z0-9._%+-]{1,}$/;
const PHONE = /^((\d|\+\d)(\d{0,2}))?[-. (]*(\d{1,3})[-. )]*(\d{3,4})[-. ]*(\d{4})([ xi](\d+))?$/;
/** The e-mail when the schema's pattern (and 50 characters) takes it, else null. */
export const email = (value: string | null | undefined) =>
  value && value.length <= 50 && EMAIL.test(value) ? value : null;
/** The telephone when the schema's pattern takes it, else null. */
export const phone = (value: string | null | undefined) =>
  value && PHONE.test(value.trim()) ? value.trim() : null;

/** xs:dateTime in Brasília time with its offset (what the samples carry). */
export function codDateTime(value: Date | string): string {
  const date = new Date(value);
  const local = new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 19);
  return `${local}-03:00`;
}

/** A calendar day as the schema's xs:dateTime (midnight, as the samples write invoice dates). */
export const dayTime = (day: string) => `${day.slice(0, 10)}T00:00:00`;

export function country(value: string, what: string): string {
  const code = value.toUpperCase();
  if (!(ALADI_COUNTRIES as readonly string[]).includes(code)) {
    throw new CodDataError(`O país ${what} (${value || 'não informado'}) não é membro da ALADI.`);
  }
  return code;
}

/** A decimal with at most `digits` fraction digits and greater than zero (the schema's minExclusive 0). */
export function decimal(value: string, digits: number, what: string): string {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CodDataError(`${what} deve ser maior que zero.`);
  return n.toFixed(digits).replace(/\.?0+$/, '') || '0';
}

/** A free-text address (xs:string, 1 to 256 characters). */
export const address = (value: string | null | undefined) => (value ?? '').trim().slice(0, 256) || '-';

/** NCM 8 digits → the schema's `dddd.dd.dd`. */
export const itemCode = (ncm: string) => `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6, 8)}`;
