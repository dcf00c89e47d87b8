import { MAX_ALL_ROWS } from '@origem/contract/paging';
import type { DealListQuery, OriginNormListQuery, OriginRuleListQuery } from '@origem/contract/schemas/deals';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  certificateItems,
  certificateModels,
  certificates,
  countries,
  dealCountries,
  deals,
  originNorms,
  originRules,
  tradeAssociationFees,
} from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import { likePattern, mapPage, type PageRequest, paginate, plainOrder } from '../../lib/paging';
import { inForceOn, overlaps, type Period } from './origin-validity';

/**
 * Abbreviations in the order a reader expects: ACE-2, ACE-14, ACE-18… (letters alphabetically, then the number as a
 * number), not ACE-14, ACE-18, ACE-2. A handful of deals exist, so no index is needed for this expression.
 */
function abbreviationOrder(column: AnyPgColumn): SQL[] {
  return [
    sql`regexp_replace(${column}, '[0-9]+', '', 'g') collate "und-x-icu"`,
    sql`substring(${column} from '[0-9]+')::numeric nulls first`,
    asc(column),
  ];
}

// The outer row is named explicitly: in a single-table select drizzle renders `${deals.id}` as a bare "id", which
// inside the subqueries would bind to the inner tables.
const countriesSql = sql<{ id: number; code: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'code', c.code, 'name', c.name) order by c.name collate "und-x-icu")
    from ${dealCountries} dc join ${countries} c on c.id = dc.country_id
   where dc.deal_id = "deals"."id"), '[]'::json)`;
const normsCountSql = sql<number>`(select count(*)::int from ${originNorms} n where n.deal_id = "deals"."id")`;
const rulesCountSql = sql<number>`(select count(*)::int from ${originRules} r where r.deal_id = "deals"."id")`;

const dealColumns = {
  id: deals.id,
  abbreviation: deals.abbreviation,
  name: deals.name,
  aladi_acronym: deals.aladi_acronym,
  form: deals.form,
  classification_type: deals.classification_type,
  accepts_digital: deals.accepts_digital,
  cod_form: deals.cod_form,
  cod_automotive_form: deals.cod_automotive_form,
  cod_automotive_ncm: deals.cod_automotive_ncm,
  cod_versions: deals.cod_versions,
  declaration_validity_days: deals.declaration_validity_days,
  certificate_validity_months: deals.certificate_validity_months,
  non_originating_ceiling_percent: deals.non_originating_ceiling_percent,
  active: deals.active,
  created_at: deals.created_at,
  updated_at: deals.updated_at,
  countries: countriesSql,
  norms_count: normsCountSql,
  rules_count: rulesCountSql,
  model_id: certificateModels.id,
  model_name: certificateModels.name,
};

function dealSelect(db: Executor) {
  return db
    .select(dealColumns)
    .from(deals)
    .leftJoin(certificateModels, eq(certificateModels.deal_id, deals.id));
}

type DealRow = Awaited<ReturnType<typeof dealSelect>>[number];

const modelOf = (row: { model_id: number | null; model_name: string | null }) =>
  row.model_id !== null && row.model_name !== null ? { id: row.model_id, name: row.model_name } : null;

function toDeal(row: DealRow) {
  return {
    id: row.id,
    abbreviation: row.abbreviation,
    name: row.name,
    aladi_acronym: row.aladi_acronym,
    form: row.form,
    classification_type: row.classification_type,
    accepts_digital: row.accepts_digital,
    cod_form: row.cod_form,
    cod_automotive_form: row.cod_automotive_form,
    cod_automotive_ncm: row.cod_automotive_ncm,
    cod_versions: row.cod_versions,
    declaration_validity_days: row.declaration_validity_days,
    certificate_validity_months: row.certificate_validity_months,
    non_originating_ceiling_percent: Number(row.non_originating_ceiling_percent).toFixed(2),
    active: row.active,
    countries: (typeof row.countries === 'string' ? JSON.parse(row.countries) : row.countries).map(
      (c: { id: number; code: string; name: string }) => ({ id: Number(c.id), code: c.code, name: c.name }),
    ) as { id: number; code: string; name: string }[],
    norms_count: Number(row.norms_count),
    rules_count: Number(row.rules_count),
    certificate_model: modelOf(row),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
export type DealView = ReturnType<typeof toDeal>;

const dealFilter = (f: Partial<DealListQuery>) =>
  f.abbreviation ? sql`${deals.abbreviation} ilike ${likePattern(f.abbreviation)}` : undefined;

/** A few dozen deals: offset paging in the reader's abbreviation order. */
export async function listDeals(db: Executor, filters: DealListQuery & PageRequest) {
  const page = await paginate(db, filters, {
    where: dealFilter(filters),
    order: plainOrder(...abbreviationOrder(deals.abbreviation), asc(deals.id)),
    rows: (where) => dealSelect(db).where(where).$dynamic(),
    ids: (where) => db.select({ id: deals.id }).from(deals).where(where).$dynamic(),
  });
  return mapPage(page, toDeal);
}

export async function findDeal(db: Executor, id: number): Promise<DealView | null> {
  const [row] = await dealSelect(db).where(eq(deals.id, id));
  return row ? toDeal(row) : null;
}

/** Locks the deal row for the rest of the transaction: writes to its norms, rules and deletion queue behind it. */
export async function lockDeal(
  db: Executor,
  id: number,
): Promise<{ id: number; abbreviation: string } | null> {
  const [row] = await db
    .select({ id: deals.id, abbreviation: deals.abbreviation })
    .from(deals)
    .where(eq(deals.id, id))
    .for('update');
  return row ?? null;
}

const optionColumns = {
  id: deals.id,
  abbreviation: deals.abbreviation,
  name: deals.name,
  aladi_acronym: deals.aladi_acronym,
  classification_type: deals.classification_type,
  accepts_digital: deals.accepts_digital,
  active: deals.active,
  model_id: certificateModels.id,
  model_name: certificateModels.name,
};

/** Deals for selects (`/all`) or only those accepting digital certificates (`/deal_signature`). */
export async function dealOptions(db: Executor, where?: SQL) {
  const rows = await db
    .select(optionColumns)
    .from(deals)
    .leftJoin(certificateModels, eq(certificateModels.deal_id, deals.id))
    .where(where)
    .orderBy(...abbreviationOrder(deals.abbreviation))
    .limit(MAX_ALL_ROWS);
  return rows.map(({ model_id, model_name, ...rest }) => ({
    ...rest,
    certificate_model: modelOf({ model_id, model_name }),
  }));
}

export const digitalDeals = and(eq(deals.accepts_digital, true), eq(deals.active, true));

export async function abbreviationTaken(db: Executor, abbreviation: string, exceptId?: number) {
  const [row] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(sql`lower(${deals.abbreviation}) = lower(${abbreviation})`);
  return Boolean(row && row.id !== exceptId);
}

/** The subset of `ids` that name existing countries, with their codes (for the audit trail). */
export async function existingCountries(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(inArray(countries.id, ids))
    .orderBy(asc(countries.code));
}

export async function dealCountryCodes(db: Executor, dealId: number): Promise<string[]> {
  const rows = await db
    .select({ code: countries.code })
    .from(dealCountries)
    .innerJoin(countries, eq(countries.id, dealCountries.country_id))
    .where(eq(dealCountries.deal_id, dealId))
    .orderBy(asc(countries.code));
  return rows.map((r) => r.code);
}

export async function replaceCountries(db: Executor, dealId: number, countryIds: number[]): Promise<void> {
  await db.delete(dealCountries).where(eq(dealCountries.deal_id, dealId));
  if (countryIds.length > 0) {
    await db.insert(dealCountries).values(countryIds.map((country_id) => ({ deal_id: dealId, country_id })));
  }
}

/** What still points at a deal and keeps it from being deleted. */
export async function dealReferences(db: Executor, dealId: number) {
  const counted = async (table: typeof originNorms | typeof originRules | typeof tradeAssociationFees) => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.deal_id, dealId));
    return row?.n ?? 0;
  };
  const [model] = await db
    .select({ id: certificateModels.id })
    .from(certificateModels)
    .where(eq(certificateModels.deal_id, dealId));
  return {
    norms: await counted(originNorms),
    rules: await counted(originRules),
    fees: await counted(tradeAssociationFees),
    certificateModel: Boolean(model),
  };
}

// ---------------------------------------------------------------- origin norms

const normColumns = {
  id: originNorms.id,
  deal_id: originNorms.deal_id,
  name: originNorms.name,
  legal_text: originNorms.legal_text,
  non_originating_ceiling_percent: originNorms.non_originating_ceiling_percent,
  valid_from: originNorms.valid_from,
  valid_until: originNorms.valid_until,
  created_at: originNorms.created_at,
  updated_at: originNorms.updated_at,
  deal: { id: deals.id, abbreviation: deals.abbreviation, name: deals.name },
};

function normSelect(db: Executor) {
  return db.select(normColumns).from(originNorms).innerJoin(deals, eq(deals.id, originNorms.deal_id));
}

type NormRow = Awaited<ReturnType<typeof normSelect>>[number];

function toNorm(row: NormRow) {
  return {
    ...row,
    non_originating_ceiling_percent:
      row.non_originating_ceiling_percent === null
        ? null
        : Number(row.non_originating_ceiling_percent).toFixed(2),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
export type NormView = ReturnType<typeof toNorm>;

/** A name's versions stay together, oldest first. */
const normOrder = () => [
  ...abbreviationOrder(deals.abbreviation),
  asc(humanOrder(originNorms.name)),
  sql`${originNorms.valid_from} asc nulls first`,
  asc(originNorms.id),
];

function normFilter(f: Partial<OriginNormListQuery>): SQL | undefined {
  return and(
    f.name ? sql`${originNorms.name} ilike ${likePattern(f.name)}` : undefined,
    f.deal_id ? eq(originNorms.deal_id, f.deal_id) : undefined,
  );
}

export async function listNorms(db: Executor, filters: OriginNormListQuery) {
  const page = await paginate(db, filters, {
    where: normFilter(filters),
    order: plainOrder(...normOrder()),
    rows: (where) => normSelect(db).where(where).$dynamic(),
    ids: (where) => db.select({ id: originNorms.id }).from(originNorms).where(where).$dynamic(),
  });
  return mapPage(page, toNorm);
}

export async function findNorm(db: Executor, id: number): Promise<NormView | null> {
  const [row] = await normSelect(db).where(eq(originNorms.id, id));
  return row ? toNorm(row) : null;
}

/** The deal's norms, every version, or (`inForce`) only those in force on that day. */
export async function normsOfDeal(db: Executor, dealId: number, inForce?: SQL): Promise<NormView[]> {
  const rows = await normSelect(db)
    .where(and(eq(originNorms.deal_id, dealId), inForce ? inForceOn(originNorms, inForce) : undefined))
    .orderBy(
      asc(humanOrder(originNorms.name)),
      sql`${originNorms.valid_from} asc nulls first`,
      asc(originNorms.id),
    );
  return rows.map(toNorm);
}

/** Another version of the deal's norm with the same name (letter case ignored) in force on a day of `period`. */
export async function normNameTaken(
  db: Executor,
  dealId: number,
  name: string,
  period: Period,
  exceptId?: number,
) {
  const rows = await db
    .select({ id: originNorms.id })
    .from(originNorms)
    .where(
      and(
        eq(originNorms.deal_id, dealId),
        sql`lower(${originNorms.name}) = lower(${name})`,
        overlaps(originNorms, period),
      ),
    );
  return rows.some((r) => r.id !== exceptId);
}

// ---------------------------------------------------------------- origin rules

const ruleColumns = {
  id: originRules.id,
  deal_id: originRules.deal_id,
  code: originRules.code,
  description: originRules.description,
  valid_from: originRules.valid_from,
  valid_until: originRules.valid_until,
  created_at: originRules.created_at,
  updated_at: originRules.updated_at,
  deal: { id: deals.id, abbreviation: deals.abbreviation, name: deals.name },
};

function ruleSelect(db: Executor) {
  return db.select(ruleColumns).from(originRules).innerJoin(deals, eq(deals.id, originRules.deal_id));
}

type RuleRow = Awaited<ReturnType<typeof ruleSelect>>[number];

function toRule(row: RuleRow) {
  return {
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
export type RuleView = ReturnType<typeof toRule>;

/** A code's versions stay together, oldest first. */
const ruleOrder = () => [
  ...abbreviationOrder(deals.abbreviation),
  asc(humanOrder(originRules.code)),
  sql`${originRules.valid_from} asc nulls first`,
  asc(originRules.id),
];

function ruleFilter(f: Partial<OriginRuleListQuery>): SQL | undefined {
  return and(
    f.deal_id ? eq(originRules.deal_id, f.deal_id) : undefined,
    f.q
      ? sql`(${originRules.code} ilike ${likePattern(f.q)} or ${originRules.description} ilike ${likePattern(f.q)})`
      : undefined,
  );
}

export async function listRules(db: Executor, filters: OriginRuleListQuery) {
  const page = await paginate(db, filters, {
    where: ruleFilter(filters),
    order: plainOrder(...ruleOrder()),
    rows: (where) => ruleSelect(db).where(where).$dynamic(),
    ids: (where) => db.select({ id: originRules.id }).from(originRules).where(where).$dynamic(),
  });
  return mapPage(page, toRule);
}

export async function allRules(db: Executor, dealId?: number) {
  const rows = await ruleSelect(db)
    .where(dealId ? eq(originRules.deal_id, dealId) : undefined)
    .orderBy(...ruleOrder())
    .limit(MAX_ALL_ROWS);
  return rows.map(toRule);
}

export async function findRule(db: Executor, id: number): Promise<RuleView | null> {
  const [row] = await ruleSelect(db).where(eq(originRules.id, id));
  return row ? toRule(row) : null;
}

/** Another version of the deal's rule with the same code (letter case ignored) in force on a day of `period`. */
export async function ruleCodeTaken(
  db: Executor,
  dealId: number,
  code: string,
  period: Period,
  exceptId?: number,
) {
  const rows = await db
    .select({ id: originRules.id })
    .from(originRules)
    .where(
      and(
        eq(originRules.deal_id, dealId),
        sql`lower(${originRules.code}) = lower(${code})`,
        overlaps(originRules, period),
      ),
    );
  return rows.some((r) => r.id !== exceptId);
}

/**
 * Every version of a rule's code in its deal, oldest first, with the certificates (in `scope`) whose items cite each:
 * how many, and the latest twenty.
 */
export async function ruleHistory(db: Executor, rule: RuleView, scope: SQL | undefined) {
  const versions = await db
    .select({
      id: originRules.id,
      code: originRules.code,
      description: originRules.description,
      valid_from: originRules.valid_from,
      valid_until: originRules.valid_until,
    })
    .from(originRules)
    .where(and(eq(originRules.deal_id, rule.deal_id), sql`lower(${originRules.code}) = lower(${rule.code})`))
    .orderBy(sql`${originRules.valid_from} asc nulls first`, asc(originRules.id));
  const citing = (ruleId: number) =>
    and(
      scope,
      sql`exists (select 1 from ${certificateItems} i where i.certificate_id = ${certificates.id} and i.origin_rule_id = ${ruleId})`,
    );
  return Promise.all(
    versions.map(async (version) => {
      const [counted] = await db.select({ n: count() }).from(certificates).where(citing(version.id));
      const rows = await db
        .select({
          id: certificates.id,
          certificate_number: certificates.certificate_number,
          status: certificates.status,
          invoice_date: certificates.invoice_date,
        })
        .from(certificates)
        .where(citing(version.id))
        .orderBy(desc(certificates.invoice_date), desc(certificates.id))
        .limit(CITING_SHOWN);
      return { ...version, certificates_count: counted?.n ?? 0, certificates: rows };
    }),
  );
}
const CITING_SHOWN = 20;

/**
 * The deal's criteria and norms in force on `day`, by code and by name (lower case): what a certificate invoiced that
 * day cites, whatever version its declarations were made under (issue 36).
 */
export async function originInForce(db: Executor, dealId: number, day: string) {
  const rules = await db
    .select({ id: originRules.id, code: originRules.code, description: originRules.description })
    .from(originRules)
    .where(and(eq(originRules.deal_id, dealId), inForceOn(originRules, day)));
  const norms = await db
    .select({ id: originNorms.id, name: originNorms.name, legal_text: originNorms.legal_text })
    .from(originNorms)
    .where(and(eq(originNorms.deal_id, dealId), inForceOn(originNorms, day)));
  return {
    rules: new Map(rules.map((r) => [r.code.toLowerCase(), r])),
    norms: new Map(norms.map((n) => [n.name.toLowerCase(), n])),
  };
}
