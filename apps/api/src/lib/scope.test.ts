import { messages } from '@origem/contract/messages.pt';
import { companyMessages } from '@origem/contract/schemas/companies';
import { withCheckDigits } from '@origem/contract/validators/tax-id';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confederations,
  countries,
  dispatchers,
  exporters,
  federations,
  jobPositions,
  roles,
  tradeAssociations,
} from '../db/schema';
import { grant } from '../modules/entities/test-support';
import { createTestApp, type TestApp } from '../test/app';
import { multipart, type PartValue } from '../test/multipart';
import { expectUnchanged, tableDigests } from '../test/snapshot';
import { findActorByToken } from './actor';
import { findParentInScope, type ParentKind } from './scope';

/**
 * Every write that names a parent (association, federation, confederation, exporter, dispatcher) checks that the
 * parent is inside the writer's scope, not only the record being written: one case per such field, each naming a
 * parent just outside the writer's reach. The answer is 422 on the field ('Opção inválida.' or the module's own
 * text) and nothing is written.
 */

let t: TestApp;
const tok: Record<string, string> = {};
const ids = {
  cnce: 0,
  otherConfederation: 0,
  sp: 0,
  pr: 0,
  santos: 0,
  campinas: 0,
  curitiba: 0,
  santosExporter: 0,
  campinasExporter: 0,
  curitibaExporter: 0,
  santosDispatcher: 0,
  campinasDispatcher: 0,
  roleExportador: 0,
  roleDespachante: 0,
  roleAnalista: 0,
  jobPosition: 0,
  ar: 0,
};
let cnpjSeq = 500;
const nextCnpj = () => withCheckDigits(`77${String(cnpjSeq++).padStart(6, '0')}0001`);

async function party(table: typeof exporters | typeof dispatchers, name: string, association: number) {
  const [row] = await t.db
    .insert(table)
    .values({ person_type_id: 2, cnpj: nextCnpj(), name, trade_association_id: association })
    .returning({ id: table.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  const [cnce] = await t.db.select().from(confederations);
  const [sp] = await t.db.select().from(federations);
  const [santos] = await t.db.select().from(tradeAssociations);
  ids.cnce = cnce?.id ?? 0;
  ids.sp = sp?.id ?? 0;
  ids.santos = santos?.id ?? 0;
  const [other] = await t.db
    .insert(confederations)
    .values({ name: 'Confederação Paralela', abbreviation: 'CP' })
    .returning({ id: confederations.id });
  ids.otherConfederation = other?.id ?? 0;
  const [pr] = await t.db
    .insert(federations)
    .values({ name: 'Federação do Paraná', abbreviation: 'FPR', confederation_id: ids.cnce })
    .returning({ id: federations.id });
  ids.pr = pr?.id ?? 0;
  const [campinas] = await t.db
    .insert(tradeAssociations)
    .values({ name: 'Associação Comercial de Campinas', abbreviation: 'ACC', federation_id: ids.sp })
    .returning({ id: tradeAssociations.id });
  ids.campinas = campinas?.id ?? 0;
  const [curitiba] = await t.db
    .insert(tradeAssociations)
    .values({ name: 'Associação Comercial de Curitiba', abbreviation: 'ACP', federation_id: ids.pr })
    .returning({ id: tradeAssociations.id });
  ids.curitiba = curitiba?.id ?? 0;
  const [santosExporter] = await t.db
    .select({ id: exporters.id })
    .from(exporters)
    .where(eq(exporters.trade_association_id, ids.santos));
  ids.santosExporter = santosExporter?.id ?? 0;
  const [santosDispatcher] = await t.db
    .select({ id: dispatchers.id })
    .from(dispatchers)
    .where(eq(dispatchers.trade_association_id, ids.santos));
  ids.santosDispatcher = santosDispatcher?.id ?? 0;
  ids.campinasExporter = await party(exporters, 'Exportadora Campineira Ltda.', ids.campinas);
  ids.curitibaExporter = await party(exporters, 'Exportadora Curitibana Ltda.', ids.curitiba);
  ids.campinasDispatcher = await party(dispatchers, 'Despachos Campinas Ltda.', ids.campinas);
  for (const [key, name] of [
    ['roleExportador', 'exportador'],
    ['roleDespachante', 'despachante'],
    ['roleAnalista', 'analista'],
  ] as const) {
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
    ids[key] = role?.id ?? 0;
  }
  const [job] = await t.db.select({ id: jobPositions.id }).from(jobPositions);
  ids.jobPosition = job?.id ?? 0;
  const [ar] = await t.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'AR'));
  ids.ar = ar?.id ?? 0;
  // Customised roles (the matrix is editable): the scope rules must hold whatever a role is given.
  await grant(t, 'federacao', 'user.manage');
  await grant(t, 'federacao', 'exporter.manage');
  await grant(t, 'federacao', 'entity.manage');
  await grant(t, 'associacao', 'entity.manage');
  for (const role of ['admin', 'associacao', 'federacao', 'confederacao', 'exportador', 'despachante']) {
    tok[role] = await t.login(role);
  }
});
afterAll(() => t.close());

