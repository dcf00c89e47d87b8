import { withCheckDigits } from '@origem/contract/validators/tax-id';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  accessTokens,
  dispatchers,
  exporters,
  mailOutbox,
  passwordResets,
  roles,
  tradeAssociations,
  users,
} from '../../db/schema';
import { createMailTestApp, loginAll, type TestApp } from '../../test/app';
import { expect5xx } from '../../test/expect-5xx';
import { mailBody, type SmtpListener } from '../../test/smtp';
import { expectUnchanged } from '../../test/snapshot';
import { grant, insertRioFederation, lastAudit } from '../entities/test-support';

let t: TestApp;
let smtp: SmtpListener;
const tok: Record<string, string> = {};
const roleId: Record<string, number> = {};
const userId: Record<string, number> = {};
let santos = 0;
let rio = 0;
let rioUserId = 0;
let exporterId = 0;
let dispatcherId = 0;

type UserBody = {
  id: number;
  name: string;
  email: string;
  cpf: string | null;
  cnpj: string | null;
  change_password: boolean;
  role: { name: string };
  trade_association_id: number | null;
  trade_association: { id: number; name: string } | null;
  federation_id: number | null;
};
type Page = { data: UserBody[]; current_page: number; per_page: number; total: number; last_page: number };

const FORBIDDEN = 'Você não tem permissão para realizar esta ação.';
const NOT_FOUND = 'Registro não encontrado.';

beforeAll(async () => {
  ({ t, smtp } = await createMailTestApp());
  for (const r of await t.db.select({ id: roles.id, name: roles.name }).from(roles)) roleId[r.name] = r.id;
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) {
    userId[u.email.split('@')[0] ?? ''] = u.id;
  }
  const [assoc] = await t.db.select({ id: tradeAssociations.id }).from(tradeAssociations);
  santos = assoc?.id ?? 0;
  exporterId = (await t.db.select({ id: exporters.id }).from(exporters))[0]?.id ?? 0;
  dispatcherId = (await t.db.select({ id: dispatchers.id }).from(dispatchers))[0]?.id ?? 0;
  // A second federation with its own association: the scoping tests need someone out of reach.
  const rioFed = await insertRioFederation(t);
  const [assocRio] = await t.db
    .insert(tradeAssociations)
    .values({ name: 'Associação Comercial do Rio de Janeiro', abbreviation: 'ACRJ', federation_id: rioFed })
    .returning({ id: tradeAssociations.id });
  rio = assocRio?.id ?? 0;
  const [rioUser] = await t.db
    .insert(users)
    .values({
      name: 'Rita Carioca',
      email: 'rita@rio.origem.local',
      role_id: roleId.analista ?? 0,
      trade_association_id: rio,
      federation_id: rioFed,
      change_password: false,
    })
    .returning({ id: users.id });
  rioUserId = rioUser?.id ?? 0;
  Object.assign(
    tok,
    await loginAll(t, ['admin', 'analista', 'exportador', 'associacao', 'federacao', 'confederacao']),
  );
});

afterAll(async () => {
  await t.app.mail.flush();
  await t.close();
});

const get = (url: string, token = tok.admin) => t.request('GET', url, { token });
const post = (body: unknown, token = tok.admin) => t.request('POST', '/v1/user', { token, body });
const put = (id: number, body: unknown, token = tok.admin) =>
  t.request('PUT', `/v1/user/${id}`, { token, body });
const del = (id: number, token = tok.admin) => t.request('DELETE', `/v1/user/${id}`, { token });

let seq = 0;
/** A valid creation body for an association user, with a unique e-mail. */
function newUser(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Usuária Teste ${seq}`,
    email: `teste${seq}@origem.local`,
    role_id: roleId.analista,
    trade_association_id: santos,
    ...overrides,
  };
}

/** Everything a refused mutation must leave alone: row counts and the content of the users table. */
async function snapshot() {
  const [row] = await queryRows<Record<string, string | number>>(
    t.db,
    sql`select (select count(*)::int from users) as users,
               (select count(*)::int from audits) as audits,
               (select count(*)::int from mail_outbox) as mails,
               (select count(*)::int from password_resets) as resets,
               (select count(*)::int from access_tokens where revoked_at is null) as live_tokens,
               (select md5(coalesce(string_agg(u::text, '|' order by u.id), '')) from users u) as users_hash`,
  );
  return row;
}

const expectNothingChanged = <T>(action: () => Promise<T>): Promise<T> => expectUnchanged(snapshot, action);

async function liveUserNames(): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(t.db, sql`select name from users where deleted_at is null`);
  return rows.map((r) => r.name);
}

async function allPages(url: string, token = tok.admin): Promise<UserBody[]> {
  const out: UserBody[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${url}${url.includes('?') ? '&' : '?'}page=${page}`, token);
    expect(res.statusCode).toBe(200);
    const body = res.json<Page>();
    out.push(...body.data);
    if (page >= body.last_page) return out;
  }
}

