import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, ncm } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { expectNothingChanged, multipart, openNomenclatureSuite, sendForm } from './test-support';

let t: TestApp;
let admin: string;
let exporter: string;

const NOT_FOUND = 'Registro não encontrado.';
const FORBIDDEN = 'Você não tem permissão para realizar esta ação.';

beforeAll(async () => {
  ({ t, admin, exporter } = await openNomenclatureSuite({ ncm: true }));
});
afterAll(() => t.close());

const get = (url: string, token = exporter) => t.request('GET', url, { token });
const post = (url: string, body: unknown, token = admin) => t.request('POST', url, { token, body });

describe('GET /v1/ncm/{code}', () => {
  it('finds a code by its digits, masked or not, with parent, chapter and the chain down to it', async () => {
    const masked = await get('/v1/ncm/8408.90.90');
    expect(masked.statusCode).toBe(200);
    const plain = await get('/v1/ncm/84089090');
    expect(plain.json()).toEqual(masked.json());
    expect(masked.json()).toMatchObject({
      code: '84089090',
      description: 'Outros',
      parent_code: '840890',
      parent: 'Outros motores',
      main_parent: '84',
      level: 4,
      leaf: true,
      naladi: [],
    });
    expect(masked.json().main_parent_description).toMatch(/^Reatores nucleares, caldeiras, máquinas/);
    expect(masked.json().chain.map((n: { code: string }) => n.code)).toEqual([
      '84',
      '8408',
      '840890',
      '84089090',
    ]);
  });

  it('answers the upper levels too: a chapter has no parent', async () => {
    const chapter = await get('/v1/ncm/84');
    expect(chapter.json()).toMatchObject({ code: '84', parent_code: null, parent: null, leaf: false });
    expect(chapter.json().chain).toHaveLength(1);
  });

  it('answers 404 "Registro não encontrado." for a code the table does not have, or no code at all', async () => {
    for (const code of ['99999999', '8408.90.99', '0101.2x', '840']) {
      const res = await get(`/v1/ncm/${encodeURIComponent(code)}`);
      expect(res.statusCode, code).toBe(404);
      expect(res.json().message).toBe(NOT_FOUND);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('GET', '/v1/ncm/84089090')).statusCode).toBe(401);
  });
});

describe('GET /v1/ncm (search)', () => {
  it('pages the whole table in code order', async () => {
    const res = await get('/v1/ncm?page=2');
    // 14 569 codes: more than a list counts (TOTAL_CAP), so the total says "10.000+" (lib/paging.ts).
    expect(res.json()).toMatchObject({
      current_page: 2,
      per_page: 15,
      total: 10_000,
      last_page: 667,
      total_capped: true,
    });
    const codes = res.json().data.map((r: { code: string }) => r.code);
    expect(codes).toEqual([...codes].sort());
  });

  it('searches by code prefix, masked or not', async () => {
    const res = await get('/v1/ncm?q=8408');
    expect(res.json().total).toBe(12);
    expect(res.json().data.every((r: { code: string }) => r.code.startsWith('8408'))).toBe(true);
    const masked = await get(`/v1/ncm?q=${encodeURIComponent('8408.90')}`);
    expect(masked.json().data.map((r: { code: string }) => r.code)).toEqual([
      '840890',
      '84089010',
      '84089090',
    ]);
    // A prefix ending in 9 must not leak into the next code ('8419' is not '842…').
    const nines = await get('/v1/ncm?q=8419');
    expect(nines.json().data.every((r: { code: string }) => r.code.startsWith('8419'))).toBe(true);
  });

  it('searches the description by words, ignoring case and accents', async () => {
    const res = await get(`/v1/ncm?q=${encodeURIComponent('MOTORES diesel')}`);
    const codes = res.json().data.map((r: { code: string }) => r.code);
    expect(codes).toContain('8408');
    const accents = await get('/v1/ncm?q=acucares');
    expect(
      accents.json().data.some((r: { description: string }) => r.description.startsWith('Açúcares')),
    ).toBe(true);
    const accented = await get(`/v1/ncm?q=${encodeURIComponent('AÇÚCARES de cana')}`);
    expect(accented.json().data.map((r: { code: string }) => r.code)).toContain('1701');
    const none = await get('/v1/ncm?q=zzzzinexistente');
    expect(none.json()).toMatchObject({ total: 0, data: [] });
    // Regex characters typed by the user are matched literally, never as a pattern (nor a 500).
    const symbols = await get(`/v1/ncm?q=${encodeURIComponent('a.b( [c')}`);
    expect(symbols.statusCode).toBe(200);
    expect(symbols.json().total).toBe(0);
  });
});

