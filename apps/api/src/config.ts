import { isIP } from 'node:net';
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
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('apps/web/dist'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: z.preprocess(blankAsUndefined, z.string().optional()),
  SIGNATURE_TRUST_PEM: z.preprocess(blankAsUndefined, z.string().optional()),
  SIGNATURE_SEAL_PFX: z.preprocess(blankAsUndefined, z.string().optional()),
  SIGNATURE_SEAL_PASSWORD: z.preprocess(blankAsUndefined, z.string().optional()),
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
  /** NODE_ENV=production: secrets (links, tokens) never reach the log. */
  production: boolean;
  webDist: string;
  /** Requests per minute and IP on the token and other public endpoints. */
  rateLimitPerMinute: number;
  /**
   * Which proxies may say who the client is (X-Forwarded-For/-Proto): none (false), the nearest N hops, or these
   * addresses/CIDRs. Client addresses drive rate limits, lockout and the audit trail, so trusting any sender would
   * let anyone forge them.
   */
  trustProxy: false | number | string[];
  /**
   * A PEM bundle (path) of the certification authorities a signer's certificate must chain to: ICP-Brasil's roots
   * and intermediates in production, a test CA in tests. Unset: every digital signature is refused.
   */
  signatureTrustPem: string | undefined;
  /**
   * The PKCS#12 (path) and password of the certificate the server PAdES-signs PDFs with (`print-signed`). Unset:
   * a throw-away demonstration seal outside production; in production the signed PDF is refused.
   */
  signatureSealPfx: string | undefined;
  signatureSealPassword: string | undefined;
};

// proxy-addr's names for the private ranges, accepted as they are.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `TRUST_PROXY`: unset trusts nobody; a number is a hop count; otherwise a comma list of addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? false : hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !NAMED_RANGES.has(entry) && !isAddressOrCidr(entry));
  if (entries.length === 0 || invalid.length > 0) {
    throw new Error(
      `TRUST_PROXY inválido (${invalid.join(', ') || value}): use o número de proxies à frente ou uma lista de endereços/CIDRs separados por vírgula.`,
    );
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for the parsed setting. A hop count becomes the function Fastify itself would build
 * from a number (its types accept only the function): trust the nearest `hops` addresses of X-Forwarded-For.
 */
export function trustProxyOption(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

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
    production: e.NODE_ENV === 'production',
    webDist: e.WEB_DIST,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    signatureTrustPem: e.SIGNATURE_TRUST_PEM,
    signatureSealPfx: e.SIGNATURE_SEAL_PFX,
    signatureSealPassword: e.SIGNATURE_SEAL_PASSWORD,
  };
}
