/** Progressive input masks: each takes whatever was typed or pasted and returns the masked text. */

const digits = (value: string) => value.replace(/\D/g, '');

function applyPattern(raw: string, pattern: string): string {
  // '#' is one character of input; anything else is a literal written once the next character arrives.
  let out = '';
  let i = 0;
  for (const slot of pattern) {
    if (i >= raw.length) break;
    if (slot === '#') {
      out += raw[i];
      i += 1;
    } else {
      out += slot;
    }
  }
  return out;
}

/** 000.000.000-00 */
export function maskCpf(value: string): string {
  return applyPattern(digits(value).slice(0, 11), '###.###.###-##');
}

/** 00.000.000/0000-00; the first 12 characters may be letters (alphanumeric CNPJ), the last 2 are digits. */
export function maskCnpj(value: string): string {
  const clean = value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase();
  let raw = '';
  for (const ch of clean) {
    if (raw.length >= 14) break;
    if (raw.length < 12 || /\d/.test(ch)) raw += ch;
  }
  return applyPattern(raw, '##.###.###/####-##');
}

/** CPF while it fits (11 digits), CNPJ after that or as soon as a letter appears. */
export function maskCpfCnpj(value: string): string {
  const clean = value.replace(/[^0-9a-zA-Z]/g, '');
  return /^\d{0,11}$/.test(clean) ? maskCpf(clean) : maskCnpj(clean);
}

/** 00000-000 */
export function maskCep(value: string): string {
  return applyPattern(digits(value).slice(0, 8), '#####-###');
}

/** (00) 0000-0000 or (00) 00000-0000 */
export function maskPhone(value: string): string {
  const raw = digits(value).slice(0, 11);
  if (raw.length === 0) return '';
  return applyPattern(raw, raw.length > 10 ? '(##) #####-####' : '(##) ####-####');
}

/** 0000.00.00 */
export function maskNcm(value: string): string {
  return applyPattern(digits(value).slice(0, 8), '####.##.##');
}

export const MASKS = {
  cpf: maskCpf,
  cnpj: maskCnpj,
  cpfCnpj: maskCpfCnpj,
  cep: maskCep,
  phone: maskPhone,
  ncm: maskNcm,
} as const;
export type MaskKind = keyof typeof MASKS;

/** Removes every mask character (keeps letters, for the alphanumeric CNPJ). */
export function unmask(value: string | null | undefined): string {
  return (value ?? '').replace(/[^0-9a-zA-Z]/g, '').toUpperCase();
}
