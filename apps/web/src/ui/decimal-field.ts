import { formatDecimalPtBr, parseDecimalPtBr, tidyDecimalPtBr } from '@origem/contract/validators/decimal-pt';
import { z } from 'zod';

/**
 * Numeric fields in forms: the form holds what the user reads and types (pt-BR text, '25.920,000'); the form's
 * schema turns it into the canonical decimal the API takes ('25920.000') before the contract's own field checks it
 * (range, required, digits). Ambiguous text ('25.92') stops here with the parser's Portuguese reason, next to the
 * field, and nothing is sent.
 */
export function ptBrDecimal<T extends z.ZodType>(field: T, places: number): z.ZodType<z.output<T>, string> {
  return z.preprocess((value, ctx) => {
    // Blank (or a machine value set in code) goes to the contract's field as it is: it knows blank's meaning.
    if (typeof value !== 'string' || value.trim() === '') return value;
    const parsed = parseDecimalPtBr(value, places);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.reason, input: value });
    return z.NEVER;
  }, field) as unknown as z.ZodType<z.output<T>, string>;
}

/** A stored value (canonical text or a number) as the form shows it: ('25920.000', 3) → '25.920,000'; none → ''. */
export function decimalText(value: string | number | null | undefined, places: number): string {
  return value === null || value === undefined || value === '' ? '' : formatDecimalPtBr(value, places);
}

export { formatDecimalPtBr, tidyDecimalPtBr };
