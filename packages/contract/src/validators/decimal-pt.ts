/**
 * Numbers as Brazilians write them (UX.md "Numbers as Brazilians write them"): a comma before the decimals, dots
 * between groups of three digits ('25.920,500'). The screens read and show this form; the API stores and answers
 * the canonical one ('25920.500', a dot before exactly the field's number of decimals). Input that could be read
 * two ways ('25.92', '1,234.56') is refused with the reason, never guessed: a weight a customs office relies on
 * must be what the user meant.
 */

/** Decimals each kind of field keeps (the database's `numeric` scale). */
export const DECIMAL_PLACES = {
  /** Certificate items' quantities, weights and volumes: `numeric(16,3)`. */
  quantity: 3,
  /** Money (US$ FOB and CIF values, R$ fees) and percentages: `numeric(14,2)`, `numeric(5,2)`. */
  money: 2,
  percent: 2,
  /** Day and month counts, sizes. */
  integer: 0,
} as const;

export const decimalPtMessages = {
  empty: 'Informe um número.',
  separators: 'Use vírgula para os decimais e ponto para os milhares (ex.: 1.234,56).',
  characters: 'Use apenas algarismos, vírgula para os decimais e ponto para os milhares (ex.: 1.234,56).',
  negative: 'Informe um número sem sinal negativo.',
  integer: 'Informe um número inteiro, sem casas decimais.',
  places: (places: number) =>
    places === 1 ? 'Use no máximo 1 casa decimal.' : `Use no máximo ${places} casas decimais.`,
} as const;

export type DecimalParse = { ok: true; value: string } | { ok: false; reason: string };

/** Whole part: plain digits, or groups of three after a first group of 1–3 digits that does not start with 0. */
const PLAIN = /^\d+$/;
const GROUPED = /^[1-9]\d{0,2}(?:\.\d{3})+$/;

/**
 * pt-BR text → the canonical decimal with exactly `places` decimals: '25.920' → '25920.000', '1.234,56' →
 * '1234.560', '25,92' → '25.920' (places 3); '7' → '7' (places 0). Refused, with a Portuguese reason: a dot not
 * followed by exactly three digits ('25.92', '1.23.4'), a dot after the comma ('1,234.56'), a group starting with 0
 * ('0.500'), more decimals than the field keeps, a sign, letters or other symbols. Blanks around are ignored.
 */
export function parseDecimalPtBr(text: string, places: number): DecimalParse {
  const raw = text.trim();
  if (raw === '') return { ok: false, reason: decimalPtMessages.empty };
  if (/^-/.test(raw)) return { ok: false, reason: decimalPtMessages.negative };
  if (!/^[\d.,]+$/.test(raw)) return { ok: false, reason: decimalPtMessages.characters };
  const parts = raw.split(',');
  if (parts.length > 2) return { ok: false, reason: decimalPtMessages.separators };
  const whole = parts[0] ?? '';
  const decimals = parts[1] ?? '';
  if (decimals.includes('.')) return { ok: false, reason: decimalPtMessages.separators };
  if (parts.length === 2 && decimals === '' && whole === '')
    return { ok: false, reason: decimalPtMessages.empty };
  let digits: string;
  if (whole === '') digits = '0';
  else if (PLAIN.test(whole)) digits = whole;
  else if (GROUPED.test(whole)) digits = whole.replace(/\./g, '');
  else return { ok: false, reason: decimalPtMessages.separators };
  const significant = decimals.replace(/0+$/, '');
  if (significant.length > places) {
    return { ok: false, reason: places === 0 ? decimalPtMessages.integer : decimalPtMessages.places(places) };
  }
  const integer = digits.replace(/^0+(?=\d)/, '');
  if (places === 0) return { ok: true, value: integer };
  return { ok: true, value: `${integer}.${significant.padEnd(places, '0')}` };
}

/** '25920' → '25.920' */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * A canonical decimal (or a number) → pt-BR with the field's decimals: ('25920.5', 3) → '25.920,500',
 * (1234.56, 2) → '1.234,56', ('12', 0) → '12'. Digits beyond `places` are kept (nothing stored is hidden); a value
 * that is not a plain decimal comes back as given.
 */
export function formatDecimalPtBr(value: string | number, places: number): string {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? value.toFixed(places)
        : String(value)
      : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return String(value);
  const [, sign = '', whole = '0', decimals = ''] = match;
  const shown = decimals.length >= places ? decimals : decimals.padEnd(places, '0');
  const integer = groupThousands(whole.replace(/^0+(?=\d)/, ''));
  return shown.length > 0 ? `${sign}${integer},${shown}` : `${sign}${integer}`;
}

/**
 * Text the user typed, tidied to the field's format when it parses ('25920' → '25.920,000'); otherwise as typed,
 * so the refusal can be read next to what caused it.
 */
export function tidyDecimalPtBr(text: string, places: number): string {
  if (text.trim() === '') return '';
  const parsed = parseDecimalPtBr(text, places);
  return parsed.ok ? formatDecimalPtBr(parsed.value, places) : text;
}