/** Copies a demo user's hash (password origem123) so a freshly created user can sign in. */
async function giveDemoPassword(id: number) {
  const [demo] = await t.db
    .select({ hash: users.password_hash })
    .from(users)
    .where(eq(users.id, userId.analista ?? 0));
  await t.db
    .update(users)
    .set({ password_hash: demo?.hash ?? null })
    .where(eq(users.id, id));
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

describe('rules settled for managers', () => {
  it('an association manager cannot delete a user whose role it could not assign', async () => {
    const created = await post(newUser({ role_id: roleId.exportador, exporter_id: exporterId }));
    expect(created.statusCode).toBe(201);
    const res = await expectNothingChanged(() => del(created.json().id, tok.associacao));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Você não pode atribuir este perfil.');
  });

  it('an association manager cannot edit a user whose role it could not assign', async () => {
    const created = await post(newUser({ role_id: roleId.exportador, exporter_id: exporterId }));
    const { id, name, email, trade_association_id } = created.json();
    const res = await expectNothingChanged(() =>
      put(id, { name, email, role_id: roleId.analista, trade_association_id }, tok.associacao),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Você não pode atribuir este perfil.');
  });

  it('a PUT that omits "active" keeps the current state; an inactive user gets no welcome mail', async () => {
    const mailsBefore = (await snapshot())?.mails;
    const created = await post(newUser({ active: false }));
    expect(created.statusCode).toBe(201);
    expect(created.json().active).toBe(false);
    expect((await snapshot())?.mails).toBe(mailsBefore);
    const { id, name, email, role_id, trade_association_id } = created.json();
    const res = await put(id, { name: `${name} Editada`, email, role_id, trade_association_id });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
  });

  it('shows change_password in the audit of a created user', async () => {
    const created = await post(newUser());
    const audit = await lastAudit(t, 'user', created.json().id);
    expect(audit?.new_values).toMatchObject({ change_password: true });
    expect(JSON.stringify(audit?.new_values)).not.toContain('password_hash');
  });
});

describe('exporter and dispatcher users act for their record', () => {
  it("an exportador user needs its exporter, and takes the exporter's association", async () => {
    const missing = await expectNothingChanged(() => post(newUser({ role_id: roleId.exportador })));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ exporter_id: ['Informe o exportador do usuário.'] });

    const unknown = await expectNothingChanged(() =>
      post(newUser({ role_id: roleId.exportador, exporter_id: 999_999 })),
    );
    expect(unknown.json().errors).toEqual({ exporter_id: ['Opção inválida.'] });

    const created = await post(
      newUser({ role_id: roleId.exportador, exporter_id: exporterId, trade_association_id: rio }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      exporter_id: exporterId,
      exporter: { id: exporterId, name: 'Café Santista Exportadora Ltda.' },
      dispatcher_id: null,
      trade_association_id: santos,
    });
  });

  it('a despachante user is tied to its dispatcher; another role drops the link', async () => {
    const created = await post(
      newUser({ role_id: roleId.despachante, dispatcher_id: dispatcherId, exporter_id: exporterId }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ dispatcher_id: dispatcherId, exporter_id: null });
    const { id, name, email } = created.json();
    const moved = await put(id, {
      name,
      email,
      role_id: roleId.analista,
      trade_association_id: santos,
      dispatcher_id: dispatcherId,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ dispatcher_id: null, exporter_id: null });
  });

  it('the session of an exporter user names its exporter', async () => {
    const res = await get('/v1/user/detail', tok.exportador);
    expect(res.json().exporter).toEqual({ id: exporterId });
    expect(res.json().dispatcher).toBeNull();
  });
});

