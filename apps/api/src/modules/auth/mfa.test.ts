import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, mfaRecoveryCodes, roles, users } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../db/seed/demo';
import { hashPassword } from '../../lib/secrets';
import { createMailTestApp, type TestApp } from '../../test/app';
import { mailText, type SmtpListener } from '../../test/smtp';
import { lastAudit } from '../entities/test-support';

let t: TestApp;
let smtp: SmtpListener;
beforeAll(async () => {
  // New factors are sealed under the key; the demo's, written in clear by the seed, are read as they are.
  ({ t, smtp } = await createMailTestApp({ SECRETS_KEY: randomBytes(32).toString('base64') }));
});
afterAll(() => t.close());

const emailOf = (role: string) => (role.includes('@') ? role : `${role}@origem.local`);
const password = (role: string, headers: Record<string, string> = {}) =>
  t.request('POST', '/v1/oauth/token', {
    body: { grant_type: 'password', client_id: '2', username: emailOf(role), password: DEMO_PASSWORD },
    headers,
  });
const mfaGrant = (mfaToken: string, code: string, headers: Record<string, string> = {}) =>
  t.request('POST', '/v1/oauth/token', {
    body: { grant_type: 'mfa', client_id: '2', mfa_token: mfaToken, code },
    headers,
  });
/** The challenge of a password step that must ask for the second factor. */
async function challenge(role: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await password(role, headers);
  expect(res.statusCode, res.body).toBe(401);
  const body = res.json<{ code: string; message: string; mfa_token: string }>();
  expect(body.code).toBe('MfaRequired');
  expect(body.message).toBe('Informe o código de verificação do aplicativo autenticador.');
  return body.mfa_token;
}
const now = () => Math.floor(Date.now() / 1000);
const codeAt = (secret: string, epoch = now()) => generate({ secret, epoch });
const forgetStep = (role: string) =>
  t.db
    .update(users)
    .set({ totp_last_step: null })
    .where(eq(users.email, emailOf(role)));
const userId = async (role: string) => {
  const [row] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, emailOf(role)));
  return row?.id ?? 0;
};

/** Turns the factor on for a user through the API and returns its secret and recovery codes. */
async function enrol(token: string) {
  const setup = await t.request('POST', '/v1/account/mfa/setup', { token });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Origem:.+secret=/);
  const enabled = await t.request('POST', '/v1/account/mfa/enable', {
    token,
    body: { code: await codeAt(secret) },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recovery: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

describe('password grant with a second factor', () => {
  it('asks staff for the code, accepts it once, and a replayed code is refused', async () => {
    await forgetStep('analista');
    const code = await codeAt(DEMO_TOTP_SECRET);
    const signedIn = await mfaGrant(await challenge('analista'), code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ token_type: 'Bearer', expires_in: 28800 });
    const replayed = await mfaGrant(await challenge('analista'), code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 'InvalidMfaCode' });
  });

  it('allows one step of clock drift either way, not two', async () => {
    for (const [offset, status] of [
      [-30, 200],
      [30, 200],
      [-90, 401],
      [90, 401],
    ] as const) {
      await forgetStep('federacao');
      const res = await mfaGrant(
        await challenge('federacao'),
        await codeAt(DEMO_TOTP_SECRET, now() + offset),
      );
      expect(res.statusCode, `${offset}s`).toBe(status);
    }
  });

  it('a challenge works once and a made-up one not at all', async () => {
    await forgetStep('confederacao');
    const token = await challenge('confederacao');
    expect((await mfaGrant(token, await codeAt(DEMO_TOTP_SECRET))).statusCode).toBe(200);
    await forgetStep('confederacao');
    const again = await mfaGrant(token, await codeAt(DEMO_TOTP_SECRET));
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('A verificação expirou. Entre novamente com e-mail e senha.');
    expect((await mfaGrant('inventado', '123456')).statusCode).toBe(401);
  });

  it('locks codes like passwords: five wrong ones from an address block it for 15 minutes', async () => {
    const from = {};
    await forgetStep('associacao');
    const token = await challenge('associacao', from);
    for (let i = 0; i < 4; i++) {
      expect((await mfaGrant(token, '000000', from)).json().code).toBe('InvalidMfaCode');
    }
    const fifth = await mfaGrant(token, '000000', from);
    expect(fifth.json()).toMatchObject({ code: 'AccountLocked' });
    const right = await mfaGrant(token, await codeAt(DEMO_TOTP_SECRET), from);
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe(
      'Verificação bloqueada por excesso de tentativas. Tente novamente em 15 minutos.',
    );
    const failures = await t.db.execute(
      sql`select count(*)::int as n from login_failures where login = ${`mfa:${await userId('associacao')}`}`,
    );
    expect(JSON.stringify(failures)).toContain('5');
  });

  it('users without a second factor keep the plain password grant', async () => {
    const res = await password('exportador');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer' });
  });
});

