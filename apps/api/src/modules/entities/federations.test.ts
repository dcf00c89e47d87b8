import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { federations, roles, storedFiles, users } from '../../db/schema';
import { createTestApp, loginAll, type TestApp } from '../../test/app';
import { multipart, type PartValue } from '../../test/multipart';
import { LOGO_FIELD_TWICE } from './logos';
import {
  auditEvents,
  badCnpj,
  CNPJ,
  CNPJ_ALNUM,
  exe,
  expectDeleteRefused,
  expectNothingChanged,
  grant,
  insertOtherConfederation,
  insertRioFederation,
  JPEG,
  jpeg,
  lastAudit,
  maskCnpj,
  PNG,
  png,
  seededHierarchy,
  storedBlobs,
} from './test-support';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { facesp: 0, cnce: 0, otherConf: 0, rioFed: 0, santos: 0 };

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(ids, await seededHierarchy(t));
  ids.otherConf = await insertOtherConfederation(t);
  ids.rioFed = await insertRioFederation(t, { confederation_id: ids.otherConf });
  Object.assign(
    tok,
    await loginAll(t, [
      'admin',
      'federacao',
      'associacao',
      'confederacao',
      'exportador',
      'despachante',
      'fabricante',
    ]),
  );
});
afterAll(() => t.close());

let seq = 0;
function fields(overrides: Record<string, PartValue> = {}): Record<string, PartValue> {
  seq += 1;
  return {
    name: `Federação de Teste ${seq}`,
    abbreviation: `FT${seq}`,
    cnpj: maskCnpj(CNPJ),
    email: 'Contato@Federacao.Teste.org.br',
    phone: '(11) 3180-3000',
    postcode: '01014-911',
    address: 'Rua Boa Vista',
    number: '51',
    complement: '',
    neighborhood: 'Centro',
    city: 'São Paulo',
    state: 'sp',
    confederation_id: String(ids.cnce),
    ...overrides,
  };
}

const send = (method: 'POST', url: string, parts: Record<string, PartValue>, token = tok.admin) =>
  t.request(method, url, { token, ...multipart(parts) });
const create = (parts: Record<string, PartValue>, token = tok.admin) =>
  send('POST', '/v1/federation', parts, token);
const edit = (id: number, parts: Record<string, PartValue>, token = tok.admin) =>
  send('POST', `/v1/federation/${id}`, parts, token);

async function logoRows(id: number) {
  return t.db
    .select()
    .from(storedFiles)
    .where(eq(storedFiles.owner_id, id))
    .then((rows) => rows.filter((r) => r.owner_type === 'federation'));
}

