import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createMailTestApp, lastPasswordLink, type TestApp } from '../../test/app';
import { mailText, type SmtpListener } from '../../test/smtp';

let t: TestApp;
let smtp: SmtpListener;
let admin: string;
beforeAll(async () => {
  ({ t, smtp } = await createMailTestApp());
  admin = await t.login('admin');
});
afterAll(() => t.close());

type UserBody = Record<string, unknown> & { id: number; email: string };

async function userByEmail(email: string): Promise<UserBody> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(email);
  const res = await t.request('GET', `/v1/user/${row.id}`, { token: admin });
  return res.json<UserBody>();
}

/** PUT the user back as the form would, with its e-mail changed. */
function changeEmail(token: string, user: UserBody, email: string) {
  const { id, name, cpf, cnpj, phone, role_id, trade_association_id, federation_id, confederation_id } = user;
  return t.request('PUT', `/v1/user/${id}`, {
    token,
    body: { name, cpf, cnpj, phone, role_id, trade_association_id, federation_id, confederation_id, email },
  });
}

/** The mail body as read: quoted-printable bytes back to UTF-8 text. */
const linkTo = (email: string) => lastPasswordLink(t, smtp, email);

describe('someone else changes a user’s e-mail: no silent takeover', () => {
  it('tells the old address, kills pending links and ends the user’s sessions', async () => {
    const victim = await t.login('analista');
    await t.request('POST', '/v1/user/send_new_password', { body: { email: 'analista@origem.local' } });
    const pending = await linkTo('analista@origem.local');

    const manager = await t.login('associacao');
    const user = await userByEmail('analista@origem.local');
    const res = await changeEmail(manager, user, 'outro.endereco@exemplo.com');
    expect(res.statusCode, res.body).toBe(200);

    await t.app.mail.flush();
    const notice = smtp.mails.filter((m) => m.to.includes('analista@origem.local')).at(-1);
    const text = mailText(notice?.raw ?? '');
    expect(text).toContain('alterou o e-mail do seu acesso ao Origem de analista@origem.local');
    expect(text).toContain('Elisa Associação');
    expect(text).toContain('ou***@exemplo.com');
    expect(text).not.toContain('outro.endereco@exemplo.com');

    expect((await t.request('GET', '/v1/user/detail', { token: victim })).statusCode).toBe(401);
    const reset = await t.request('POST', '/v1/user/reset_password', {
      body: { token: pending, new_password: 'tomada123' },
    });
    expect(reset.statusCode).toBe(422);
  });

  it('sends a fresh welcome link to the new address of a user who never set a password', async () => {
    const created = await t.request('POST', '/v1/user', {
      token: admin,
      body: { name: 'Ivo Novo', email: 'ivo.errado@exemplo.com', role_id: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const typo = await linkTo('ivo.errado@exemplo.com');
    const res = await changeEmail(admin, created.json<UserBody>(), 'ivo@exemplo.com');
    expect(res.statusCode, res.body).toBe(200);
    const fresh = await linkTo('ivo@exemplo.com');
    const stale = await t.request('POST', '/v1/user/reset_password', {
      body: { token: typo, new_password: 'senhaIvo1' },
    });
    expect(stale.statusCode).toBe(422);
    const ok = await t.request('POST', '/v1/user/reset_password', {
      body: { token: fresh, new_password: 'senhaIvo1' },
    });
    expect(ok.statusCode).toBe(204);
  });

  it('a user changing its own e-mail keeps its session; links to the old address still die', async () => {
    const own = await t.login('admin');
    await t.request('POST', '/v1/user/send_new_password', { body: { email: 'admin@origem.local' } });
    const pending = await linkTo('admin@origem.local');
    const before = smtp.mails.length;
    const res = await changeEmail(own, await userByEmail('admin@origem.local'), 'admin2@origem.local');
    expect(res.statusCode, res.body).toBe(200);
    await t.app.mail.flush();
    expect(smtp.mails.length).toBe(before);
    expect((await t.request('GET', '/v1/user/detail', { token: own })).statusCode).toBe(200);
    const reset = await t.request('POST', '/v1/user/reset_password', {
      body: { token: pending, new_password: 'tomada123' },
    });
    expect(reset.statusCode).toBe(422);
  });
});
