import { messages } from '@origem/contract/messages.pt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApp, lastPasswordLink, type TestApp } from '../../test/app';
import { type SmtpListener } from '../../test/smtp';

let smtp: SmtpListener;
let t: TestApp;

beforeAll(async () => {
  ({ t, smtp } = await createMailTestApp());
});
afterAll(() => t.close());

/** Asks for a reset link for `email` and reads its token from the mail the real SMTP listener received. */
async function linkFor(email: string): Promise<string> {
  await t.request('POST', '/v1/user/send_new_password', { body: { email } });
  return lastPasswordLink(t, smtp, email);
}

const check = (token: string) => t.request('POST', '/v1/user/reset_password/check', { body: { token } });

describe('POST /v1/user/reset_password/check (issue 9: a dead link says so when it opens)', () => {
  it('answers 204 for a live link, without using it', async () => {
    const token = await linkFor('analista@origem.local');
    expect((await check(token)).statusCode).toBe(204);
    expect((await check(token)).statusCode).toBe(204);
    const reset = await t.request('POST', '/v1/user/reset_password', {
      body: { token, new_password: 'novaSenha77' },
    });
    expect(reset.statusCode).toBe(204);
  });

  it('answers 422 with the Portuguese reason for a used, an expired, a replaced or an unknown link', async () => {
    const used = await linkFor('despachante@origem.local');
    await t.request('POST', '/v1/user/reset_password', {
      body: { token: used, new_password: 'novaSenha77' },
    });
    const replaced = await linkFor('fabricante@origem.local');
    await linkFor('fabricante@origem.local');
    const expired = await linkFor('confederacao@origem.local');
    await t.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 minute' where used_at is null`,
    );
    for (const token of [used, replaced, expired, 'nao-existe']) {
      const res = await check(token);
      expect(res.statusCode, token).toBe(422);
      expect(res.json()).toMatchObject({
        message: messages.auth.resetInvalid,
        errors: { token: [messages.auth.resetInvalid] },
      });
    }
  });

  it('is a question, not a change: no audit row is owed', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
