import { messages } from '@origem/contract/messages.pt';
import { TYPE_AHEAD_SIZE } from '@origem/contract/paging';
import { dispatcherMessages } from '@origem/contract/schemas/dispatchers';
import { exporterMessages } from '@origem/contract/schemas/exporters';
import { partyMessages } from '@origem/contract/schemas/party';
import type { PartyRecord } from '@origem/contract/schemas/party-records';
import { formatCnpj, withCheckDigits } from '@origem/contract/validators/tax-id';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, dispatchers, exporters, storedFiles, tradeAssociations, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { multipart, type PartValue } from '../../test/multipart';
import { expectUnchanged } from '../../test/snapshot';
import { auditEvents, lastAudit, recordsAndFiles, storedBlobs } from '../entities/test-support';

/** SPEC §7 Exporter and Dispatcher: both kinds through the same endpoints, scoping, files and soft delete. */

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x41), Buffer.from('\n%%EOF\n')]);
const OTHER_PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(300, 0x42),
  Buffer.from('\n%%EOF\n'),
]);
const pdf = (content = PDF, filename = 'contrato.pdf') => ({
  filename,
  content,
  contentType: 'application/pdf',
});
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

let t: TestApp;
const tok: Record<string, string> = {};
const ids = {
  santos: 0,
  campinas: 0,
  demoExporter: 0,
  demoDispatcher: 0,
  exporterUser: 0,
  dispatcherUser: 0,
};

let seq = 0;
/** A fresh valid CNPJ (and CPF) on every call. */
function nextCnpj() {
  seq += 1;
  return withCheckDigits(`7${String(seq).padStart(7, '0')}0001`);
}
function nextCpf() {
  seq += 1;
  return withCheckDigits(`3${String(seq).padStart(8, '0')}`);
}

function companyFields(overrides: Record<string, PartValue> = {}): Record<string, PartValue> {
  return {
    person_type_id: 2,
    cnpj: nextCnpj(),
    name: `Empresa de Teste ${seq}`,
    trade_name: 'Teste',
    email: 'Comex@Teste.Origem.local',
    phone: '(13) 3219-0000',
    postcode: '11013-000',
    address: 'Rua XV de Novembro',
    number: '10',
    city: 'Santos',
    state: 'sp',
    trade_association_id: ids.santos,
    associated: 'true',
    ...overrides,
  };
}

const KINDS = [
  { kind: 'exporter', base: '/v1/exporter', table: exporters, texts: exporterMessages },
  { kind: 'dispatcher', base: '/v1/dispatcher', table: dispatchers, texts: dispatcherMessages },
] as const;

