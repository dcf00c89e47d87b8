import { isIP } from 'node:net';
import path from 'node:path';
import { normalizedProviderUrl, providerUrlProblem } from '@origem/contract/schemas/cloud-signature';
import { z } from 'zod';
import type { PoolSettings } from './db/client';

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
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(8),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(blankAsUndefined, z.string().optional()),
  TRUST_PROXY: z.preprocess(blankAsUndefined, z.string().optional()),
  SIGNATURE_TRUST_PEM: z.preprocess(blankAsUndefined, z.string().optional()),
  SIGNATURE_SEAL_PFX: z.preprocess(blankAsUndefined, z.string().optional()),
  SIGNATURE_SEAL_PASSWORD: z.preprocess(blankAsUndefined, z.string().optional()),
  TSA_URL: z.preprocess(blankAsUndefined, z.string().url().optional()),
  TSA_USERNAME: z.preprocess(blankAsUndefined, z.string().optional()),
  TSA_PASSWORD: z.preprocess(blankAsUndefined, z.string().optional()),
  TSA_CLIENT_PFX: z.preprocess(blankAsUndefined, z.string().optional()),
  TSA_CLIENT_PASSWORD: z.preprocess(blankAsUndefined, z.string().optional()),
  TSA_POLICY: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^\d+(\.\d+)+$/)
      .optional(),
  ),
  TSA_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  REVOCATION_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  SIGNATURE_POLICY_OID: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^\d+(\.\d+)+$/)
      .optional(),
  ),
  SIGNATURE_POLICY_HASH: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'SIGNATURE_POLICY_HASH: o SHA-256 do documento da política, em hexadecimal')
      .optional(),
  ),
  SIGNATURE_POLICY_URL: z.preprocess(blankAsUndefined, z.string().url().optional()),
  STORAGE_URL: z.preprocess(blankAsUndefined, z.string().optional()),
  S3_ENDPOINT: z.preprocess(blankAsUndefined, z.string().url().optional()),
  S3_REGION: z.preprocess(blankAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(blankAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(blankAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  METRICS_TOKEN: z.preprocess(blankAsUndefined, z.string().min(16).optional()),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  WEB_CONCURRENCY: z.preprocess(blankAsUndefined, z.coerce.number().int().min(1).max(64).default(1)),
  /** 32 bytes in base64 (`openssl rand -base64 32`): seals TOTP seeds and webhook secrets at rest (lib/sealed.ts). */
  SECRETS_KEY: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'SECRETS_KEY: 32 bytes em base64')
      .optional(),
  ),
  RECORD_5XX: z.preprocess(blankAsUndefined, z.string().optional()),
  CLOUD_SIGNATURE_PROVIDERS: z.preprocess(blankAsUndefined, z.string().optional()),
  CLOUD_SIGNATURE_ALLOW_HTTP: z.preprocess(blankAsUndefined, z.string().optional()),
  CLOUD_SIGNATURE_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(8_000),
});

/** An S3-compatible bucket (`STORAGE_URL=s3://bucket/prefix` and the `S3_*` settings). */
export type S3Settings = {
  bucket: string;
  /** '' or ending in '/'. */
  prefix: string;
  /** Unset: AWS S3 itself. MinIO, Ceph RGW, Garage: their address. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, the instance's role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
};

export type TimestampAuthoritySettings = {
  url: string;
  username: string | undefined;
  password: string | undefined;
  /** A PKCS#12 file (path) presented as TLS client certificate, and its password. */
  clientPfx: string | undefined;
  clientPassword: string | undefined;
  /** The TSA policy to request (reqPolicy), when the authority has several. */
  policy: string | undefined;
  timeoutMs: number;
};

/** Where file bytes live: a folder (the default, `DATA_DIR/files`) or a bucket. */
export type StorageSettings = { kind: 'local'; root: string } | ({ kind: 's3' } & S3Settings);

