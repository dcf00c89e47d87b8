import { z } from 'zod';
import { messages } from '../messages.pt';
import { MAX_ID } from '../paging';
import { isValidCnpj, isValidCpf, unmaskTaxId } from '../validators/tax-id';

/** Building blocks for input schemas, each carrying its Portuguese message. */
export const requiredText = (max = 255) =>
  z
    .string({ error: messages.field.required })
    .trim()
    .min(1, messages.field.required)
    .max(max, messages.field.tooLong(max));

export const optionalNullableText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, messages.field.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

export const email = z
  .string({ error: messages.field.required })
  .trim()
  .min(1, messages.field.required)
  .max(255, messages.field.tooLong(255))
  .email(messages.field.email)
  .transform((v) => v.toLowerCase());

/** Stored unmasked; blank becomes null. */
export const optionalCpf = z
  .string()
  .max(20, messages.field.cpf)
  .nullish()
  .transform((v) => (v ? unmaskTaxId(v) : null))
  .refine((v) => v === null || isValidCpf(v), messages.field.cpf);

export const optionalCnpj = z
  .string()
  .max(20, messages.field.cnpj)
  .nullish()
  .transform((v) => (v ? unmaskTaxId(v) : null))
  .refine((v) => v === null || isValidCnpj(v), messages.field.cnpj);

export const requiredId = requiredChoice(messages.field.required);

/** A select that must be chosen, saying which ('Escolha o exportador…'); an empty select counts as not chosen. */
export function requiredChoice(message: string) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: message })
      .int(message)
      .positive(message)
      .max(MAX_ID, messages.field.invalidOption),
  );
}

export const nullableId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number().int().positive().max(MAX_ID, messages.field.invalidOption).nullable(),
);

export const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** Brazilian phone, stored as its 10 or 11 digits (like CPF/CNPJ, masks are only for display). */
export const optionalPhone = z
  .string()
  .max(30, 'Informe o telefone com DDD (10 ou 11 dígitos).')
  .nullish()
  .transform((v) => (v ? v.replace(/\D/g, '') : null))
  .refine((v) => v === null || /^\d{10,11}$/.test(v), 'Informe o telefone com DDD (10 ou 11 dígitos).');

/** A parsed optional text field: a string, or nothing. */
export const isOptionalText = (value: unknown): boolean =>
  value === null || value === undefined || typeof value === 'string';

/**
 * zod skips an object's refinements once any field has failed, so a rule across fields (CPF or CNPJ by person type,
 * CNPJ or foreign tax id by country) would only show on a second submit. Passed as the refinement's params, this
 * runs it anyway whenever the fields it reads parsed to what it expects: the form shows every message at once.
 */
export function whenFieldsParsed(checks: Record<string, (value: unknown) => boolean>) {
  return {
    when: ({ value }: { value: unknown }) => {
      const fields = value as Record<string, unknown> | null | undefined;
      return Boolean(fields) && Object.entries(checks).every(([name, ok]) => ok(fields?.[name]));
    },
  };
}

const NOT_JSON = Symbol('not json');

/**
 * A form's list of rows (a certificate's items, a declaration's materials), in order: an array (JSON body) or its
 * JSON text (a multipart field). Absent, null or blank is no rows; text that is not JSON fails with `invalid`, as
 * does anything but an array; each row is checked by `row`, and there are at most `max` rows (`tooMany`).
 */
export function rowListField<T extends z.ZodType>(
  row: T,
  { max, invalid, tooMany }: { max: number; invalid: string; tooMany: string },
) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return [];
      if (typeof v !== 'string') return v;
      if (v.trim() === '') return [];
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return NOT_JSON;
      }
    },
    z.array(row, { error: invalid }).max(max, tooMany),
  );
}