async function create(base: string, fields: Record<string, PartValue>, token = tok.admin) {
  return t.request('POST', base, { token, ...multipart(fields) });
}
async function created(base: string, fields: Record<string, PartValue> = {}, token = tok.admin) {
  const res = await create(base, companyFields(fields), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PartyRecord>();
}

/** Rows, files (rows and blobs) and audits: what a refused mutation must leave alone. */
const expectNothingChanged = <T>(action: () => Promise<T>): Promise<T> =>
  expectUnchanged(() => recordsAndFiles(t, ['exporters', 'dispatchers', 'users']), action);

beforeAll(async () => {
  t = await createTestApp();
  const [santos] = await t.db.select({ id: tradeAssociations.id }).from(tradeAssociations);
  ids.santos = santos?.id ?? 0;
  const [campinas] = await t.db
    .insert(tradeAssociations)
    .values({ name: 'Associação Comercial de Campinas', abbreviation: 'ACC', ehid: 'ACC' })
    .returning({ id: tradeAssociations.id });
  ids.campinas = campinas?.id ?? 0;
  for (const role of ['admin', 'analista', 'associacao', 'federacao', 'exportador', 'despachante']) {
    tok[role] = await t.login(role);
  }
  const [eu] = await t.db
    .select({ id: users.id, exporter_id: users.exporter_id })
    .from(users)
    .where(eq(users.email, 'exportador@origem.local'));
  const [du] = await t.db
    .select({ id: users.id, dispatcher_id: users.dispatcher_id })
    .from(users)
    .where(eq(users.email, 'despachante@origem.local'));
  ids.exporterUser = eu?.id ?? 0;
  ids.demoExporter = eu?.exporter_id ?? 0;
  ids.dispatcherUser = du?.id ?? 0;
  ids.demoDispatcher = du?.dispatcher_id ?? 0;
});
afterAll(() => t.close());

describe.each(KINDS)('$kind: create, read, download', ({ kind, base, table, texts }) => {
  it('creates with the social contract PDF in one audited save and serves it back as contrato_social', async () => {
    const cnpj = nextCnpj();
    const res = await create(
      base,
      companyFields({
        cnpj: cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'),
        social_contract: pdf(),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const party = res.json<PartyRecord>();
    expect(party).toMatchObject({
      person_type_id: 2,
      cnpj,
      cpf: null,
      email: 'comex@teste.origem.local',
      phone: '1332190000',
      postcode: '11013000',
      state: 'SP',
      associated: true,
      trade_association: { id: ids.santos, name: 'Associação Comercial de Santos' },
      social_contract: { name: 'contrato.pdf', mime_type: 'application/pdf', size: PDF.length },
      deleted_at: null,
    });
    const [row] = await t.db.select().from(table).where(eq(table.id, party.id));
    expect(row?.cnpj).toBe(cnpj);
    const files = await t.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.owner_type, `${kind}.social_contract`), eq(storedFiles.owner_id, party.id)));
    expect(files).toHaveLength(1);
    const audit = await lastAudit(t, kind, party.id);
    expect(audit?.event).toBe('created');
    expect(audit?.new_values).toMatchObject({ cnpj, social_contract: 'contrato.pdf' });

    const download = await t.request('GET', `${base}/social_contract/${party.id}`, { token: tok.analista });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="contrato_social.pdf"');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const detail = await t.request('GET', `${base}/${party.id}`, { token: tok.associacao });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<PartyRecord>().social_contract?.name).toBe('contrato.pdf');
  });

  it('accepts a person with a CPF and an alphanumeric CNPJ for a company', async () => {
    const cpf = nextCpf();
    const person = await created(base, { person_type_id: 1, cpf, cnpj: nextCnpj(), name: 'Ana Souza' });
    // The person type decides: the CNPJ sent along is dropped.
    expect(person).toMatchObject({ person_type_id: 1, cpf, cnpj: null, name: 'Ana Souza' });
    const alnum = withCheckDigits('12ABC34501DE');
    const company = await created(base, { cnpj: `12.abc.345/01de-${alnum.slice(12)}` });
    expect(company.cnpj).toBe(alnum);
  });

  it('refuses bad input with Portuguese messages on the fields and changes nothing', async () => {
    const cases: [Record<string, PartValue>, Record<string, string[]>][] = [
      [{ name: '' }, { name: [messages.field.required] }],
      [{ person_type_id: 1, cnpj: null }, { cpf: [partyMessages.cpfRequired] }],
      [{ person_type_id: 1, cpf: '111.111.111-11' }, { cpf: [messages.field.cpf] }],
      [{ cnpj: '' }, { cnpj: [partyMessages.cnpjRequired] }],
      [{ cnpj: '11.222.333/0001-82' }, { cnpj: [messages.field.cnpj] }],
      [{ person_type_id: 3 }, { person_type_id: [partyMessages.personType] }],
      [{ trade_association_id: 999_999 }, { trade_association_id: [messages.field.invalidOption] }],
      [{ email: 'not-an-email' }, { email: [messages.field.email] }],
    ];
    for (const [overrides, errors] of cases) {
      const res = await expectNothingChanged(() => create(base, companyFields(overrides)));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'ValidationError', errors });
    }
    const notPdf = await expectNothingChanged(() =>
      create(base, companyFields({ social_contract: { filename: 'contrato.pdf', content: PNG } })),
    );
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors.social_contract[0]).toContain('PDF');
  });

  it('keeps one live record per CNPJ and CPF, answering on the field, also under concurrent saves', async () => {
    const party = await created(base);
    const again = await expectNothingChanged(() => create(base, companyFields({ cnpj: party.cnpj })));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ cnpj: [texts.cnpjTaken] });

    const cpf = nextCpf();
    await created(base, { person_type_id: 1, cpf });
    const sameCpf = await create(base, companyFields({ person_type_id: 1, cpf }));
    expect(sameCpf.json().errors).toEqual({ cpf: [texts.cpfTaken] });

    const other = await created(base);
    const edit = await t.request('POST', `${base}/${other.id}`, {
      token: tok.admin,
      ...multipart(companyFields({ cnpj: party.cnpj })),
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual({ cnpj: [texts.cnpjTaken] });

    const cnpj = nextCnpj();
    const answers = await Promise.all([1, 2, 3].map(() => create(base, companyFields({ cnpj }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    const rows = await t.db
      .select()
      .from(table)
      .where(and(eq(table.cnpj, cnpj), isNull(table.deleted_at)));
    expect(rows).toHaveLength(1);
  });

  it('edits, replacing the social contract without leaving an orphan, and can remove it', async () => {
    const party = await created(base, { social_contract: pdf() });
    const blobsBefore = storedBlobs(t).length;
    const res = await t.request('POST', `${base}/${party.id}`, {
      token: tok.associacao,
      ...multipart(
        companyFields({
          cnpj: party.cnpj,
          name: 'Nome Novo Ltda.',
          associated: 'false',
          social_contract: pdf(OTHER_PDF, 'novo.pdf'),
        }),
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PartyRecord>()).toMatchObject({
      name: 'Nome Novo Ltda.',
      associated: false,
      social_contract: { name: 'novo.pdf', size: OTHER_PDF.length },
    });
    expect(storedBlobs(t)).toHaveLength(blobsBefore);
    const download = await t.request('GET', `${base}/social_contract/${party.id}`, { token: tok.admin });
    expect(download.rawPayload.equals(OTHER_PDF)).toBe(true);
    const audit = await lastAudit(t, kind, party.id);
    expect(audit).toMatchObject({
      event: 'updated',
      old_values: { name: party.name, associated: true, social_contract: 'contrato.pdf' },
      new_values: { name: 'Nome Novo Ltda.', associated: false, social_contract: 'novo.pdf' },
    });

    const removed = await t.request('POST', `${base}/${party.id}`, {
      token: tok.admin,
      ...multipart(companyFields({ cnpj: party.cnpj, remove_social_contract: 'true' })),
    });
    expect(removed.json<PartyRecord>().social_contract).toBeNull();
    expect(storedBlobs(t)).toHaveLength(blobsBefore - 1);
    const gone = await t.request('GET', `${base}/social_contract/${party.id}`, { token: tok.admin });
    expect(gone.statusCode).toBe(404);
  });

  it('lists by name in reading order, with the filters of SPEC §7', async () => {
    const tag = `Filtro${kind}`;
    const zeta = await created(base, { name: `Zeta ${tag}`, associated: 'false' });
    const eba = await created(base, { name: `Ébano ${tag}` });
    const aba = await created(base, { name: `abacaxi ${tag}`, trade_association_id: ids.campinas });
    const list = await t.request('GET', `${base}?name=${tag}`, { token: tok.admin });
    expect(list.statusCode).toBe(200);
    const page = list.json<{ data: PartyRecord[]; total: number; per_page: number }>();
    expect(page.data.map((p) => p.id)).toEqual([aba.id, eba.id, zeta.id]);
    expect(page.total).toBe(3);
    const ids_ = async (query: string) =>
      (await t.request('GET', `${base}?name=${tag}&${query}`, { token: tok.admin }))
        .json<{ data: PartyRecord[] }>()
        .data.map((p) => p.id);
    expect(await ids_('associated=false')).toEqual([zeta.id]);
    expect(await ids_('associated=true')).toEqual([aba.id, eba.id]);
    expect(await ids_(`trade_association_id=${ids.campinas}`)).toEqual([aba.id]);
    const masked = (eba.cnpj ?? '').replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    expect(await ids_(`cnpj=${encodeURIComponent(masked)}`)).toEqual([eba.id]);
    // Case folds as ILIKE would, accented capitals too; the trade name counts, a match across the two does not.
    const byName = async (name: string) =>
      (await t.request('GET', `${base}?name=${encodeURIComponent(name)}`, { token: tok.admin }))
        .json<{ data: PartyRecord[] }>()
        .data.map((p) => p.id);
    expect(await byName(`ÉBANO ${tag.toUpperCase()}`)).toEqual([eba.id]);
    const traded = await created(base, { name: `Razão ${tag}`, trade_name: `Fantasia${tag}` });
    expect(await byName(`fantasia${tag}`)).toEqual([traded.id]);
    expect(await byName(`razão ${tag} fantasia`)).toEqual([]);
    await t.request('DELETE', `${base}/${traded.id}`, { token: tok.admin });
    // An association sees only its own: Campinas' record is not in Santos' list.
    const scoped = await t.request('GET', `${base}?name=${tag}`, { token: tok.associacao });
    expect(scoped.json<{ data: PartyRecord[] }>().data.map((p) => p.id)).toEqual([eba.id, zeta.id]);
  });

  it('keeps another association out: 404 on read, download, edit and delete; its staff create only at home', async () => {
    const far = await created(base, { trade_association_id: ids.campinas, social_contract: pdf() });
    for (const [method, url] of [
      ['GET', `${base}/${far.id}`],
      ['GET', `${base}/social_contract/${far.id}`],
      ['DELETE', `${base}/${far.id}`],
    ] as const) {
      const res = await expectNothingChanged(() => t.request(method, url, { token: tok.associacao }));
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(messages.notFound);
    }
    const edit = await expectNothingChanged(() =>
      t.request('POST', `${base}/${far.id}`, {
        token: tok.analista,
        ...multipart(companyFields({ cnpj: far.cnpj, trade_association_id: ids.campinas })),
      }),
    );
    expect(edit.statusCode).toBe(404);
    // Staff of Santos asking for Campinas get Santos: the association is forced server-side.
    const mine = await created(base, { trade_association_id: ids.campinas }, tok.associacao);
    expect(mine.trade_association_id).toBe(ids.santos);
  });

  it('needs the manage permission to write', async () => {
    const read = await t.request('GET', base, { token: tok.federacao });
    expect(read.statusCode).toBe(200);
    const write = await expectNothingChanged(() => create(base, companyFields(), tok.federacao));
    expect(write.statusCode).toBe(403);
    const mine = await expectNothingChanged(() => create(base, companyFields(), tok.exportador));
    expect(mine.statusCode).toBe(403);
  });

  it('lists the person types', async () => {
    const res = await t.request('GET', `${base}/person_type/all`, { token: tok.admin });
    expect(res.json()).toEqual({
      data: [
        { id: 1, name: 'Pessoa física' },
        { id: 2, name: 'Pessoa jurídica' },
      ],
    });
  });
});

describe('what an exporter or dispatcher user sees', () => {
  it('an exporter user sees only its own exporter, in every list', async () => {
    const other = await created('/v1/exporter');
    const list = await t.request('GET', '/v1/exporter', { token: tok.exportador });
    expect(list.json<{ data: PartyRecord[] }>().data.map((p) => p.id)).toEqual([ids.demoExporter]);
    const all = await t.request('GET', '/v1/exporter/all', { token: tok.exportador });
    expect(all.json<{ data: { id: number }[] }>().data.map((p) => p.id)).toEqual([ids.demoExporter]);
    const v2 = await t.request('GET', '/v2/exporter/all_by_id_v2', { token: tok.exportador });
    expect(v2.json()).toEqual({
      data: [
        {
          id: ids.demoExporter,
          name: 'Café Santista Exportadora Ltda.',
          cpf: null,
          cnpj: withCheckDigits('112223330001'),
          trade_association_id: ids.santos,
        },
      ],
    });
    expect((await t.request('GET', `/v1/exporter/${other.id}`, { token: tok.exportador })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request('GET', `/v1/exporter/${ids.demoExporter}`, { token: tok.exportador })).statusCode,
    ).toBe(200);
    // Dispatchers are not an exporter's to list.
    expect((await t.request('GET', '/v1/dispatcher', { token: tok.exportador })).statusCode).toBe(403);
  });

  it('staff get every live exporter of their scope from all_by_id_v2 and all', async () => {
    const far = await created('/v1/exporter', { trade_association_id: ids.campinas });
    const admin = await t.request('GET', '/v2/exporter/all_by_id_v2', { token: tok.admin });
    const adminIds = admin.json<{ data: { id: number }[] }>().data.map((p) => p.id);
    expect(adminIds).toContain(far.id);
    expect(adminIds).toContain(ids.demoExporter);
    const santos = await t.request('GET', '/v1/exporter/all', { token: tok.associacao });
    const santosRows = santos.json<{ data: { id: number; trade_association_id: number }[] }>().data;
    expect(santosRows.map((p) => p.id)).not.toContain(far.id);
    expect(santosRows.every((p) => p.trade_association_id === ids.santos)).toBe(true);
  });

  it('with_trashed by user_id answers the party of that user, and only its own for a party user', async () => {
    const byStaff = await t.request('GET', `/v1/exporter/with_trashed?user_id=${ids.exporterUser}`, {
      token: tok.admin,
    });
    expect(byStaff.json<{ data: PartyRecord[] }>().data.map((p) => p.id)).toEqual([ids.demoExporter]);
    const own = await t.request('GET', `/v1/dispatcher/with_trashed?user_id=${ids.dispatcherUser}`, {
      token: tok.despachante,
    });
    expect(own.json<{ data: PartyRecord[] }>().data.map((p) => p.id)).toEqual([ids.demoDispatcher]);
    const [admin] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@origem.local'));
    const foreign = await t.request('GET', `/v1/dispatcher/with_trashed?user_id=${admin?.id}`, {
      token: tok.despachante,
    });
    expect(foreign.json<{ total: number }>().total).toBe(0);
  });

  it('all_not_bind answers the counterparts of the same association, for the caller’s own record', async () => {
    const santosExporter = await created('/v1/exporter');
    const campinasExporter = await created('/v1/exporter', { trade_association_id: ids.campinas });
    const mine = await t.request('GET', '/v1/dispatcher/all_not_bind', { token: tok.despachante });
    expect(mine.statusCode, mine.body).toBe(200);
    const exporterIds = mine.json<{ data: { id: number }[] }>().data.map((p) => p.id);
    expect(exporterIds).toContain(santosExporter.id);
    expect(exporterIds).toContain(ids.demoExporter);
    expect(exporterIds).not.toContain(campinasExporter.id);
    const explicit = await t.request(
      'GET',
      `/v1/dispatcher/all_not_bind?dispatcher_id=${ids.demoDispatcher}`,
      {
        token: tok.despachante,
      },
    );
    expect(explicit.json()).toEqual(mine.json());

    const campinasDispatcher = await created('/v1/dispatcher', { trade_association_id: ids.campinas });
    const foreign = await t.request(
      'GET',
      `/v1/dispatcher/all_not_bind?dispatcher_id=${campinasDispatcher.id}`,
      {
        token: tok.despachante,
      },
    );
    expect(foreign.statusCode).toBe(404);
    const byAdmin = await t.request(
      'GET',
      `/v1/dispatcher/all_not_bind?dispatcher_id=${campinasDispatcher.id}`,
      {
        token: tok.admin,
      },
    );
    expect(byAdmin.json<{ data: { id: number }[] }>().data.map((p) => p.id)).toContain(campinasExporter.id);
    const missing = await t.request('GET', '/v1/dispatcher/all_not_bind', { token: tok.admin });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ dispatcher_id: [messages.field.required] });

    const dispatchersForExporter = await t.request('GET', '/v1/exporter/all_not_bind', {
      token: tok.exportador,
    });
    const dispatcherIds = dispatchersForExporter.json<{ data: { id: number }[] }>().data.map((p) => p.id);
    expect(dispatcherIds).toContain(ids.demoDispatcher);
    expect(dispatcherIds).not.toContain(campinasDispatcher.id);
  });

  it('all_not_bind is a type-ahead: by part of the name or of the CPF/CNPJ, at most TYPE_AHEAD_SIZE rows', async () => {
    const target = await created('/v1/exporter', { name: 'Exportadora Buscável Tipo Ahead Ltda.' });
    const search = (name: string) =>
      t.request('GET', `/v1/dispatcher/all_not_bind?name=${encodeURIComponent(name)}`, {
        token: tok.despachante,
      });
    const idsOf = (res: { json: <T>() => T }) => res.json<{ data: { id: number }[] }>().data.map((p) => p.id);
    const byName = await search('buscável tipo');
    expect(byName.statusCode, byName.body).toBe(200);
    expect(idsOf(byName)).toEqual([target.id]);
    const byCnpj = await search(formatCnpj(target.cnpj ?? '').slice(0, 10));
    expect(idsOf(byCnpj)).toContain(target.id);
    expect(idsOf(await search('ninguém com este nome'))).toEqual([]);
    // Digits are also part of a name (a stamp, a branch number), not only of a CPF/CNPJ.
    const numbered = await created('/v1/exporter', { name: 'Exportadora 73519 Ltda.' });
    expect(idsOf(await search('73519'))).toContain(numbered.id);

    for (let i = 0; i < TYPE_AHEAD_SIZE + 1; i += 1)
      await created('/v1/exporter', { name: `Lote ${i} Ltda.` });
    expect(idsOf(await search(''))).toHaveLength(TYPE_AHEAD_SIZE);
  });
});

describe.each(KINDS)('$kind: soft delete', ({ kind, base, table, texts }) => {
  it('soft-deletes in one audited transaction; with_trashed still shows it; the CNPJ is free again', async () => {
    const party = await created(base, { social_contract: pdf() });
    const res = await t.request('DELETE', `${base}/${party.id}`, { token: tok.associacao });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.deleted });
    const [row] = await t.db.select().from(table).where(eq(table.id, party.id));
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect((await lastAudit(t, kind, party.id))?.event).toBe('deleted');

    const live = await t.request('GET', `${base}?cnpj=${party.cnpj}`, { token: tok.admin });
    expect(live.json<{ total: number }>().total).toBe(0);
    const all = await t.request('GET', `${base}/all`, { token: tok.admin });
    expect(all.json<{ data: { id: number }[] }>().data.map((p) => p.id)).not.toContain(party.id);
    const trashed = await t.request('GET', `${base}/with_trashed?cnpj=${party.cnpj}`, { token: tok.admin });
    const [shown] = trashed.json<{ data: PartyRecord[] }>().data;
    expect(shown?.id).toBe(party.id);
    expect(shown?.deleted_at).toEqual(row?.deleted_at?.toISOString());
    // Opened read-only from "Mostrar excluídos", its contract still downloads; it can no longer change.
    expect(
      (await t.request('GET', `${base}/${party.id}`, { token: tok.admin })).json().deleted_at,
    ).not.toBeNull();
    expect(
      (await t.request('GET', `${base}/social_contract/${party.id}`, { token: tok.admin })).statusCode,
    ).toBe(200);
    const edit = await expectNothingChanged(() =>
      t.request('POST', `${base}/${party.id}`, {
        token: tok.admin,
        ...multipart(companyFields({ cnpj: party.cnpj })),
      }),
    );
    expect(edit.statusCode).toBe(404);
    expect((await t.request('DELETE', `${base}/${party.id}`, { token: tok.admin })).statusCode).toBe(404);

    const again = await created(base, { cnpj: party.cnpj });
    expect(again.id).not.toBe(party.id);
  });
});

describe('deleting a party with users', () => {
  it('deactivates the dispatcher’s users and ends their sessions in the same transaction', async () => {
    const before = await t.request('GET', '/v1/user/detail', { token: tok.despachante });
    expect(before.statusCode).toBe(200);
    const res = await t.request('DELETE', `/v1/dispatcher/${ids.demoDispatcher}`, { token: tok.analista });
    expect(res.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, ids.dispatcherUser));
    expect(user?.active).toBe(false);
    const open = await t.db
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.user_id, ids.dispatcherUser), isNull(accessTokens.revoked_at)));
    expect(open).toHaveLength(0);
    const after = await t.request('GET', '/v1/user/detail', { token: tok.despachante });
    expect(after.statusCode).toBe(401);
    const [audit] = (await auditEvents(t, 'dispatcher', ids.demoDispatcher)).slice(-1);
    expect(audit?.new_values).toEqual({ deactivated_users: [ids.dispatcherUser] });
  });
});

describe('audit guard', () => {
  it('no successful mutation in this file went unaudited', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
