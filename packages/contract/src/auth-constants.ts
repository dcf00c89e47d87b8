// Plain constants, apart from schemas/auth.ts's zod schemas: the web's login form reads them without loading zod.

export const OAUTH_CLIENT_ID = '2';
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