/** Everything a refused write must leave alone. */
const fingerprint = () =>
  tableDigests(t.db, [
    'users',
    'exporters',
    'dispatchers',
    'companies',
    'legal_representatives',
    'trade_associations',
    'federations',
  ]);

type Send = () => Promise<{
  statusCode: number;
  body: string;
  json: () => { errors?: Record<string, string[]> };
}>;

async function expectRefusedOn(send: Send, field: string, message: string = messages.field.invalidOption) {
  const res = await expectUnchanged(fingerprint, send);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors?.[field]).toEqual([message]);
}

const json = (method: 'POST' | 'PUT', url: string, token: string, body: Record<string, unknown>) => () =>
  t.request(method, url, { token, body });
const form = (url: string, token: string, parts: Record<string, PartValue>) => () =>
  t.request('POST', url, { token, ...multipart(parts) });

const partyForm = (overrides: Record<string, PartValue>): Record<string, PartValue> => ({
  person_type_id: 2,
  cnpj: nextCnpj(),
  name: 'Nova Empresa Ltda.',
  email: 'contato@nova.origem.local',
  trade_association_id: ids.santos,
  ...overrides,
});

describe('users: the association, federation and confederation a user is placed under', () => {
  // Exporter and dispatcher users can be created only by the administrator (ASSIGNABLE_ROLE_TYPES), whose scope is
  // everything: their exporter_id/dispatcher_id go through the same check (findParentInScope cases below).
  const user = (overrides: Record<string, unknown>) => ({
    name: 'Pessoa Nova',
    email: `pessoa.${Math.random().toString(36).slice(2)}@origem.local`,
    ...overrides,
  });

  it('trade_association_id: a federation (granted user.manage) cannot place a user in another federation’s association', async () => {
    await expectRefusedOn(
      json(
        'POST',
        '/v1/user',
        tok.federacao ?? '',
        user({ role_id: ids.roleAnalista, trade_association_id: ids.curitiba }),
      ),
      'trade_association_id',
    );
  });
});