describe('POST /v1/federation', () => {
  it('creates a federation with its logo from a multipart form, normalised and audited', async () => {
    const res = await create(fields({ logo: png('marca.png') }));
    expect(res.statusCode, res.body).toBe(201);
    const federation = res.json();
    expect(federation).toMatchObject({
      name: `Federação de Teste ${seq}`,
      cnpj: CNPJ,
      email: 'contato@federacao.teste.org.br',
      phone: '1131803000',
      postcode: '01014911',
      complement: null,
      state: 'SP',
      confederation_id: ids.cnce,
      confederation: { id: ids.cnce, name: 'Confederação Nacional do Comércio Exterior' },
      associations_count: 0,
      logo: { name: 'marca.png', mime_type: 'image/png', size: PNG.length },
    });
    expect(federation.logo.url).toMatch(new RegExp(`^/v1/federation/${federation.id}/logo\\?v=\\d+$`));

    // The logo is public branding: no token needed, same bytes.
    const logo = await t.request('GET', federation.logo.url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    const etag = String(logo.headers.etag);
    expect(etag).toBe(`"${createHash('sha256').update(PNG).digest('hex')}"`);
    const again = await t.request('GET', `/v1/federation/${federation.id}/logo`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    const audit = await lastAudit(t, 'federation', federation.id);
    expect(audit).toMatchObject({ event: 'created', url: '/v1/federation' });
    expect(audit?.new_values).toMatchObject({ name: federation.name, cnpj: CNPJ, logo: 'marca.png' });
  });

  it('accepts a JSON body without a logo, and an alphanumeric CNPJ', async () => {
    const body = fields({ cnpj: maskCnpj(CNPJ_ALNUM).toLowerCase(), confederation_id: ids.cnce });
    const res = await t.request('POST', '/v1/federation', { token: tok.admin, body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ cnpj: CNPJ_ALNUM, logo: null });
  });

  it('refuses invalid fields in Portuguese with 422, storing nothing even when a logo came along', async () => {
    const res = await expectNothingChanged(t, () =>
      create(
        fields({
          name: '   ',
          cnpj: maskCnpj(badCnpj(CNPJ)),
          email: 'sem-arroba',
          postcode: '0101491',
          state: 'XX',
          phone: '123',
          confederation_id: '999999',
          logo: png(),
        }),
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'ValidationError',
      errors: {
        name: ['Campo obrigatório.'],
        cnpj: ['CNPJ inválido.'],
        email: ['Informe um e-mail válido.'],
        postcode: ['Informe um CEP com 8 dígitos.'],
        state: ['Informe a sigla de uma UF (ex.: SP).'],
        phone: ['Informe o telefone com DDD (10 ou 11 dígitos).'],
      },
    });
    // An alphanumeric CNPJ is checked the same way.
    const alnum = await expectNothingChanged(t, () => create(fields({ cnpj: badCnpj(CNPJ_ALNUM) })));
    expect(alnum.json().errors).toEqual({ cnpj: ['CNPJ inválido.'] });
    // A confederation that does not exist (or is out of reach) is an invalid option.
    const conf = await expectNothingChanged(t, () =>
      create(fields({ confederation_id: '999999', logo: png() })),
    );
    expect(conf.json().errors).toEqual({ confederation_id: ['Opção inválida.'] });
  });

  it('refuses a renamed executable as the logo (422 on the field): no row, no file', async () => {
    const before = await t.db.select({ id: federations.id }).from(federations);
    const res = await expectNothingChanged(t, () => create(fields({ logo: exe('logo.png') })));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      logo: ['Tipo de arquivo não aceito. Envie um arquivo PNG, JPEG ou SVG.'],
    });
    expect(await t.db.select({ id: federations.id }).from(federations)).toHaveLength(before.length);
  });

  it('takes the logo in the multipart field `file` (SPEC §5), on create and on edit', async () => {
    const res = await create(fields({ file: png() }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().logo).toMatchObject({ name: 'logo.png', mime_type: 'image/png' });
    expect(await logoRows(res.json().id)).toHaveLength(1);
    const edited = await edit(res.json().id, fields({ file: jpeg('nova.jpg') }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().logo).toMatchObject({ name: 'nova.jpg', mime_type: 'image/jpeg' });
    expect((await t.request('GET', `/v1/federation/${res.json().id}/logo`)).rawPayload.equals(JPEG)).toBe(
      true,
    );
  });

  it('refuses a logo sent under both `file` and `logo`, keeping neither', async () => {
    const res = await expectNothingChanged(t, () => create(fields({ file: png(), logo: jpeg('outra.jpg') })));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [LOGO_FIELD_TWICE] });
  });

  it('refuses a second file, or a file under another field name', async () => {
    const res = await expectNothingChanged(t, () => create(fields({ contrato: png() })));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ contrato: ['Envie apenas um arquivo neste campo.'] });
  });
});

