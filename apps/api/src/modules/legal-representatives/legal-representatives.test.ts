import { legalRepresentativeMessages } from '@origem/contract/schemas/legal-representatives';
import { withCheckDigits } from '@origem/contract/validators/tax-id';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exporters,
  federations,
  jobPositions,
  legalRepresentatives,
  roles,
  storedFiles,
  tradeAssociations,
  users,
} from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { hashPassword } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../test/app';
import { multipart, type PartValue } from '../../test/multipart';
import { expectUnchanged } from '../../test/snapshot';
import {
  auditEvents,
  insertExporter,
  lastAudit,
  PNG,
  recordsAndFiles,
  storedBlobs,
} from '../entities/test-support';
import { todayInBrazil } from './service';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { cafe: 0, outra: 0, rio: 0, marina: 0, santos: 0, diretor: 0, procurador: 0 };

const PDF_A = Buffer.from('%PDF-1.7\n1 0 obj << /Title (Procuracao A) >> endobj\n%%EOF\n');
const PDF_B = Buffer.from('%PDF-1.4\n1 0 obj << /Title (Procuracao B, renovada) >> endobj\n%%EOF\n');
const pdf = (content = PDF_A, filename = 'procuracao-assinada.pdf') => ({
  filename,
  content,
  contentType: 'application/pdf',
});

const CPF = (base: string) => withCheckDigits(base);
const maskCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
const nextYear = `${new Date().getFullYear() + 1}-06-30`;
const lastYear = `${new Date().getFullYear() - 1}-01-15`;

beforeAll(async () => {
  t = await createTestApp();
  const [cafe] = await t.db
    .select({ id: exporters.id, ta: exporters.trade_association_id })
    .from(exporters)
    .where(eq(exporters.name, 'Café Santista Exportadora Ltda.'));
  ids.cafe = cafe?.id ?? 0;
  ids.santos = cafe?.ta ?? 0;
  const [marina] = await t.db
    .select({ id: legalRepresentatives.id })
    .from(legalRepresentatives)
    .where(eq(legalRepresentatives.name, 'Marina Tavares Lima'));
  ids.marina = marina?.id ?? 0;
  const positions = await t.db.select().from(jobPositions);
  ids.diretor = positions.find((p) => p.name === 'Diretor')?.id ?? 0;
  const [procurador] = await t.db
    .insert(jobPositions)
    .values({ name: 'Procurador de teste' })
    .returning({ id: jobPositions.id });
  ids.procurador = procurador?.id ?? 0;

  // Another exporter of the same association, with its own user; and an exporter of another association.
  ids.outra = await insertExporter(t, 'Outra Exportadora de Santos Ltda.', '998887770001', ids.santos);
  const [federation] = await t.db.select({ id: federations.id }).from(federations);
  const [rioAssociation] = await t.db
    .insert(tradeAssociations)
    .values({
      name: 'Associação Comercial do Rio',
      abbreviation: 'ACRJ',
      ehid: 'ACR',
      federation_id: federation?.id,
    })
    .returning({ id: tradeAssociations.id });
  ids.rio = await insertExporter(t, 'Exportadora Carioca Ltda.', '887776660001', rioAssociation?.id ?? 0);
  const [exporterRole] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'exportador'));
  await t.db.insert(users).values({
    name: 'Otávio Outra Exportadora',
    email: 'outro.exportador@origem.local',
    password_hash: await hashPassword(DEMO_PASSWORD),
    role_id: exporterRole?.id ?? 0,
    trade_association_id: ids.santos,
    exporter_id: ids.outra,
    change_password: false,
  });

  for (const role of ['admin', 'associacao', 'analista', 'exportador', 'despachante', 'federacao'])
    tok[role] = await t.login(role);
  tok.outro = await t.login('outro.exportador');
});
afterAll(() => t.close());

function fields(overrides: Record<string, PartValue> = {}): Record<string, PartValue> {
  return {
    name: 'Rafael Nogueira Prado',
    cpf: maskCpf(CPF('529982247')),
    email: 'Rafael.Prado@CafeSantista.origem.local',
    phone: '(13) 99876-5432',
    job_position_id: String(ids.diretor),
    procuration_valid_until: nextYear,
    ...overrides,
  };
}

