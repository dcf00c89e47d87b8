// CPF and CNPJ check digits (Receita Federal). Since July 2026 the first 12 CNPJ characters may be letters:
// each character is worth its ASCII code minus 48, so digits keep their value and 'A' is 17.

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, ...CNPJ_WEIGHTS_1];

/** Removes the mask and upper-cases, keeping letters (alphanumeric CNPJ). */
export function unmaskTaxId(value: string): string {
  return value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase();
}

function mod11Digit(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, v, i) => acc + v * (weights[i] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(input: string): boolean {
  const cpf = unmaskTaxId(input);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const first = mod11Digit(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11Digit(digits.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return digits[9] === first && digits[10] === second;
}

export function isValidCnpj(input: string): boolean {
  const cnpj = unmaskTaxId(input);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const values = [...cnpj].map((ch) => ch.charCodeAt(0) - 48);
  const first = mod11Digit(values.slice(0, 12), CNPJ_WEIGHTS_1);
  const second = mod11Digit(values.slice(0, 13), CNPJ_WEIGHTS_2);
  return values[12] === first && values[13] === second;
}

export function formatCpf(value: string): string {
  const cpf = unmaskTaxId(value);
  return cpf.length === 11 ? cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') : value;
}

export function formatCnpj(value: string): string {
  const cnpj = unmaskTaxId(value);
  return cnpj.length === 14 ? cnpj.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\w{2})$/, '$1.$2.$3/$4-$5') : value;
}

/** Appends the two check digits to a 12-character CNPJ base or a 9-digit CPF base (seeds and tests). */
export function withCheckDigits(base: string): string {
  const clean = unmaskTaxId(base);
  if (clean.length === 9) {
    const digits = [...clean].map(Number);
    const first = mod11Digit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
    const second = mod11Digit([...digits, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    return `${clean}${first}${second}`;
  }
  const values = [...clean].map((ch) => ch.charCodeAt(0) - 48);
  const first = mod11Digit(values, CNPJ_WEIGHTS_1);
  const second = mod11Digit([...values, first], CNPJ_WEIGHTS_2);
  return `${clean}${first}${second}`;
}