describe('GET /v1/user', () => {
  it('pages the live users in name order, as people read it (accents and case do not push names to the end)', async () => {
    // Enough users for two pages, with names a byte-order sort would misplace.
    for (const name of [
      'Élida Souza',
      'beatriz lima',
      'Álvaro Prado',
      'Zuleica Reis',
      'otávio nunes',
      'Íris Melo',
    ]) {
      expect((await post(newUser({ name }))).statusCode).toBe(201);
    }
    for (let i = 0; i < 3; i++) expect((await post(newUser())).statusCode).toBe(201);

    const first = await get('/v1/user?page=1');
    expect(first.statusCode).toBe(200);
    const body = first.json<Page>();
    const names = await liveUserNames();
    expect(body).toMatchObject({ current_page: 1, per_page: 15, total: names.length });
    expect(body.last_page).toBe(Math.ceil(names.length / 15));
    expect(body.data).toHaveLength(15);
    expect(body.last_page).toBeGreaterThanOrEqual(2);

    const second = (await get('/v1/user?page=2')).json<Page>();
    expect(second.current_page).toBe(2);
    expect(second.data).toHaveLength(Math.min(15, names.length - 15));

    const listed = (await allPages('/v1/user')).map((u) => u.name);
    expect(listed).toEqual([...names].sort(collator.compare));
    expect(listed.slice(0, 3)).toEqual(['Álvaro Prado', 'Ana Administradora', 'beatriz lima']);
    expect(listed.indexOf('Élida Souza')).toBe(listed.indexOf('Elisa Associação') - 1);
    expect(listed.at(-1)).toBe('Zuleica Reis');
  });

  it('answers an empty page past the end and falls back to page 1 for a bad page number', async () => {
    const past = (await get('/v1/user?page=99')).json<Page>();
    expect(past.data).toEqual([]);
    expect(past.current_page).toBe(99);
    const bad = (await get('/v1/user?page=abc')).json<Page>();
    expect(bad.current_page).toBe(1);
    expect(bad.data.length).toBeGreaterThan(0);
  });

  it('returns the role and the hierarchy of each user', async () => {
    const rows = await allPages('/v1/user');
    const bruno = rows.find((u) => u.email === 'analista@origem.local');
    expect(bruno).toMatchObject({
      name: 'Bruno Analista',
      cpf: withCheckDigits('222555888'),
      role: { name: 'analista', display_name: 'Analista', type: 'associacao' },
      trade_association: { id: santos, name: 'Associação Comercial de Santos' },
      federation: { name: 'Federação das Associações Comerciais de São Paulo' },
      change_password: false,
    });
    expect(bruno).not.toHaveProperty('password_hash');
  });
});