describe('exporters and dispatchers: trade_association_id', () => {
  it('a federation (granted exporter.manage) cannot register one in another federation’s association', async () => {
    await expectRefusedOn(
      form('/v1/exporter', tok.federacao ?? '', partyForm({ trade_association_id: ids.curitiba })),
      'trade_association_id',
    );
  });

  it('nor move one of its own there', async () => {
    const created = await t.request('POST', '/v1/exporter', {
      token: tok.federacao,
      ...multipart(partyForm({ trade_association_id: ids.campinas })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const exporter = created.json<{ id: number; cnpj: string; name: string }>();
    await expectRefusedOn(
      form(
        `/v1/exporter/${exporter.id}`,
        tok.federacao ?? '',
        partyForm({ cnpj: exporter.cnpj, trade_association_id: ids.curitiba }),
      ),
      'trade_association_id',
    );
  });
});

describe('companies: exporter_id', () => {
  it('an association cannot file a company in another association’s exporter', async () => {
    await expectRefusedOn(
      form('/v1/company', tok.associacao ?? '', {
        company_type_id: 1,
        corporate_name: 'Importadora Fora do Alcance S.A.',
        foreign_tax_id: '30-1',
        country_id: ids.ar,
        exporter_id: ids.campinasExporter,
      }),
      'exporter_id',
      companyMessages.exporterInvalid,
    );
  });
});

describe('legal representatives: exporter_id', () => {
  it('an association cannot give another association’s exporter a representative', async () => {
    await expectRefusedOn(
      form('/v1/legal_representative', tok.associacao ?? '', {
        name: 'Rafael Nogueira Prado',
        cpf: withCheckDigits('529982247'),
        email: 'rafael@origem.local',
        job_position_id: ids.jobPosition,
        exporter_id: ids.campinasExporter,
      }),
      'exporter_id',
    );
  });
});

describe('entities: federation_id and confederation_id', () => {
  it('a federation (granted entity.manage) cannot create an association under another federation', async () => {
    await expectRefusedOn(
      form('/v1/trade_association', tok.federacao ?? '', {
        name: 'Associação Intrusa',
        abbreviation: 'AI',
        ehid: 'AIX',
        federation_id: ids.pr,
      }),
      'federation_id',
    );
  });

  it('an association (granted entity.manage) cannot move itself to another federation', async () => {
    const current = await t.request('GET', `/v1/trade_association/${ids.santos}`, { token: tok.associacao });
    expect(current.statusCode).toBe(200);
    const { name, abbreviation, ehid } = current.json<{ name: string; abbreviation: string; ehid: string }>();
    await expectRefusedOn(
      form(`/v1/trade_association/${ids.santos}`, tok.associacao ?? '', {
        name,
        abbreviation,
        ehid,
        federation_id: ids.pr,
      }),
      'federation_id',
    );
  });

  it('a federation (granted entity.manage) cannot move itself to another confederation', async () => {
    const current = await t.request('GET', `/v1/federation/${ids.sp}`, { token: tok.federacao });
    expect(current.statusCode, current.body).toBe(200);
    const { name, abbreviation } = current.json<{ name: string; abbreviation: string }>();
    await expectRefusedOn(
      form(`/v1/federation/${ids.sp}`, tok.federacao ?? '', {
        name,
        abbreviation,
        confederation_id: ids.otherConfederation,
      }),
      'confederation_id',
    );
  });
});

describe('findParentInScope', () => {
  const reach = async (role: string, kind: ParentKind, id: number) => {
    const actor = await findActorByToken(t.db, tok[role] ?? '');
    if (!actor) throw new Error(role);
    return (await findParentInScope(t.db, actor, kind, id)) !== null;
  };

  it('follows DOMAIN.md §2 for every kind of parent', async () => {
    const cases: [string, ParentKind, number, boolean][] = [
      ['admin', 'association', ids.curitiba, true],
      ['confederacao', 'federation', ids.pr, true],
      ['federacao', 'association', ids.campinas, true],
      ['federacao', 'association', ids.curitiba, false],
      ['federacao', 'federation', ids.sp, true],
      ['federacao', 'federation', ids.pr, false],
      ['federacao', 'confederation', ids.cnce, true],
      ['federacao', 'confederation', ids.otherConfederation, false],
      ['federacao', 'exporter', ids.campinasExporter, true],
      ['federacao', 'exporter', ids.curitibaExporter, false],
      ['associacao', 'association', ids.santos, true],
      ['associacao', 'association', ids.campinas, false],
      ['associacao', 'exporter', ids.santosExporter, true],
      ['associacao', 'exporter', ids.campinasExporter, false],
      ['associacao', 'dispatcher', ids.campinasDispatcher, false],
      ['exportador', 'exporter', ids.santosExporter, true],
      ['exportador', 'exporter', ids.campinasExporter, false],
      ['exportador', 'association', ids.santos, false],
      ['despachante', 'dispatcher', ids.santosDispatcher, true],
      ['despachante', 'dispatcher', ids.campinasDispatcher, false],
    ];
    for (const [role, kind, id, expected] of cases) {
      expect(await reach(role, kind, id), `${role} → ${kind} ${id}`).toBe(expected);
    }
  });

  it('returns the hierarchy above the parent, and nothing for a deleted or missing one', async () => {
    const actor = await findActorByToken(t.db, tok.admin ?? '');
    if (!actor) throw new Error('admin');
    expect(await findParentInScope(t.db, actor, 'exporter', ids.curitibaExporter)).toEqual({
      id: ids.curitibaExporter,
      tradeAssociationId: ids.curitiba,
      federationId: ids.pr,
      confederationId: ids.cnce,
    });
    await t.db
      .update(exporters)
      .set({ deleted_at: new Date() })
      .where(eq(exporters.id, ids.curitibaExporter));
    expect(await findParentInScope(t.db, actor, 'exporter', ids.curitibaExporter)).toBeNull();
    expect(await findParentInScope(t.db, actor, 'federation', 999_999)).toBeNull();
  });
});