/** A cloud signature provider (PSC) the operator gives in CLOUD_SIGNATURE_PROVIDERS instead of the screen. */
export type CloudProviderSetting = {
  name: string;
  /** Ends at the provider's `/v0`, without a trailing slash. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
};

/** The cloud signature settings (issue 38). */
export type CloudSignatureSettings = {
  providers: CloudProviderSetting[];
  /** Hosts a provider may be reached at over plain http (the tests' loopback provider). */
  allowHttp: string[];
  /** How long one call to a provider may take; a callback makes three in a row, so it ends within 30 s. */
  timeoutMs: number;
};

export type SessionLimits = { idleHours: number; maxDays: number };
export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleHours: 8, maxDays: 30 };

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
  /** A session unused this long ends, and none lives longer than the maximum from its sign-in (issue 24). */
  sessionLimits: SessionLimits;
  /** Requests per minute of one personal API token (counted in the database, shared by every instance). */
  apiTokenRateLimitPerMinute: number;
  /**
   * Hosts a webhook may reach over http or at a private/loopback address (tests, a receiver on the same network);
   * every other endpoint must be https on a public address.
   */
  webhookAllowPrivate: string[];
  /** Seals the secrets the server reads back (TOTP seeds, webhook secrets) at rest; null: stored in clear. */
  secretsKey: Buffer | null;
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
  /**
   * The RFC 3161 time-stamping authority (TSA_URL; an ICP-Brasil ACT in production) that dates every sealed PDF
   * (PAdES B-T/B-LTA) and every issued document's evidence record, with its credentials: Basic (TSA_USERNAME,
   * TSA_PASSWORD) or a client certificate (TSA_CLIENT_PFX, TSA_CLIENT_PASSWORD). Null: none configured.
   */
  timestampAuthority: TimestampAuthoritySettings | null;
  /** How long an OCSP responder or a CRL address may take to answer (REVOCATION_TIMEOUT_MS). */
  revocationTimeoutMs: number;
  /**
   * The signature policy the seal claims (id-aa-ets-sigPolicyId: ICP-Brasil's PAdES AD-RT, DOC-ICP-15.03): its OID,
   * the SHA-256 of the policy document as ITI publishes it, and its address. Null: no policy claimed.
   */
  signaturePolicy: { oid: string; hash: Buffer; uri: string | undefined } | null;
  storage: StorageSettings;
  /** Bearer token of `GET /metrics`; unset, the route does not exist (404). */
  metricsToken: string | undefined;
  /** Worker processes (node:cluster); more than one needs DATABASE_URL. */
  webConcurrency: number;
  /**
   * PostgreSQL connections per instance (DB_POOL_MAX, 10), the statement timeout (DB_STATEMENT_TIMEOUT_MS, 15 s;
   * 0: none) and how long a request waits for a free connection (DB_CONNECT_TIMEOUT_MS, 10 s; 0: forever). Past
   * either limit the request answers 503 in Portuguese instead of hanging.
   */
  databasePool: PoolSettings;
  /**
   * A file (JSON lines) that receives every 5xx the server answers, with the route and the error's stack: the
   * browser tests' server writes one and the run fails when it is not empty (plugins/record-5xx.ts).
   */
  record5xx: string | undefined;
  cloudSignature: CloudSignatureSettings;
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

type Env = z.infer<typeof envSchema>;

const hostList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);

const providerEntry = z.object({
  name: z.string().trim().min(1).max(80),
  base_url: z.string().trim().min(1).max(500),
  client_id: z.string().trim().min(1).max(200),
  client_secret: z.string().trim().min(1).max(500),
});

/**
 * CLOUD_SIGNATURE_PROVIDERS: a JSON list of `{"name", "base_url", "client_id", "client_secret"}`. A provider the
 * server could not reach safely stops the start, naming the setting: plain http (unless its host is in
 * CLOUD_SIGNATURE_ALLOW_HTTP), a base that does not end at `/v0`, a name given twice.
 */
export function parseCloudProviders(value: string | undefined, allowHttp: string[]): CloudProviderSetting[] {
  if (value === undefined) return [];
  const fail = (why: string) => new Error(`CLOUD_SIGNATURE_PROVIDERS inválido: ${why}`);
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw fail(
      'não é JSON. Use uma lista como [{"name":"…","base_url":"https://…/v0","client_id":"…","client_secret":"…"}].',
    );
  }
  const parsed = z.array(providerEntry).safeParse(json);
  if (!parsed.success) {
    throw fail('cada provedor é {"name","base_url","client_id","client_secret"}, todos preenchidos.');
  }
  const names = new Set<string>();
  return parsed.data.map((entry) => {
    const problem = providerUrlProblem(entry.base_url, allowHttp);
    if (problem) throw fail(`${entry.name}: ${problem}`);
    const key = entry.name.toLowerCase();
    if (names.has(key)) throw fail(`o nome ${entry.name} aparece mais de uma vez.`);
    names.add(key);
    return {
      name: entry.name,
      baseUrl: normalizedProviderUrl(entry.base_url),
      clientId: entry.client_id,
      clientSecret: entry.client_secret,
    };
  });
}

