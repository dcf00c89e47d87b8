import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLE_SLUGS, type RoleSlug } from '@origem/contract/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database, QueryLogger } from '../db/client';
import { users } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../db/seed/demo';
import { openTestDatabase } from './database';
import { mailBody, type SmtpListener, startSmtpListener } from './smtp';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  /** The test database's address on PostgreSQL (undefined on PGlite). */
  databaseUrl: string | undefined;
  /** Logs in a demo user (`admin`, `analista`, …) and returns its bearer token. */
  login: (role: string, password?: string) => Promise<string>;
  /**
   * Logs in a demo user (a role, or any e-mail), answering the second factor with the demo authenticator
   * (`DEMO_TOTP_SECRET`) when the user has one, and returns both tokens.
   */
  signIn: (role: string, password?: string) => Promise<{ access_token: string; refresh_token: string }>;
  request: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/** The real application on a fresh, demo-seeded database; requests go through Fastify's inject. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    ncm?: boolean;
    logQuery?: QueryLogger;
    logLines?: string[];
    logLevel?: string;
    /** A PostgreSQL server for this app's new database, whatever DATABASE_URL says. */
    databaseServer?: string;
  } = {},
): Promise<TestApp> {
  const handle = await openTestDatabase({ logQuery: options.logQuery, serverUrl: options.databaseServer });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'origem-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
    LOG_LEVEL: options.logLevel ?? 'silent',
    // A test that serves built files (the signer download) names its own directory.
    WEB_DIST: env.WEB_DIST ?? '/nonexistent',
    APP_URL: 'http://origem.test',
  });
  await seedDatabase(handle.db, { ...config, seed: 'demo' }, { ncm: options.ncm ?? false });
  // A test that reads the log gets each line; the others run without one.
  const logLines = options.logLines;
  const app = await buildApp(
    logLines
      ? { config, db: handle.db, logStream: { write: (line) => void logLines.push(line) } }
      : { config, db: handle.db, logger: false },
  );
  await app.ready();

  const request: TestApp['request'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        'user-agent': 'vitest',
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });

  const signIn = async (role: string, password = DEMO_PASSWORD) => {
    const email = role.includes('@') ? role.toLowerCase() : `${role}@origem.local`;
    // A staff user a test inserted gets the demo authenticator, as the seed gives the demo staff: the helper signs
    // in fully (enrolment-only sessions have their own tests in auth/mfa.test.ts).
    await handle.db.execute(
      sql`update users u set totp_secret = ${DEMO_TOTP_SECRET}, totp_enabled_at = now()
            from roles r
           where r.id = u.role_id and r.mfa_required and u.totp_secret is null and lower(u.email) = ${email}`,
    );
    let res = await request('POST', '/v1/oauth/token', {
      body: { grant_type: 'password', client_id: '2', username: email, password, recaptchaToken: '' },
    });
    if (res.statusCode === 401 && res.json<{ code: string }>().code === 'MfaRequired') {
      // Staff sign in with the demo authenticator. A code is accepted once; the helper forgets the accepted step
      // first, so sign-ins within the same 30 s work (the replay rule has its own tests in auth/mfa.test.ts).
      await handle.db
        .update(users)
        .set({ totp_last_step: null })
        .where(sql`lower(${users.email}) = ${email}`);
      const code = await generate({ secret: DEMO_TOTP_SECRET });
      res = await request('POST', '/v1/oauth/token', {
        body: {
          grant_type: 'mfa',
          client_id: '2',
          mfa_token: res.json<{ mfa_token: string }>().mfa_token,
          code,
        },
      });
    }
    if (res.statusCode !== 200) throw new Error(`login ${role} falhou: ${res.statusCode} ${res.body}`);
    return res.json<{ access_token: string; refresh_token: string }>();
  };
  const login = async (role: string, password?: string) => (await signIn(role, password)).access_token;

  return {
    app,
    db: handle.db,
    databaseUrl: handle.url,
    login,
    signIn,
    request,
    close: async () => {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The test app sending its mail (SMTP_URL) to a real SMTP listener of its own; closing the app stops both. */
export async function createMailTestApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; smtp: SmtpListener }> {
  const smtp = await startSmtpListener();
  const t = await createTestApp({ ...env, SMTP_URL: smtp.url });
  const close = async () => {
    await t.close();
    await smtp.close();
  };
  return { t: { ...t, close }, smtp };
}

/** The token of the password link last mailed to `email`, once the app's outbox has been sent. */
export async function lastPasswordLink(t: TestApp, smtp: SmtpListener, email: string): Promise<string> {
  await t.app.mail.flush();
  const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1);
  const token = /redefinir-senha\?token=([\w-]+)/.exec(mailBody(mail?.raw ?? ''))?.[1];
  if (!token) throw new Error(`nenhum link para ${email}`);
  return token;
}

/** The role of each demo user (`<role>@origem.local`): one per role of the contract. */
export const DEMO_ROLES = ROLE_SLUGS;
export type DemoRole = RoleSlug;

/** A session token for the demo user of each role, logged in one after the other. */
export async function loginAll<R extends string>(
  t: TestApp,
  roles: readonly R[],
): Promise<Record<R, string>> {
  const tokens = {} as Record<R, string>;
  for (const role of roles) tokens[role] = await t.login(role);
  return tokens;
}
