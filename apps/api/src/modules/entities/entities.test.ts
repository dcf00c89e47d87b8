import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeAssociations } from '../../db/schema';
import { createTestApp, loginAll, type TestApp } from '../../test/app';
import { insertOtherConfederation, insertRioFederation, seededHierarchy } from './test-support';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { santos: 0, campinas: 0, rio: 0, facesp: 0, rioFed: 0, cnce: 0, other: 0 };

type Option = { id: number; name: string; abbreviation: string | null; federation_id?: number | null };

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(ids, await seededHierarchy(t));
  // A second association in the same federation, and a whole second branch of the hierarchy.
  ids.other = await insertOtherConfederation(t);
  ids.rioFed = await insertRioFederation(t, { confederation_id: ids.other });
  const inserted = await t.db
    .insert(tradeAssociations)
    .values([
      { name: 'Associação Comercial de Campinas', abbreviation: 'ACC', federation_id: ids.facesp },
      { name: 'Associação Comercial do Rio de Janeiro', abbreviation: 'ACRJ', federation_id: ids.rioFed },
    ])
    .returning({ id: tradeAssociations.id });
  ids.campinas = inserted[0]?.id ?? 0;
  ids.rio = inserted[1]?.id ?? 0;
  Object.assign(
    tok,
    await loginAll(t, [
      'admin',
      'analista',
      'associacao',
      'federacao',
      'confederacao',
      'exportador',
      'despachante',
      'fabricante',
    ]),
  );
});
afterAll(async () => {
  await t.close();
});

async function list(url: string, role: string): Promise<Option[]> {
  const res = await t.request('GET', url, { token: tok[role] });
  expect(res.statusCode, `${role} ${url}`).toBe(200);
  return res.json<{ data: Option[] }>().data;
}
const idsOf = (rows: Option[]) => rows.map((r) => r.id);

describe('GET /v1/trade_association/all', () => {
  it('gives admin and confederacao every association, by name, with its federation', async () => {
    for (const role of ['admin', 'confederacao']) {
      const rows = await list('/v1/trade_association/all', role);
      expect(rows.map((r) => r.name)).toEqual([
        'Associação Comercial de Campinas',
        'Associação Comercial de Santos',
        'Associação Comercial do Rio de Janeiro',
      ]);
      expect(rows[1]).toEqual({
        id: ids.santos,
        name: 'Associação Comercial de Santos',
        abbreviation: 'ACS',
        federation_id: ids.facesp,
      });
    }
  });

  it('gives federacao the associations of its federation only', async () => {
    expect(idsOf(await list('/v1/trade_association/all', 'federacao'))).toEqual([ids.campinas, ids.santos]);
  });

  it('gives associacao and its analyst only their own association', async () => {
    for (const role of ['associacao', 'analista']) {
      expect(idsOf(await list('/v1/trade_association/all', role))).toEqual([ids.santos]);
    }
  });
});

describe('GET /v1/federation/all', () => {
  it('gives admin and confederacao every federation', async () => {
    for (const role of ['admin', 'confederacao']) {
      const rows = await list('/v1/federation/all', role);
      expect(rows).toEqual([
        { id: ids.facesp, name: 'Federação das Associações Comerciais de São Paulo', abbreviation: 'FACESP' },
        { id: ids.rioFed, name: 'Federação do Comércio do Rio de Janeiro', abbreviation: 'FCRJ' },
      ]);
    }
  });

  it('gives the federation and association users only their own federation', async () => {
    for (const role of ['federacao', 'associacao', 'analista']) {
      expect(idsOf(await list('/v1/federation/all', role))).toEqual([ids.facesp]);
    }
  });
});

describe('GET /v2/confederation/all', () => {
  it('gives admin every confederation and everyone else only their own', async () => {
    expect(idsOf(await list('/v2/confederation/all', 'admin')).sort()).toEqual([ids.cnce, ids.other].sort());
    for (const role of ['confederacao', 'federacao', 'associacao']) {
      const rows = await list('/v2/confederation/all', role);
      expect(rows).toEqual([
        { id: ids.cnce, name: 'Confederação Nacional do Comércio Exterior', abbreviation: 'CNCE' },
      ]);
    }
  });
});

describe('authorization', () => {
  it('refuses the hierarchy lists with 403 to roles with neither entity.view nor user.view', async () => {
    for (const role of ['exportador', 'despachante', 'fabricante']) {
      for (const url of ['/v1/trade_association/all', '/v1/federation/all', '/v2/confederation/all']) {
        const res = await t.request('GET', url, { token: tok[role] });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toEqual({
          code: 'Forbidden',
          message: 'Você não tem permissão para realizar esta ação.',
        });
      }
    }
  });

  it('answers 401 without a valid token', async () => {
    for (const url of ['/v1/trade_association/all', '/v1/federation/all', '/v2/confederation/all']) {
      expect((await t.request('GET', url)).statusCode).toBe(401);
      expect((await t.request('GET', url, { token: 'invalido' })).statusCode).toBe(401);
    }
  });
});

describe('audit guard', () => {
  it('no successful mutation in this file went unaudited', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
