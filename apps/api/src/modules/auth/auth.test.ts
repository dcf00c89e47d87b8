import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, audits, mailOutbox, users } from '../../db/schema';
import { sha256 } from '../../lib/secrets';
import { createMailTestApp, type TestApp } from '../../test/app';
import { mailBody, type SmtpListener } from '../../test/smtp';

let t: TestApp;
let smtp: SmtpListener;

beforeAll(async () => {
  ({ t, smtp } = await createMailTestApp());
});
afterAll(() => t.close());

const tokenBody = (username: string, password: string) => ({
  grant_type: 'password',
  client_id: '2',
  username,
  password,
  recaptchaToken: '',
});

async function auditCount(event: string, userId?: number) {
  const rows = await t.db
    .select({ id: audits.id })
    .from(audits)
    .where(and(eq(audits.event, event), userId ? eq(audits.user_id, userId) : undefined));
  return rows.length;
}

async function userId(email: string) {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? 0;
}

describe('POST /v1/oauth/token', () => {
  it('issues a bearer token for valid credentials and stores only its hash', async () => {
    const res = await t.request('POST', '/v1/oauth/token', {
      body: tokenBody('exportador@origem.local', 'origem123'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 28800 });
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    const stored = await t.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.access_hash, sha256(body.access_token)));
    expect(stored).toHaveLength(1);
    const raw = await t.db.select().from(accessTokens).where(eq(accessTokens.access_hash, body.access_token));
    expect(raw).toHaveLength(0);
    const expiresIn = (stored[0]?.expires_at.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(7.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(8 * 3600_000);
  });

  it('accepts the OAuth form encoding too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(tokenBody('despachante@origem.local', 'origem123')).toString(),
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 in Portuguese for a wrong password or unknown e-mail, auditing the failure', async () => {
    const before = await auditCount('login_failed');
    const wrong = await t.request('POST', '/v1/oauth/token', {
      body: tokenBody('analista@origem.local', 'errada123'),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('E-mail ou senha inválidos.');
    const unknown = await t.request('POST', '/v1/oauth/token', {
      body: tokenBody('ninguem@origem.local', 'origem123'),
    });
    expect(unknown.statusCode).toBe(401);
    expect(await auditCount('login_failed')).toBe(before + 2);
  });

  it('refuses another client id and validates missing fields with 422', async () => {
    const client = await t.request('POST', '/v1/oauth/token', {
      body: { ...tokenBody('admin@origem.local', 'origem123'), client_id: '9' },
    });
    expect(client.statusCode).toBe(401);
    const missing = await t.request('POST', '/v1/oauth/token', {
      body: { grant_type: 'password', client_id: '2' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({
      username: ['Campo obrigatório.'],
      password: ['Campo obrigatório.'],
    });
  });

  it('exchanges a refresh token once', async () => {
    const login = await t.request('POST', '/v1/oauth/token', {
      body: tokenBody('fabricante@origem.local', 'origem123'),
    });
    const refresh = login.json().refresh_token;
    const first = await t.request('POST', '/v1/oauth/token', {
      body: { grant_type: 'refresh_token', client_id: '2', refresh_token: refresh },
    });
    expect(first.statusCode).toBe(200);
    const again = await t.request('POST', '/v1/oauth/token', {
      body: { grant_type: 'refresh_token', client_id: '2', refresh_token: refresh },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('session', () => {
  it('GET /v1/user/detail returns the session user with role, permissions and federation', async () => {
    const token = await t.login('analista');
    const res = await t.request('GET', '/v1/user/detail', { token });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      name: 'Bruno Analista',
      email: 'analista@origem.local',
      change_password: false,
      role: { name: 'analista', display_name: 'Analista', type: 'associacao' },
      trade_association: { name: 'Associação Comercial de Santos' },
      federation: { name: 'Federação das Associações Comerciais de São Paulo', phone: '1131803000' },
    });
    expect(user.federation.address).toContain('Rua Boa Vista, 51');
    expect(user.permissions).toContain('certificate.analyse');
    expect(user.permissions).not.toContain('role.manage');
  });

  it('answers 401 without a token, with a bad one, and after DELETE /v1/oauth/token', async () => {
    expect((await t.request('GET', '/v1/user/detail')).statusCode).toBe(401);
    expect((await t.request('GET', '/v1/user/detail', { token: 'nao-e-um-token' })).statusCode).toBe(401);
    const token = await t.login('exportador');
    expect((await t.request('GET', '/v1/user/detail', { token })).statusCode).toBe(200);
    const before = await auditCount('logout');
    expect((await t.request('DELETE', '/v1/oauth/token', { token })).statusCode).toBe(204);
    expect(await auditCount('logout')).toBe(before + 1);
    const after = await t.request('GET', '/v1/user/detail', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Sessão expirada ou inválida. Entre novamente.');
  });

  it('refuses an expired token', async () => {
    const token = await t.login('despachante');
    await t.db
      .update(accessTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.access_hash, sha256(token)));
    expect((await t.request('GET', '/v1/user/detail', { token })).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('save_new_password: 231 for a wrong current password, 422 for a weak one, 204 on success', async () => {
    const token = await t.login('confederacao');
    const wrong = await t.request('POST', '/v1/user/save_new_password', {
      token,
      body: { password: 'errada', new_password: 'novaSenha1' },
    });
    expect(wrong.statusCode).toBe(231);
    const weak = await t.request('POST', '/v1/user/save_new_password', {
      token,
      body: { password: 'origem123', new_password: 'curta' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.new_password).toEqual([
      'A senha deve ter ao menos 8 caracteres, com letras e números.',
    ]);
    const id = await userId('confederacao@origem.local');
    await t.db.update(users).set({ change_password: true }).where(eq(users.id, id));
    const ok = await t.request('POST', '/v1/user/save_new_password', {
      token,
      body: { password: 'origem123', new_password: 'novaSenha1' },
    });
    expect(ok.statusCode).toBe(204);
    const [row] = await t.db.select({ change: users.change_password }).from(users).where(eq(users.id, id));
    expect(row?.change).toBe(false);
    expect(await auditCount('password_changed', id)).toBe(1);
    await expect(t.login('confederacao')).rejects.toThrow();
    expect(await t.login('confederacao', 'novaSenha1')).toBeTruthy();
  });

  it('send_new_password answers the same for unknown e-mails and mails a single-use link that sets the password', async () => {
    const unknown = await t.request('POST', '/v1/user/send_new_password', {
      body: { email: 'ninguem@origem.local' },
    });
    const known = await t.request('POST', '/v1/user/send_new_password', {
      body: { email: 'associacao@origem.local' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());

    await t.app.mail.flush();
    const mail = smtp.mails.find((m) => m.to.includes('associacao@origem.local'));
    expect(mail).toBeDefined();
    expect(smtp.mails.some((m) => m.to.includes('ninguem@origem.local'))).toBe(false);
    const token = /redefinir-senha\?token=([\w-]+)/.exec(mailBody(mail?.raw ?? ''))?.[1];
    expect(token).toBeDefined();
    const [outbox] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'associacao@origem.local'));
    expect(outbox?.status).toBe('ENVIADO');

    const reset = await t.request('POST', '/v1/user/reset_password', {
      body: { token, new_password: 'outraSenha9' },
    });
    expect(reset.statusCode).toBe(204);
    expect(await t.login('associacao', 'outraSenha9')).toBeTruthy();
    const reused = await t.request('POST', '/v1/user/reset_password', {
      body: { token, new_password: 'maisUma99' },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('Link de redefinição inválido ou expirado. Solicite um novo.');
  });

  it('refuses an expired reset link', async () => {
    await t.request('POST', '/v1/user/send_new_password', { body: { email: 'federacao@origem.local' } });
    await t.app.mail.flush();
    const mail = smtp.mails.filter((m) => m.to.includes('federacao@origem.local')).at(-1);
    const token = /redefinir-senha\?token=([\w-]+)/.exec(mailBody(mail?.raw ?? ''))?.[1] ?? '';
    await t.db.execute(sql`update password_resets set expires_at = now() - interval '1 minute'`);
    const res = await t.request('POST', '/v1/user/reset_password', {
      body: { token, new_password: 'outraSenha9' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('mutations and audit', () => {
  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
