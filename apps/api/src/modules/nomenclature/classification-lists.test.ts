import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, classificationItems } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  expectNothingChanged,
  multipart,
  openNomenclatureSuite,
  sendForm,
  storedBlobs,
} from './test-support';

let t: TestApp;
let admin: string;
let exporter: string;

const FORBIDDEN = 'Você não tem permissão para realizar esta ação.';

beforeAll(async () => {
  ({ t, admin, exporter } = await openNomenclatureSuite({ ncm: true }));
});
afterAll(() => t.close());

const get = (url: string, token = exporter) => t.request('GET', url, { token });
const create = (fields: Record<string, string>, content?: string | Buffer, token = admin) =>
  sendForm(
    t,
    'POST',
    '/v1/classification_list',
    token,
    multipart(fields, content === undefined ? undefined : { name: 'naladi.csv', content }),
  );
const update = (id: number, fields: Record<string, string>, content?: string | Buffer, token = admin) =>
  sendForm(
    t,
    'POST',
    `/v1/classification_list/${id}`,
    token,
    multipart(fields, content === undefined ? undefined : { name: 'naladi-2.csv', content }),
  );

const NALADI = [
  'ncm;codigo;descricao',
  '0101.21.00;01012100;Reprodutores de raça pura',
  '01012900;01012900;"Outros cavalos; vivos"',
  '84089090;84089000;Os demais motores diesel',
].join('\r\n');

let listId = 0;

