import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confederations, countries, storedFiles } from '../../db/schema';
import { createTestApp, loginAll, type TestApp } from '../../test/app';
import { multipart, type PartValue } from '../../test/multipart';
import {
  auditEvents,
  badCnpj,
  CNPJ,
  CNPJ_ALNUM,
  exe,
  expectDeleteRefused,
  expectNothingChanged,
  insertOtherConfederation,
  JPEG,
  jpeg,
  lastAudit,
  maskCnpj,
  PNG,
  png,
  storedBlobs,
} from './test-support';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { cnce: 0, other: 0, brasil: 0 };

beforeAll(async () => {
  t = await createTestApp();
  ids.cnce = (await t.db.select({ id: confederations.id }).from(confederations))[0]?.id ?? 0;
  ids.other = await insertOtherConfederation(t);
  ids.brasil =
    (await t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'BR')))[0]?.id ?? 0;
  Object.assign(tok, await loginAll(t, ['admin', 'federacao', 'associacao', 'confederacao', 'exportador']));
});
afterAll(() => t.close());

let seq = 0;
function body(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    confederation_code: `CT${seq}`,
    name: `Confederação de Teste ${seq}`,
    abbreviation: `CT${seq}`,
    cnpj: maskCnpj(CNPJ),
    email: 'contato@confederacao.teste.org.br',
    phone: '(61) 3317-0000',
    fax: '(61) 3317-0001',
    url: 'www.confederacao.teste.org.br',
    postcode: '70040-903',
    address: 'Setor Bancário Norte, Quadra 1',
    number: '1',
    complement: 'Bloco A',
    neighborhood: 'Asa Norte',
    city: 'Brasília',
    state: 'df',
    country_id: ids.brasil,
    ...overrides,
  };
}

const upload = (file: PartValue, token = tok.admin) =>
  t.request('POST', '/v2/confederation/image/upload', { token, ...multipart({ file }) });
const create = (data: Record<string, unknown>, token = tok.admin) =>
  t.request('POST', '/v2/confederation', { token, body: data });
const put = (id: number, data: Record<string, unknown>, token = tok.admin) =>
  t.request('PUT', `/v2/confederation/${id}`, {
    token,
    ...multipart(Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v as PartValue]))),
  });
const imageRows = (id: number) =>
  t.db
    .select()
    .from(storedFiles)
    .where(eq(storedFiles.owner_id, id))
    .then((rows) => rows.filter((r) => r.owner_type === 'confederation'));

describe('image upload, then create', () => {
  it('uploads the image, creates the confederation with it, and downloads the same bytes', async () => {
    const up = await upload(png('cnc.png'));
    expect(up.statusCode, up.body).toBe(201);
    const token = up.json().file as string;
    expect(up.json()).toEqual({ file: token, name: 'cnc.png', mime_type: 'image/png', size: PNG.length });

    const res = await create(body({ confederation_image: token }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      cnpj: CNPJ,
      phone: '6133170000',
      fax: '6133170001',
      url: 'https://www.confederacao.teste.org.br',
      postcode: '70040903',
      state: 'DF',
      country: { id: ids.brasil, name: 'Brasil' },
      federations_count: 0,
      confederation_image: { name: 'cnc.png', mime_type: 'image/png', size: PNG.length },
    });

    const download = await t.request('GET', `/v2/confederation/${created.id}/image`, { token: tok.admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('attachment; filename="logo.png"');
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(PNG).digest('hex'),
    );
    const audit = await lastAudit(t, 'confederation', created.id);
    expect(audit).toMatchObject({ event: 'created' });
    expect(audit?.new_values).toMatchObject({ name: created.name, confederation_image: 'cnc.png' });

    // The reference was used up: it cannot attach the same file to a second record.
    const reused = await expectNothingChanged(t, () => create(body({ confederation_image: token })));
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({
      confederation_image: [
        'A imagem enviada não foi encontrada ou foi substituída por outra. Envie a imagem novamente.',
      ],
    });
  });

  it("keeps one waiting upload per user: a new one replaces the old, and nobody uses another's", async () => {
    const first = (await upload(png())).json().file as string;
    const blobsAfterFirst = storedBlobs(t);
    expect(blobsAfterFirst).toContain(first);
    const second = (await upload(jpeg())).json().file as string;
    expect(storedBlobs(t)).not.toContain(first);
    expect(storedBlobs(t)).toContain(second);
    const stale = await expectNothingChanged(t, () => create(body({ confederation_image: first })));
    expect(stale.statusCode).toBe(422);
    // The newest upload is still waiting for its record.
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.storage_key, second));
    expect(row?.owner_type).toBe('pending.confederation_image');
  });

  it('refuses a renamed executable, a missing file and a wrong field name, storing nothing', async () => {
    const renamed = await expectNothingChanged(t, () => upload(exe('logo.png')));
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({
      file: ['Tipo de arquivo não aceito. Envie um arquivo PNG, JPEG ou SVG.'],
    });
    const missing = await expectNothingChanged(t, () =>
      t.request('POST', '/v2/confederation/image/upload', { token: tok.admin, ...multipart({ nome: 'x' }) }),
    );
    expect(missing.json().errors).toEqual({ file: ['Envie a imagem no campo "file".'] });
    const wrong = await expectNothingChanged(t, () =>
      t.request('POST', '/v2/confederation/image/upload', {
        token: tok.admin,
        ...multipart({ logo: png() }),
      }),
    );
    expect(wrong.json().errors).toEqual({ logo: ['Envie apenas um arquivo neste campo.'] });
  });
});

