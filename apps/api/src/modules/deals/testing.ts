import { and, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/client';
import { audits } from '../../db/schema';
import type { TestApp } from '../../test/app';

// Helpers shared by the deals, origin norms and origin rules test files.

/** Everything a refused mutation must leave alone: the content of the domain's tables and the audit count. */
export async function snapshot(t: TestApp) {
  const [row] = await queryRows<Record<string, string | number>>(
    t.db,
    sql`select (select count(*)::int from audits) as audits,
               (select md5(coalesce(string_agg(d::text, '|' order by d.id), '')) from deals d) as deals,
               (select md5(coalesce(string_agg(dc::text, '|' order by dc.deal_id, dc.country_id), ''))
                  from deal_countries dc) as deal_countries,
               (select md5(coalesce(string_agg(n::text, '|' order by n.id), '')) from origin_norms n) as norms,
               (select md5(coalesce(string_agg(r::text, '|' order by r.id), '')) from origin_rules r) as rules`,
  );
  return row;
}

export async function expectNothingChanged<T>(t: TestApp, action: () => Promise<T>): Promise<T> {
  const before = await snapshot(t);
  const result = await action();
  expect(await snapshot(t)).toEqual(before);
  return result;
}

export async function auditsOf(t: TestApp, type: string, id: number) {
  return t.db
    .select()
    .from(audits)
    .where(and(eq(audits.auditable_type, type), eq(audits.auditable_id, id)))
    .orderBy(desc(audits.id));
}

/** Deal ids by abbreviation, as the API lists them. */
export async function dealIds(t: TestApp, token: string): Promise<Record<string, number>> {
  const res = await t.request('GET', '/v1/deal/all', { token });
  const rows = res.json<{ data: { id: number; abbreviation: string }[] }>().data;
  return Object.fromEntries(rows.map((d) => [d.abbreviation, d.id]));
}

export async function countryIds(t: TestApp, token: string): Promise<Record<string, number>> {
  const res = await t.request('GET', '/v1/country/all', { token });
  const rows = res.json<{ data: { id: number; code: string }[] }>().data;
  return Object.fromEntries(rows.map((c) => [c.code, c.id]));
}

export const FORBIDDEN = 'Você não tem permissão para realizar esta ação.';
export const NOT_FOUND = 'Registro não encontrado.';
