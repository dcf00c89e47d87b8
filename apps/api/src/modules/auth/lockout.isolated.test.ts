import { messages } from '@origem/contract/messages.pt';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { audits, loginFailures, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { LOCKOUT_FAILURES, SLOWDOWN_BASE_MS, slowdownFor } from './service';

// Watches the one costly step of a sign-in (the argon2id verification) to prove every kind of login does it.
const verified = vi.hoisted(() => ({ hashes: [] as (string | null)[] }));
vi.mock('../../lib/secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/secrets')>();
  return {
    ...actual,
    verifyPassword: (stored: string | null, password: string) => {
      verified.hashes.push(stored);
      return actual.verifyPassword(stored, password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A sign-in attempt from a given client address (the socket's: no proxy is trusted here). */
async function attempt(username: string, password: string, ip: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/oauth/token',
    remoteAddress: ip,
    headers: { 'user-agent': 'vitest', ...headers },
    payload: { grant_type: 'password', client_id: '2', username, password, recaptchaToken: '' },
  });
  return {
    status: res.statusCode,
    message: res.json().message as string | undefined,
    ms: performance.now() - started,
  };
}

const failuresOf = async (login: string) =>
  (await t.db.select().from(loginFailures).where(eq(loginFailures.login, login))).length;

describe('five failures for one account from one address block that pair (DOMAIN.md §8)', () => {
  it('blocks the account from that address, even with the right password, and only from there', async () => {
    for (let i = 1; i < LOCKOUT_FAILURES; i++) {
      const res = await attempt('fabricante@origem.local', 'errada123', '198.51.100.1');
      expect(res).toMatchObject({ status: 401, message: messages.auth.invalidCredentials });
    }
    const fifth = await attempt('fabricante@origem.local', 'errada123', '198.51.100.1');
    expect(fifth).toMatchObject({ status: 401, message: messages.auth.locked });
    const right = await attempt('fabricante@origem.local', 'origem123', '198.51.100.1');
    expect(right).toMatchObject({ status: 401, message: messages.auth.locked });
    // Its owner, elsewhere, is not locked out.
    const elsewhere = await attempt('fabricante@origem.local', 'origem123', '203.0.113.50');
    expect(elsewhere.status).toBe(200);
    const [locked] = await t.db
      .select({ id: audits.id })
      .from(audits)
      .where(eq(audits.event, 'account_locked'));
    expect(locked).toBeDefined();
  });

  it('lasts 15 minutes from the fifth failure', async () => {
    for (let i = 0; i < LOCKOUT_FAILURES; i++)
      await attempt('analista@origem.local', 'errada123', '198.51.100.2');
    expect((await attempt('analista@origem.local', 'origem123', '198.51.100.2')).message).toBe(
      messages.auth.locked,
    );
    await t.db.execute(
      sql`update login_failures set created_at = created_at - interval '14 minutes' where login = 'analista@origem.local'`,
    );
    expect((await attempt('analista@origem.local', 'origem123', '198.51.100.2')).message).toBe(
      messages.auth.locked,
    );
    await t.db.execute(
      sql`update login_failures set created_at = created_at - interval '1 minute 1 second' where login = 'analista@origem.local'`,
    );
    // The password step passes (the analyst's role then asks for the second factor).
    expect((await attempt('analista@origem.local', 'origem123', '198.51.100.2')).message).toBe(
      messages.mfa.required,
    );
    // A successful sign-in forgives that address.
    expect(
      await queryRows(
        t.db,
        sql`select 1 from login_failures where login = 'analista@origem.local' and ip_address = '198.51.100.2'`,
      ),
    ).toHaveLength(0);
  });

  it('ignores a forged X-Forwarded-For: the address is the socket’s unless TRUST_PROXY names the proxy', async () => {
    for (let i = 0; i < LOCKOUT_FAILURES; i++) {
      await attempt('despachante@origem.local', 'errada123', '198.51.100.3', {
        'x-forwarded-for': `10.9.9.${i}`,
      });
    }
    const res = await attempt('despachante@origem.local', 'origem123', '198.51.100.3', {
      'x-forwarded-for': '10.9.9.200',
    });
    expect(res.message).toBe(messages.auth.locked);
    const rows = await queryRows<{ ip_address: string }>(
      t.db,
      sql`select distinct ip_address from login_failures where login = 'despachante@origem.local'`,
    );
    expect(rows).toEqual([{ ip_address: '198.51.100.3' }]);
  });
});

describe('failures spread over many addresses slow the account down but never lock it', () => {
  it('doubles the wait from the fifth failure on', () => {
    expect(slowdownFor(LOCKOUT_FAILURES - 1)).toBe(0);
    expect(slowdownFor(LOCKOUT_FAILURES)).toBe(SLOWDOWN_BASE_MS);
    expect(slowdownFor(LOCKOUT_FAILURES + 1)).toBe(2 * SLOWDOWN_BASE_MS);
    expect(slowdownFor(1000)).toBe(8000);
  });

  it('lets the owner in from another address after failures from six, only slower', async () => {
    for (let i = 1; i <= LOCKOUT_FAILURES + 1; i++) {
      const res = await attempt('associacao@origem.local', 'errada123', `192.0.2.${i}`);
      expect(res.message).toBe(messages.auth.invalidCredentials);
    }
    const owner = await attempt('associacao@origem.local', 'origem123', '192.0.2.100');
    // The password step passes: the association's role then asks for the second factor.
    expect(owner.message).toBe(messages.mfa.required);
    expect(owner.ms).toBeGreaterThanOrEqual(2 * SLOWDOWN_BASE_MS - 10);
  });
});

describe('an unknown e-mail gets exactly the answers of a known one', () => {
  it('the same status and message, attempt by attempt, including the block after five from one address', async () => {
    const known: (string | number | undefined)[][] = [];
    const unknown: (string | number | undefined)[][] = [];
    for (let i = 0; i < LOCKOUT_FAILURES + 1; i++) {
      const k = await attempt('confederacao@origem.local', 'errada123', '198.51.100.4');
      const u = await attempt('ninguem.aqui@origem.local', 'errada123', '198.51.100.4');
      known.push([k.status, k.message]);
      unknown.push([u.status, u.message]);
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual([401, messages.auth.locked]);
    expect(await failuresOf('ninguem.aqui@origem.local')).toBe(LOCKOUT_FAILURES);
  });

  it('does the same work as a known account, one with a password or one that never set it', async () => {
    // A user created by a manager has no password until the welcome link is used.
    const [noPassword] = await t.db
      .update(users)
      .set({ password_hash: null })
      .where(eq(users.email, 'exportador@origem.local'))
      .returning({ id: users.id });
    expect(noPassword).toBeDefined();
    // The time of an answer is the argon2id verification (the rest is a few indexed queries): each kind of login
    // must verify exactly one real argon2id hash. Asserted on the work, not on wall-clock time, which a busy
    // machine makes noise of.
    const work: Record<string, (string | null)[][]> = { known: [], never: [], unknown: [] };
    for (let i = 0; i < 3; i++) {
      const ip = `198.51.101.${i}`;
      for (const [kind, login] of [
        ['known', 'federacao@origem.local'],
        ['never', 'exportador@origem.local'],
        ['unknown', `sem.conta${i}@origem.local`],
      ] as const) {
        verified.hashes.length = 0;
        const res = await attempt(login, 'errada123', ip);
        expect(res).toMatchObject({ status: 401, message: messages.auth.invalidCredentials });
        work[kind]?.push([...verified.hashes]);
      }
    }
    for (const calls of Object.values(work).flat()) {
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });
});

describe('a huge login name', () => {
  it('is refused by the schema at once: nothing hashed, counted or audited', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audits`);
    const res = await attempt('a'.repeat(200_000), 'x', '198.51.100.9');
    expect(res.status).toBe(422);
    expect(res.ms).toBeLessThan(1000);
    expect(await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audits`)).toEqual(before);
    const [failures] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from login_failures where ip_address = '198.51.100.9'`,
    );
    expect(failures?.n).toBe(0);
    const [audit] = await t.db
      .select({ id: audits.id })
      .from(audits)
      .where(and(eq(audits.event, 'login_failed'), eq(audits.ip_address, '198.51.100.9')));
    expect(audit).toBeUndefined();
  });
});