const create = (parts: Record<string, PartValue>, token = tok.exportador) =>
  t.request('POST', '/v1/legal_representative', { token, ...multipart(parts) });
const edit = (id: number, parts: Record<string, PartValue>, token = tok.exportador) =>
  t.request('POST', `/v1/legal_representative/${id}`, { token, ...multipart(parts) });
const get = (id: number, token = tok.exportador) =>
  t.request('GET', `/v1/legal_representative/${id}`, { token });
const download = (id: number, token = tok.exportador) =>
  t.request('GET', `/v1/legal_representative/procuration/${id}`, { token });
const list = (query = '', token = tok.exportador) =>
  t.request('GET', `/v1/legal_representative${query}`, { token });

async function procurationRows(id: number) {
  return t.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.owner_type, 'legal_representative.procuration'), eq(storedFiles.owner_id, id)));
}

/** A refusal with `status` that leaves representatives, files (rows and blobs) and audits alone. */
async function expectRefused(action: () => Promise<{ statusCode: number; body: string }>, status: number) {
  const res = await expectUnchanged(() => recordsAndFiles(t, ['legal_representatives']), action);
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body) as { message: string; errors?: Record<string, string[]> };
}

describe('todayInBrazil', () => {
  it('gives the date in Brasília, not in UTC', () => {
    expect(todayInBrazil(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(todayInBrazil(new Date('2026-03-01T03:30:00Z'))).toBe('2026-03-01');
  });
});

describe('POST /v1/legal_representative', () => {
  it('an exporter adds a representative with its procuration PDF, always into its own book', async () => {
    const res = await create(fields({ exporter_id: String(ids.outra), procuration: pdf() }));
    expect(res.statusCode, res.body).toBe(201);
    const rep = res.json();
    expect(rep).toMatchObject({
      exporter_id: ids.cafe,
      exporter: { id: ids.cafe, name: 'Café Santista Exportadora Ltda.' },
      name: 'Rafael Nogueira Prado',
      cpf: CPF('529982247'),
      email: 'rafael.prado@cafesantista.origem.local',
      phone: '13998765432',
      job_position: { id: ids.diretor, name: 'Diretor' },
      procuration_valid_until: nextYear,
      procuration_expired: false,
      has_procuration: true,
      procuration: { name: 'procuracao-assinada.pdf', mime_type: 'application/pdf', size: PDF_A.length },
    });
    expect(await procurationRows(rep.id)).toHaveLength(1);

    const file = await download(rep.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toContain('filename="procuracao.pdf"');
    expect(file.rawPayload.equals(PDF_A)).toBe(true);

    const audit = await lastAudit(t, 'legal_representative', rep.id);
    expect(audit).toMatchObject({ event: 'created', url: '/v1/legal_representative' });
    expect(audit?.new_values).toMatchObject({
      exporter_id: ids.cafe,
      cpf: CPF('529982247'),
      procuration: 'procuracao-assinada.pdf',
    });
  });

  it('accepts JSON without a file; a past validity date is kept and flagged as expired', async () => {
    const body = fields({ name: 'Helena Duarte', cpf: CPF('111222333'), procuration_valid_until: lastYear });
    const res = await t.request('POST', '/v1/legal_representative', { token: tok.exportador, body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      procuration_valid_until: lastYear,
      procuration_expired: true,
      has_procuration: false,
      procuration: null,
    });
  });

  it('refuses bad fields with Portuguese messages, storing nothing even when a PDF came along', async () => {
    const body = await expectRefused(
      () =>
        create(
          fields({
            name: '  ',
            cpf: '529.982.247-26',
            email: 'sem-arroba',
            job_position_id: '999999',
            procuration_valid_until: '2025-02-30',
            procuration: pdf(),
          }),
        ),
      422,
    );
    expect(body.errors).toEqual({
      name: ['Campo obrigatório.'],
      cpf: ['CPF inválido.'],
      email: ['Informe um e-mail válido.'],
      procuration_valid_until: ['Data inválida.'],
    });
    const missing = await expectRefused(
      () => t.request('POST', '/v1/legal_representative', { token: tok.exportador, body: {} }),
      422,
    );
    expect(missing.errors).toMatchObject({
      name: ['Campo obrigatório.'],
      cpf: ['Campo obrigatório.'],
      email: ['Campo obrigatório.'],
      job_position_id: ['Campo obrigatório.'],
    });
    const position = await expectRefused(() => create(fields({ job_position_id: '999999' })), 422);
    expect(position.errors).toEqual({ job_position_id: ['Opção inválida.'] });
  });

  it('accepts only a PDF, and a PDF needs its validity date', async () => {
    const png = await expectRefused(
      () =>
        create(
          fields({
            procuration: { filename: 'procuracao.pdf', content: PNG, contentType: 'application/pdf' },
          }),
        ),
      422,
    );
    expect(png.errors).toEqual({ procuration: ['Tipo de arquivo não aceito. Envie um arquivo PDF.'] });
    const undated = await expectRefused(
      () => create(fields({ cpf: CPF('444555666'), procuration_valid_until: '', procuration: pdf() })),
      422,
    );
    expect(undated.errors).toEqual({
      procuration_valid_until: [legalRepresentativeMessages.validUntilRequired],
    });
    const big = Buffer.concat([PDF_A, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await expectRefused(() => create(fields({ procuration: pdf(big) })), 422);
    expect(tooBig.errors?.procuration?.[0]).toMatch(/tamanho máximo de 10 MB/);
  });

  it('refuses a CPF already representing the same exporter', async () => {
    const body = await expectRefused(() => create(fields({ name: 'Outro Nome' })), 422);
    expect(body.errors).toEqual({ cpf: [legalRepresentativeMessages.cpfTaken] });
  });

  it('staff name an exporter they reach', async () => {
    const none = await expectRefused(() => create(fields({ cpf: CPF('777888999') }), tok.associacao), 422);
    expect(none.errors).toEqual({ exporter_id: [legalRepresentativeMessages.exporterRequired] });
    const otherAssociation = await expectRefused(
      () => create(fields({ cpf: CPF('777888999'), exporter_id: String(ids.rio) }), tok.associacao),
      422,
    );
    expect(otherAssociation.errors).toEqual({ exporter_id: ['Opção inválida.'] });

    const ok = await create(
      fields({ name: 'Álvaro Pires', cpf: CPF('777888999'), exporter_id: String(ids.outra) }),
      tok.associacao,
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      exporter_id: ids.outra,
      exporter: { name: 'Outra Exportadora de Santos Ltda.' },
    });
    const admin = await create(
      fields({
        name: 'bruna Costa',
        cpf: CPF('123123123'),
        exporter_id: String(ids.rio),
        procuration: pdf(PDF_B),
      }),
      tok.admin,
    );
    expect(admin.statusCode, admin.body).toBe(201);
  });

  it('needs legal_representative.manage', async () => {
    await expectRefused(
      () => create(fields({ cpf: CPF('321321321'), exporter_id: String(ids.cafe) }), tok.federacao),
      403,
    );
    await expectRefused(() => create(fields({ cpf: CPF('321321321') }), tok.despachante), 403);
  });
});

describe('GET /v1/legal_representative', () => {
  it('an exporter lists only its own representatives, by name, with exporter, position and procuration state', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      current_page: 1,
      per_page: 15,
      total: 3,
      last_page: 1,
      total_capped: false,
    });
    expect(page.data.map((r: { name: string }) => r.name)).toEqual([
      'Helena Duarte',
      'Marina Tavares Lima',
      'Rafael Nogueira Prado',
    ]);
    expect(page.data[0]).toMatchObject({ procuration_expired: true, has_procuration: false });
    expect(page.data[1]).toMatchObject({
      exporter: { name: 'Café Santista Exportadora Ltda.' },
      job_position: { name: 'Diretor' },
      procuration_expired: false,
      has_procuration: false,
    });
    expect(page.data[2]).toMatchObject({ has_procuration: true, procuration_expired: false });
    // The exporter filter cannot widen the scope.
    expect((await list(`?exporter_id=${ids.outra}`)).json().total).toBe(0);
  });

  it('staff see their association, ordered as people read names, filtered by name and exporter', async () => {
    const santos = (await list('', tok.associacao)).json();
    expect(santos.data.map((r: { name: string }) => r.name)).toEqual([
      'Álvaro Pires',
      'Helena Duarte',
      'Marina Tavares Lima',
      'Rafael Nogueira Prado',
      // The demo manufacturer's representative (issue 12).
      'Roberto Almeida Prado',
    ]);
    const all = (await list('', tok.admin)).json();
    expect(all.data.map((r: { name: string }) => r.name)).toEqual([
      'Álvaro Pires',
      'bruna Costa',
      'Helena Duarte',
      'Marina Tavares Lima',
      'Rafael Nogueira Prado',
      'Roberto Almeida Prado',
    ]);
    const byName = (await list('?name=tavares', tok.analista)).json();
    expect(byName.data.map((r: { name: string }) => r.name)).toEqual(['Marina Tavares Lima']);
    const byExporter = (await list(`?exporter_id=${ids.outra}`, tok.associacao)).json();
    expect(byExporter.data.map((r: { name: string }) => r.name)).toEqual(['Álvaro Pires']);
    expect((await list('', tok.despachante)).json().total).toBe(0);
  });

  it('/all gives the select rows of one exporter, with the expired flag', async () => {
    const res = await t.request('GET', `/v1/legal_representative/all?exporter_id=${ids.cafe}`, {
      token: tok.analista,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows.map((r: { name: string }) => r.name)).toEqual([
      'Helena Duarte',
      'Marina Tavares Lima',
      'Rafael Nogueira Prado',
    ]);
    expect(rows[0]).toMatchObject({
      exporter_id: ids.cafe,
      procuration_expired: true,
      job_position: 'Diretor',
    });
    const own = (await t.request('GET', '/v1/legal_representative/all', { token: tok.outro })).json();
    expect(own.data.map((r: { name: string }) => r.name)).toEqual(['Álvaro Pires']);
  });
});

describe('scoping (DOMAIN.md §2)', () => {
  it('another exporter can neither read, download, edit nor delete a representative: 404', async () => {
    const [rafael] = await t.db
      .select({ id: legalRepresentatives.id })
      .from(legalRepresentatives)
      .where(eq(legalRepresentatives.name, 'Rafael Nogueira Prado'));
    const id = rafael?.id ?? 0;
    expect((await get(id)).statusCode).toBe(200);
    expect((await get(id, tok.outro)).json()).toEqual({
      code: 'NotFound',
      message: 'Registro não encontrado.',
    });
    expect((await get(id, tok.outro)).statusCode).toBe(404);
    expect((await download(id, tok.outro)).statusCode).toBe(404);
    expect((await get(ids.marina, tok.outro)).statusCode).toBe(404);
    await expectRefused(() => edit(id, fields({ name: 'Invadido' }), tok.outro), 404);
    await expectRefused(
      () => t.request('DELETE', `/v1/legal_representative/${id}`, { token: tok.outro }),
      404,
    );
    // Another association's staff and a dispatcher without a link do not reach it either.
    const [bruna] = await t.db
      .select({ id: legalRepresentatives.id })
      .from(legalRepresentatives)
      .where(eq(legalRepresentatives.name, 'bruna Costa'));
    expect((await get(bruna?.id ?? 0, tok.associacao)).statusCode).toBe(404);
    expect((await download(bruna?.id ?? 0, tok.associacao)).statusCode).toBe(404);
    expect((await download(bruna?.id ?? 0, tok.admin)).rawPayload.equals(PDF_B)).toBe(true);
    expect((await get(id, tok.despachante)).statusCode).toBe(404);
    expect((await get(id, tok.analista)).statusCode).toBe(200);
  });

  it('a missing procuration downloads as 404', async () => {
    expect((await download(ids.marina)).statusCode).toBe(404);
  });
});

describe('POST /v1/legal_representative/{id}', () => {
  it('replaces the procuration and its date, leaving no orphan blob; then removes it', async () => {
    const [rafael] = await t.db
      .select({ id: legalRepresentatives.id })
      .from(legalRepresentatives)
      .where(eq(legalRepresentatives.name, 'Rafael Nogueira Prado'));
    const id = rafael?.id ?? 0;
    const [oldRow] = await procurationRows(id);
    const blobsBefore = storedBlobs(t);
    expect(blobsBefore).toContain(oldRow?.storage_key);

    const res = await edit(
      id,
      fields({
        job_position_id: String(ids.procurador),
        procuration_valid_until: lastYear,
        procuration: pdf(PDF_B, 'procuracao-2026.pdf'),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      job_position: { id: ids.procurador, name: 'Procurador de teste' },
      procuration_valid_until: lastYear,
      procuration_expired: true,
      procuration: { name: 'procuracao-2026.pdf', size: PDF_B.length },
    });
    const rows = await procurationRows(id);
    expect(rows).toHaveLength(1);
    const blobsAfter = storedBlobs(t);
    expect(blobsAfter).not.toContain(oldRow?.storage_key);
    expect(blobsAfter).toContain(rows[0]?.storage_key);
    expect(blobsAfter).toHaveLength(blobsBefore.length);
    expect((await download(id)).rawPayload.equals(PDF_B)).toBe(true);
    const audit = await lastAudit(t, 'legal_representative', id);
    expect(audit).toMatchObject({ event: 'updated' });
    expect(audit?.old_values).toMatchObject({
      procuration: 'procuracao-assinada.pdf',
      procuration_valid_until: nextYear,
    });
    expect(audit?.new_values).toMatchObject({
      procuration: 'procuracao-2026.pdf',
      procuration_valid_until: lastYear,
    });

    const removed = await edit(id, fields({ procuration_valid_until: '', remove_procuration: 'true' }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      has_procuration: false,
      procuration: null,
      procuration_valid_until: null,
    });
    expect(await procurationRows(id)).toHaveLength(0);
    expect(storedBlobs(t)).not.toContain(rows[0]?.storage_key);
    expect((await download(id)).statusCode).toBe(404);
  });

  it('refuses bad input on edit, keeping the stored file and row', async () => {
    const body = await expectRefused(() => edit(ids.marina, fields({ name: '', procuration: pdf() })), 422);
    expect(body.errors).toEqual({ name: ['Campo obrigatório.'] });
    expect(
      (await t.request('POST', '/v1/legal_representative/999999', { token: tok.admin, body: fields() }))
        .statusCode,
    ).toBe(404);
  });
});

describe('DELETE /v1/legal_representative/{id}', () => {
  it('soft deletes: the row stays, but leaves lists, selects, detail and download', async () => {
    const created = await create(
      fields({ name: 'Temporário Silva', cpf: CPF('987654321'), procuration: pdf() }),
    );
    const id = created.json().id as number;
    const res = await t.request('DELETE', `/v1/legal_representative/${id}`, { token: tok.exportador });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: legalRepresentativeMessages.deleted });

    const [row] = await t.db.select().from(legalRepresentatives).where(eq(legalRepresentatives.id, id));
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect((await get(id)).statusCode).toBe(404);
    expect((await download(id)).statusCode).toBe(404);
    expect((await list(`?name=${encodeURIComponent('Temporário')}`)).json().total).toBe(0);
    const all = (await t.request('GET', '/v1/legal_representative/all', { token: tok.exportador })).json();
    expect(all.data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await auditEvents(t, 'legal_representative', id)).map((a) => a.event)).toEqual([
      'created',
      'deleted',
    ]);
    await expectRefused(
      () => t.request('DELETE', `/v1/legal_representative/${id}`, { token: tok.exportador }),
      404,
    );
    // The same CPF may be registered again once the old one is gone.
    const again = await create(fields({ name: 'Temporário Silva', cpf: CPF('987654321') }));
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('audit guard', () => {
  it('no successful mutation in this file went unaudited', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
