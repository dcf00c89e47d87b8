import { z } from 'zod';
import { messages } from '../messages.pt';
import { email } from './fields';

export const OAUTH_CLIENT_ID = '2';
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;

export const tokenRequestSchema = z.object({
  grant_type: z.enum(['password', 'refresh_token'], { error: messages.auth.unsupportedGrant }),
  client_id: z.coerce.string(),
  username: z.string().trim().optional(),
  password: z.string().optional(),
  refresh_token: z.string().optional(),
  recaptchaToken: z.string().optional(),
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
  password: z.string({ error: messages.field.required }).min(1, messages.field.required),
  new_password: newPassword,
});

export const sendNewPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string({ error: messages.auth.resetInvalid }).min(1, messages.auth.resetInvalid),
  new_password: newPassword,
});

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
});
export type UserDetail = z.infer<typeof userDetailSchema>;
