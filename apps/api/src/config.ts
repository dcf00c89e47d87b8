import { z } from 'zod';

const blankAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(blankAsUndefined, z.string().url().optional()),
  APP_URL: z.preprocess(blankAsUndefined, z.string().url().optional()),
  SMTP_URL: z.preprocess(blankAsUndefined, z.string().optional()),
  MAIL_FROM: z.string().default('Origem <nao-responda@origem.local>'),
  SEED: z.preprocess(blankAsUndefined, z.enum(['demo', 'none']).optional()),
  ADMIN_EMAIL: z.preprocess(blankAsUndefined, z.string().email().optional()),
  ADMIN_PASSWORD: z.preprocess(blankAsUndefined, z.string().min(8).optional()),
  RECAPTCHA_SECRET: z.preprocess(blankAsUndefined, z.string().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('apps/web/dist'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seed: 'demo' | 'none' | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  recaptchaSecret: string | undefined;
  logLevel: string;
  webDist: string;
  /** Requests per minute and IP on the token and other public endpoints. */
  rateLimitPerMinute: number;
};

/** Every environment variable, read once; defaults give the embedded mode. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seed: e.SEED,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
  };
}
