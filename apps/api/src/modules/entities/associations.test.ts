import { type AssociationFee, entityMessages } from '@origem/contract/schemas/entities';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deals,
  federations,
  roles,
  storedFiles,
  tradeAssociationFees,
  tradeAssociations,
  users,
} from '../../db/schema';
import { seedDemoFees } from '../../db/seed/fees';
import { FileChanges } from '../../files/records';
import { LOGO_POLICY, receiveBuffer } from '../../files/upload';
import { createTestApp, type TestApp } from '../../test/app';
import { multipart, type PartValue } from '../../test/multipart';
import { LOGO_OWNER } from './logos';
import {
  auditEvents,
  badCnpj,
  CNPJ,
  CNPJ_ALNUM,
  exe,
  expectDeleteRefused,
  expectNothingChanged,
  grant,
  insertRioFederation,
  jpeg,
  lastAudit,
  maskCnpj,
  PNG,
  png,
  SVG,
  seededHierarchy,
  storedBlobs,
} from './test-support';

const DEMO_DEALS = [
  'ACE-2',
  'ACE-14',
  'ACE-18',
  'ACE-35',
  'ACE-36',
  'ACE-58',
  'ACE-59',
  'ACE-72',
  'ACE-74',
  'MERCOSUL-ISRAEL',
  'MERCOSUL-EGITO',
  'SGP',
];

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { santos: 0, campinas: 0, rio: 0, facesp: 0, rioFed: 0, cnce: 0 };
const deal = { ace18: 0, ace2: 0, ace14: 0, sgp: 0 };
const userId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(ids, await seededHierarchy(t));
  ids.rioFed = await insertRioFederation(t);
  const inserted = await t.db
    .insert(tradeAssociations)
    .values([
      {
        name: 'Associação Comercial de Campinas',
        abbreviation: 'ACC',
        ehid: 'ACC',
        federation_id: ids.facesp,
      },
      {
        name: 'Associação Comercial do Rio de Janeiro',
        abbreviation: 'ACRJ',
        ehid: 'ARJ',
        federation_id: ids.rioFed,
      },
    ])
    .returning({ id: tradeAssociations.id });
  ids.campinas = inserted[0]?.id ?? 0;
  ids.rio = inserted[1]?.id ?? 0;
  // The deal seed may or may not have run in this tree: make sure the four deals used here exist.
  for (const [key, abbreviation, name] of [
    ['ace18', 'ACE-18', 'Mercosul'],
    ['ace2', 'ACE-2', 'Brasil–Uruguai (automotivo)'],
    ['ace14', 'ACE-14', 'Brasil–Argentina'],
    ['sgp', 'SGP', 'Sistema Geral de Preferências'],
  ] as const) {
    const [found] = await t.db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.abbreviation, abbreviation));
    const [row] = found
      ? [found]
      : await t.db.insert(deals).values({ abbreviation, name }).returning({ id: deals.id });
    deal[key] = row?.id ?? 0;
  }
  for (const role of ['admin', 'analista', 'associacao', 'federacao', 'confederacao', 'exportador']) {
    tok[role] = await t.login(role);
    const [u] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${role}@origem.local`));
    userId[role] = u?.id ?? 0;
  }
});
afterAll(() => t.close());

let seq = 0;
function fields(overrides: Record<string, PartValue> = {}): Record<string, PartValue> {
  seq += 1;
  return {
    name: `Associação Comercial de Teste ${seq}`,
    abbreviation: `ACT${seq}`,
    ehid: `T${String(seq).padStart(2, '0')}`,
    cnpj: maskCnpj(CNPJ),
    email: 'origem@act.teste.org.br',
    phone: '(13) 3219-7000',
    postcode: '11010-151',
    address: 'Rua XV de Novembro',
    number: '137',
    neighborhood: 'Centro',
    city: 'Santos',
    state: 'SP',
    federation_id: String(ids.facesp),
    ...overrides,
  };
}

const create = (parts: Record<string, PartValue>, token = tok.admin) =>
  t.request('POST', '/v1/trade_association', { token, ...multipart(parts) });
const edit = (id: number, parts: Record<string, PartValue>, token = tok.admin) =>
  t.request('POST', `/v1/trade_association/${id}`, { token, ...multipart(parts) });
const get = (url: string, token = tok.admin) => t.request('GET', url, { token });
const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('seedDemoFees', () => {
  it('gives the demo association a fee per seeded deal (members pay less), once', async () => {
    await t.db.delete(tradeAssociationFees).where(eq(tradeAssociationFees.trade_association_id, ids.santos));
    await seedDemoFees(t.db);
    const fees: AssociationFee[] = (await get(`/v1/trade_association/${ids.santos}`)).json().fees;
    const known = await t.db
      .select({ abbreviation: deals.abbreviation })
      .from(deals)
      .where(inArray(deals.abbreviation, DEMO_DEALS));
    expect(fees.map((f) => f.deal_abbreviation).sort()).toEqual(known.map((d) => d.abbreviation).sort());
    const byDeal = Object.fromEntries(
      fees.map((f) => [f.deal_abbreviation, [f.member_fee, f.non_member_fee]]),
    );
    expect(byDeal).toMatchObject({
      'ACE-2': ['38.00', '76.00'],
      'ACE-14': ['38.00', '76.00'],
      'ACE-18': ['45.00', '90.00'],
      SGP: ['30.00', '60.00'],
    });
    // In deal order, numbers read as numbers: ACE-2 before ACE-14.
    const order = fees.map((f) => f.deal_abbreviation);
    expect(order.indexOf('ACE-2')).toBeLessThan(order.indexOf('ACE-14'));
    await seedDemoFees(t.db);
    expect(
      await t.db
        .select()
        .from(tradeAssociationFees)
        .where(eq(tradeAssociationFees.trade_association_id, ids.santos)),
    ).toHaveLength(fees.length);
  });
});

describe('POST /v1/trade_association', () => {
  it('creates an association with its fee table and logo; GET /{id} gives federation and fees', async () => {
    const fees = JSON.stringify([
      { deal_id: deal.sgp, member_fee: 30, non_member_fee: '60.5' },
      { deal_id: deal.ace18, member_fee: '45,00', non_member_fee: 90 },
    ]);
    const res = await create(fields({ ehid: 'xy9', cnpj: maskCnpj(CNPJ_ALNUM), fees, logo: png('acx.png') }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      ehid: 'XY9',
      cnpj: CNPJ_ALNUM,
      phone: '1332197000',
      postcode: '11010151',
      federation: { id: ids.facesp, name: 'Federação das Associações Comerciais de São Paulo' },
      logo: { name: 'acx.png', mime_type: 'image/png', size: PNG.length },
      fees: [
        { deal_id: deal.ace18, deal_abbreviation: 'ACE-18', member_fee: '45.00', non_member_fee: '90.00' },
        { deal_id: deal.sgp, deal_abbreviation: 'SGP', member_fee: '30.00', non_member_fee: '60.50' },
      ],
    });
    expect(created.logo.url).toMatch(new RegExp(`^/v1/trade_association/${created.id}/logo\\?v=\\d+$`));
    expect((await get(`/v1/trade_association/${created.id}`)).json()).toEqual(created);
    const logo = await t.request('GET', `/v1/trade_association/${created.id}/logo`, { token: tok.admin });
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    const audit = await lastAudit(t, 'trade_association', created.id);
    expect(audit).toMatchObject({ event: 'created' });
    expect(audit?.new_values).toMatchObject({
      ehid: 'XY9',
      fees: ['ACE-18: 45.00 / 90.00', 'SGP: 30.00 / 60.50'],
      logo: 'acx.png',
    });
  });

  it('accepts an SVG drawing as the logo', async () => {
    const res = await create(
      fields({ logo: { filename: 'marca.svg', content: SVG, contentType: 'image/svg+xml' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().logo).toMatchObject({ mime_type: 'image/svg+xml' });
  });

  it('validates the EHId (3 upper-case letters or digits) and keeps it unique, in any case', async () => {
    for (const ehid of ['AB', 'ABCD', 'A-1', '']) {
      const res = await expectNothingChanged(t, () => create(fields({ ehid })));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.ehid, ehid).toEqual([
        ehid ? 'O EHId tem exatamente 3 letras maiúsculas ou dígitos (ex.: ACS).' : 'Campo obrigatório.',
      ]);
    }
    const taken = await expectNothingChanged(t, () => create(fields({ ehid: 'acs', logo: png() })));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      ehid: ['Este EHId já está em uso por outra associação comercial.'],
    });
    // Editing keeps its own EHId, but cannot take another's.
    const renamed = await edit(
      ids.campinas,
      fields({ name: 'Associação Comercial de Campinas', ehid: 'ACC', abbreviation: 'ACC' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stolen = await expectNothingChanged(t, () => edit(ids.campinas, fields({ ehid: 'ACS' })));
    expect(stolen.json().errors).toEqual({
      ehid: ['Este EHId já está em uso por outra associação comercial.'],
    });
  });

  it('validates CNPJ check digits (numeric and alphanumeric), CEP, UF and the federation', async () => {
    const res = await expectNothingChanged(t, () =>
      create(
        fields({
          cnpj: badCnpj(CNPJ_ALNUM),
          postcode: 'abc',
          state: 'São Paulo',
          email: 'x@',
          federation_id: '',
        }),
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      cnpj: ['CNPJ inválido.'],
      postcode: ['Informe um CEP com 8 dígitos.'],
      state: ['Informe a sigla de uma UF (ex.: SP).'],
      email: ['Informe um e-mail válido.'],
      federation_id: ['Campo obrigatório.'],
    });
    const numeric = await expectNothingChanged(t, () => create(fields({ cnpj: badCnpj(CNPJ) })));
    expect(numeric.json().errors).toEqual({ cnpj: ['CNPJ inválido.'] });
    const unknown = await expectNothingChanged(t, () => create(fields({ federation_id: '999999' })));
    expect(unknown.json().errors).toEqual({ federation_id: ['Opção inválida.'] });
  });

  it('validates the fee table: JSON, amounts, member ≤ non-member, existing and distinct deals', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      ['não é json', { fees: ['A tabela de taxas enviada é inválida.'] }],
      [{ deal_id: deal.ace18 }, { fees: ['A tabela de taxas enviada é inválida.'] }],
      [
        [{ deal_id: deal.ace18, member_fee: 91, non_member_fee: 90 }],
        { 'fees.0.member_fee': ['A taxa de associado não pode ser maior que a de não associado.'] },
      ],
      [
        [{ deal_id: deal.ace18, member_fee: -1, non_member_fee: 1.234 }],
        {
          'fees.0.member_fee': ['Informe um valor de R$ 0,00 a R$ 999.999,99, com até 2 casas decimais.'],
          'fees.0.non_member_fee': ['Informe um valor de R$ 0,00 a R$ 999.999,99, com até 2 casas decimais.'],
        },
      ],
      [[{ deal_id: deal.ace18, non_member_fee: 10 }], { 'fees.0.member_fee': ['Campo obrigatório.'] }],
      [
        [
          { deal_id: deal.ace18, member_fee: 1, non_member_fee: 2 },
          { deal_id: deal.ace18, member_fee: 1, non_member_fee: 2 },
        ],
        { 'fees.1.deal_id': ['Cada acordo pode aparecer uma única vez na tabela de taxas.'] },
      ],
      [
        [{ deal_id: 999999, member_fee: 1, non_member_fee: 2 }],
        { 'fees.0.deal_id': ['Acordo inexistente.'] },
      ],
    ];
    for (const [fees, errors] of cases) {
      const text = typeof fees === 'string' ? fees : JSON.stringify(fees);
      const res = await expectNothingChanged(t, () => create(fields({ fees: text, logo: png() })));
      expect(res.statusCode, text).toBe(422);
      expect(res.json().errors, text).toEqual(errors);
    }
  });

  it('refuses a renamed executable as the logo with 422 on the field: no row, no file', async () => {
    const before = (await t.db.select({ id: tradeAssociations.id }).from(tradeAssociations)).length;
    const res = await expectNothingChanged(t, () => create(fields({ logo: exe('logo.jpg') })));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      logo: ['Tipo de arquivo não aceito. Envie um arquivo PNG, JPEG ou SVG.'],
    });
    expect(await t.db.select({ id: tradeAssociations.id }).from(tradeAssociations)).toHaveLength(before);
  });
});

describe('POST /v1/trade_association/{id} (edit)', () => {
  it('replaces the fee table as a set, keeps it when `fees` is absent, and empties it with []', async () => {
    const created = (
      await create(
        fields({
          fees: JSON.stringify([
            { deal_id: deal.ace18, member_fee: 45, non_member_fee: 90 },
            { deal_id: deal.sgp, member_fee: 30, non_member_fee: 60 },
          ]),
        }),
      )
    ).json();
    const replaced = await edit(
      created.id,
      fields({
        ehid: created.ehid,
        fees: JSON.stringify([
          { deal_id: deal.ace2, member_fee: 38, non_member_fee: 76 },
          { deal_id: deal.ace18, member_fee: 50, non_member_fee: 100 },
        ]),
      }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(
      replaced
        .json()
        .fees.map((f: { deal_abbreviation: string; member_fee: string }) => [
          f.deal_abbreviation,
          f.member_fee,
        ]),
    ).toEqual([
      ['ACE-2', '38.00'],
      ['ACE-18', '50.00'],
    ]);
    const rows = await t.db
      .select()
      .from(tradeAssociationFees)
      .where(eq(tradeAssociationFees.trade_association_id, created.id));
    expect(rows.map((r) => r.deal_id).sort()).toEqual([deal.ace2, deal.ace18].sort());
    const audit = await lastAudit(t, 'trade_association', created.id);
    expect(audit?.old_values).toMatchObject({ fees: ['ACE-18: 45.00 / 90.00', 'SGP: 30.00 / 60.00'] });
    expect(audit?.new_values).toMatchObject({ fees: ['ACE-2: 38.00 / 76.00', 'ACE-18: 50.00 / 100.00'] });

    const kept = await edit(created.id, fields({ ehid: created.ehid, name: 'Sem mexer nas taxas' }));
    expect(kept.json().fees).toHaveLength(2);
    const emptied = await edit(created.id, fields({ ehid: created.ehid, fees: '[]' }));
    expect(emptied.json().fees).toEqual([]);
  });

  it('replaces the logo without leaving the old file behind', async () => {
    const created = (await create(fields({ logo: png() }))).json();
    const rowsOf = () =>
      t.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.owner_id, created.id))
        .then((rows) => rows.filter((r) => r.owner_type === 'trade_association'));
    const [first] = await rowsOf();
    const res = await edit(created.id, fields({ ehid: created.ehid, logo: jpeg() }));
    expect(res.statusCode, res.body).toBe(200);
    const after = await rowsOf();
    expect(after).toHaveLength(1);
    expect(after[0]?.mime_type).toBe('image/jpeg');
    expect(storedBlobs(t)).not.toContain(first?.storage_key);
    expect(storedBlobs(t)).toContain(after[0]?.storage_key);
  });

  it('moving an association to another federation moves its users with it', async () => {
    await t.db.update(federations).set({ confederation_id: null }).where(eq(federations.id, ids.rioFed));
    const created = (await create(fields())).json();
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'analista'));
    const [user] = await t.db
      .insert(users)
      .values({
        name: 'Analista Móvel',
        email: 'analista.movel@origem.local',
        role_id: role?.id ?? 0,
        trade_association_id: created.id,
        federation_id: ids.facesp,
        confederation_id: ids.cnce,
      })
      .returning({ id: users.id });
    const res = await edit(created.id, fields({ ehid: created.ehid, federation_id: String(ids.rioFed) }));
    expect(res.statusCode, res.body).toBe(200);
    const [moved] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, user?.id ?? 0));
    expect(moved).toMatchObject({ federation_id: ids.rioFed, confederation_id: null });
    await t.db.delete(users).where(eq(users.id, user?.id ?? 0));
  });
});

describe('reads and row scoping', () => {
  it('pages by name, filtering by name, abbreviation or EHId', async () => {
    const page = await get('/v1/trade_association?page=1&name=comercial%20de%20santos');
    expect(page.json()).toMatchObject({
      current_page: 1,
      per_page: 15,
      total: 1,
      data: [{ id: ids.santos, ehid: 'ACS' }],
    });
    expect(idsOf((await get('/v1/trade_association?name=arj')).json().data)).toEqual([ids.rio]);
  });

  it('an association user reads only its own association: the other one is a 404', async () => {
    for (const role of ['associacao', 'analista']) {
      expect(idsOf((await get('/v1/trade_association', tok[role])).json().data)).toEqual([ids.santos]);
      expect((await get(`/v1/trade_association/${ids.santos}`, tok[role])).statusCode).toBe(200);
      for (const other of [ids.campinas, ids.rio]) {
        const res = await get(`/v1/trade_association/${other}`, tok[role]);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'NotFound', message: 'Registro não encontrado.' });
      }
    }
  });

  it("an association's logo is downloaded only by users who may see that association", async () => {
    const file = await receiveBuffer(t.app.files, PNG, 'campinas.png', LOGO_POLICY);
    await new FileChanges(t.app.files).run((changes) =>
      t.db.transaction((tx) =>
        changes.attach(tx, file, { type: LOGO_OWNER.association, id: ids.campinas }, null),
      ),
    );
    const url = `/v1/trade_association/${ids.campinas}/logo`;
    const mine = await get(url, tok.admin);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    for (const role of ['associacao', 'analista']) {
      const refused = await get(url, tok[role]);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'NotFound', message: 'Registro não encontrado.' });
    }
  });

  it('a federation user reads its federation associations; the confederation all', async () => {
    const fed = idsOf((await get('/v1/trade_association', tok.federacao)).json().data);
    expect(fed).toContain(ids.santos);
    expect(fed).toContain(ids.campinas);
    expect(fed).not.toContain(ids.rio);
    expect((await get(`/v1/trade_association/${ids.rio}`, tok.federacao)).statusCode).toBe(404);
    expect((await get(`/v1/trade_association/${ids.rio}`, tok.confederacao)).statusCode).toBe(200);
  });

  it('by_user gives the associations the current user reaches, filtered by name and abbreviation', async () => {
    expect(idsOf((await get('/v1/trade_association/by_user', tok.associacao)).json().data)).toEqual([
      ids.santos,
    ]);
    expect(
      (await get(`/v1/trade_association/by_user?user_id=${userId.associacao}`, tok.associacao)).json().data,
    ).toEqual([
      {
        id: ids.santos,
        name: 'Associação Comercial de Santos',
        abbreviation: 'ACS',
        ehid: 'ACS',
        federation_id: ids.facesp,
      },
    ]);
    const fed = idsOf((await get('/v1/trade_association/by_user', tok.federacao)).json().data);
    expect(fed).toContain(ids.campinas);
    expect(fed).not.toContain(ids.rio);
    // Another user's reach, as seen by someone who sees that user; never wider than the caller's own.
    expect(
      idsOf((await get(`/v1/trade_association/by_user?user_id=${userId.associacao}`, tok.admin)).json().data),
    ).toEqual([ids.santos]);
    expect(
      idsOf(
        (await get(`/v1/trade_association/by_user?user_id=${userId.admin}&name=campinas`, tok.admin)).json()
          .data,
      ),
    ).toEqual([ids.campinas]);
    expect(
      idsOf((await get('/v1/trade_association/by_user?abbreviation=acrj', tok.admin)).json().data),
    ).toEqual([ids.rio]);
    expect(
      (await get(`/v1/trade_association/by_user?user_id=${userId.admin}`, tok.associacao)).statusCode,
    ).toBe(404);
    // The exporter has the billing report, but no association of its own to report on.
    expect((await get('/v1/trade_association/by_user', tok.exportador)).json().data).toEqual([]);
  });

  it('answers 401 without a token and 403 without entity.view, for the record and its logo', async () => {
    expect((await t.request('GET', '/v1/trade_association')).statusCode).toBe(401);
    expect((await get('/v1/trade_association', tok.exportador)).statusCode).toBe(403);
    expect((await get(`/v1/trade_association/${ids.santos}`, tok.exportador)).statusCode).toBe(403);
    expect((await t.request('GET', `/v1/trade_association/${ids.santos}/logo`)).statusCode).toBe(401);
    expect((await get(`/v1/trade_association/${ids.santos}/logo`, tok.exportador)).statusCode).toBe(403);
  });
});

describe('writes: entity.manage and the scope', () => {
  it('refuses writes with 403 to roles without entity.manage, changing nothing', async () => {
    for (const role of ['associacao', 'analista', 'federacao', 'confederacao', 'exportador']) {
      await expectNothingChanged(t, async () => {
        expect((await create(fields({ logo: png() }), tok[role])).statusCode).toBe(403);
        expect((await edit(ids.santos, fields(), tok[role])).statusCode).toBe(403);
        expect(
          (await t.request('DELETE', `/v1/trade_association/${ids.santos}`, { token: tok[role] })).statusCode,
        ).toBe(403);
      });
    }
  });

  it('a federation allowed to manage works inside its federation only', async () => {
    await grant(t, 'federacao', 'entity.manage');
    const own = await create(fields({ logo: png() }), tok.federacao);
    expect(own.statusCode, own.body).toBe(201);
    await expectNothingChanged(t, async () => {
      const elsewhere = await create(fields({ federation_id: String(ids.rioFed) }), tok.federacao);
      expect(elsewhere.json().errors).toEqual({ federation_id: ['Opção inválida.'] });
      expect((await edit(ids.rio, fields(), tok.federacao)).statusCode).toBe(404);
      expect(
        (await t.request('DELETE', `/v1/trade_association/${ids.rio}`, { token: tok.federacao })).statusCode,
      ).toBe(404);
    });
    // An association allowed to manage edits itself, but creates or deletes nothing.
    await grant(t, 'associacao', 'entity.manage');
    await expectNothingChanged(t, async () => {
      expect((await create(fields(), tok.associacao)).statusCode).toBe(403);
      expect((await edit(ids.campinas, fields(), tok.associacao)).statusCode).toBe(404);
    });
  });
});

describe('the association user (SPEC §3 user_id)', () => {
  // Santos keeps its identity: other tests find it by name and EHId.
  const santos = (overrides: Record<string, PartValue>) =>
    fields({ name: 'Associação Comercial de Santos', ehid: 'ACS', ...overrides });

  it('names one of its users, keeps it on an edit that omits it, and clears it with an empty value', async () => {
    const named = await edit(ids.santos, santos({ user_id: String(userId.associacao) }));
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({
      user_id: userId.associacao,
      user: { id: userId.associacao, email: 'associacao@origem.local' },
    });
    expect((await get(`/v1/trade_association/${ids.santos}`)).json().user_id).toBe(userId.associacao);
    expect((await lastAudit(t, 'trade_association', ids.santos))?.new_values).toMatchObject({
      user_id: userId.associacao,
    });

    const kept = await edit(ids.santos, santos({ notes: 'Usuário mantido' }));
    expect(kept.json()).toMatchObject({ notes: 'Usuário mantido', user_id: userId.associacao });

    const cleared = await edit(ids.santos, santos({ user_id: '' }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ user_id: null, user: null });
    expect(await lastAudit(t, 'trade_association', ids.santos)).toMatchObject({
      old_values: { user_id: userId.associacao },
      new_values: { user_id: null },
    });
  });

  it('refuses a user that does not exist, belongs elsewhere or is out of reach, changing nothing', async () => {
    const missing = await expectNothingChanged(t, () => edit(ids.santos, santos({ user_id: '999999' })));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ user_id: [entityMessages.associationUser] });

    // A user of another association (or of none): the federation's user is not Santos's.
    const elsewhere = await expectNothingChanged(t, () =>
      edit(ids.santos, santos({ user_id: String(userId.federacao) })),
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toEqual({ user_id: [entityMessages.associationUser] });

    // A new association has no users yet: none can be named on create.
    const early = await expectNothingChanged(t, () => create(fields({ user_id: String(userId.associacao) })));
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ user_id: [entityMessages.associationUser] });

    // An association may edit itself, but may not name a user of the federation above it.
    await grant(t, 'associacao', 'entity.manage');
    const own = await edit(ids.santos, santos({ user_id: String(userId.federacao) }), tok.associacao);
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ user_id: [entityMessages.associationUser] });
  });
});

describe('DELETE /v1/trade_association/{id}', () => {
  it('refuses (409) while users belong to it, keeping its fees and everything else', async () => {
    await expectDeleteRefused(
      t,
      `/v1/trade_association/${ids.santos}`,
      tok.admin,
      'Esta associação comercial não pode ser excluída: há 5 usuários vinculados.',
    );
  });

  it('deletes an unused association with its fees and logo, audited', async () => {
    const created = (
      await create(
        fields({
          fees: JSON.stringify([{ deal_id: deal.sgp, member_fee: 1, non_member_fee: 2 }]),
          logo: png(),
        }),
      )
    ).json();
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.owner_id, created.id));
    const res = await t.request('DELETE', `/v1/trade_association/${created.id}`, { token: tok.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Associação Comercial deletada com sucesso !' });
    expect(
      await t.db
        .select()
        .from(tradeAssociationFees)
        .where(eq(tradeAssociationFees.trade_association_id, created.id)),
    ).toEqual([]);
    expect(storedBlobs(t)).not.toContain(file?.storage_key);
    const events = await auditEvents(t, 'trade_association', created.id);
    expect(events.map((e) => e.event)).toEqual(['created', 'deleted']);
    expect(events[1]?.old_values).toMatchObject({ fees: ['SGP: 1.00 / 2.00'], logo: 'logo.png' });
  });
});

describe('audit guard', () => {
  it('no successful mutation in this file went unaudited', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