describe('creating a list', () => {
  it('starts empty', async () => {
    const res = await get('/v1/classification_list?page=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], total: 0 });
  });

  it('refuses a file with errors, listing every line, and writes nothing (no row, no item, no blob, no audit)', async () => {
    const bad = [
      'ncm;codigo;descricao',
      '01012100;01012100;Reprodutores',
      '0101.2x;01012100;NCM com letra',
      '99999999;01012900;NCM fora da tabela',
      '84089090;840890;Código curto',
      '01012900;01012900;',
      '01012100;01012100;Repetido',
    ].join('\n');
    const res = await expectNothingChanged(t, () =>
      create({ classification_type: 'NALADI/SH 96', name: 'NALADI/SH 96' }, bad),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('O arquivo tem 5 erros. Corrija-os e envie novamente.');
    expect(res.json().errors).toEqual({
      file: [
        'Linha 3: NCM inválido "0101.2x" (informe 8 dígitos).',
        'Linha 4: o NCM 9999.99.99 não existe na tabela NCM.',
        'Linha 5: código NALADI/SH 96 inválido "840890" (informe 8 dígitos).',
        'Linha 6: descrição vazia.',
        'Linha 7: NCM 0101.21.00 repetido (já informado na linha 2).',
      ],
    });
  });

  it('refuses missing type, name and file, a bad type and a missing header', async () => {
    await expectNothingChanged(t, async () => {
      const empty = await create({});
      expect(empty.statusCode).toBe(422);
      expect(Object.keys(empty.json().errors).sort()).toEqual(['classification_type', 'file', 'name']);
      expect(empty.json().errors.file).toEqual(['Envie o arquivo CSV.']);
      const badType = await create({ classification_type: 'NCM', name: 'X' }, NALADI);
      expect(badType.json().errors.classification_type).toEqual(['Opção inválida.']);
      const noHeader = await create(
        { classification_type: 'NALADI/SH 96', name: 'X' },
        '01012100;01012100;Reprodutores\n',
      );
      expect(noHeader.json().errors.file).toEqual([
        'Linha 1: cabeçalho inválido. A primeira linha deve ser "ncm;codigo;descricao".',
      ]);
    });
  });

  it('is refused to a user without reference_data.manage', async () => {
    await expectNothingChanged(t, async () => {
      const res = await create({ classification_type: 'NALADI/SH 96', name: 'X' }, NALADI, exporter);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(FORBIDDEN);
    });
  });

  it('creates the list, its items and the stored file, audited', async () => {
    const res = await create({ classification_type: 'NALADI/SH 96', name: 'NALADI/SH 96 — ALADI' }, NALADI);
    expect(res.statusCode).toBe(201);
    const list = res.json();
    listId = list.id;
    expect(list).toMatchObject({
      classification_type: 'NALADI/SH 96',
      name: 'NALADI/SH 96 — ALADI',
      rows_count: 3,
      file: { name: 'naladi.csv', size: Buffer.byteLength(NALADI) },
      uploaded_by: { name: expect.any(String) },
    });
    const items = await t.db
      .select({
        ncm: classificationItems.ncm_code,
        code: classificationItems.code,
        d: classificationItems.description,
      })
      .from(classificationItems)
      .where(eq(classificationItems.list_id, listId))
      .orderBy(asc(classificationItems.ncm_code));
    expect(items).toEqual([
      { ncm: '01012100', code: '01012100', d: 'Reprodutores de raça pura' },
      { ncm: '01012900', code: '01012900', d: 'Outros cavalos; vivos' },
      { ncm: '84089090', code: '84089000', d: 'Os demais motores diesel' },
    ]);
    const [audit] = await t.db
      .select()
      .from(audits)
      .where(and(eq(audits.auditable_type, 'classification_list'), eq(audits.auditable_id, listId)));
    expect(audit?.event).toBe('created');
    expect(audit?.new_values).toMatchObject({ classification_type: 'NALADI/SH 96', rows_count: 3 });
  });

  it('is listed (paged and /all) and feeds the NALADI codes of the NCM lookup', async () => {
    const page = await get('/v1/classification_list?page=1');
    expect(page.json()).toMatchObject({ total: 1, data: [{ id: listId, rows_count: 3 }] });
    const all = await get('/v1/classification_list/all');
    expect(all.json().data.map((l: { id: number }) => l.id)).toEqual([listId]);
    const lookup = await get('/v1/ncm/8408.90.90');
    expect(lookup.json().naladi).toEqual([
      { classification_type: 'NALADI/SH 96', code: '84089000', description: 'Os demais motores diesel' },
    ]);
  });

  it('downloads exactly the bytes uploaded, as lista_classificacao.csv', async () => {
    const res = await get(`/v1/classification_list/list/download/${listId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('filename="lista_classificacao.csv"');
    expect(res.rawPayload.equals(Buffer.from(NALADI))).toBe(true);
  });

  it('allows one list per type (422 on the type), writing nothing', async () => {
    const res = await expectNothingChanged(t, () =>
      create({ classification_type: 'NALADI/SH 96', name: 'Outra NALADI' }, NALADI),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.classification_type).toEqual([
      'Já existe uma lista do tipo NALADI/SH 96. Substitua o arquivo da lista existente em vez de criar outra.',
    ]);
  });

  it('accepts a 6-digit SH list with `,` separators and a BOM', async () => {
    const sh = '\uFEFFncm,codigo,descricao\n01012100,010121,"Reprodutores de raça pura"\n';
    const res = await create({ classification_type: 'SH 2022', name: 'SH 2022' }, sh);
    expect(res.statusCode).toBe(201);
    expect(res.json().rows_count).toBe(1);
    const lookup = await get('/v1/ncm/01012100');
    expect(lookup.json().naladi.map((n: { classification_type: string }) => n.classification_type)).toEqual([
      'NALADI/SH 96',
      'SH 2022',
    ]);
  });
});

describe('replacing and deleting', () => {
  const REPLACEMENT =
    'ncm;codigo;descricao\n01012900;01012900;Outros cavalos\n01012100;01012100;Reprodutores\n';

  it('renames without touching the items or the file', async () => {
    const res = await update(listId, { name: 'NALADI/SH 96 (renomeada)' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'NALADI/SH 96 (renomeada)',
      rows_count: 3,
      file: { name: 'naladi.csv' },
    });
    const download = await get(`/v1/classification_list/list/download/${listId}`);
    expect(download.rawPayload.equals(Buffer.from(NALADI))).toBe(true);
  });

  it('refuses a bad replacement file, a change of type and an empty update, keeping everything', async () => {
    await expectNothingChanged(t, async () => {
      const bad = await update(listId, { name: 'Não deve ficar' }, 'ncm;codigo;descricao\n0101;1;\n');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.file).toEqual([
        'Linha 2: NCM inválido "0101" (informe 8 dígitos).',
        'Linha 2: código NALADI/SH 96 inválido "1" (informe 8 dígitos).',
        'Linha 2: descrição vazia.',
      ]);
      const type = await update(listId, { classification_type: 'SH 2012' });
      expect(type.json().errors.classification_type).toEqual([
        'O tipo de uma lista não pode ser alterado. Exclua a lista e crie outra.',
      ]);
      const nothing = await update(listId, {});
      expect(nothing.json().errors.name).toEqual(['Informe um novo nome ou envie um novo arquivo.']);
      expect((await update(listId, { name: 'X' }, REPLACEMENT, exporter)).statusCode).toBe(403);
      expect((await update(999_999, { name: 'X' })).statusCode).toBe(404);
    });
  });

  it('replaces the items with a new file; the old blob is removed and the download is the new file', async () => {
    const blobsBefore = storedBlobs(t);
    const res = await update(listId, {}, REPLACEMENT);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows_count: 2, file: { name: 'naladi-2.csv' } });
    expect(storedBlobs(t)).toBe(blobsBefore);
    const download = await get(`/v1/classification_list/list/download/${listId}`);
    expect(download.rawPayload.equals(Buffer.from(REPLACEMENT))).toBe(true);
    expect((await get('/v1/ncm/84089090')).json().naladi).toEqual([]);
    expect((await get('/v1/ncm/01012900')).json().naladi).toEqual([
      { classification_type: 'NALADI/SH 96', code: '01012900', description: 'Outros cavalos' },
    ]);
  });

  it('deletes the list with its items and file (asking reference_data.manage), audited', async () => {
    expect(
      (await t.request('DELETE', `/v1/classification_list/${listId}`, { token: exporter })).statusCode,
    ).toBe(403);
    const blobsBefore = storedBlobs(t);
    const res = await t.request('DELETE', `/v1/classification_list/${listId}`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Lista de classificação excluída com sucesso!');
    expect(storedBlobs(t)).toBe(blobsBefore - 1);
    expect(await t.db.$count(classificationItems, eq(classificationItems.list_id, listId))).toBe(0);
    expect((await get(`/v1/classification_list/list/download/${listId}`)).statusCode).toBe(404);
    expect(
      (await t.request('DELETE', `/v1/classification_list/${listId}`, { token: admin })).statusCode,
    ).toBe(404);
    const events = await t.db
      .select({ event: audits.event })
      .from(audits)
      .where(and(eq(audits.auditable_type, 'classification_list'), eq(audits.auditable_id, listId)))
      .orderBy(asc(audits.id));
    expect(events.map((e) => e.event)).toEqual(['created', 'updated', 'updated', 'deleted']);
  });

  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
