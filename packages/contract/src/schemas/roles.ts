import { z } from 'zod';
import { messages } from '../messages.pt';
import { MAX_ID, optionalText, pageQuery, paginated } from '../paging';
import { PERMISSION_GROUPS, ROLE_STATUS, ROLE_TYPES } from '../permissions';
import { requiredText } from './fields';

const roleType = z.enum(Object.keys(ROLE_TYPES) as [keyof typeof ROLE_TYPES], {
  error: messages.field.invalidOption,
});
const roleStatus = z.enum(Object.keys(ROLE_STATUS) as [keyof typeof ROLE_STATUS], {
  error: messages.field.invalidOption,
});

export const roleInputSchema = z.object({
  name: requiredText(60).regex(
    /^[a-z0-9_]+$/,
    'Use letras minúsculas, números e "_" (ex.: analista_senior).',
  ),
  display_name: requiredText(120),
  type: roleType,
  status: roleStatus.default('ATIVO'),
  /** Its users must sign in with a second factor (issue 24); left out, it stays as it is (off for a new role). */
  mfa_required: z.boolean().optional(),
  permissions: z
    .array(z.coerce.number().int().positive().max(MAX_ID, messages.field.invalidOption))
    .default([]),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleFilterQuery = pageQuery.extend({
  role: optionalText,
  status: z.preprocess((v) => (v === '' ? undefined : v), roleStatus.optional()),
});
export type RoleFilterQuery = z.infer<typeof roleFilterQuery>;

export const permissionSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  group: z.enum(Object.keys(PERMISSION_GROUPS) as [keyof typeof PERMISSION_GROUPS]),
  group_label: z.string(),
});
export type PermissionRow = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  type: z.string(),
  type_label: z.string(),
  status: z.string(),
  system: z.boolean(),
  mfa_required: z.boolean(),
  users_count: z.number(),
  permissions: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;
export const rolePageSchema = paginated(roleSchema);
