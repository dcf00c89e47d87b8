import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  audits,
  dispatchers,
  exporters,
  languages,
  mailOutbox,
  preRegistrations,
  roles,
  storedFiles,
  tradeAssociations,
  users,
} from '../../db/schema';
import { createMailTestApp, createTestApp, loginAll, type TestApp } from '../../test/app';
import { multipart, type PartValue } from '../../test/multipart';
import { mailBody, type SmtpListener } from '../../test/smtp';
import { insertRioFederation, storedBlobs } from '../entities/test-support';
import { applicantParts, PDF, pdf, taxIds } from './test-support';

let t: TestApp;
let smtp: SmtpListener;
const tok: Record<string, string> = {};
let santos = 0;
let facesp = 0;
let rio = 0;
let rioFed = 0;
let rioToken = '';

const BASE = '/v1/pre_registration';
const NOT_FOUND = 'Registro não encontrado.';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

beforeAll(async () => {
  ({ t, smtp } = await createMailTestApp());
  const [assoc] = await t.db
    .select({ id: tradeAssociations.id, federation_id: tradeAssociations.federation_id })
    .from(tradeAssociations);
  santos = assoc?.id ?? 0;
  facesp = assoc?.federation_id ?? 0;
  // A second federation with its own association and analyst: the scoping tests need someone out of reach.
  rioFed = await insertRioFederation(t);
  const [assocRio] = await t.db
    .insert(tradeAssociations)
    .values({
      name: 'Associação Comercial do Rio de Janeiro',
      abbreviation: 'ACRJ',
      federation_id: rioFed,
      email: 'atendimento@acrj.origem.local',
      phone: '2125146000',
    })
    .returning({ id: tradeAssociations.id });
  rio = assocRio?.id ?? 0;
  Object.assign(tok, await loginAll(t, ['admin', 'analista', 'exportador', 'associacao', 'federacao']));
  const [analystRole] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'analista'));
  await t.db.insert(users).values({
    name: 'Rita Carioca',
    email: 'rita.rio@origem.local',
    role_id: analystRole?.id ?? 0,
    trade_association_id: rio,
    federation_id: rioFed,
    change_password: false,
    password_hash: (await t.db.select().from(users).where(eq(users.email, 'analista@origem.local')))[0]
      ?.password_hash,
  });
  rioToken = await t.login('rita.rio');
});

afterAll(() => t.close());

const ids = taxIds('9');
const nextCnpj = ids.cnpj;
const nextCpf = ids.cpf;

function applicant(overrides: Record<string, PartValue> = {}): Record<string, PartValue> {
  const cnpj = nextCnpj();
  return applicantParts(cnpj, ids.seq, { federation: facesp, association: santos }, overrides);
}

const create = (parts: Record<string, PartValue>) => t.request('POST', BASE, multipart(parts));
const get = (url: string, token = tok.analista) => t.request('GET', url, { token });

type Created = { id: number; cnpj: string | null; cpf: string | null; status: string; email: string };
async function signUp(overrides: Record<string, PartValue> = {}): Promise<Created> {
  const res = await create(applicant(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Created>();
}

async function counts() {
  type Counts = Record<
    'pre_registrations' | 'exporters' | 'dispatchers' | 'users' | 'mails' | 'files' | 'audits',
    number
  > & {
    rows: string;
  };
  const [row] = await queryRows<Counts>(
    t.db,
    sql`select (select count(*)::int from pre_registrations) as pre_registrations,
               (select count(*)::int from exporters) as exporters,
               (select count(*)::int from dispatchers) as dispatchers,
               (select count(*)::int from users) as users,
               (select count(*)::int from mail_outbox) as mails,
               (select count(*)::int from stored_files) as files,
               (select count(*)::int from audits) as audits,
               (select md5(coalesce(string_agg(p::text, '|' order by p.id), '')) from pre_registrations p) as rows`,
  );
  if (!row) throw new Error('sem contagem');
  return { ...row, blobs: storedBlobs(t).length };
}

async function row(id: number) {
  const [found] = await t.db.select().from(preRegistrations).where(eq(preRegistrations.id, id));
  if (!found) throw new Error(`pré-cadastro ${id} não existe`);
  return found;
}

async function pendencyToken(id: number, reason = 'Contrato social ilegível.'): Promise<string> {
  const res = await t.request('POST', `${BASE}/pendency/${id}`, { token: tok.analista, body: { reason } });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.mail.flush();
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.subject, 'Origem — pendência no seu pré-cadastro')))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  const token = new RegExp(`/pre-cadastro-pendencia/${id}\\?token=([\\w-]+)`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('sem token no e-mail');
  return token;
}