describe('GET /v1/user/search', () => {
  let alnum: UserBody;

  beforeAll(async () => {
    const res = await post(
      newUser({ name: 'Otto Alfanumérico', cnpj: '12.ABC.345/01DE-35', email: 'otto@alfa.local' }),
    );
    expect(res.statusCode).toBe(201);
    alnum = res.json<UserBody>();
  });

  const search = async (query: string, token = tok.admin) => {
    const res = await get(`/v1/user/search?${query}`, token);
    expect(res.statusCode).toBe(200);
    return res.json<Page>();
  };

  it('filters by role_id', async () => {
    const page = await search(`role_id=${roleId.federacao}`);
    expect(page.data.map((u) => u.email)).toEqual(['federacao@origem.local']);
    expect(page.total).toBe(1);
  });

  it('filters by trade_association_id', async () => {
    const page = await search(`trade_association_id=${rio}`);
    expect(page.data.map((u) => u.name)).toEqual(['Rita Carioca']);
    const santosPage = await search(`trade_association_id=${santos}`);
    expect(santosPage.total).toBeGreaterThan(5);
    expect(santosPage.data.every((u) => u.trade_association_id === santos)).toBe(true);
  });

  it('filters by part of the e-mail, in any letter case', async () => {
    expect((await search('email=ANALISTA@ORIGEM')).data.map((u) => u.name)).toEqual(['Bruno Analista']);
  });

  it('filters by part of the name, in any letter case', async () => {
    expect((await search('name=bruno')).data.map((u) => u.email)).toEqual(['analista@origem.local']);
    // LIKE wildcards typed by the user match themselves only.
    expect((await search('name=%25')).total).toBe(0);
    expect((await search('name=_')).total).toBe(0);
  });

  it('filters by CPF, masked or not, whole or in part', async () => {
    const cpf = withCheckDigits('222555888');
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    for (const q of [cpf, masked, '222.555', '222555']) {
      expect(
        (await search(`cpf=${encodeURIComponent(q)}`)).data.map((u) => u.name),
        q,
      ).toEqual(['Bruno Analista']);
    }
  });

  it('filters by CNPJ, including the alphanumeric form, masked or not and in any case', async () => {
    for (const q of ['12.ABC.345/01DE-35', '12ABC34501DE35', '12abc345']) {
      expect(
        (await search(`cnpj=${encodeURIComponent(q)}`)).data.map((u) => u.id),
        q,
      ).toEqual([alnum.id]);
    }
    expect((await search('cnpj=99999999')).total).toBe(0);
  });

  it('combines filters with AND and keeps the page shape', async () => {
    const none = await search(`role_id=${roleId.admin}&name=Bruno`);
    expect(none).toEqual({
      data: [],
      current_page: 1,
      per_page: 15,
      total: 0,
      last_page: 1,
      total_capped: false,
    });
    const both = await search(`role_id=${roleId.analista}&trade_association_id=${santos}&name=analista`);
    expect(both.data.map((u) => u.name)).toEqual(['Bruno Analista']);
  });

  it('ignores blank filters and refuses malformed ids with 422', async () => {
    const blank = await search('role_id=&name=&cpf=');
    expect(blank.total).toBe((await liveUserNames()).length);
    const bad = await get('/v1/user/search?role_id=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('role_id');
    // Larger than any id the database can hold: a validation error, not a crash.
    expect((await get('/v1/user/search?role_id=99999999999')).statusCode).toBe(422);
  });
});

describe('GET /v1/user/{id}', () => {
  it('returns one user', async () => {
    const res = await get(`/v1/user/${userId.associacao}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: userId.associacao,
      name: 'Elisa Associação',
      email: 'associacao@origem.local',
      role: { name: 'associacao', display_name: 'Associação Comercial' },
      trade_association: { name: 'Associação Comercial de Santos' },
    });
  });

  it('answers 404 in Portuguese for an unknown id and 422 for a malformed or out-of-range one', async () => {
    const missing = await get('/v1/user/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NotFound', message: NOT_FOUND });
    expect((await get('/v1/user/abc')).statusCode).toBe(422);
    expect((await get('/v1/user/99999999999')).statusCode).toBe(422);
  });
});

describe('POST /v1/user', () => {
  it('creates the user without a password, flagged to change it, mails a link in the same transaction and audits it', async () => {
    const body = newUser({
      name: '  Paula Nova  ',
      email: 'Paula.Nova@Origem.local',
      cpf: '123.456.789-09',
      phone: '13 3219-7000',
    });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const created = res.json<UserBody>();
    expect(created).toMatchObject({
      name: 'Paula Nova',
      email: 'paula.nova@origem.local',
      cpf: '12345678909',
      change_password: true,
      role: { name: 'analista' },
      trade_association_id: santos,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row?.password_hash).toBeNull();
    expect(row?.change_password).toBe(true);
    // The association's federation and confederation come with it.
    const [fed] = await t.db
      .select({ id: tradeAssociations.federation_id })
      .from(tradeAssociations)
      .where(eq(tradeAssociations.id, santos));
    expect(row?.federation_id).toBe(fed?.id);
    expect(row?.confederation_id).not.toBeNull();

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'paula.nova@origem.local'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Origem — seu acesso foi criado');
    expect(mails[0]?.text).toMatch(/http:\/\/origem\.test\/redefinir-senha\?token=[\w-]{43}/);
    expect(mails[0]?.text).toContain('Olá, Paula Nova.');
    const resets = await t.db.select().from(passwordResets).where(eq(passwordResets.user_id, created.id));
    expect(resets).toHaveLength(1);
    const ttl = (resets[0]?.expires_at.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(71 * 3600_000);

    const audit = await lastAudit(t, 'user', created.id);
    expect(audit).toMatchObject({
      event: 'created',
      user_id: userId.admin,
      url: '/v1/user',
      user_agent: 'vitest',
    });
    expect(audit?.new_values).toMatchObject({
      name: 'Paula Nova',
      email: 'paula.nova@origem.local',
      cpf: '12345678909',
      role_id: roleId.analista,
      trade_association_id: santos,
    });
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|argon2/);
  });

  it('writes nothing at all when a later step of the creation fails (user, link and mail commit together)', async () => {
    await t.db.execute(sql`create or replace function refuse_mail() returns trigger language plpgsql as $$
      begin if new."to" = 'falha@origem.local' then raise exception 'mail refused'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`,
    );
    try {
      // The database refuses the mail: an unforeseen failure, answered as the generic 500 on purpose.
      expect5xx({ status: 500, route: '/v1/user' });
      const res = await expectNothingChanged(() => post(newUser({ email: 'falha@origem.local' })));
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe(
        'Não foi possível processar sua solicitação. Tente novamente mais tarde.',
      );
    } finally {
      await t.db.execute(sql`drop trigger refuse_mail on mail_outbox`);
    }
  });

  it('refuses an e-mail already in use, in any letter case, without writing anything', async () => {
    for (const email of ['admin@origem.local', 'ADMIN@Origem.Local', '  Analista@ORIGEM.local ']) {
      const res = await expectNothingChanged(() => post(newUser({ email })));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'ValidationError',
        errors: { email: ['Este e-mail já está em uso por outro usuário.'] },
      });
    }
  });

  it('lets only one of two simultaneous creations with the same e-mail through', async () => {
    const body = newUser({ email: 'corrida@origem.local' });
    const results = await Promise.all([post(body), post({ ...body, email: 'CORRIDA@origem.local' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = results.find((r) => r.statusCode === 422);
    expect(refused?.json().errors).toEqual({ email: ['Este e-mail já está em uso por outro usuário.'] });
    const rows = await queryRows(t.db, sql`select id from users where lower(email) = 'corrida@origem.local'`);
    expect(rows).toHaveLength(1);
  });

  it('validates CPF, CNPJ, e-mail and required fields in Portuguese', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ cpf: '123.456.789-00' }, { cpf: ['CPF inválido.'] }],
      [{ cpf: '111.111.111-11' }, { cpf: ['CPF inválido.'] }],
      [{ cnpj: '12.ABC.345/01DE-36' }, { cnpj: ['CNPJ inválido.'] }],
      [{ email: 'sem-arroba' }, { email: ['Informe um e-mail válido.'] }],
      [{ name: undefined }, { name: ['Campo obrigatório.'] }],
      [{ name: '   ' }, { name: ['Campo obrigatório.'] }],
      [{ name: 'x'.repeat(256) }, { name: ['Use no máximo 255 caracteres.'] }],
      [{ role_id: undefined }, { role_id: ['Campo obrigatório.'] }],
      [{ role_id: 999999 }, { role_id: ['Opção inválida.'] }],
      [{ role_id: 99999999999 }, { role_id: ['Opção inválida.'] }],
      [{ trade_association_id: 999999 }, { trade_association_id: ['Opção inválida.'] }],
    ];
    for (const [override, errors] of cases) {
      const res = await expectNothingChanged(() => post(newUser(override)));
      expect(res.statusCode, JSON.stringify(override)).toBe(422);
      expect(res.json().errors, JSON.stringify(override)).toEqual(errors);
      expect(res.json().code).toBe('ValidationError');
    }
  });

  it('accepts an alphanumeric CNPJ and stores it unmasked', async () => {
    const res = await post(newUser({ cnpj: '12.abc.345/01de-35', email: 'alfa2@origem.local' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().cnpj).toBe('12ABC34501DE35');
    const [row] = await t.db.select({ cnpj: users.cnpj }).from(users).where(eq(users.id, res.json().id));
    expect(row?.cnpj).toBe('12ABC34501DE35');
  });

  it('requires an association for an association-type role, a federation for a federation role', async () => {
    const noAssoc = await expectNothingChanged(() => post(newUser({ trade_association_id: null })));
    expect(noAssoc.statusCode).toBe(422);
    expect(noAssoc.json().errors).toEqual({
      trade_association_id: ['Informe a associação comercial do usuário.'],
    });
    const noFed = await expectNothingChanged(() =>
      post(newUser({ role_id: roleId.federacao, trade_association_id: null })),
    );
    expect(noFed.statusCode).toBe(422);
    expect(noFed.json().errors).toEqual({ federation_id: ['Informe a federação do usuário.'] });
  });

  it('places an admin outside the hierarchy whatever is sent', async () => {
    const res = await post(newUser({ role_id: roleId.admin, trade_association_id: santos }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      trade_association_id: null,
      federation_id: null,
      role: { name: 'admin' },
    });
  });

  it('delivers the welcome mail over SMTP, and its link sets the password', async () => {
    const res = await post(newUser({ name: 'Sofia Boas-Vindas', email: 'sofia@origem.local' }));
    expect(res.statusCode).toBe(201);
    const id = res.json<UserBody>().id;
    await t.app.mail.flush();
    const mail = smtp.mails.find((m) => m.to.includes('sofia@origem.local'));
    expect(mail).toBeDefined();
    const text = mailBody(mail?.raw ?? '');
    expect(text).toContain('Definir a senha');
    const token = /http:\/\/origem\.test\/redefinir-senha\?token=([\w-]+)/.exec(text)?.[1];
    expect(token).toBeDefined();
    const [outbox] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'sofia@origem.local'));
    expect(outbox?.status).toBe('ENVIADO');

    // No password yet: nobody can sign in as the new user.
    const before = await t.request('POST', '/v1/oauth/token', {
      body: { grant_type: 'password', client_id: '2', username: 'sofia@origem.local', password: 'qualquer1' },
    });
    expect(before.statusCode).toBe(401);

    const set = await t.request('POST', '/v1/user/reset_password', {
      body: { token, new_password: 'senhaNova1' },
    });
    expect(set.statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row?.change_password).toBe(false);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const login = await t.request('POST', '/v1/oauth/token', {
      body: {
        grant_type: 'password',
        client_id: '2',
        username: 'sofia@origem.local',
        password: 'senhaNova1',
      },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('PUT /v1/user/{id}', () => {
  let target: UserBody;
  beforeAll(async () => {
    target = (
      await post(newUser({ name: 'Renata Antiga', email: 'renata@origem.local', phone: '1332191111' }))
    ).json();
  });

  it('updates the user and audits only the keys that changed, never a password hash', async () => {
    // Give the user a password so there is a hash that must not leak.
    await t.db.update(users).set({ password_hash: '$argon2id$v=19$segredo' }).where(eq(users.id, target.id));
    const res = await put(target.id, {
      name: 'Renata Nova',
      email: 'renata@origem.local',
      phone: '(13) 3234-5678',
      role_id: roleId.analista,
      trade_association_id: santos,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, name: 'Renata Nova', phone: '1332345678' });
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ name: 'Renata Nova', phone: '1332345678', email: 'renata@origem.local' });
    expect(row?.password_hash).toBe('$argon2id$v=19$segredo');

    const audit = await lastAudit(t, 'user', target.id);
    expect(audit?.event).toBe('updated');
    expect(audit?.user_id).toBe(userId.admin);
    expect(audit?.old_values).toEqual({ name: 'Renata Antiga', phone: '1332191111' });
    expect(audit?.new_values).toEqual({ name: 'Renata Nova', phone: '1332345678' });
    expect(JSON.stringify(audit)).not.toContain('segredo');
  });

  it('refuses an e-mail that another live user has, in any letter case', async () => {
    const res = await expectNothingChanged(() =>
      put(target.id, {
        name: 'Renata Nova',
        email: 'EXPORTADOR@origem.local',
        role_id: roleId.analista,
        trade_association_id: santos,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Este e-mail já está em uso por outro usuário.'] });
  });

  it('validates the body like the creation', async () => {
    const res = await expectNothingChanged(() =>
      put(target.id, { name: '', email: 'renata@origem.local', cpf: '000', role_id: roleId.analista }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['Campo obrigatório.'], cpf: ['CPF inválido.'] });
  });

  it('answers 404 for an unknown or deleted user', async () => {
    const res = await expectNothingChanged(() =>
      put(999999, {
        name: 'X',
        email: 'x@origem.local',
        role_id: roleId.analista,
        trade_association_id: santos,
      }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOT_FOUND);
  });

  it('does not let a manager change its own role', async () => {
    const res = await expectNothingChanged(() =>
      put(
        userId.associacao ?? 0,
        {
          name: 'Elisa Associação',
          email: 'associacao@origem.local',
          role_id: roleId.analista,
          trade_association_id: santos,
        },
        tok.associacao,
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ role_id: ['Você não pode atribuir este perfil.'] });
  });

  it('ends the sessions of a user made inactive', async () => {
    const created = (await post(newUser({ email: 'inativa@origem.local' }))).json<UserBody>();
    await giveDemoPassword(created.id);
    const login = await t.request('POST', '/v1/oauth/token', {
      body: {
        grant_type: 'password',
        client_id: '2',
        username: 'inativa@origem.local',
        password: 'origem123',
      },
    });
    expect(login.statusCode).toBe(200);
    const session = login.json().access_token as string;
    expect((await get('/v1/user/detail', session)).statusCode).toBe(200);
    const res = await put(created.id, {
      name: created.name,
      email: created.email,
      role_id: roleId.analista,
      trade_association_id: santos,
      active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await get('/v1/user/detail', session)).statusCode).toBe(401);
    const again = await t.request('POST', '/v1/oauth/token', {
      body: {
        grant_type: 'password',
        client_id: '2',
        username: 'inativa@origem.local',
        password: 'origem123',
      },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Usuário inativo. Procure o administrador do sistema.');
  });
});

describe('DELETE /v1/user/{id}', () => {
  it('soft-deletes: the row stays, leaves the lists, its sessions end and its e-mail can be reused', async () => {
    const created = (
      await post(newUser({ name: 'Davi Descartado', email: 'davi@origem.local' }))
    ).json<UserBody>();
    await giveDemoPassword(created.id);
    const login = await t.request('POST', '/v1/oauth/token', {
      body: { grant_type: 'password', client_id: '2', username: 'davi@origem.local', password: 'origem123' },
    });
    const session = login.json().access_token as string;
    expect((await get('/v1/user/detail', session)).statusCode).toBe(200);

    const res = await del(created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Usuário excluído com sucesso!' });

    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row?.deleted_at).toBeInstanceOf(Date);
    const live = await t.db
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.user_id, created.id), sql`revoked_at is null`));
    expect(live).toHaveLength(0);
    expect((await get('/v1/user/detail', session)).statusCode).toBe(401);
    expect((await get(`/v1/user/${created.id}`)).statusCode).toBe(404);
    expect((await allPages('/v1/user')).some((u) => u.id === created.id)).toBe(false);
    expect((await get('/v1/user/search?name=Davi')).json<Page>().total).toBe(0);
    const relogin = await t.request('POST', '/v1/oauth/token', {
      body: { grant_type: 'password', client_id: '2', username: 'davi@origem.local', password: 'origem123' },
    });
    expect(relogin.statusCode).toBe(401);

    const audit = await lastAudit(t, 'user', created.id);
    expect(audit).toMatchObject({
      event: 'deleted',
      user_id: userId.admin,
      old_values: { name: 'Davi Descartado', email: 'davi@origem.local' },
    });

    const again = await expectNothingChanged(() => del(created.id));
    expect(again.statusCode).toBe(404);

    const reused = await post(newUser({ name: 'Davi Segundo', email: 'DAVI@origem.local' }));
    expect(reused.statusCode).toBe(201);
    expect(reused.json().id).not.toBe(created.id);
  });

  it('refuses to delete yourself', async () => {
    const res = await expectNothingChanged(() => del(userId.admin ?? 0));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Você não pode excluir o seu próprio usuário.',
      errors: { id: ['Você não pode excluir o seu próprio usuário.'] },
    });
    expect((await get('/v1/user/detail')).statusCode).toBe(200);
  });
});

describe('authorization', () => {
  it('answers 401 without a token', async () => {
    const res = await expectNothingChanged(() => t.request('POST', '/v1/user', { body: newUser() }));
    expect(res.statusCode).toBe(401);
    expect((await t.request('GET', '/v1/user')).statusCode).toBe(401);
  });

  it('refuses every user route to a role without user.view (exportador) with 403', async () => {
    for (const url of ['/v1/user', '/v1/user/search?name=a', `/v1/user/${userId.exportador}`]) {
      const res = await get(url, tok.exportador);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ code: 'Forbidden', message: FORBIDDEN });
    }
    const created = await expectNothingChanged(() => post(newUser(), tok.exportador));
    expect(created.statusCode).toBe(403);
  });

  it('lets analista (user.view, no user.manage) read but not write', async () => {
    expect((await get('/v1/user', tok.analista)).statusCode).toBe(200);
    const responses = await expectNothingChanged(async () => [
      await post(newUser(), tok.analista),
      await put(
        userId.exportador ?? 0,
        {
          name: 'X',
          email: 'exportador@origem.local',
          role_id: roleId.exportador,
          trade_association_id: santos,
          exporter_id: exporterId,
        },
        tok.analista,
      ),
      await del(userId.exportador ?? 0, tok.analista),
    ]);
    for (const res of responses) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(FORBIDDEN);
    }
  });

  it('lets confederacao read every user but not write', async () => {
    const rows = await allPages('/v1/user', tok.confederacao);
    expect(rows.map((u) => u.name).sort()).toEqual((await liveUserNames()).sort());
    const res = await expectNothingChanged(() => post(newUser(), tok.confederacao));
    expect(res.statusCode).toBe(403);
  });
});

describe('row scoping', () => {
  it('admin sees every live user, of every association and federation', async () => {
    const rows = await allPages('/v1/user');
    expect(rows.map((u) => u.name).sort()).toEqual((await liveUserNames()).sort());
    expect(rows.some((u) => u.id === rioUserId)).toBe(true);
  });

  it('associacao lists only the users of its association, and itself', async () => {
    const rows = await allPages('/v1/user', tok.associacao);
    const expected = await queryRows<{ id: number }>(
      t.db,
      sql`select id from users where deleted_at is null and trade_association_id = ${santos}`,
    );
    expect(rows.map((u) => u.id).sort((a, b) => a - b)).toEqual(
      expected.map((r) => r.id).sort((a, b) => a - b),
    );
    expect(rows.every((u) => u.trade_association_id === santos)).toBe(true);
    const emails = rows.map((u) => u.email);
    expect(emails).toContain('associacao@origem.local');
    for (const hidden of [
      'admin@origem.local',
      'federacao@origem.local',
      'confederacao@origem.local',
      'rita@rio.origem.local',
    ]) {
      expect(emails).not.toContain(hidden);
    }
    // Filters cannot widen the scope.
    expect(
      (await get(`/v1/user/search?trade_association_id=${rio}`, tok.associacao)).json<Page>().total,
    ).toBe(0);
    expect((await get('/v1/user/search?email=admin@', tok.associacao)).json<Page>().total).toBe(0);
  });

  it('associacao gets 404 for the admin, the federation user or another association, and changes nothing', async () => {
    for (const id of [userId.admin, userId.federacao, rioUserId]) {
      const res = await get(`/v1/user/${id}`, tok.associacao);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NOT_FOUND);
      const changes = await expectNothingChanged(async () => [
        await put(
          id ?? 0,
          { name: 'Invasão', email: `invasao${id}@origem.local`, role_id: roleId.associacao },
          tok.associacao,
        ),
        await del(id ?? 0, tok.associacao),
      ]);
      for (const r of changes) expect(r.statusCode).toBe(404);
    }
  });

  it('associacao cannot hand out a role above its own', async () => {
    for (const role of ['admin', 'federacao', 'confederacao', 'exportador']) {
      const res = await expectNothingChanged(() => post(newUser({ role_id: roleId[role] }), tok.associacao));
      expect(res.statusCode, role).toBe(422);
      expect(res.json().errors).toEqual({ role_id: ['Você não pode atribuir este perfil.'] });
    }
  });

  it('associacao creates users inside its own association, whatever association is sent', async () => {
    const res = await post(newUser({ name: 'Ivo Intruso', trade_association_id: rio }), tok.associacao);
    expect(res.statusCode).toBe(201);
    const created = res.json<UserBody>();
    expect(created.trade_association_id).toBe(santos);
    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row?.trade_association_id).toBe(santos);
    expect((await lastAudit(t, 'user', created.id))?.user_id).toBe(userId.associacao);
    // Without any association in the body it is placed there too.
    const bare = await post(newUser({ trade_association_id: null }), tok.associacao);
    expect(bare.statusCode).toBe(201);
    expect(bare.json().trade_association_id).toBe(santos);
    // And an update cannot move a user out.
    const moved = await put(
      created.id,
      { name: created.name, email: created.email, role_id: roleId.analista, trade_association_id: rio },
      tok.associacao,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().trade_association_id).toBe(santos);
  });

  it('federacao sees the users of the associations of its federation, and the federation users', async () => {
    const rows = await allPages('/v1/user', tok.federacao);
    const emails = rows.map((u) => u.email);
    expect(emails).toContain('federacao@origem.local');
    expect(emails).toContain('analista@origem.local');
    expect(emails).toContain('associacao@origem.local');
    for (const hidden of ['admin@origem.local', 'confederacao@origem.local', 'rita@rio.origem.local']) {
      expect(emails).not.toContain(hidden);
    }
    const santosCount = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where deleted_at is null and trade_association_id = ${santos}`,
    );
    expect(rows.length).toBe((santosCount[0]?.n ?? 0) + 1);
    expect((await get(`/v1/user/${rioUserId}`, tok.federacao)).statusCode).toBe(404);
  });

  it('federacao places users only in associations of its federation', async () => {
    // DOMAIN §2 gives the federação no user management; an administrator may still grant it, within its scope.
    expect((await post(newUser({ trade_association_id: santos }), tok.federacao)).statusCode).toBe(403);
    await grant(t, 'federacao', 'user.manage');
    const out = await expectNothingChanged(() => post(newUser({ trade_association_id: rio }), tok.federacao));
    expect(out.statusCode).toBe(422);
    expect(out.json().errors).toEqual({ trade_association_id: ['Opção inválida.'] });
    const inside = await post(newUser({ trade_association_id: santos }), tok.federacao);
    expect(inside.statusCode).toBe(201);
    const [own] = await t.db
      .select({ id: users.federation_id })
      .from(users)
      .where(eq(users.id, userId.federacao ?? 0));
    const fedUser = await post(
      newUser({ role_id: roleId.federacao, trade_association_id: null, federation_id: 12345 }),
      tok.federacao,
    );
    expect(fedUser.statusCode).toBe(201);
    expect(fedUser.json().federation_id).toBe(own?.id);
  });
});

describe('audit guard', () => {
  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
