import type { ReportGrouping, ReportPeriod } from '@origem/contract/schemas/reports';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Actor } from '../../lib/context';
import { likePattern } from '../../lib/paging';
import { entityScope } from '../../lib/scope';
import type { KeysetQuery } from '../../lib/stream-rows';

/** One issued certificate as billing sees it; `amount` is null when the association has no fee for the deal. */
export type BillingLine = {
  certificate_id: number;
  certificate_number: string | null;
  /** The Brasília day it was issued, 'YYYY-MM-DD'. */
  issued_on: string;
  invoice_number: string;
  deal: string;
  federation_id: number | null;
  federation: string | null;
  association_id: number;
  association: string;
  exporter_id: number;
  exporter: string;
  exporter_tax_id: string | null;
  dispatcher_id: number | null;
  dispatcher: string | null;
  payer_tax_id: string | null;
  member: boolean;
  amount: string | null;
};

/** What a report is about: every key set narrows the lines. `payer` keeps only what that kind of party pays. */
export type BillingFilter = {
  federationId?: number;
  associationId?: number;
  exporterId?: number;
  dispatcherId?: number;
  payer?: 'exporter' | 'dispatcher';
};

/** Brasília days as a half-open range of instants, so the planner uses the issued_at indexes. */
function periodCondition(period: ReportPeriod): SQL {
  const end = new Date(`${period.end_date}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const next = end.toISOString().slice(0, 10);
  return sql`c.issued_at >= ${`${period.start_date}T00:00:00-03:00`}::timestamptz
         and c.issued_at < ${`${next}T00:00:00-03:00`}::timestamptz`;
}

/**
 * The lines the actor may see on a bill (DOMAIN.md §2 on billing): the hierarchy sees its associations'
 * certificates; an exporter only what it pays itself; a dispatcher only what it pays.
 */
export function billingScope(actor: Actor): SQL | null {
  switch (actor.roleType) {
    case 'exportador':
      return sql`(c.exporter_id = ${actor.exporterId ?? -1} and c.dispatcher_id is null)`;
    case 'despachante':
      return sql`c.dispatcher_id = ${actor.dispatcherId ?? -1}`;
    case 'fabricante':
      return sql`false`;
    default:
      return entityScope(actor, { tradeAssociationId: sql.raw('c.trade_association_id') });
  }
}

function conditions(actor: Actor, period: ReportPeriod, f: BillingFilter): SQL {
  const parts: SQL[] = [periodCondition(period)];
  const scope = billingScope(actor);
  if (scope) parts.push(scope);
  if (f.associationId !== undefined) parts.push(sql`c.trade_association_id = ${f.associationId}`);
  if (f.federationId !== undefined)
    parts.push(
      sql`c.trade_association_id in (select id from trade_associations where federation_id = ${f.federationId})`,
    );
  if (f.exporterId !== undefined) parts.push(sql`c.exporter_id = ${f.exporterId}`);
  if (f.dispatcherId !== undefined) parts.push(sql`c.dispatcher_id = ${f.dispatcherId}`);
  if (f.payer === 'exporter') parts.push(sql`c.dispatcher_id is null`);
  if (f.payer === 'dispatcher') parts.push(sql`c.dispatcher_id is not null`);
  return sql.join(parts, sql` and `);
}

const MEMBER = sql`case when dp.id is null then e.associated else dp.associated end`;

/** The columns of a billing line (BillingLine) and the joins that give them. */
const LINE_COLUMNS = sql`c.id as certificate_id, c.certificate_number,
               to_char(c.issued_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as issued_on,
               c.invoice_number, d.abbreviation as deal,
               f.id as federation_id, f.name as federation, ta.id as association_id, ta.name as association,
               e.id as exporter_id, e.name as exporter, coalesce(e.cnpj, e.cpf) as exporter_tax_id,
               dp.id as dispatcher_id, dp.name as dispatcher,
               case when dp.id is null then coalesce(e.cnpj, e.cpf) else coalesce(dp.cnpj, dp.cpf) end as payer_tax_id,
               ${MEMBER} as member,
               (case when ${MEMBER} then fee.member_fee else fee.non_member_fee end)::text as amount`;
const LINE_JOINS = sql`from certificates c
          join trade_associations ta on ta.id = c.trade_association_id
          left join federations f on f.id = ta.federation_id
          join exporters e on e.id = c.exporter_id
          left join dispatchers dp on dp.id = c.dispatcher_id
          join deals d on d.id = c.deal_id
          left join trade_association_fees fee
                 on fee.trade_association_id = c.trade_association_id and fee.deal_id = c.deal_id`;

/** The issued certificates of the period that the filter names and the actor reaches, oldest first. */
export function billingLines(
  db: Executor,
  actor: Actor,
  period: ReportPeriod,
  filter: BillingFilter,
  page?: { limit: number; offset: number },
): Promise<BillingLine[]> {
  return queryRows<BillingLine>(
    db,
    sql`select ${LINE_COLUMNS}
          ${LINE_JOINS}
         where ${conditions(actor, period, filter)}
         order by c.issued_at, c.id
         ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
}

/**
 * A line of a report file: a billing line, the label of the group it is printed under, and its exact issue
 * instant as PostgreSQL's text (the keyset: read from the row itself, it holds even if the certificate went away).
 */
export type GroupedLine = BillingLine & { group_label: string; issued_at: string };

/** What each grouping (SPEC §9) groups the lines by: the label of their group, as the files print it. */
const GROUP_KEYS: Record<ReportGrouping, SQL> = {
  1: sql`''`,
  2: sql`ta.name`,
  // Who pays: the dispatcher that asked for the certificate, otherwise its exporter.
  3: sql`case when dp.id is null then 'Exportador: ' || e.name else 'Despachante: ' || dp.name end`,
  4: sql`d.abbreviation`,
  5: sql`e.name`,
};

/**
 * A report's lines in the order its file prints them (streamRows): by group, the groups in the order a Brazilian
 * reader expects (ICU, as `localeCompare('pt-BR')` sorted them when files were built in memory), then by issue
 * within each group. `after` is the keyset: the rows that follow that line.
 */
export function groupedBillingLines(
  actor: Actor,
  period: ReportPeriod,
  filter: BillingFilter,
  grouping: ReportGrouping,
): KeysetQuery<GroupedLine> {
  const key = sql`(${GROUP_KEYS[grouping]}) collate "und-x-icu"`;
  return (after) => sql`select ${LINE_COLUMNS}, ${key} as group_label, c.issued_at::text as issued_at
          ${LINE_JOINS}
         where ${conditions(actor, period, filter)}
           ${
             after
               ? sql`and (${key}, c.issued_at, c.id) >
                     (${after.group_label}, ${after.issued_at}::timestamptz, ${after.certificate_id})`
               : sql``
           }
         order by ${key}, c.issued_at, c.id`;
}

/** How many lines the period has for the actor, counting at most `cap` (a page's "10.000+"). */
export async function countBillingLines(
  db: Executor,
  actor: Actor,
  period: ReportPeriod,
  filter: BillingFilter,
  cap: number,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from certificates c where ${conditions(actor, period, filter)} limit ${cap}) x`,
  );
  return row?.n ?? 0;
}

export type SummaryRow = {
  id: number;
  name: string;
  abbreviation: string | null;
  tax_id: string | null;
  certificates: number;
  amount: string;
};

/** Who a summary groups by: the columns of the group's key, name, abbreviation and tax id. */
const SUMMARY_KEYS = {
  federation: {
    key: sql`f.id`,
    cols: sql`f.id as id, f.name as name, f.abbreviation as abbreviation, f.cnpj as tax_id`,
    group: sql`f.id, f.name, f.abbreviation, f.cnpj`,
  },
  association: {
    key: sql`ta.id`,
    cols: sql`ta.id as id, ta.name as name, ta.abbreviation as abbreviation, ta.cnpj as tax_id`,
    group: sql`ta.id, ta.name, ta.abbreviation, ta.cnpj`,
  },
  exporter: {
    key: sql`e.id`,
    cols: sql`e.id as id, e.name as name, null::text as abbreviation, coalesce(e.cnpj, e.cpf) as tax_id`,
    group: sql`e.id, e.name, e.cnpj, e.cpf`,
  },
  dispatcher: {
    key: sql`dp.id`,
    cols: sql`dp.id as id, dp.name as name, null::text as abbreviation, coalesce(dp.cnpj, dp.cpf) as tax_id`,
    group: sql`dp.id, dp.name, dp.cnpj, dp.cpf`,
  },
} as const;
export type SummaryKind = keyof typeof SUMMARY_KEYS;

/**
 * Certificates and amount per federation, association, exporter or dispatcher in the period, in name order;
 * `nameFilter` matches by "contains" (name or abbreviation). Sums stay numeric in SQL: exact to the centavo.
 */
export function billingSummary(
  db: Executor,
  actor: Actor,
  period: ReportPeriod,
  kind: SummaryKind,
  filter: BillingFilter & { name?: string; abbreviation?: string },
): Promise<SummaryRow[]> {
  const k = SUMMARY_KEYS[kind];
  const extra: SQL[] = [sql`${k.key} is not null`];
  const nameCol =
    kind === 'federation'
      ? sql`f.name`
      : kind === 'association'
        ? sql`ta.name`
        : kind === 'exporter'
          ? sql`e.name`
          : sql`dp.name`;
  if (filter.name) extra.push(sql`${nameCol} ilike ${likePattern(filter.name)}`);
  if (filter.abbreviation && kind === 'association')
    extra.push(sql`ta.abbreviation ilike ${likePattern(filter.abbreviation)}`);
  return queryRows<SummaryRow>(
    db,
    sql`select ${k.cols}, count(*)::int as certificates,
               coalesce(sum(case when ${MEMBER} then fee.member_fee else fee.non_member_fee end), 0)::numeric(14,2)::text as amount
          from certificates c
          join trade_associations ta on ta.id = c.trade_association_id
          left join federations f on f.id = ta.federation_id
          join exporters e on e.id = c.exporter_id
          left join dispatchers dp on dp.id = c.dispatcher_id
          left join trade_association_fees fee
                 on fee.trade_association_id = c.trade_association_id and fee.deal_id = c.deal_id
         where ${conditions(actor, period, filter)} and ${sql.join(extra, sql` and `)}
         group by ${k.group}
         order by 2, 1`,
  );
}

const NAME_SOURCES = {
  federation: sql.raw('federations'),
  association: sql.raw('trade_associations'),
  exporter: sql.raw('exporters'),
  dispatcher: sql.raw('dispatchers'),
} as const;

/** The display name of a report's subject (its existence and scope are checked before). */
export async function subjectName(
  db: Executor,
  kind: keyof typeof NAME_SOURCES,
  id: number,
): Promise<string> {
  const table = NAME_SOURCES[kind];
  const [row] = await queryRows<{ name: string; tax_id: string | null }>(
    db,
    kind === 'exporter' || kind === 'dispatcher'
      ? sql`select name, coalesce(cnpj, cpf) as tax_id from ${table} where id = ${id}`
      : sql`select name, cnpj as tax_id from ${table} where id = ${id}`,
  );
  return row?.name ?? '';
}
