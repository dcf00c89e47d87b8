import { z } from 'zod';
import { messages } from '../messages.pt';

/** A code from the authenticator (6 digits) or a recovery code ('k7m2-q9xp'). */
export const mfaCodeSchema = z.object({
  code: z
    .string({ error: messages.field.required })
    .trim()
    .min(1, messages.field.required)
    .max(32, messages.field.tooLong(32)),
});
export type MfaCodeInput = z.infer<typeof mfaCodeSchema>;

export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** The secret is shown once, while enrolling: for the QR code and for typing into the app by hand. */
export const mfaSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const sessionSchema = z.object({
  id: z.number(),
  /** "Chrome 131 no Windows". */
  device: z.string(),
  ip_address: z.string().nullable(),
  started_at: z.string(),
  last_used_at: z.string(),
  /** The session making the request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ data: z.array(sessionSchema) });
