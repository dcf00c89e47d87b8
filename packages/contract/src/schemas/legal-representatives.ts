import { z } from 'zod';
import { messages } from '../messages.pt';
import { optionalId, optionalText, pageQuery, paginated } from '../paging';
import { isValidCpf, unmaskTaxId } from '../validators/tax-id';
import { flag, optionalPhone } from './entities';
import { email, nullableId, requiredId, requiredText } from './fields';
import { storedFileInfoSchema } from './files';

/**
 * Legal representatives (SPEC §3, §7; DOMAIN.md §1): who signs for an exporter, with the power of attorney
 * (procuração, a PDF) and the date until which it holds. The inputs both sides validate, the API's answers and
 * the Portuguese texts of the two screens.
 */

export const legalRepresentativeMessages = {
  created: 'Responsável legal cadastrado com sucesso!',
  updated: 'Responsável legal editado com sucesso!',
  deleted: 'Responsável legal excluído com sucesso!',
  exporterRequired: 'Informe o exportador.',
  cpfTaken: 'Este CPF já está cadastrado como responsável legal deste exportador.',
  validUntilRequired: 'Informe a validade da procuração.',
  validUntilRange: 'Informe uma data entre 01/01/1900 e 31/12/2999.',
  expired: 'Procuração vencida',
  missing: 'Sem procuração',
  noExporter: 'Seu usuário não está vinculado a um exportador.',
} as const;

/** The name of the procuration download (SPEC §9). */
export const PROCURATION_FILE_NAME = 'procuracao';

/** A real calendar day as 'YYYY-MM-DD' (2025-02-30 is refused, not rolled over). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** True when a procuration valid until `validUntil` no longer holds on `today` (both 'YYYY-MM-DD'). */
export function procurationExpired(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil < today;
}

/** Optional date; blank becomes null. A past date is accepted (and shown as expired). */
const validUntilField = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z.string({ error: messages.field.date }).max(10, messages.field.date).nullable(),
  )
  .refine((v) => v === null || isCalendarDay(v), messages.field.date)
  .refine(
    (v) => v === null || (v >= '1900-01-01' && v <= '2999-12-31'),
    legalRepresentativeMessages.validUntilRange,
  );

const requiredCpf = z
  .string({ error: messages.field.required })
  .max(20, messages.field.cpf)
  .trim()
  .min(1, messages.field.required)
  .transform(unmaskTaxId)
  .refine(isValidCpf, messages.field.cpf);

export const legalRepresentativeInputSchema = z.object({
  /** Staff choose an exporter they reach; an exporter's user always gets its own (the value is ignored). */
  exporter_id: nullableId,
  name: requiredText(255),
  cpf: requiredCpf,
  email,
  phone: optionalPhone,
  job_position_id: requiredId,
  procuration_valid_until: validUntilField,
  /** Removes the stored procuration (ignored when a new `procuration` file comes with the form). */
  remove_procuration: flag,
});
export type LegalRepresentativeInput = z.infer<typeof legalRepresentativeInputSchema>;

/** ?page&name&exporter_id; default order name ascending (SPEC §9). */
export const legalRepresentativeListQuery = pageQuery.extend({ name: optionalText, exporter_id: optionalId });
export type LegalRepresentativeListQuery = z.infer<typeof legalRepresentativeListQuery>;

/** ?exporter_id of the `…/all` select. */
export const legalRepresentativeAllQuery = z.object({ exporter_id: optionalId });
export type LegalRepresentativeAllQuery = z.infer<typeof legalRepresentativeAllQuery>;

const named = z.object({ id: z.number(), name: z.string() });

export const legalRepresentativeSchema = z.object({
  id: z.number(),
  exporter_id: z.number(),
  exporter: named,
  name: z.string(),
  cpf: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  job_position_id: z.number().nullable(),
  job_position: named.nullable(),
  procuration_valid_until: z.string().nullable(),
  /** The validity date is before today (Brasília). */
  procuration_expired: z.boolean(),
  has_procuration: z.boolean(),
  procuration: storedFileInfoSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LegalRepresentative = z.infer<typeof legalRepresentativeSchema>;
export const legalRepresentativePageSchema = paginated(legalRepresentativeSchema);

/** A row of GET /v1/legal_representative/all (the selects of declarations and certificates). */
export const legalRepresentativeOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  cpf: z.string().nullable(),
  exporter_id: z.number(),
  job_position: z.string().nullable(),
  procuration_valid_until: z.string().nullable(),
  procuration_expired: z.boolean(),
});
export type LegalRepresentativeOption = z.infer<typeof legalRepresentativeOptionSchema>;