describe('public options', () => {
  it('lists federations, associations by federation, profile types and countries without a token', async () => {
    const feds = await t.request('GET', `${BASE}/federation/all`);
    expect(feds.statusCode).toBe(200);
    expect(feds.json().data.map((f: { id: number }) => f.id)).toEqual(
      expect.arrayContaining([facesp, rioFed]),
    );

    const byFed = await t.request('GET', `${BASE}/trade_association/all?federation_id=${rioFed}`);
    expect(byFed.json().data).toEqual([
      {
        id: rio,
        name: 'Associação Comercial do Rio de Janeiro',
        abbreviation: 'ACRJ',
        federation_id: rioFed,
      },
    ]);
    const all = await t.request('GET', `${BASE}/trade_association/all`);
    expect(all.json().data.length).toBeGreaterThanOrEqual(2);

    const profiles = await t.request('GET', `${BASE}/profile_type/all`);
    expect(profiles.json()).toEqual({
      data: [
        { id: 'exportador', name: 'Exportador' },
        { id: 'despachante', name: 'Despachante' },
      ],
    });

    const [lang] = await t.db.select({ id: languages.id }).from(languages).limit(1);
    const countries = await t.request('GET', `${BASE}/country/language/${lang?.id}`);
    expect(countries.statusCode).toBe(200);
    const names = countries.json().data.map((c: { name: string }) => c.name);
    expect(names).toContain('Argentina');
    expect(names).toContain('Brasil');
    const unknown = await t.request('GET', `${BASE}/country/language/999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NOT_FOUND);
  });
});

describe('POST /v1/pre_registration (public sign-up)', () => {
  it('creates an ENVIADO pre-registration with its social contract, audited, without a token', async () => {
    const created = await signUp({ name: 'Café do Planalto Ltda.' });
    expect(created).toMatchObject({ status: 'ENVIADO', cpf: null });
    const stored = await row(created.id);
    expect(stored).toMatchObject({
      status: 'ENVIADO',
      profile_type: 'exportador',
      name: 'Café do Planalto Ltda.',
      phone: '13998765432',
      postcode: '11010000',
      trade_association_id: santos,
      federation_id: facesp,
    });
    expect(stored.cnpj).toMatch(/^\d{14}$/);
    const [file] = await t.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.owner_type, 'pre_registration'), eq(storedFiles.owner_id, created.id)));
    expect(file).toMatchObject({
      original_name: 'contrato.pdf',
      mime_type: 'application/pdf',
      size: PDF.length,
    });
    const [audit] = await t.db
      .select()
      .from(audits)
      .where(and(eq(audits.auditable_type, 'pre_registration'), eq(audits.auditable_id, created.id)));
    expect(audit).toMatchObject({ event: 'created', user_id: null });
    expect(audit?.new_values).toMatchObject({ social_contract: 'contrato.pdf', status: 'ENVIADO' });
  });

  it('accepts a person with a CPF and a dispatcher profile', async () => {
    const cpf = nextCpf();
    const created = await signUp({
      profile_type: 'despachante',
      person_type_id: '1',
      cpf,
      cnpj: '',
      name: 'Joana Despachante',
    });
    expect((await row(created.id)).cpf).toBe(cpf);
    expect((await row(created.id)).cnpj).toBeNull();
  });

  it('refuses bad input with Portuguese field messages and writes nothing', async () => {
    const before = await counts();
    const res = await create(
      applicant({
        profile_type: 'fabricante',
        cnpj: '11.111.111/1111-11',
        email: '',
        name: '',
        postcode: '123',
        social_contract: undefined,
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      profile_type: ['Escolha o perfil: Exportador ou Despachante.'],
      name: ['Campo obrigatório.'],
      postcode: ['Informe um CEP com 8 dígitos.'],
    });
    expect(res.json().errors.email).toContain('Campo obrigatório.');
    // The tax id is checked once the rest of the form holds together.
    const badCnpj = await create(applicant({ cnpj: '11.111.111/1111-11' }));
    expect(badCnpj.statusCode).toBe(422);
    expect(badCnpj.json().errors).toEqual({ cnpj: ['CNPJ inválido.'] });
    const noCpf = await create(applicant({ person_type_id: '1', cnpj: '' }));
    expect(noCpf.json().errors).toEqual({ cpf: ['Informe o CPF.'] });
    expect(await counts()).toEqual(before);
  });

  it('requires the social contract, as a PDF', async () => {
    const before = await counts();
    const missing = await create(applicant({ social_contract: undefined }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ social_contract: ['Envie o contrato social em PDF.'] });
    const png = await create(applicant({ social_contract: { filename: 'c.pdf', content: PNG } }));
    expect(png.statusCode).toBe(422);
    expect(png.json().errors.social_contract[0]).toMatch(/Tipo de arquivo não aceito/);
    expect(await counts()).toEqual(before);
  });

  it('refuses an association outside the chosen federation', async () => {
    const before = await counts();
    const res = await create(applicant({ federation_id: String(facesp), trade_association_id: String(rio) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      trade_association_id: ['A associação comercial escolhida não pertence à federação informada.'],
    });
    expect(await counts()).toEqual(before);
  });

  it('answers 251 with the support channels when the CNPJ belongs to a live exporter, writing nothing', async () => {
    const [exporter] = await t.db.select({ cnpj: exporters.cnpj }).from(exporters).limit(1);
    const before = await counts();
    const res = await create(applicant({ cnpj: exporter?.cnpj ?? '' }));
    expect(res.statusCode).toBe(251);
    expect(res.json()).toEqual({
      code: 'AlreadyRegistered',
      message: 'Este CPF/CNPJ já foi cadastrado em nosso Sistema',
      support: {
        name: 'Associação Comercial de Santos',
        email: 'origem@acs.origem.local',
        phone: '1332197000',
      },
    });
    expect(await counts()).toEqual(before);
  });

  it('answers 251 for a live dispatcher too, but not for a deleted one', async () => {
    const [dispatcher] = await t.db.select().from(dispatchers).limit(1);
    const res = await create(applicant({ cnpj: dispatcher?.cnpj ?? '' }));
    expect(res.statusCode).toBe(251);

    const cnpj = nextCnpj();
    await t.db.insert(exporters).values({
      person_type_id: 2,
      cnpj,
      name: 'Exportadora Excluída',
      trade_association_id: santos,
      deleted_at: new Date(),
    });
    const again = await create(applicant({ cnpj }));
    expect(again.statusCode).toBe(201);
  });

  it('answers 252 while another pre-registration with the CNPJ is ENVIADO or PENDENTE, not after a reproval', async () => {
    const first = await signUp();
    const before = await counts();
    const dup = await create(applicant({ cnpj: first.cnpj }));
    expect(dup.statusCode).toBe(252);
    expect(dup.json()).toMatchObject({
      code: 'UnderRegistrationAnalysis',
      message: 'Este CPF/CNPJ já foi cadastrado em nosso Sistema e está em fase de análise cadastral',
      support: { email: 'origem@acs.origem.local', phone: '1332197000' },
    });
    expect(await counts()).toEqual(before);

    await pendencyToken(first.id);
    expect((await create(applicant({ cnpj: first.cnpj }))).statusCode).toBe(252);

    const reprove = await t.request('POST', `${BASE}/reprove/${first.id}`, {
      token: tok.analista,
      body: { reason: 'Dados incompletos.' },
    });
    expect(reprove.statusCode).toBe(200);
    expect((await create(applicant({ cnpj: first.cnpj }))).statusCode).toBe(201);
  });

  it('verifies reCAPTCHA when configured', async () => {
    const guarded = await createTestApp({ RECAPTCHA_SECRET: 'segredo' });
    try {
      const res = await guarded.request('POST', BASE, multipart(applicant()));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        recaptchaToken: ['Não foi possível validar o reCAPTCHA. Tente novamente.'],
      });
      expect(storedBlobs(guarded)).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it('is rate-limited like the public auth routes', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const first = await limited.request('POST', BASE, multipart(applicant()));
      expect(first.statusCode).toBe(201);
      const second = await limited.request('POST', BASE, multipart(applicant()));
      expect(second.statusCode).toBe(429);
      expect(second.json().message).toBe('Muitas tentativas. Aguarde alguns instantes e tente novamente.');
    } finally {
      await limited.close();
    }
  });
});

describe('staff reading', () => {
  let ours: Created;
  let theirs: Created;
  beforeAll(async () => {
    ours = await signUp({ name: 'Zeta Exportações Ltda.' });
    theirs = await signUp({
      name: 'Carioca Exportações Ltda.',
      federation_id: String(rioFed),
      trade_association_id: String(rio),
    });
  });

  it('lists newest first, paged, with status, cpf and cnpj filters', async () => {
    const res = await get(BASE);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 15 });
    const dates = body.data.map((r: { created_at: string }) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data[0].id).toBe(ours.id);

    const byCnpj = await get(`${BASE}?cnpj=${encodeURIComponent(ours.cnpj ?? '')}`);
    expect(byCnpj.json().data.map((r: { id: number }) => r.id)).toEqual([ours.id]);
    const masked = (ours.cnpj ?? '').replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    expect((await get(`${BASE}?cnpj=${encodeURIComponent(masked)}`)).json().total).toBe(1);

    const reproved = (await get(`${BASE}?status=REPROVADO`)).json().data;
    expect(reproved.length).toBeGreaterThan(0);
    expect(reproved.every((r: { status: string }) => r.status === 'REPROVADO')).toBe(true);
    const byName = (await get(`${BASE}?order=name`)).json().data.map((r: { name: string }) => r.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });

  it('scopes lists, details and downloads to the association (404 out of scope)', async () => {
    const santosIds = (await get(`${BASE}/all`)).json().data.map((r: { id: number }) => r.id);
    expect(santosIds).toContain(ours.id);
    expect(santosIds).not.toContain(theirs.id);
    expect((await get(`${BASE}/${theirs.id}`)).statusCode).toBe(404);
    expect((await get(`${BASE}/social_contract/${theirs.id}`)).statusCode).toBe(404);

    const rioIds = (await get(`${BASE}/all`, rioToken)).json().data.map((r: { id: number }) => r.id);
    expect(rioIds).toEqual([theirs.id]);
    expect((await get(`${BASE}/${theirs.id}`, rioToken)).statusCode).toBe(200);
    // The federation reaches its associations' rows; the admin everything.
    expect((await get(`${BASE}/${ours.id}`, tok.federacao)).statusCode).toBe(200);
    expect((await get(`${BASE}/${theirs.id}`, tok.federacao)).statusCode).toBe(404);
    expect((await get(`${BASE}/${theirs.id}`, tok.admin)).statusCode).toBe(200);

    const decide = await t.request('POST', `${BASE}/approve/${theirs.id}`, { token: tok.analista });
    expect(decide.statusCode).toBe(404);
    expect((await row(theirs.id)).status).toBe('ENVIADO');
  });

  it('needs a token and the permission', async () => {
    expect((await t.request('GET', BASE)).statusCode).toBe(401);
    expect((await get(BASE, tok.exportador)).statusCode).toBe(403);
    const approve = await t.request('POST', `${BASE}/approve/${ours.id}`, { token: tok.federacao });
    expect(approve.statusCode).toBe(403);
  });

  it('shows the detail with the file and downloads it as contrato_social', async () => {
    const res = await get(`${BASE}/${ours.id}`);
    expect(res.json()).toMatchObject({
      id: ours.id,
      status: 'ENVIADO',
      trade_association: { id: santos, name: 'Associação Comercial de Santos' },
      federation: { id: facesp },
      social_contract: { name: 'contrato.pdf', mime_type: 'application/pdf', size: PDF.length },
      analysed_by: null,
    });
    const file = await get(`${BASE}/social_contract/${ours.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="contrato_social.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });
});

describe('pendency', () => {
  it('e-mails a private link; only its token opens it, and the applicant resubmits through it', async () => {
    const created = await signUp({ email: 'aplicante@pendencia.origem.local' });
    const token = await pendencyToken(created.id, 'Envie o contrato social assinado.');
    const stored = await row(created.id);
    expect(stored.status).toBe('PENDENTE');
    expect(stored.pendency_reason).toBe('Envie o contrato social assinado.');
    expect(stored.pendency_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.pendency_token_hash).not.toContain(token);
    const days = ((stored.pendency_expires_at?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const mail = smtp.mails.find((m) => m.to.includes('aplicante@pendencia.origem.local'));
    expect(mailBody(mail?.raw ?? '')).toContain(
      `http://origem.test/pre-cadastro-pendencia/${created.id}?token=${token}`,
    );

    const view = await t.request('GET', `${BASE}/pendency/${created.id}?token=${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      id: created.id,
      pendency_reason: 'Envie o contrato social assinado.',
    });
    expect(view.json()).not.toHaveProperty('analysed_by');

    // A wrong token, the token on another id, no token: 404.
    expect((await t.request('GET', `${BASE}/pendency/${created.id}?token=errado`)).statusCode).toBe(404);
    const other = await signUp();
    expect((await t.request('GET', `${BASE}/pendency/${other.id}?token=${token}`)).statusCode).toBe(404);
    expect((await t.request('GET', `${BASE}/pendency/${created.id}`)).statusCode).toBe(422);

    // Editing without a valid token and without a session is refused; nothing changes.
    const before = await counts();
    const anonymous = await t.request(
      'POST',
      `${BASE}/${created.id}`,
      multipart(applicant({ cnpj: created.cnpj })),
    );
    expect(anonymous.statusCode).toBe(401);
    const wrong = await t.request(
      'POST',
      `${BASE}/${other.id}`,
      multipart(applicant({ cnpj: other.cnpj, token })),
    );
    expect(wrong.statusCode).toBe(404);
    expect(await counts()).toEqual(before);

    const newPdf = Buffer.concat([PDF, Buffer.from('assinado')]);
    const fixed = await t.request(
      'POST',
      `${BASE}/${created.id}`,
      multipart(
        applicant({
          cnpj: created.cnpj,
          name: 'Nome Corrigido Ltda.',
          email: 'aplicante@pendencia.origem.local',
          token,
          social_contract: { filename: 'assinado.pdf', content: newPdf, contentType: 'application/pdf' },
        }),
      ),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().message).toBe('Correções enviadas com sucesso! O pré-cadastro voltou para análise.');
    const after = await row(created.id);
    expect(after).toMatchObject({
      status: 'ENVIADO',
      name: 'Nome Corrigido Ltda.',
      pendency_token_hash: null,
      pendency_expires_at: null,
    });
    const download = await get(`${BASE}/social_contract/${created.id}`);
    expect(download.rawPayload.equals(newPdf)).toBe(true);
    const files = await t.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.owner_type, 'pre_registration'), eq(storedFiles.owner_id, created.id)));
    expect(files).toHaveLength(1);
    expect(storedBlobs(t)).toContain(files[0]?.storage_key);
    const [audit] = await t.db
      .select()
      .from(audits)
      .where(and(eq(audits.auditable_id, created.id), eq(audits.event, 'resubmit')));
    expect(audit?.user_id).toBeNull();
    expect(JSON.stringify(audit)).not.toContain(token);

    // The link is spent.
    expect((await t.request('GET', `${BASE}/pendency/${created.id}?token=${token}`)).statusCode).toBe(404);
    const reuse = await t.request(
      'POST',
      `${BASE}/${created.id}`,
      multipart(applicant({ cnpj: created.cnpj, token })),
    );
    expect(reuse.statusCode).toBe(404);
  });

  it('refuses the link after it expires', async () => {
    const created = await signUp();
    const token = await pendencyToken(created.id);
    await t.db
      .update(preRegistrations)
      .set({ pendency_expires_at: new Date(Date.now() - 1000) })
      .where(eq(preRegistrations.id, created.id));
    expect((await t.request('GET', `${BASE}/pendency/${created.id}?token=${token}`)).statusCode).toBe(404);
    const edit = await t.request(
      'POST',
      `${BASE}/${created.id}`,
      multipart(applicant({ cnpj: created.cnpj, token })),
    );
    expect(edit.statusCode).toBe(404);
    expect((await row(created.id)).status).toBe('PENDENTE');
  });

  it('requires a reason and an ENVIADO pre-registration', async () => {
    const created = await signUp();
    const empty = await t.request('POST', `${BASE}/pendency/${created.id}`, {
      token: tok.analista,
      body: { reason: '  ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ reason: ['Informe o motivo.'] });
    await pendencyToken(created.id);
    const twice = await t.request('POST', `${BASE}/pendency/${created.id}`, {
      token: tok.analista,
      body: { reason: 'De novo.' },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({
      code: 'FlowActionRefused',
      message: 'A ação "Marcar pendência" não está disponível: o pré-cadastro está na situação "Pendente".',
    });
  });
});

describe('staff edit', () => {
  it('edits the data with the permission; 251 when the CNPJ became an exporter', async () => {
    const created = await signUp();
    const res = await t.request('POST', `${BASE}/${created.id}`, {
      token: tok.analista,
      ...multipart(applicant({ cnpj: created.cnpj, city: 'Guarujá', social_contract: undefined })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(created.id)).city).toBe('Guarujá');
    expect((await row(created.id)).status).toBe('ENVIADO');

    const [exporter] = await t.db.select({ cnpj: exporters.cnpj }).from(exporters).limit(1);
    const before = await counts();
    const taken = await t.request('POST', `${BASE}/${created.id}`, {
      token: tok.analista,
      ...multipart(applicant({ cnpj: exporter?.cnpj, social_contract: pdf('novo.pdf') })),
    });
    expect(taken.statusCode).toBe(251);
    expect(taken.json().message).toBe('Este CPF/CNPJ já foi cadastrado em nosso Sistema');
    expect(await counts()).toEqual(before);

    const exporterUser = await t.request('POST', `${BASE}/${created.id}`, {
      token: tok.exportador,
      ...multipart(applicant({ cnpj: created.cnpj })),
    });
    expect(exporterUser.statusCode).toBe(403);
  });
});

describe('approval', () => {
  it('creates exactly one exporter, its user and the welcome e-mail, hands over the file, in one go', async () => {
    const created = await signUp({ name: 'Aprovada Exportações Ltda.', email: 'aprovada@origem.local' });
    const before = await counts();
    const [fileBefore] = await t.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.owner_type, 'pre_registration'), eq(storedFiles.owner_id, created.id)));

    const res = await t.request('POST', `${BASE}/approve/${created.id}`, { token: tok.analista });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Pré-cadastro APROVADO com sucesso! O novo usuário recebeu por e-mail o link para definir a senha.',
    );
    const after = await counts();
    expect(after.exporters).toBe(before.exporters + 1);
    expect(after.dispatchers).toBe(before.dispatchers);
    expect(after.users).toBe(before.users + 1);
    expect(after.mails).toBe(before.mails + 1);
    expect(after.files).toBe(before.files);
    expect(after.blobs).toBe(before.blobs);

    const stored = await row(created.id);
    const [exporter] = await t.db
      .select()
      .from(exporters)
      .where(eq(exporters.id, stored.exporter_id ?? 0));
    expect(exporter).toMatchObject({
      name: 'Aprovada Exportações Ltda.',
      cnpj: created.cnpj,
      associated: false,
      trade_association_id: santos,
      email: 'aprovada@origem.local',
    });
    expect(stored).toMatchObject({ status: 'APROVADO', dispatcher_id: null });
    expect(stored.analysed_at).toBeInstanceOf(Date);
    const [analyst] = await t.db.select().from(users).where(eq(users.email, 'analista@origem.local'));
    expect(stored.analysed_by).toBe(analyst?.id);

    const [fileAfter] = await t.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, fileBefore?.id ?? 0));
    expect(fileAfter).toMatchObject({ owner_type: 'exporter.social_contract', owner_id: exporter?.id });
    expect(fileAfter?.storage_key).toBe(fileBefore?.storage_key);
    // The analysis screen still downloads it, and so does the exporter's own screen.
    expect((await get(`${BASE}/social_contract/${created.id}`)).rawPayload.equals(PDF)).toBe(true);
    const fromParty = await get(`/v1/exporter/social_contract/${exporter?.id}`, tok.admin);
    expect(fromParty.statusCode).toBe(200);
    expect(fromParty.rawPayload.equals(PDF)).toBe(true);

    const [user] = await t.db.select().from(users).where(eq(users.email, 'aprovada@origem.local'));
    const [role] = await t.db
      .select()
      .from(roles)
      .where(eq(roles.id, user?.role_id ?? 0));
    expect(role?.name).toBe('exportador');
    expect(user).toMatchObject({
      exporter_id: exporter?.id,
      dispatcher_id: null,
      trade_association_id: santos,
      federation_id: facesp,
      change_password: true,
      active: true,
      password_hash: null,
    });

    const events = await t.db
      .select({ type: audits.auditable_type, event: audits.event })
      .from(audits)
      .where(sql`${audits.id} > (select max(id) - 3 from audits)`);
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'exporter', event: 'created' },
        { type: 'user', event: 'created' },
        { type: 'pre_registration', event: 'approve' },
      ]),
    );

    await t.app.mail.flush();
    const mail = smtp.mails.find((m) => m.to.includes('aprovada@origem.local'));
    const text = mailBody(mail?.raw ?? '');
    expect(text).toContain('Definir a senha');
    const resetToken = /http:\/\/origem\.test\/redefinir-senha\?token=([\w-]+)/.exec(text)?.[1];
    const set = await t.request('POST', '/v1/user/reset_password', {
      body: { token: resetToken, new_password: 'senhaNova1' },
    });
    expect(set.statusCode).toBe(204);
    const login = await t.request('POST', '/v1/oauth/token', {
      body: {
        grant_type: 'password',
        client_id: '2',
        username: 'aprovada@origem.local',
        password: 'senhaNova1',
      },
    });
    expect(login.statusCode).toBe(200);
    const detail = await t.request('GET', '/v1/user/detail', { token: login.json().access_token });
    expect(detail.json().exporter).toEqual({ id: exporter?.id });

    // Decided: no second approval, no deletion.
    const again = await t.request('POST', `${BASE}/approve/${created.id}`, { token: tok.analista });
    // SPEC §8: a refused approval is a 253 with the reason, which names the current state.
    expect(again.statusCode).toBe(253);
    expect(again.json().message).toBe(
      'A ação "Aprovar" não está disponível: o pré-cadastro está na situação "Aprovado".',
    );
    const remove = await t.request('DELETE', `${BASE}/${created.id}`, { token: tok.analista });
    expect(remove.statusCode).toBe(409);
  });

  it('creates a dispatcher with the despachante role for that profile', async () => {
    const created = await signUp({ profile_type: 'despachante', email: 'despacho.novo@origem.local' });
    const res = await t.request('POST', `${BASE}/approve/${created.id}`, { token: tok.associacao });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await row(created.id);
    expect(stored.exporter_id).toBeNull();
    const [user] = await t.db.select().from(users).where(eq(users.email, 'despacho.novo@origem.local'));
    expect(user?.dispatcher_id).toBe(stored.dispatcher_id);
    const [role] = await t.db
      .select()
      .from(roles)
      .where(eq(roles.id, user?.role_id ?? 0));
    expect(role?.name).toBe('despachante');
  });

  it('answers 253 and writes nothing when the CNPJ became a live exporter meanwhile', async () => {
    const created = await signUp();
    await t.db.insert(exporters).values({
      person_type_id: 2,
      cnpj: created.cnpj,
      name: 'Cadastrada Por Fora',
      trade_association_id: santos,
    });
    await t.app.mail.flush();
    const before = await counts();
    const mailsBefore = smtp.mails.length;
    const res = await t.request('POST', `${BASE}/approve/${created.id}`, { token: tok.analista });
    expect(res.statusCode).toBe(253);
    expect(res.json()).toEqual({
      code: 'ApprovalRefused',
      message: 'O CPF/CNPJ deste pré-cadastro já pertence a um exportador ativo no Sistema.',
    });
    expect(await counts()).toEqual(before);
    await t.app.mail.flush();
    expect(smtp.mails.length).toBe(mailsBefore);
  });

  it('answers 253 when the e-mail belongs to a live user', async () => {
    const created = await signUp({ email: 'analista@origem.local' });
    const before = await counts();
    const res = await t.request('POST', `${BASE}/approve/${created.id}`, { token: tok.analista });
    expect(res.statusCode).toBe(253);
    expect(res.json().message).toBe('O e-mail deste pré-cadastro já pertence a um usuário ativo do Sistema.');
    expect(await counts()).toEqual(before);
  });
});

describe('reproval and deletion', () => {
  it('reproves with a required reason and e-mails it; the pendency link stops working', async () => {
    const created = await signUp({ email: 'reprovada@origem.local' });
    const token = await pendencyToken(created.id);
    const noReason = await t.request('POST', `${BASE}/reprove/${created.id}`, {
      token: tok.analista,
      body: {},
    });
    expect(noReason.statusCode).toBe(422);
    const res = await t.request('POST', `${BASE}/reprove/${created.id}`, {
      token: tok.analista,
      body: { reason: 'Empresa fora da área de atuação.' },
    });
    expect(res.statusCode).toBe(200);
    expect(await row(created.id)).toMatchObject({
      status: 'REPROVADO',
      reproval_reason: 'Empresa fora da área de atuação.',
      pendency_token_hash: null,
    });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, 'reprovada@origem.local'),
          eq(mailOutbox.subject, 'Origem — pré-cadastro reprovado'),
        ),
      );
    expect(mail?.text).toContain('Empresa fora da área de atuação.');
    await t.app.mail.flush();
    expect(smtp.mails.filter((m) => m.to.includes('reprovada@origem.local'))).toHaveLength(2);
    expect((await t.request('GET', `${BASE}/pendency/${created.id}?token=${token}`)).statusCode).toBe(404);
    const twice = await t.request('POST', `${BASE}/reprove/${created.id}`, {
      token: tok.analista,
      body: { reason: 'De novo.' },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toContain('está na situação "Reprovado"');
  });

  it('deletes a pre-registration with its file', async () => {
    const created = await signUp();
    const [file] = await t.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.owner_type, 'pre_registration'), eq(storedFiles.owner_id, created.id)));
    expect((await t.request('DELETE', `${BASE}/${created.id}`, { token: tok.exportador })).statusCode).toBe(
      403,
    );
    const res = await t.request('DELETE', `${BASE}/${created.id}`, { token: tok.analista });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Pré-cadastro excluído com sucesso!');
    expect(await t.db.select().from(preRegistrations).where(eq(preRegistrations.id, created.id))).toEqual([]);
    expect(storedBlobs(t)).not.toContain(file?.storage_key);
    const [audit] = await t.db
      .select()
      .from(audits)
      .where(and(eq(audits.auditable_id, created.id), eq(audits.event, 'deleted')));
    expect(audit?.auditable_type).toBe('pre_registration');
    expect((await t.request('DELETE', `${BASE}/${created.id}`, { token: tok.analista })).statusCode).toBe(
      404,
    );
  });

  it('left no successful mutation unaudited', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
