import { z } from 'zod';
import { optionalId, optionalText, pageQuery, paginated } from '../paging';
import {
  email,
  nullableId,
  optionalCnpj,
  optionalCpf,
  optionalPhone,
  requiredId,
  requiredText,
} from './fields';

export const userInputSchema = z.object({
  name: requiredText(255),
  email,
  cpf: optionalCpf,
  cnpj: optionalCnpj,
  phone: optionalPhone,
  role_id: requiredId,
  trade_association_id: nullableId,
  federation_id: nullableId,
  confederation_id: nullableId,
  /** An exporter's or dispatcher's user acts for that record; its association comes from it. */
  exporter_id: nullableId.optional(),
  dispatcher_id: nullableId.optional(),
  /** Omitted: active on create, unchanged on update. */
  active: z.boolean().optional(),
});
export type UserInput = z.infer<typeof userInputSchema>;

export const userSearchQuery = pageQuery.extend({
  role_id: optionalId,
  trade_association_id: optionalId,
  email: optionalText,
  name: optionalText,
  cpf: optionalText,
  cnpj: optionalText,
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

const named = z.object({ id: z.number(), name: z.string() });

export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
  change_password: z.boolean(),
  role_id: z.number(),
  role: z.object({ id: z.number(), name: z.string(), display_name: z.string(), type: z.string() }),
  trade_association_id: z.number().nullable(),
  trade_association: named.nullable(),
  federation_id: z.number().nullable(),
  federation: named.nullable(),
  confederation_id: z.number().nullable(),
  confederation: named.nullable(),
  exporter_id: z.number().nullable(),
  exporter: named.nullable(),
  dispatcher_id: z.number().nullable(),
  dispatcher: named.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
export const userPageSchema = paginated(userSchema);