describe('POST /v1/federation/{id} (edit)', () => {
  it('replaces the logo: the old file leaves the disk and the database, the new one is served', async () => {
    const created = (await create(fields({ logo: png() }))).json();
    const [first] = await logoRows(created.id);
    expect(storedBlobs(t)).toContain(first?.storage_key);

    const res = await edit(created.id, fields({ name: 'Federação Renomeada', logo: jpeg('nova.jpg') }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Federação Renomeada',
      logo: { name: 'nova.jpg', mime_type: 'image/jpeg' },
    });
    expect(res.json().logo.url).not.toBe(created.logo.url);
    const rows = await logoRows(created.id);
    expect(rows).toHaveLength(1);
    expect(storedBlobs(t)).not.toContain(first?.storage_key);
    expect(storedBlobs(t)).toContain(rows[0]?.storage_key);
    const logo = await t.request('GET', `/v1/federation/${created.id}/logo`);
    expect(logo.rawPayload.equals(JPEG)).toBe(true);

    const audit = await lastAudit(t, 'federation', created.id);
    expect(audit).toMatchObject({
      event: 'updated',
      old_values: { name: created.name, logo: 'logo.png' },
      new_values: { name: 'Federação Renomeada', logo: 'nova.jpg' },
    });
  });

  it('with an Idempotency-Key (one transaction for the request): the old logo leaves once it commits', async () => {
    const created = (await create(fields({ logo: png() }))).json();
    const [first] = await logoRows(created.id);
    const parts = multipart(fields({ logo: jpeg('chave.jpg') }));
    const res = await t.request('POST', `/v1/federation/${created.id}`, {
      token: tok.admin,
      ...parts,
      headers: { ...parts.headers, 'idempotency-key': `logo-${created.id}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await logoRows(created.id);
    expect(rows.map((r) => r.original_name)).toEqual(['chave.jpg']);
    expect(storedBlobs(t)).not.toContain(first?.storage_key);
    expect(storedBlobs(t)).toContain(rows[0]?.storage_key);
  });

  it('keeps the logo when none is sent, and removes it with remove_logo', async () => {
    const created = (await create(fields({ logo: png() }))).json();
    const kept = await edit(created.id, fields({ name: 'Sem troca de logo' }));
    expect(kept.json().logo).toMatchObject({ name: 'logo.png' });
    const [row] = await logoRows(created.id);

    const removed = await edit(created.id, fields({ remove_logo: 'true' }));
    expect(removed.json().logo).toBeNull();
    expect(await logoRows(created.id)).toHaveLength(0);
    expect(storedBlobs(t)).not.toContain(row?.storage_key);
    expect((await t.request('GET', `/v1/federation/${created.id}/logo`)).statusCode).toBe(404);
  });

  it('a refused edit keeps the old logo and removes the new upload', async () => {
    const created = (await create(fields({ logo: png() }))).json();
    const res = await expectNothingChanged(t, () =>
      edit(created.id, fields({ cnpj: badCnpj(CNPJ), logo: jpeg() })),
    );
    expect(res.statusCode).toBe(422);
    expect((await t.request('GET', `/v1/federation/${created.id}/logo`)).rawPayload.equals(PNG)).toBe(true);
  });

  it('moving a federation to another confederation moves its users with it', async () => {
    const created = (await create(fields())).json();
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'federacao'));
    const roleId = role?.id ?? 0;
    const [user] = await t.db
      .insert(users)
      .values({
        name: 'Usuária Federação',
        email: 'fed.move@origem.local',
        role_id: roleId,
        federation_id: created.id,
        confederation_id: ids.cnce,
      })
      .returning({ id: users.id });
    const res = await edit(created.id, fields({ confederation_id: String(ids.otherConf) }));
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, user?.id ?? 0));
    expect(after?.confederation_id).toBe(ids.otherConf);
    await t.db.delete(users).where(eq(users.id, user?.id ?? 0));
  });

  it('answers 404 for a federation that does not exist, removing the upload', async () => {
    const res = await expectNothingChanged(t, () => edit(999999, fields({ logo: png() })));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NotFound', message: 'Registro não encontrado.' });
  });
});

describe('GET /v1/federation and /v1/federation/{id}', () => {
  it('pages by name with the name filter (also the abbreviation)', async () => {
    const page = await t.request('GET', '/v1/federation?page=1', { token: tok.admin });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 15 });
    const names: string[] = body.data.map((f: { name: string }) => f.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const filtered = await t.request('GET', '/v1/federation?name=facesp', { token: tok.admin });
    expect(filtered.json()).toMatchObject({ total: 1, data: [{ id: ids.facesp, associations_count: 1 }] });
    const byName = await t.request('GET', '/v1/federation?name=rio%20de', { token: tok.admin });
    expect(byName.json().data.map((f: { id: number }) => f.id)).toEqual([ids.rioFed]);
  });

  it('scopes rows: a federation sees only itself, an association its own federation, 404 beyond', async () => {
    const fed = await t.request('GET', '/v1/federation', { token: tok.federacao });
    expect(fed.json()).toMatchObject({ total: 1, data: [{ id: ids.facesp }] });
    const assoc = await t.request('GET', '/v1/federation', { token: tok.associacao });
    expect(assoc.json().data.map((f: { id: number }) => f.id)).toEqual([ids.facesp]);
    const conf = await t.request('GET', '/v1/federation', { token: tok.confederacao });
    expect(conf.json().total).toBeGreaterThanOrEqual(2);
    for (const role of ['federacao', 'associacao']) {
      expect((await t.request('GET', `/v1/federation/${ids.rioFed}`, { token: tok[role] })).statusCode).toBe(
        404,
      );
      expect((await t.request('GET', `/v1/federation/${ids.facesp}`, { token: tok[role] })).statusCode).toBe(
        200,
      );
    }
    expect(
      (await t.request('GET', `/v1/federation/${ids.rioFed}`, { token: tok.confederacao })).statusCode,
    ).toBe(200);
  });

  it('answers 401 without a token and 403 to roles that neither see entities nor work with certificates', async () => {
    expect((await t.request('GET', '/v1/federation')).statusCode).toBe(401);
    expect((await t.request('GET', `/v1/federation/${ids.facesp}`)).statusCode).toBe(401);
    const res = await t.request('GET', '/v1/federation', { token: tok.fabricante });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Você não tem permissão para realizar esta ação.');
  });

  it('gives an exporter and a dispatcher their own federation, read-only (issue 9: certificates need it)', async () => {
    for (const role of ['exportador', 'despachante']) {
      const list = await t.request('GET', '/v1/federation', { token: tok[role] });
      expect(list.statusCode, role).toBe(200);
      expect(list.json().data.map((f: { id: number }) => f.id)).toEqual([ids.facesp]);
      expect((await t.request('GET', `/v1/federation/${ids.facesp}`, { token: tok[role] })).statusCode).toBe(
        200,
      );
      expect((await t.request('GET', `/v1/federation/${ids.rioFed}`, { token: tok[role] })).statusCode).toBe(
        404,
      );
      await expectNothingChanged(t, async () => {
        expect((await edit(ids.facesp, fields(), tok[role])).statusCode).toBe(403);
      });
    }
  });
});

describe('writes need entity.manage and stay inside the scope', () => {
  it('refuses create, edit and delete with 403 to roles without entity.manage, changing nothing', async () => {
    for (const role of ['federacao', 'associacao', 'confederacao', 'exportador']) {
      await expectNothingChanged(t, async () => {
        expect((await create(fields({ logo: png() }), tok[role])).statusCode).toBe(403);
        expect((await edit(ids.facesp, fields(), tok[role])).statusCode).toBe(403);
        expect(
          (await t.request('DELETE', `/v1/federation/${ids.facesp}`, { token: tok[role] })).statusCode,
        ).toBe(403);
      });
    }
    expect((await create(fields())).statusCode).toBe(201);
    expect((await t.request('POST', '/v1/federation', { ...multipart(fields()) })).statusCode).toBe(401);
  });

  it('a federation allowed to manage edits itself, but not another federation (404), nor creates one (403)', async () => {
    await grant(t, 'federacao', 'entity.manage');
    const own = await edit(
      ids.facesp,
      fields({ name: 'Federação das Associações Comerciais de São Paulo', abbreviation: 'FACESP' }),
      tok.federacao,
    );
    expect(own.statusCode, own.body).toBe(200);
    await expectNothingChanged(t, async () => {
      expect((await edit(ids.rioFed, fields(), tok.federacao)).statusCode).toBe(404);
      expect(
        (await t.request('DELETE', `/v1/federation/${ids.rioFed}`, { token: tok.federacao })).statusCode,
      ).toBe(403);
      const created = await create(fields(), tok.federacao);
      expect(created.statusCode).toBe(403);
      expect(created.json().message).toBe('Seu perfil não pode cadastrar ou excluir este tipo de entidade.');
      // Its own federation cannot be moved under a confederation it does not reach.
      const moved = await edit(
        ids.facesp,
        fields({ confederation_id: String(ids.otherConf) }),
        tok.federacao,
      );
      expect(moved.json().errors).toEqual({ confederation_id: ['Opção inválida.'] });
    });
  });
});

describe('DELETE /v1/federation/{id}', () => {
  it('refuses (409) while associations and users belong to it, changing nothing', async () => {
    await expectDeleteRefused(
      t,
      `/v1/federation/${ids.facesp}`,
      tok.admin,
      'Esta federação não pode ser excluída: há 1 associação comercial vinculada e há 6 usuários vinculados.',
    );
  });

  it('deletes an unused federation with the SPEC text, its logo file and an audit row', async () => {
    const created = (await create(fields({ logo: png() }))).json();
    const [row] = await logoRows(created.id);
    const res = await t.request('DELETE', `/v1/federation/${created.id}`, { token: tok.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Federação deletado com sucesso !' });
    expect((await t.request('GET', `/v1/federation/${created.id}`, { token: tok.admin })).statusCode).toBe(
      404,
    );
    expect(await logoRows(created.id)).toHaveLength(0);
    expect(storedBlobs(t)).not.toContain(row?.storage_key);
    expect((await auditEvents(t, 'federation', created.id)).map((a) => a.event)).toEqual([
      'created',
      'deleted',
    ]);
    expect((await t.request('DELETE', `/v1/federation/${created.id}`, { token: tok.admin })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /v1/user/detail', () => {
  it('gives page_federation_image_path once the user federation has a logo', async () => {
    const before = await t.request('GET', '/v1/user/detail', { token: tok.federacao });
    expect(before.json().page_federation_image_path).toBeNull();
    const res = await edit(
      ids.facesp,
      fields({
        name: 'Federação das Associações Comerciais de São Paulo',
        abbreviation: 'FACESP',
        logo: png(),
      }),
    );
    expect(res.statusCode).toBe(200);
    for (const role of ['federacao', 'associacao']) {
      const detail = await t.request('GET', '/v1/user/detail', { token: tok[role] });
      expect(detail.json().page_federation_image_path).toBe(`/v1/federation/${ids.facesp}/logo`);
    }
    expect(
      (await t.request('GET', '/v1/user/detail', { token: tok.admin })).json().page_federation_image_path,
    ).toBeNull();
  });
});

describe('audit guard', () => {
  it('no successful mutation in this file went unaudited', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
