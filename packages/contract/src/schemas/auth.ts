import { z } from 'zod';
import { messages } from '../messages.pt';
import { email } from './fields';

export { OAUTH_CLIENT_ID, TOKEN_TTL_SECONDS } from '../auth-constants';

export const tokenRequestSchema = z.object({
  grant_type: z.enum(['password', 'refresh_token', 'mfa'], { error: messages.auth.unsupportedGrant }),
  client_id: z.coerce.string().max(10, messages.field.tooLong(10)),
  // Bounded before anything else runs: a 200 000-character name is refused here, not hashed or audited.
  username: z.string().trim().max(255, messages.field.tooLong(255)).optional(),
  password: z.string().max(255, messages.field.tooLong(255)).optional(),
  refresh_token: z.string().max(128, messages.field.tooLong(128)).optional(),
  recaptchaToken: z.string().max(4000, messages.field.tooLong(4000)).optional(),
  /** grant_type `mfa`: the challenge the password step answered with, and a code (authenticator or recovery). */
  mfa_token: z.string().max(128, messages.field.tooLong(128)).optional(),
  code: z.string().trim().max(32, messages.field.tooLong(32)).optional(),
});

/** The 401 of the password grant for a user with a second factor: send `mfa_token` back with the code. */
export const mfaRequiredSchema = z.object({
  code: z.literal('MfaRequired'),
  message: z.string(),
  mfa_token: z.string(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  access_token: z.string(),
  refresh_token: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** At least 8 characters with letters and digits. */
export const newPassword = z
  .string({ error: messages.field.required })
  .min(8, messages.auth.weakPassword)
  .max(128, messages.field.tooLong(128))
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), messages.auth.weakPassword);

export const saveNewPasswordSchema = z.object({
  password: z
    .string({ error: messages.field.required })
    .min(1, messages.field.required)
    .max(255, messages.field.tooLong(255)),
  new_password: newPassword,
});

export const sendNewPasswordSchema = z.object({ email });

const resetToken = z
  .string({ error: messages.auth.resetInvalid })
  .min(1, messages.auth.resetInvalid)
  .max(128, messages.auth.resetInvalid);

export const resetPasswordSchema = z.object({
  token: resetToken,
  new_password: newPassword,
});

/** POST /v1/user/reset_password/check: whether an e-mailed link still works, asked when it is opened. */
export const resetLinkCheckSchema = z.object({ token: resetToken });

const addressedEntity = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  cnpj: z.string().nullable(),
  address: z.string().nullable(),
});

export const userDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  role: z.object({ id: z.number(), name: z.string(), display_name: z.string(), type: z.string() }),
  permissions: z.array(z.string()),
  change_password: z.boolean(),
  trade_association: z.object({ id: z.number(), name: z.string() }).nullable(),
  federation: addressedEntity.nullable(),
  confederation_id: z.number().nullable(),
  page_federation_image_path: z.string().nullable(),
  exporter: z.object({ id: z.number() }).nullable(),
  dispatcher: z.object({ id: z.number() }).nullable(),
  manufacturer: z.object({ id: z.number() }).nullable(),
  /** Second factor: on, required by the role, and whether this session may only enrol it (issue 24). */
  mfa: z.object({ enabled: z.boolean(), required: z.boolean(), enrollment_only: z.boolean() }),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
