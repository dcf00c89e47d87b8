import { z } from 'zod';
import { pageQuery, paginated } from '../paging';
import { PERMISSIONS, type Permission } from '../permissions';
import { requiredText } from './fields';

/**
 * Personal API tokens for ERPs and scripts (issue 25): `orig_` + 32 random bytes, shown once, stored as a SHA-256.
 * A token acts as its user with only its scopes (a subset of the user's permissions, intersected again on every
 * call) and never on user, role or token management.
 */

export const API_TOKEN_PREFIX = 'orig_';
/** The longest life a token may have. */
export const API_TOKEN_MAX_DAYS = 365;

/** Permissions a token may never carry: tokens do not manage users, roles or other tokens. */
export const API_TOKEN_EXCLUDED_SCOPES: readonly Permission[] = ['user.view', 'user.manage', 'role.manage'];

/** The scopes a user may give a token: the permissions the user holds now, minus the management ones. */
export function tokenScopesFor(permissions: Iterable<string>): Permission[] {
  const held = new Set(permissions);
  return (Object.keys(PERMISSIONS) as Permission[]).filter(
    (name) => held.has(name) && !API_TOKEN_EXCLUDED_SCOPES.includes(name),
  );
}

/** "Certificados: Criar e enviar certificados" — how a scope reads in the form and the list. */
export function scopeLabel(name: string): string {
  const permission = PERMISSIONS[name as Permission];
  return permission ? permission.label : name;
}

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data no formato AAAA-MM-DD.');

export const apiTokenCreateSchema = z.object({
  name: requiredText(100),
  /** The last day the token works (inclusive, end of that day in Brasília). */
  expires_on: isoDay,
  scopes: z.array(z.string().max(60)).min(1, 'Escolha ao menos um escopo.').max(60),
  /** The user's password again: creating a credential asks for a fresh confirmation. */
  password: z.string().min(1, 'Informe a sua senha.').max(200),
  /** A code of the user's authenticator (or a recovery code), required when the user has a second factor. */
  code: z.string().max(40).optional(),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The first characters of the token, to tell tokens apart (`orig_AbC1…`). */
  prefix: z.string(),
  scopes: z.array(z.string()),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The administrator's list: whose token it is too. */
export const adminApiTokenSchema = apiTokenSchema.extend({
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
});
export type AdminApiToken = z.infer<typeof adminApiTokenSchema>;

export const apiTokenListSchema = z.object({ data: z.array(apiTokenSchema) });
export const adminApiTokenListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional().catch(undefined),
});
export type AdminApiTokenListQuery = z.infer<typeof adminApiTokenListQuery>;
export const adminApiTokenPageSchema = paginated(adminApiTokenSchema);

/** The answer of a create: the only time the token itself is shown. */
export const apiTokenCreatedSchema = z.object({
  token: z.string(),
  api_token: apiTokenSchema,
  message: z.string(),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const apiTokenScopesSchema = z.object({
  data: z.array(z.object({ name: z.string(), label: z.string(), group: z.string() })),
  /** The user has a second factor: creating a token asks for a fresh code too (issue 24). */
  second_factor: z.boolean(),
});

export const apiTokenMessages = {
  created: 'Token criado. Copie-o agora: ele não será mostrado novamente.',
  revoked: 'Token revogado.',
  alreadyRevoked: 'Este token já foi revogado.',
  wrongPassword: 'Senha incorreta.',
  scopeNotHeld: 'Você só pode conceder permissões que possui.',
  expiryPast: 'A validade deve ser uma data futura.',
  expiryTooFar: `A validade é de no máximo ${API_TOKEN_MAX_DAYS} dias.`,
  invalid: 'Token de API inválido.',
  expired: 'Token de API expirado.',
  revokedUse: 'Token de API revogado.',
  notForManagement:
    'Tokens de API não podem gerenciar usuários, perfis ou tokens, nem pedir códigos do assinador A3 (que exigem uma sessão).',
  rateLimited: 'Limite de requisições deste token de API excedido. Aguarde um minuto e tente novamente.',
} as const;
