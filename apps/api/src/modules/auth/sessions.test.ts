import { messages } from '@origem/contract/messages.pt';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../db/schema';
import { createMailTestApp, lastPasswordLink, type TestApp } from '../../test/app';
import { type SmtpListener } from '../../test/smtp';
import { CHANGE_PASSWORD_ATTEMPTS } from './service';

let t: TestApp;
let smtp: SmtpListener;
beforeAll(async () => {
  ({ t, smtp } = await createMailTestApp());
});
afterAll(() => t.close());

const session = (role: string, password?: string) => t.signIn(role, password);
const detail = (token: string) => t.request('GET', '/v1/user/detail', { token });
const refresh = (refreshToken: string) =>
  t.request('POST', '/v1/oauth/token', {
    body: { grant_type: 'refresh_token', client_id: '2', refresh_token: refreshToken },
  });

/** The reset link last mailed to `email`. */
const lastLink = (email: string) => lastPasswordLink(t, smtp, email);

describe('changing a password', () => {
  it('ends every other session and refresh token of the user, keeping the one that changed it', async () => {
    const other = await session('analista');
    const current = await session('analista');
    const res = await t.request('POST', '/v1/user/save_new_password', {
      token: current.access_token,
      body: { password: 'origem123', new_password: 'trocada123' },
    });
    expect(res.statusCode).toBe(204);
    expect((await detail(current.access_token)).statusCode).toBe(200);
    expect((await detail(other.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
  });

  it(`lets the current password be guessed ${CHANGE_PASSWORD_ATTEMPTS} times in 15 minutes, then answers 429`, async () => {
    const { access_token: token } = await session('fabricante');
    for (let i = 0; i < CHANGE_PASSWORD_ATTEMPTS; i++) {
      const wrong = await t.request('POST', '/v1/user/save_new_password', {
        token,
        body: { password: `chute${i}`, new_password: 'novaSenha1' },
      });
      expect(wrong.statusCode).toBe(231);
    }
    for (const password of ['chute9', 'origem123']) {
      const res = await t.request('POST', '/v1/user/save_new_password', {
        token,
        body: { password, new_password: 'novaSenha1' },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ code: 'RateLimited', message: messages.auth.tooManyPasswordAttempts });
    }
    // A new session does not reset the count: it belongs to the user, in the database.
    const again = await session('fabricante');
    const res = await t.request('POST', '/v1/user/save_new_password', {
      token: again.access_token,
      body: { password: 'origem123', new_password: 'novaSenha1' },
    });
    expect(res.statusCode).toBe(429);
    // Once the window has passed, the right password works.
    await t.db.execute(sql`update rate_limit_counters set window_ends_at = now() - interval '1 second'`);
    const later = await t.request('POST', '/v1/user/save_new_password', {
      token: again.access_token,
      body: { password: 'origem123', new_password: 'novaSenha1' },
    });
    expect(later.statusCode).toBe(204);
  });
});

describe('refresh tokens', () => {
  it('are refused once the user is deactivated, or deleted', async () => {
    const first = await session('despachante');
    await t.db.update(users).set({ active: false }).where(eq(users.email, 'despachante@origem.local'));
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    await t.db.update(users).set({ active: true }).where(eq(users.email, 'despachante@origem.local'));

    const second = await session('despachante');
    await t.db
      .update(users)
      .set({ deleted_at: new Date() })
      .where(eq(users.email, 'despachante@origem.local'));
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    await t.db.update(users).set({ deleted_at: null }).where(eq(users.email, 'despachante@origem.local'));
  });

  it('work once, even when two requests race', async () => {
    const { refresh_token } = await session('despachante');
    const answers = await Promise.all([refresh(refresh_token), refresh(refresh_token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });
});

describe('reset and welcome links', () => {
  it('a newer link voids the older ones; a link works once and ends every session', async () => {
    const open = await session('confederacao');
    await t.request('POST', '/v1/user/send_new_password', { body: { email: 'confederacao@origem.local' } });
    const older = await lastLink('confederacao@origem.local');
    await t.request('POST', '/v1/user/send_new_password', { body: { email: 'confederacao@origem.local' } });
    const newer = await lastLink('confederacao@origem.local');
    expect(newer).not.toBe(older);

    const stale = await t.request('POST', '/v1/user/reset_password', {
      body: { token: older, new_password: 'antiga123' },
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().message).toBe(messages.auth.resetInvalid);

    const used = await t.request('POST', '/v1/user/reset_password', {
      body: { token: newer, new_password: 'redefinida1' },
    });
    expect(used.statusCode).toBe(204);
    expect((await detail(open.access_token)).statusCode).toBe(401);
    expect((await refresh(open.refresh_token)).statusCode).toBe(401);
    const again = await t.request('POST', '/v1/user/reset_password', {
      body: { token: newer, new_password: 'outra12345' },
    });
    expect(again.statusCode).toBe(422);
  });

  it('every link expires: welcome links in 72 hours, reset links in 1 hour', async () => {
    const admin = (await session('admin')).access_token;
    const created = await t.request('POST', '/v1/user', {
      token: admin,
      body: { name: 'Nova Pessoa', email: 'nova.pessoa@origem.local', role_id: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.request('POST', '/v1/user/send_new_password', { body: { email: 'federacao@origem.local' } });
    await t.app.mail.flush();
    const links = await t.db
      .select({
        user: users.email,
        ttl: sql<number>`round(extract(epoch from (${passwordResets.expires_at} - ${passwordResets.created_at})))::int`,
      })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.user_id))
      .where(sql`${passwordResets.used_at} is null`);
    expect(links).toEqual(
      expect.arrayContaining([
        { user: 'nova.pessoa@origem.local', ttl: 72 * 3600 },
        { user: 'federacao@origem.local', ttl: 3600 },
      ]),
    );
  });
});

describe('auth answers are never cached', () => {
  it('sends Cache-Control: no-store on success, refusal and error alike', async () => {
    const ok = await t.request('POST', '/v1/oauth/token', {
      body: {
        grant_type: 'password',
        client_id: '2',
        username: 'exportador@origem.local',
        password: 'origem123',
      },
    });
    const wrong = await t.request('POST', '/v1/oauth/token', {
      body: { grant_type: 'password', client_id: '2', username: 'admin@origem.local', password: 'errada' },
    });
    const invalid = await t.request('POST', '/v1/oauth/token', { body: { grant_type: 'password' } });
    const me = await detail(ok.json().access_token);
    const anonymous = await t.request('GET', '/v1/user/detail');
    const forgot = await t.request('POST', '/v1/user/send_new_password', {
      body: { email: 'x@origem.local' },
    });
    for (const res of [ok, wrong, invalid, me, anonymous, forgot]) {
      expect(res.headers['cache-control'], res.body).toBe('no-store');
    }
  });
});