describe('validation', () => {
  it('refuses bad fields in Portuguese and stores the CNPJ unmasked (alphanumeric too)', async () => {
    const res = await expectNothingChanged(t, () =>
      create(
        body({
          name: '',
          cnpj: maskCnpj(badCnpj(CNPJ)),
          email: 'nao-e-email',
          url: 'ftp://arquivos',
          fax: '12',
          postcode: '7004090',
          state: 'ZZ',
          country_id: 999999,
        }),
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Campo obrigatório.'],
      cnpj: ['CNPJ inválido.'],
      email: ['Informe um e-mail válido.'],
      url: ['Informe um endereço de site válido (ex.: https://www.exemplo.org.br).'],
      fax: ['Informe o telefone com DDD (10 ou 11 dígitos).'],
      postcode: ['Informe um CEP com 8 dígitos.'],
      state: ['Informe a sigla de uma UF (ex.: SP).'],
    });
    const country = await expectNothingChanged(t, () => create(body({ country_id: 999999 })));
    expect(country.json().errors).toEqual({ country_id: ['Opção inválida.'] });
    const alnumBad = await expectNothingChanged(t, () =>
      create(body({ cnpj: maskCnpj(badCnpj(CNPJ_ALNUM)) })),
    );
    expect(alnumBad.json().errors).toEqual({ cnpj: ['CNPJ inválido.'] });
    const alnum = await create(body({ cnpj: maskCnpj(CNPJ_ALNUM) }));
    expect(alnum.statusCode, alnum.body).toBe(201);
    expect(alnum.json().cnpj).toBe(CNPJ_ALNUM);
    expect(alnum.json().cnpj).toHaveLength(14);
  });
});

describe('PUT /v2/confederation/{id} (multipart)', () => {
  it('edits the fields and swaps the image, removing the old file', async () => {
    const firstToken = (await upload(png())).json().file as string;
    const created = (await create(body({ confederation_image: firstToken }))).json();
    const secondToken = (await upload(jpeg('novo.jpg'))).json().file as string;
    const res = await put(
      created.id,
      body({ name: 'Confederação Editada', confederation_image: secondToken }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Confederação Editada',
      confederation_image: { name: 'novo.jpg', mime_type: 'image/jpeg' },
    });
    expect(storedBlobs(t)).not.toContain(firstToken);
    expect(await imageRows(created.id)).toHaveLength(1);
    const download = await t.request('GET', `/v2/confederation/${created.id}/image`, { token: tok.admin });
    expect(download.rawPayload.equals(JPEG)).toBe(true);
    const audit = await lastAudit(t, 'confederation', created.id);
    expect(audit).toMatchObject({
      event: 'updated',
      old_values: { name: created.name, confederation_image: 'logo.png' },
      new_values: { name: 'Confederação Editada', confederation_image: 'novo.jpg' },
    });

    // Without a new reference the image stays; remove_image takes it away.
    expect((await put(created.id, body())).json().confederation_image).toMatchObject({ name: 'novo.jpg' });
    const removed = await put(created.id, body({ remove_image: 'true' }));
    expect(removed.json().confederation_image).toBeNull();
    expect(storedBlobs(t)).not.toContain(secondToken);
    expect(
      (await t.request('GET', `/v2/confederation/${created.id}/image`, { token: tok.admin })).statusCode,
    ).toBe(404);
  });

  it('a refused edit changes nothing and keeps the waiting upload', async () => {
    const token = (await upload(png())).json().file as string;
    const res = await expectNothingChanged(t, () =>
      put(ids.cnce, body({ cnpj: badCnpj(CNPJ), confederation_image: token })),
    );
    expect(res.statusCode).toBe(422);
    expect(storedBlobs(t)).toContain(token);
    expect((await put(999999, body())).statusCode).toBe(404);
  });
});

