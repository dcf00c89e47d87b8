import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_SCALE, fillScale, scaled } from '../../scripts/scale/fillers';
import { openTestDatabase } from '../test/database';
import { type DatabaseHandle, queryRows } from './client';
import { seedDatabase } from './seed';

/**
 * `npm run seed:scale`'s fillers at a tiny scale, on the demo seed as the script runs them: every table gets the
 * rows its count asks for, the relations a bench or the load mix follows hold (the demo exporter's share, each
 * user's association, the declarations an item cites) and the codes drawn from the NCM list are whole codes.
 */
const COUNTS = scaled(FULL_SCALE, 0.002); // 100 exporters, 400 users, 4 000 audit rows, 1 000 declarations…
const TABLES = [
  'trade_associations',
  'exporters',
  'dispatchers',
  'companies',
  'legal_representatives',
  'pre_registrations',
  'users',
  'audits',
  'declarations',
  'declaration_materials',
  'declaration_links',
  'certificates',
  'certificate_items',
] as const;

let handle: DatabaseHandle;
const before: Record<string, number> = {};
const after: Record<string, number> = {};
let lastWithMaterials = 0;

async function countRows(into: Record<string, number>) {
  for (const table of TABLES) {
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql.raw(`select count(*)::int as n from ${table}`),
    );
    into[table] = row?.n ?? 0;
  }
}

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(handle.db, query))[0] as T;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDatabase(handle.db, {
    seed: 'demo',
    databaseUrl: undefined,
    adminEmail: undefined,
    adminPassword: undefined,
  });
  await countRows(before);
  lastWithMaterials = (
    await one<{ id: number }>(
      sql`select coalesce(max(declaration_id), 0)::int as id from declaration_materials`,
    )
  ).id;
  await fillScale(handle.db, COUNTS);
  await countRows(after);
}, 300_000);

afterAll(async () => {
  await handle?.close();
});

describe('seed:scale fillers', () => {
  it('add the rows each count asks for', async () => {
    const added = Object.fromEntries(TABLES.map((t) => [t, (after[t] ?? 0) - (before[t] ?? 0)]));
    expect(added).toMatchObject({
      trade_associations: COUNTS.associations,
      exporters: COUNTS.exporters,
      dispatchers: COUNTS.dispatchers,
      companies: COUNTS.companies,
      legal_representatives: COUNTS.legalRepresentatives,
      pre_registrations: COUNTS.preRegistrations,
      users: COUNTS.users,
      audits: COUNTS.audits,
      declarations: COUNTS.declarations,
      certificates: COUNTS.certificates,
      certificate_items: 3 * COUNTS.certificates,
    });
    // One to three materials per declaration (1 + id mod 3); links skip a declaration's own exporter.
    const { materials } = await one<{ materials: number }>(
      sql`select sum(1 + id % 3)::int as materials from declarations where id > ${lastWithMaterials}`,
    );
    expect(added.declaration_materials).toBe(materials);
    expect(added.declaration_links).toBeGreaterThan(COUNTS.declarationLinks * 0.9);
    expect(added.declaration_links).toBeLessThanOrEqual(COUNTS.declarationLinks);
  });

  it('keeps the relations the benches and the load mix follow', async () => {
    const demo = await one<{ companies: number; declarations: number; certificates: number }>(
      sql`select (select count(*)::int from companies where exporter_id = e.id and cnpj like '8%' or
                    exporter_id = e.id and foreign_tax_id like 'TAX-%') as companies,
                 (select count(*)::int from declarations where exporter_id = e.id and internal_product_code like 'P%') as declarations,
                 (select count(*)::int from certificates where exporter_id = e.id and invoice_number like 'INV-%') as certificates
            from exporters e order by id limit 1`,
    );
    // Every hundredth row goes to the demo exporter (the lowest id), plus what a draw gives it.
    expect(demo.companies).toBeGreaterThanOrEqual(Math.floor(COUNTS.companies / 100));
    expect(demo.declarations).toBeGreaterThanOrEqual(Math.floor(COUNTS.declarations / 100));
    expect(demo.certificates).toBeGreaterThanOrEqual(Math.floor(COUNTS.certificates / 100));
    const broken = await one<Record<string, number>>(
      sql`select
            (select count(*)::int from users u join exporters e on e.id = u.exporter_id
              where u.email like '%@usuario.scale.test' and u.trade_association_id is distinct from e.trade_association_id) as exporter_users,
            (select count(*)::int from certificates c join exporters e on e.id = c.exporter_id
              where c.invoice_number like 'INV-%' and c.trade_association_id is distinct from e.trade_association_id) as certificates,
            (select count(*)::int from certificate_items i join declarations d on d.id = i.declaration_id
              join certificates c on c.id = i.certificate_id and c.invoice_number like 'INV-%'
              where i.ncm is distinct from d.ncm or i.description is distinct from d.product_name) as items,
            (select count(*)::int from declaration_links l join declarations d on d.id = l.declaration_id
              where l.manufacturer_id <> d.exporter_id or l.exporter_id = d.exporter_id or d.status <> 'APROVADA') as links,
            (select count(*)::int from audits a join users u on u.id = a.user_id
              where a.trade_association_id is distinct from u.trade_association_id) as audits`,
    );
    expect(broken).toEqual({ exporter_users: 0, certificates: 0, items: 0, links: 0, audits: 0 });
  });

  it('draws whole 8-digit NCM codes, spread over the list', async () => {
    const codes = await one<{ bad: number; distinct: number }>(
      sql`select count(*) filter (where ncm !~ '^[0-9]{8}$')::int as bad, count(distinct ncm)::int as distinct
            from (select ncm from declaration_materials union all
                  select ncm from declarations where internal_product_code like 'P%') m`,
    );
    expect(codes.bad).toBe(0);
    expect(codes.distinct).toBeGreaterThan(4);
  });
});