describe('NCM reference (the description printed for an NCM)', () => {
  it('is null until saved; saving creates then replaces it, each save audited', async () => {
    const empty = await post('/v1/ncm/get-ncm-reference', { ncm: '8408.90.90' }, exporter);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ ncm: '84089090', description: null });

    const saved = await post('/v1/ncm/save-ncm-reference/', {
      ncm: '8408.90.90',
      description: 'Motores diesel estacionários',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ncm: '84089090', description: 'Motores diesel estacionários' });
    const replaced = await post('/v1/ncm/save-ncm-reference', {
      ncm: '84089090',
      description: 'Motores diesel para geradores',
    });
    expect(replaced.statusCode).toBe(200);

    const read = await post('/v1/ncm/get-ncm-reference', { ncm: '84089090' }, exporter);
    expect(read.json()).toEqual({ ncm: '84089090', description: 'Motores diesel para geradores' });

    const rows = await t.db
      .select()
      .from(audits)
      .where(eq(audits.auditable_type, 'ncm_reference'))
      .orderBy(asc(audits.id));
    expect(rows.map((r) => r.event)).toEqual(['created', 'updated']);
    expect(rows[1]?.old_values).toEqual({
      ncm_code: '84089090',
      description: 'Motores diesel estacionários',
    });
    expect(rows[1]?.new_values).toEqual({
      ncm_code: '84089090',
      description: 'Motores diesel para geradores',
    });
  });

  it('refuses an invalid NCM, one not in the table and an empty description, writing nothing', async () => {
    await expectNothingChanged(t, async () => {
      const bad = await post('/v1/ncm/save-ncm-reference/', { ncm: '0101.2x', description: 'X' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.ncm).toEqual(['Informe um NCM com 8 dígitos (0000.00.00).']);
      const unknown = await post('/v1/ncm/save-ncm-reference/', { ncm: '9999.99.99', description: 'X' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.ncm).toEqual(['NCM não encontrado na tabela NCM.']);
      const blank = await post('/v1/ncm/save-ncm-reference/', { ncm: '84089090', description: '  ' });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors.description).toEqual(['Campo obrigatório.']);
      const badRead = await post('/v1/ncm/get-ncm-reference', { ncm: '123' }, exporter);
      expect(badRead.statusCode).toBe(422);
    });
  });

  it('is saved only with reference_data.manage', async () => {
    await expectNothingChanged(t, async () => {
      const res = await post('/v1/ncm/save-ncm-reference/', { ncm: '84089090', description: 'X' }, exporter);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(FORBIDDEN);
    });
  });
});

describe('POST /v1/ncm/upload (replace the table)', () => {
  const HEADER = '"codigo","codigoPai","descricao","nivel","ehFolha"';
  const upload = (content: string, token = admin, name = 'ncm-2022.csv') =>
    sendForm(t, 'POST', '/v1/ncm/upload', token, multipart({}, { name, content }));

  it('is refused to a user without reference_data.manage, before anything is stored', async () => {
    await expectNothingChanged(t, async () => {
      const res = await upload(`${HEADER}\n"01",,"Animais vivos",1,false\n`, exporter);
      expect(res.statusCode).toBe(403);
    });
  });

  it('lists every problem of a bad file with its line, and changes nothing', async () => {
    const bad = [
      HEADER,
      '"01",,"Animais vivos",1,false',
      '"0101","01","Cavalos",2,false',
      '"0101.2x","0101","Código com letra",3,true',
      '"0101","01","Repetido",2,false',
      '"01019000","010190","Pai inexistente",3,true',
      '"01029000","01","",3,true',
    ].join('\n');
    const res = await expectNothingChanged(t, () => upload(bad));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'ValidationError',
      message: 'O arquivo tem 4 erros. Corrija-os e envie novamente.',
    });
    expect(res.json().errors.file).toEqual([
      'Linha 4: código NCM inválido "0101.2x".',
      'Linha 5: código NCM 0101 repetido (já informado na linha 3).',
      'Linha 6: o código pai 0101.90 não existe no arquivo.',
      'Linha 7: descrição vazia.',
    ]);
  });

  it('refuses a file without the header, no file, and a file that is not text', async () => {
    await expectNothingChanged(t, async () => {
      const noHeader = await upload('"01",,"Animais vivos",1,false\n');
      expect(noHeader.json().errors.file).toEqual([
        'Linha 1: cabeçalho inválido. A primeira linha deve ser "codigo,codigoPai,descricao,nivel,ehFolha".',
      ]);
      const noFile = await sendForm(t, 'POST', '/v1/ncm/upload', admin, multipart({}));
      expect(noFile.statusCode).toBe(422);
      expect(noFile.json().errors.file).toEqual(['Envie o arquivo CSV.']);
      const pdf = await sendForm(
        t,
        'POST',
        '/v1/ncm/upload',
        admin,
        multipart({}, { name: 'ncm.csv', content: Buffer.from('%PDF-1.7\n%%EOF\n') }),
      );
      expect(pdf.statusCode).toBe(422);
      expect(pdf.json().errors.file).toEqual(['Tipo de arquivo não aceito. Envie um arquivo CSV.']);
    });
  });

  it('replaces the whole table in one transaction, audited with the counts', async () => {
    const good = [
      HEADER,
      '"01",,"Animais vivos",1,false',
      '"0101","01","Cavalos, asininos e muares, vivos.",2,false',
      '"0101.21.00","0101","Reprodutores de raça pura",3,true',
      '"0101.29.00","0101","Outros",3,true',
      '"99",,"Capítulo novo",1,false',
      '"9901","99","Posição nova",2,false',
      '"99011000","9901","Subitem novo",3,true',
    ].join('\r\n');
    const res = await upload(`\uFEFF${good}\r\n`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Tabela NCM carregada com sucesso: 7 códigos.',
      rows: 7,
      leaves: 3,
      chapters: 2,
      previous_rows: 14_569,
    });
    expect(await t.db.$count(ncm)).toBe(7);
    expect((await get('/v1/ncm/84089090')).statusCode).toBe(404);
    expect((await get('/v1/ncm/9901.10.00')).json()).toMatchObject({
      code: '99011000',
      parent: 'Posição nova',
      main_parent_description: 'Capítulo novo',
    });
    const [row] = await t.db
      .select()
      .from(audits)
      .where(and(eq(audits.auditable_type, 'ncm'), eq(audits.event, 'imported')));
    expect(row?.old_values).toEqual({ rows: 14_569 });
    expect(row?.new_values).toMatchObject({ rows: 7, leaves: 3, chapters: 2, file: 'ncm-2022.csv' });
    expect(row?.user_id).not.toBeNull();
  });

  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