describe('reads and scoping', () => {
  it('lists by name with the name filter and shows the CNPJ unmasked for the client to mask', async () => {
    const page = await t.request('GET', '/v2/confederation?page=1&name=nacional', { token: tok.admin });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      current_page: 1,
      per_page: 15,
      total: 1,
      data: [{ id: ids.cnce, abbreviation: 'CNCE', federations_count: 1 }],
    });
    expect(page.json().data[0].cnpj).toMatch(/^[0-9A-Z]{14}$/);
  });

  it('the national roles see every confederation; a federation or association only its own (404 beyond)', async () => {
    const conf = await t.request('GET', '/v2/confederation', { token: tok.confederacao });
    expect(conf.json().total).toBeGreaterThanOrEqual(2);
    for (const role of ['federacao', 'associacao']) {
      const list = await t.request('GET', '/v2/confederation', { token: tok[role] });
      expect(list.json().data.map((c: { id: number }) => c.id)).toEqual([ids.cnce]);
      expect(
        (await t.request('GET', `/v2/confederation/${ids.other}`, { token: tok[role] })).statusCode,
      ).toBe(404);
      expect(
        (await t.request('GET', `/v2/confederation/${ids.other}/image`, { token: tok[role] })).statusCode,
      ).toBe(404);
    }
    // The user-form select keeps its rule: only the administrator sees them all.
    const all = await t.request('GET', '/v2/confederation/all', { token: tok.confederacao });
    expect(all.json().data.map((c: { id: number }) => c.id)).toEqual([ids.cnce]);
  });

  it('needs a session for everything, the image included; 403 without the permissions', async () => {
    for (const url of [
      '/v2/confederation',
      `/v2/confederation/${ids.cnce}`,
      `/v2/confederation/${ids.cnce}/image`,
    ]) {
      expect((await t.request('GET', url)).statusCode, url).toBe(401);
      expect((await t.request('GET', url, { token: tok.exportador })).statusCode, url).toBe(403);
    }
    for (const role of ['confederacao', 'federacao', 'associacao']) {
      await expectNothingChanged(t, async () => {
        expect((await upload(png(), tok[role])).statusCode).toBe(403);
        expect((await create(body(), tok[role])).statusCode).toBe(403);
        expect((await put(ids.cnce, body(), tok[role])).statusCode).toBe(403);
        expect(
          (await t.request('DELETE', `/v2/confederation/${ids.cnce}`, { token: tok[role] })).statusCode,
        ).toBe(403);
      });
    }
  });
});

describe('DELETE /v2/confederation/{id}', () => {
  it('refuses (409) while federations and users belong to it, changing nothing', async () => {
    await expectDeleteRefused(
      t,
      `/v2/confederation/${ids.cnce}`,
      tok.admin,
      'Esta confederação não pode ser excluída: há 1 federação vinculada e há 7 usuários vinculados.',
    );
  });

  it('deletes an unused confederation with the SPEC text, its image file and an audit row', async () => {
    const token = (await upload(png())).json().file as string;
    const created = (await create(body({ confederation_image: token }))).json();
    const res = await t.request('DELETE', `/v2/confederation/${created.id}`, { token: tok.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Confederação deletado com sucesso !' });
    expect(storedBlobs(t)).not.toContain(token);
    expect(await imageRows(created.id)).toEqual([]);
    expect((await auditEvents(t, 'confederation', created.id)).map((a) => a.event)).toEqual([
      'created',
      'deleted',
    ]);
  });
});

describe('audit guard', () => {
  it('no successful mutation in this file went unaudited', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