/** `STORAGE_URL`: unset (or `file:`) is the local folder; `s3://bucket/prefix` a bucket with the `S3_*` settings. */
export function parseStorage(e: Env): StorageSettings {
  const localRoot = path.resolve(e.DATA_DIR, 'files');
  if (!e.STORAGE_URL) return { kind: 'local', root: localRoot };
  const match = /^(s3|file):\/\/([^/]*)(\/.*)?$/.exec(e.STORAGE_URL.trim());
  if (match?.[1] === 'file')
    return { kind: 'local', root: path.resolve(`/${match[2] ?? ''}${match[3] ?? ''}`) };
  const bucket = match?.[2] ?? '';
  // S3's own rule for bucket names: 3 to 63 lower-case letters, digits, dots and hyphens.
  if (!match || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(
      `STORAGE_URL inválido (${e.STORAGE_URL}): use s3://bucket/prefixo para um bucket S3, ou deixe vazio para a pasta local.`,
    );
  }
  const rawPrefix = (match[3] ?? '').replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket,
    prefix: rawPrefix ? `${rawPrefix}/` : '',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // MinIO, Ceph RGW and Garage are usually addressed by path; AWS by virtual host.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
  };
}

/** SIGNATURE_POLICY_*: the OID and the hash go together (a policy claimed without its hash is no policy). */
function parseSignaturePolicy(e: Env): Config['signaturePolicy'] {
  if (!e.SIGNATURE_POLICY_OID && !e.SIGNATURE_POLICY_HASH) return null;
  if (!e.SIGNATURE_POLICY_OID || !e.SIGNATURE_POLICY_HASH) {
    throw new Error(
      'SIGNATURE_POLICY_OID e SIGNATURE_POLICY_HASH: informe os dois (o OID da política e o SHA-256 do seu documento).',
    );
  }
  return {
    oid: e.SIGNATURE_POLICY_OID,
    hash: Buffer.from(e.SIGNATURE_POLICY_HASH, 'hex'),
    uri: e.SIGNATURE_POLICY_URL,
  };
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
    sessionLimits: { idleHours: e.SESSION_IDLE_HOURS, maxDays: e.SESSION_MAX_DAYS },
    apiTokenRateLimitPerMinute: e.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    webhookAllowPrivate: hostList(e.WEBHOOK_ALLOW_PRIVATE),
    secretsKey: e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, 'base64') : null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    signatureTrustPem: e.SIGNATURE_TRUST_PEM,
    signatureSealPfx: e.SIGNATURE_SEAL_PFX,
    signatureSealPassword: e.SIGNATURE_SEAL_PASSWORD,
    timestampAuthority: e.TSA_URL
      ? {
          url: e.TSA_URL,
          username: e.TSA_USERNAME,
          password: e.TSA_PASSWORD,
          clientPfx: e.TSA_CLIENT_PFX,
          clientPassword: e.TSA_CLIENT_PASSWORD,
          policy: e.TSA_POLICY,
          timeoutMs: e.TSA_TIMEOUT_MS,
        }
      : null,
    revocationTimeoutMs: e.REVOCATION_TIMEOUT_MS,
    signaturePolicy: parseSignaturePolicy(e),
    storage: parseStorage(e),
    metricsToken: e.METRICS_TOKEN,
    webConcurrency: e.WEB_CONCURRENCY,
    databasePool: {
      max: e.DB_POOL_MAX,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    },
    record5xx: e.RECORD_5XX,
    cloudSignature: cloudSignatureSettings(e),
  };
}

function cloudSignatureSettings(e: Env): CloudSignatureSettings {
  const allowHttp = hostList(e.CLOUD_SIGNATURE_ALLOW_HTTP);
  return {
    providers: parseCloudProviders(e.CLOUD_SIGNATURE_PROVIDERS, allowHttp),
    allowHttp,
    timeoutMs: e.CLOUD_SIGNATURE_TIMEOUT_MS,
  };
}