describe('Minha conta: turning the factor on and off', () => {
  it('enrols with the QR secret, shows ten recovery codes once, and each recovery code signs in once', async () => {
    const token = await t.login('despachante');
    const wrong = await t.request('POST', '/v1/account/mfa/enable', { token, body: { code: '123456' } });
    expect(wrong.statusCode).toBe(422);
    const { recovery, secret } = await enrol(token);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const stored = await t.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.user_id, await userId('despachante')));
    expect(stored).toHaveLength(10);
    expect(stored.every((r) => r.code_hash.startsWith('$argon2id$'))).toBe(true);
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, emailOf('despachante')));
    expect(user?.totp_pending_secret).toBeNull();
    // Sealed at rest under SECRETS_KEY: the database does not hold the seed in clear.
    expect(user?.totp_secret).toMatch(/^sealed:v1:/);
    expect(user?.totp_secret).not.toContain(secret);
    // The secret is never given back.
    const status = await t.request('GET', '/v1/account/mfa', { token });
    expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    expect((await t.request('POST', '/v1/account/mfa/setup', { token })).statusCode).toBe(409);

    const first = recovery[0] ?? '';
    const withRecovery = await mfaGrant(await challenge('despachante'), first.toUpperCase());
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
    const reused = await mfaGrant(await challenge('despachante'), first);
    expect(reused.statusCode).toBe(401);
    expect((await lastAudit(t, 'user', await userId('despachante')))?.event).toBe('mfa_failed');
  });

  it('turns off with a code, and never while the role requires it', async () => {
    const token = await t.login('fabricante');
    const { secret } = await enrol(token);
    const regenerated = await t.request('POST', '/v1/account/mfa/recovery-codes', {
      token,
      body: { code: await codeAt(secret, now() + 30) },
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    // That step is spent; an earlier one would be refused as a replay.
    await forgetStep('fabricante');
    const off = await t.request('POST', '/v1/account/mfa/disable', {
      token,
      body: { code: await codeAt(secret, now() - 30) },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await password('fabricante')).statusCode).toBe(200);
    expect((await lastAudit(t, 'user', await userId('fabricante')))?.event).toBe('mfa_disabled');

    const admin = await t.login('admin');
    const refused = await t.request('POST', '/v1/account/mfa/disable', {
      token: admin,
      body: { code: await codeAt(DEMO_TOTP_SECRET) },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'O seu perfil exige a verificação em duas etapas: ela não pode ser desativada.',
    );
  });
});

describe('a role that requires the factor', () => {
  it('gives a user without it an enrolment-only session until the factor is on', async () => {
    const [analista] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'analista'));
    await t.db.insert(users).values({
      name: 'Nina Nova',
      email: 'nina@origem.local',
      password_hash: await hashPassword(DEMO_PASSWORD),
      role_id: analista?.id ?? 0,
      change_password: false,
    });
    const res = await password('nina@origem.local');
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    const detail = await t.request('GET', '/v1/user/detail', { token });
    expect(detail.json().mfa).toEqual({ enabled: false, required: true, enrollment_only: true });
    const blocked = await t.request('GET', '/v1/account/sessions', { token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 'MfaEnrollmentRequired',
      message: 'O seu perfil exige a verificação em duas etapas. Ative-a para continuar usando o sistema.',
    });
    expect((await t.request('GET', '/v1/user', { token })).json().code).toBe('MfaEnrollmentRequired');
    await enrol(token);
    expect((await t.request('GET', '/v1/account/sessions', { token })).statusCode).toBe(200);
    expect((await t.request('GET', '/v1/user/detail', { token })).json().mfa.enrollment_only).toBe(false);
  });

  it('is on by default for the staff roles and an admin can turn it off and on', async () => {
    const all = await t.db.select({ name: roles.name, mfa: roles.mfa_required }).from(roles);
    expect(
      all
        .filter((r) => r.mfa)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['admin', 'analista', 'associacao', 'confederacao', 'federacao'].sort());
    const admin = await t.login('admin');
    const [role] = await t.db.select().from(roles).where(eq(roles.name, 'fabricante'));
    const current = (await t.request('GET', `/v1/role/${role?.id}`, { token: admin })).json();
    const saved = await t.request('PUT', `/v1/role/${role?.id}`, {
      token: admin,
      body: { ...current, mfa_required: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().mfa_required).toBe(true);
    expect((await lastAudit(t, 'role', role?.id ?? 0))?.new_values).toMatchObject({ mfa_required: true });
    await t.request('PUT', `/v1/role/${role?.id}`, {
      token: admin,
      body: { ...current, mfa_required: false },
    });
  });
});

describe('an administrator resets a user factor', () => {
  it('removes it, ends the sessions, audits and mails the user', async () => {
    const analista = await t.login('analista');
    const admin = await t.login('admin');
    const id = await userId('analista');
    const res = await t.request('POST', `/v1/user/${id}/mfa/reset`, { token: admin });
    expect(res.statusCode, res.body).toBe(204);
    expect((await t.request('GET', '/v1/user/detail', { token: analista })).statusCode).toBe(401);
    const live = await t.db
      .select()
      .from(accessTokens)
      .where(sql`${accessTokens.user_id} = ${id} and ${accessTokens.revoked_at} is null`);
    expect(live).toHaveLength(0);
    const audit = await lastAudit(t, 'user', id);
    expect(audit).toMatchObject({ event: 'mfa_reset', user_id: await userId('admin') });
    await t.app.mail.flush();
    const mail = smtp.mails.filter((m) => m.to.includes('analista@origem.local')).at(-1);
    expect(mailText(mail?.raw ?? '')).toContain('redefiniu a verificação em duas etapas');
    // The next sign-in only enrols.
    const next = await password('analista');
    expect(next.statusCode).toBe(200);
    const detail = await t.request('GET', '/v1/user/detail', { token: next.json().access_token });
    expect(detail.json().mfa.enrollment_only).toBe(true);
    // Not every manager may: an exporter's user cannot reset anyone.
    const exporter = await t.login('exportador');
    expect((await t.request('POST', `/v1/user/${id}/mfa/reset`, { token: exporter })).statusCode).toBe(403);
  });
});
