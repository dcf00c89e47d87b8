import {
  LOOKUP_KEYS,
  LOOKUPS,
  type LookupDefinition,
  type LookupKey,
} from '@origem/contract/schemas/lookups';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { audits } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let admin: string;
let exporter: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  exporter = await t.login('exportador');
});
afterAll(() => t.close());

// A valid new row for each editable lookup.
const SAMPLE: Partial<Record<LookupKey, Record<string, unknown>>> = {
  shipment_port: { name: 'Porto de São Sebastião', city: 'São Sebastião', state: 'sp' },
  sector: { name: 'Mineração' },
  currency: { code: 'gbp', name: 'Libra esterlina', symbol: '£' },
  transport: { name: 'Dutoviário' },
  measurement_unit: { code: 'KWH', name: 'Quilowatt-hora' },
  language: { code: 'fr', name: 'Francês' },
  country: { code: 'fi', name: 'Finlândia', aladi_member: false },
  job_position: { name: 'Presidente' },
  delivery_location: { name: 'Posto avançado do porto', address: 'Av. Portuária, 1', city: 'Santos' },
};

const editable = LOOKUP_KEYS.filter((k) => !(LOOKUPS[k] as LookupDefinition).readOnly);

describe.each(editable)('%s', (key) => {
  const def: LookupDefinition = LOOKUPS[key];
  const sample = SAMPLE[key] ?? {};

  it('lists every seeded row in /all and pages the list', async () => {
    const all = await t.request('GET', `${def.path}/all`, { token: exporter });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.length).toBeGreaterThan(0);
    const page = await t.request('GET', `${def.path}?page=1`, { token: exporter });
    expect(page.json()).toMatchObject({ current_page: 1, per_page: 15, total: all.json().data.length });
  });

  it('creates, updates and deletes a row, each with its audit row', async () => {
    const created = await t.request('POST', def.path, { token: admin, body: sample });
    expect(created.statusCode).toBe(201);
    const row = created.json();
    for (const field of def.fields.filter((f) => f.upper)) {
      expect(row[field.name]).toBe(String(sample[field.name]).toUpperCase());
    }
    const renamed = { ...sample, name: `${sample.name} (editado)` };
    const updated = await t.request('PUT', `${def.path}/${row.id}`, { token: admin, body: renamed });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().name).toBe(renamed.name);
    expect((await t.request('GET', `${def.path}/${row.id}`, { token: exporter })).json().name).toBe(
      renamed.name,
    );
    const deleted = await t.request('DELETE', `${def.path}/${row.id}`, { token: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Registro excluído com sucesso!');
    expect((await t.request('GET', `${def.path}/${row.id}`, { token: admin })).statusCode).toBe(404);
    const events = await t.db
      .select({ event: audits.event })
      .from(audits)
      .where(and(eq(audits.auditable_type, key), eq(audits.auditable_id, row.id)));
    expect(events.map((e) => e.event)).toEqual(['created', 'updated', 'deleted']);
  });

  it('refuses a duplicate (any letter case) and a missing required field with 422, changing nothing', async () => {
    const existing = (await t.request('GET', `${def.path}/all`, { token: admin })).json().data[0];
    const uniqueField = def.fields.find((f) => f.unique);
    if (!uniqueField) return;
    const before = await t.request('GET', `${def.path}/all`, { token: admin });
    const duplicate = { ...sample, [uniqueField.name]: String(existing[uniqueField.name]).toLowerCase() };
    const res = await t.request('POST', def.path, { token: admin, body: duplicate });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[uniqueField.name]).toEqual([
      `Já existe um registro com este valor de "${uniqueField.label}".`,
    ]);
    const missing = await t.request('POST', def.path, { token: admin, body: { ...sample, name: '' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.name).toEqual(['Campo obrigatório.']);
    const after = await t.request('GET', `${def.path}/all`, { token: admin });
    expect(after.json().data).toEqual(before.json().data);
  });

  it('refuses mutations to a user without reference_data.manage', async () => {
    expect((await t.request('POST', def.path, { token: exporter, body: sample })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${def.path}/1`, { token: exporter })).statusCode).toBe(403);
  });
});

describe('fixed tables and special routes', () => {
  it('company and person types are listed but cannot be changed', async () => {
    const types = await t.request('GET', '/v1/company_type/all', { token: exporter });
    expect(types.json().data).toEqual([
      { id: 2, name: 'Fabricante' },
      { id: 1, name: 'Importador' },
      { id: 3, name: 'Interveniente' },
    ]);
    expect(
      (await t.request('POST', '/v1/company_type', { token: admin, body: { name: 'Outro' } })).statusCode,
    ).toBe(404);
    expect((await t.request('GET', '/v1/person_type/all', { token: exporter })).json().data).toHaveLength(2);
  });

  it('measurement units come ordered by code from /all_order', async () => {
    const res = await t.request('GET', '/v1/measurement_unit/all_order', { token: exporter });
    const codes = res.json().data.map((u: { code: string }) => u.code);
    expect(codes).toEqual([...codes].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
  });

  it('validates formats with Portuguese messages', async () => {
    const res = await t.request('POST', '/v1/currency', {
      token: admin,
      body: { code: 'US1', name: 'X', symbol: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['Use as três letras do código ISO (ex.: USD).']);
  });

  it('leaves optional fields out or as null alike, on create and update (issue 9)', async () => {
    const absent = await t.request('POST', '/v1/shipment_port', {
      token: admin,
      body: { name: 'Porto Fluvial de Estrela' },
    });
    expect(absent.statusCode, absent.body).toBe(201);
    expect(absent.json()).toMatchObject({ name: 'Porto Fluvial de Estrela', city: null, state: null });
    const withNull = await t.request('POST', '/v1/delivery_location', {
      token: admin,
      body: { name: 'Balcão da associação', address: null },
    });
    expect(withNull.statusCode, withNull.body).toBe(201);
    expect(withNull.json()).toMatchObject({ address: null, city: null });
    const updated = await t.request('PUT', `/v1/shipment_port/${absent.json().id}`, {
      token: admin,
      body: { name: 'Porto Fluvial de Estrela (RS)' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // The API reference says so too: only the required fields are required.
    const spec = t.app.swagger() as {
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: { required?: string[] } }> } } }
      >;
    };
    const body = spec.paths['/v1/shipment_port']?.post.requestBody.content['application/json']?.schema;
    expect(body?.required).toEqual(['name']);
  });

  it('a value another record points at cannot be deleted (409) and stays', async () => {
    await t.db.execute(
      sql`create table sector_users (id serial primary key, sector_id int not null references sectors(id))`,
    );
    const [sector] = await queryRows<{ id: number }>(t.db, sql`select id from sectors order by id limit 1`);
    await t.db.execute(sql`insert into sector_users (sector_id) values (${sector?.id})`);
    const res = await t.request('DELETE', `/v1/sector/${sector?.id}`, { token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este registro está em uso e não pode ser excluído.');
    expect((await t.request('GET', `/v1/sector/${sector?.id}`, { token: admin })).statusCode).toBe(200);
    const deletedAudits = await t.db
      .select()
      .from(audits)
      .where(
        and(
          eq(audits.auditable_type, 'sector'),
          eq(audits.event, 'deleted'),
          eq(audits.auditable_id, sector?.id ?? 0),
        ),
      );
    expect(deletedAudits).toHaveLength(0);
  });

  it('every successful mutation in this file wrote its audit row', () => {
    expect(t.app.unauditedMutations).toEqual([]);
  });
});
