import { z } from 'zod';

/**
 * The search parameters of the sign-in screens, apart from the screens themselves: the route table reads them
 * when the app starts, while the screens load only when opened.
 */

/** Why the user landed on /login: a session that expired (401) or a password just reset. */
export const loginSearchSchema = z.object({
  sessao: z.literal('expirada').optional().catch(undefined),
  senha: z.literal('redefinida').optional().catch(undefined),
  /** Where to go once signed in (an address of this app: lib/redirect.ts). */
  redirect: z.string().optional().catch(undefined),
});

/** The token of the e-mail's reset link; without it /redefinir-senha is the signed-in password change. */
export const resetPasswordSearchSchema = z.object({
  token: z.string().trim().min(1).optional().catch(undefined),
});
