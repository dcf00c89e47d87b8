import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { sha256 } from '../../lib/secrets';
import { createMailTestApp, type TestApp } from '../../test/app';
import { mailText, type SmtpListener } from '../../test/smtp';
import { lastAudit } from '../entities/test-support';
import { describeUserAgent } from './user-agent';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const EDGE_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

let t: TestApp;
let smtp: SmtpListener;
beforeAll(async () => {
  ({ t, smtp } = await createMailTestApp());
});
afterAll(() => t.close());

/** A password sign-in of a user without a second factor, from a given browser. */
async function signIn(email: string, userAgent: string): Promise<string> {
  const res = await t.request('POST', '/v1/oauth/token', {
    body: { grant_type: 'password', client_id: '2', username: email, password: DEMO_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}
type SessionBody = { id: number; device: string; ip_address: string; current: boolean; last_used_at: string };
const list = async (token: string, url = '/v1/account/sessions') =>
  (await t.request('GET', url, { token })).json<{ data: SessionBody[] }>().data;
const tokenId = async (token: string) => {
  const [row] = await t.db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.access_hash, sha256(token)));
  return row?.id ?? 0;
};
const detail = (token: string) => t.request('GET', '/v1/user/detail', { token });

describe('describeUserAgent', () => {
  it('names browser, version and system in Portuguese', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toBe('Chrome 131 no Windows');
    expect(describeUserAgent(FIREFOX_LINUX)).toBe('Firefox 133 no Linux');
    expect(describeUserAgent(SAFARI_IPHONE)).toBe('Safari 17 no iOS');
    expect(describeUserAgent(EDGE_MAC)).toBe('Edge 131 no macOS');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl');
    expect(describeUserAgent(null)).toBe('Dispositivo desconhecido');
  });
});

describe('Minha conta → Sessões', () => {
  it('lists the live sessions with device and address, and ends one or all the others', async () => {
    const email = 'exportador@origem.local';
    const chrome = await signIn(email, CHROME_WINDOWS);
    const firefox = await signIn(email, FIREFOX_LINUX);
    const safari = await signIn(email, SAFARI_IPHONE);
    const sessions = await list(chrome);
    const mine = sessions.find((s) => s.current);
    expect(mine).toMatchObject({ device: 'Chrome 131 no Windows', ip_address: '127.0.0.1' });
    expect(sessions.map((s) => s.device)).toEqual(
      expect.arrayContaining(['Firefox 133 no Linux', 'Safari 17 no iOS']),
    );

    const firefoxId = await tokenId(firefox);
    expect(
      (await t.request('DELETE', `/v1/account/sessions/${firefoxId}`, { token: chrome })).statusCode,
    ).toBe(204);
    expect((await detail(firefox)).statusCode).toBe(401);
    expect(await lastAudit(t, 'session', firefoxId)).toMatchObject({ event: 'session_ended' });
    // Again, or a session of someone else: not found.
    expect(
      (await t.request('DELETE', `/v1/account/sessions/${firefoxId}`, { token: chrome })).statusCode,
    ).toBe(404);
    const adminSession = await tokenId(await t.login('admin'));
    expect(
      (await t.request('DELETE', `/v1/account/sessions/${adminSession}`, { token: chrome })).statusCode,
    ).toBe(404);

    expect((await t.request('DELETE', '/v1/account/sessions', { token: chrome })).statusCode).toBe(204);
    expect((await detail(safari)).statusCode).toBe(401);
    expect((await detail(chrome)).statusCode).toBe(200);
    expect((await list(chrome)).map((s) => s.current)).toEqual([true]);
  });

  it('mails the user on a sign-in from a device and address not seen before', async () => {
    const email = 'despachante@origem.local';
    await signIn(email, CHROME_WINDOWS);
    await signIn(email, CHROME_WINDOWS);
    await t.app.mail.flush();
    const before = smtp.mails.filter((m) => m.to.includes(email)).length;
    await signIn(email, EDGE_MAC);
    await t.app.mail.flush();
    const mails = smtp.mails.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(before + 1);
    const text = mailText(mails.at(-1)?.raw ?? '');
    expect(text).toContain('Edge 131 no macOS');
    expect(text).toContain('127.0.0.1');
    expect(text).toContain('http://origem.test/minha-conta');
  });
});

describe('an administrator sees and ends a user sessions', () => {
  it('lists them on the user screen and ends one, audited; others may not', async () => {
    const fabricante = await signIn('fabricante@origem.local', FIREFOX_LINUX);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'fabricante@origem.local'));
    const admin = await t.login('admin');
    const sessions = await list(admin, `/v1/user/${user?.id}/sessions`);
    const target = sessions.find((s) => s.device === 'Firefox 133 no Linux');
    expect(target).toBeDefined();
    expect(sessions.every((s) => !s.current)).toBe(true);
    const end = await t.request('DELETE', `/v1/user/${user?.id}/sessions/${target?.id}`, { token: admin });
    expect(end.statusCode).toBe(204);
    expect((await detail(fabricante)).statusCode).toBe(401);
    expect(await lastAudit(t, 'session', target?.id ?? 0)).toMatchObject({ event: 'session_ended' });

    const exporter = await t.login('exportador');
    const [adminUser] = await t.db.select().from(users).where(eq(users.email, 'admin@origem.local'));
    expect(
      (await t.request('GET', `/v1/user/${adminUser?.id}/sessions`, { token: exporter })).statusCode,
    ).toBe(403);
  });
});

describe('idle and absolute session limits', () => {
  it('ends a session unused for 8 hours or signed in 30 days ago, refresh included', async () => {
    const idle = await t.signIn('fabricante');
    await t.db
      .update(accessTokens)
      .set({ last_used_at: sql`now() - interval '8 hours 1 minute'` })
      .where(eq(accessTokens.id, await tokenId(idle.access_token)));
    expect((await detail(idle.access_token)).statusCode).toBe(401);
    const refreshed = await t.request('POST', '/v1/oauth/token', {
      body: { grant_type: 'refresh_token', client_id: '2', refresh_token: idle.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);

    const old = await t.signIn('fabricante');
    await t.db
      .update(accessTokens)
      .set({ started_at: sql`now() - interval '30 days 1 minute'` })
      .where(eq(accessTokens.id, await tokenId(old.access_token)));
    expect((await detail(old.access_token)).statusCode).toBe(401);

    // Used recently: alive, and its last use moves forward.
    const fresh = await t.signIn('fabricante');
    const id = await tokenId(fresh.access_token);
    await t.db
      .update(accessTokens)
      .set({ last_used_at: sql`now() - interval '7 hours'` })
      .where(eq(accessTokens.id, id));
    expect((await detail(fresh.access_token)).statusCode).toBe(200);
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.id, id));
    expect(Date.now() - (row?.last_used_at.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('follows SESSION_IDLE_HOURS', async () => {
    const short = await createMailTestApp({ SESSION_IDLE_HOURS: '1' });
    try {
      const session = await short.t.signIn('exportador');
      await short.t.db
        .update(accessTokens)
        .set({ last_used_at: sql`now() - interval '61 minutes'` })
        .where(eq(accessTokens.access_hash, sha256(session.access_token)));
      expect(
        (await short.t.request('GET', '/v1/user/detail', { token: session.access_token })).statusCode,
      ).toBe(401);
    } finally {
      await short.t.close();
    }
  });
});
