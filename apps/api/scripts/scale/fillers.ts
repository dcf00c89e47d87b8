import {
  declarationFlow,
  declarationLinkFlow,
  preRegistrationFlow,
  stateCodes,
} from '@origem/contract/flows';
import { AUDIT_EVENT_LABELS, AUDITABLE_TYPE_LABELS } from '@origem/contract/schemas/audit';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import { ncmCodes, pick, spread, text } from './draw';
import {
  AGENTS,
  CITIES,
  DECLARED_PRODUCTS,
  FIRST,
  FOREIGN,
  FOREIGN_SUFFIXES,
  LAST,
  MATERIALS,
  PLACES,
  PRODUCTS,
  STATES,
  SUFFIXES,
  VARIANTS,
} from './vocabulary';

/**
 * Bulk rows for the scale runs (`npm run seed:scale`, `npm run bench`) and for the query-plan test, written as
 * `insert … select … from generate_series` so PostgreSQL builds a million rows in seconds (no row-by-row
 * round trips). Each filler adds rows to a database that holds the demo seed; they run in the order below
 * and read what the earlier ones made. A later issue adds its table (declarations, certificates) as one more
 * entry of FILLERS and one more count in ScaleCounts.
 */
export type ScaleCounts = {
  /** Trade associations added to the demo one (spread over as many federations as there are states). */
  associations: number;
  exporters: number;
  dispatchers: number;
  companies: number;
  legalRepresentatives: number;
  preRegistrations: number;
  users: number;
  audits: number;
  /** Issue 12: declarations of origin (about two materials each) and declaration links. */
  declarations: number;
  declarationLinks: number;
  /** Issue 13: certificates of origin (three items each). */
  certificates: number;
};

/** ISSUE 10's scale: 50 000 companies and exporters, 200 000 users, 2 000 000 audit rows. */
export const FULL_SCALE: ScaleCounts = {
  associations: 99,
  exporters: 50_000,
  dispatchers: 5_000,
  companies: 50_000,
  legalRepresentatives: 50_000,
  preRegistrations: 20_000,
  users: 200_000,
  audits: 2_000_000,
  declarations: 500_000,
  declarationLinks: 20_000,
  certificates: 1_000_000,
};

export function scaled(counts: ScaleCounts, factor: number): ScaleCounts {
  const entries = Object.entries(counts).map(([key, n]) => [key, Math.max(1, Math.round(n * factor))]);
  return Object.fromEntries(entries) as ScaleCounts;
}

export type Filler = {
  name: string;
  /** How many rows this filler adds at the given scale. */
  rows: (counts: ScaleCounts) => number;
  fill: (db: Executor, counts: ScaleCounts) => Promise<void>;
  /**
   * Nothing after it reads its rows: it runs beside the fillers that follow, on a connection of its own (a pool
   * gives each its own backend, so both cores work; PGlite takes the statements in turn).
   */
  alongside?: true;
};

const g = sql.raw('g');
const personName = sql`${pick(text(FIRST), g, 11)} || ' ' || ${pick(text(LAST), g, 12)} || ' ' || ${pick(text(LAST), g, 13)}`;
const firmName = (salt: number, suffixes: readonly string[]) =>
  sql`${pick(text(PRODUCTS), g, salt)} || ' ' || ${pick(text(PLACES), g, salt + 1)} || ' ' || ${pick(text(suffixes), g, salt + 2)}`;
/** Spread over the last two years, newest first as `g` grows. */
const pastTime = (n: number, years = 2) =>
  sql`now() - (${g}::double precision * ${(years * 365 * 86_400) / Math.max(n, 1)}::double precision) * interval '1 second'`;

/** The ids of a table as an array, to pick from by position. */
const idsOf = (table: string, where = 'true') =>
  sql.raw(`(select array_agg(id order by id) from ${table} where ${where})`);

async function run(db: Executor, query: SQL): Promise<void> {
  await db.execute(query);
}

/** Large inserts in slices, so one statement never holds millions of rows in memory at once. */
async function inSlices(
  db: Executor,
  total: number,
  slice: number,
  insert: (from: number, to: number) => SQL,
): Promise<void> {
  for (let from = 1; from <= total; from += slice) {
    await run(db, insert(from, Math.min(total, from + slice - 1)));
  }
}

export const FILLERS: Filler[] = [
  {
    name: 'federations and trade associations',
    rows: (c) => c.associations,
    fill: async (db, c) => {
      await run(
        db,
        sql`insert into federations (confederation_id, name, abbreviation, state)
            select (select min(id) from confederations), 'Federação das Associações Comerciais do Estado ' || st,
                   'FAC' || st, st
              from unnest(${text(STATES)}) st`,
      );
      await run(
        db,
        sql`insert into trade_associations (federation_id, name, abbreviation, ehid, city, state)
            select f.ids[1 + mod(g, cardinality(f.ids))],
                   'Associação Comercial ' || (array['de ', 'e Industrial de ', 'e Empresarial de '])[1 + g % 3] ||
                     ${pick(text(CITIES), g, 1)} || ' ' || g,
                   'AC' || g, 'X' || lpad(g::text, 2, '0'), ${pick(text(CITIES), g, 1)}, f.st[1 + mod(g, cardinality(f.st))]
              from generate_series(1, ${c.associations}::int) g,
                   (select array_agg(id order by id) ids, array_agg(state order by id) st from federations) f`,
      );
    },
  },
  {
    name: 'exporters',
    rows: (c) => c.exporters,
    fill: (db, c) =>
      run(
        db,
        sql`insert into exporters (person_type_id, cpf, cnpj, name, trade_name, email, phone, city, state,
                                   trade_association_id, associated)
            select case when g % 2 = 0 then 2 else 1 end,
                   case when g % 2 = 1 then '9' || lpad(g::text, 10, '0') end,
                   case when g % 2 = 0 then '9' || lpad(g::text, 13, '0') end,
                   case when g % 2 = 0 then ${firmName(20, SUFFIXES)} else ${personName} end,
                   case when g % 2 = 0 then ${pick(text(PRODUCTS), g, 20)} || ' ' || ${pick(text(PLACES), g, 21)} end,
                   'comex' || g || '@exportador.scale.test', '1132' || lpad((g % 10000)::text, 6, '0'),
                   ${pick(text(CITIES), g, 3)}, 'SP', ta.ids[1 + ${spread(g, 4, 1_000_000)} % cardinality(ta.ids)],
                   g % 3 = 0
              from generate_series(1, ${c.exporters}::int) g, (select ${idsOf('trade_associations')} ids) ta`,
      ),
  },
  {
    name: 'dispatchers',
    rows: (c) => c.dispatchers,
    fill: (db, c) =>
      run(
        db,
        sql`insert into dispatchers (person_type_id, cpf, cnpj, name, trade_name, email, city, state,
                                     trade_association_id, associated)
            select case when g % 2 = 0 then 2 else 1 end,
                   case when g % 2 = 1 then '9' || lpad(g::text, 10, '0') end,
                   case when g % 2 = 0 then '9' || lpad(g::text, 13, '0') end,
                   case when g % 2 = 0 then 'Despachos ' || ${pick(text(PLACES), g, 30)} || ' ' || ${pick(text(SUFFIXES), g, 31)}
                        else ${personName} end,
                   null, 'contato' || g || '@despachante.scale.test', ${pick(text(CITIES), g, 5)}, 'SP',
                   ta.ids[1 + ${spread(g, 6, 1_000_000)} % cardinality(ta.ids)], g % 4 = 0
              from generate_series(1, ${c.dispatchers}::int) g, (select ${idsOf('trade_associations')} ids) ta`,
      ),
  },
  {
    name: 'companies (the demo exporter keeps 1% of them)',
    rows: (c) => c.companies,
    fill: (db, c) =>
      run(
        db,
        sql`insert into companies (company_type_id, exporter_id, trade_association_id, corporate_name, trade_name,
                                   cnpj, foreign_tax_id, country_id, city)
            select 1 + g % 3, e.id, e.trade_association_id,
                   case when g % 3 = 1 then ${firmName(40, SUFFIXES)}
                        else ${pick(text(FOREIGN), g, 41)} || ' ' || ${pick(text(PLACES), g, 42)} || ' ' || ${pick(text(FOREIGN_SUFFIXES), g, 43)} end,
                   null,
                   case when g % 3 = 1 then '8' || lpad(g::text, 13, '0') end,
                   case when g % 3 <> 1 then 'TAX-' || g end,
                   case when g % 3 = 1 then br.id else co.ids[1 + ${spread(g, 44, 1_000_000)} % cardinality(co.ids)] end,
                   ${pick(text(CITIES), g, 45)}
              from generate_series(1, ${c.companies}::int) g
              cross join (select ${idsOf('exporters')} ids) ex
              cross join (select id from countries where code = 'BR') br
              cross join (select ${idsOf('countries', "code <> 'BR'")} ids) co
              join exporters e on e.id = case when g % 100 = 0 then (select min(id) from exporters)
                                              else ex.ids[1 + ${spread(g, 46, 1_000_000)} % cardinality(ex.ids)] end`,
      ),
  },
  {
    name: 'legal representatives',
    rows: (c) => c.legalRepresentatives,
    fill: (db, c) =>
      run(
        db,
        sql`insert into legal_representatives (exporter_id, name, cpf, email, procuration_valid_until)
            select ex.ids[1 + (g - 1) % cardinality(ex.ids)], ${personName}, '7' || lpad(g::text, 10, '0'),
                   'rep' || g || '@scale.test', current_date + (g % 720 - 120)
              from generate_series(1, ${c.legalRepresentatives}::int) g, (select ${idsOf('exporters')} ids) ex`,
      ),
  },
  {
    name: 'pre-registrations',
    rows: (c) => c.preRegistrations,
    fill: (db, c) =>
      run(
        db,
        sql`insert into pre_registrations (status, profile_type, person_type_id, cpf, cnpj, name, email,
                                           trade_association_id, federation_id, created_at, updated_at)
            select ${pick(text(stateCodes(preRegistrationFlow)), g, 50)},
                   case when g % 5 = 0 then 'despachante' else 'exportador' end,
                   case when g % 2 = 0 then 2 else 1 end,
                   case when g % 2 = 1 then '6' || lpad(g::text, 10, '0') end,
                   case when g % 2 = 0 then '6' || lpad(g::text, 13, '0') end,
                   case when g % 2 = 0 then ${firmName(51, SUFFIXES)} else ${personName} end,
                   'cadastro' || g || '@scale.test', ta.id, ta.federation_id, ${pastTime(c.preRegistrations, 1)},
                   ${pastTime(c.preRegistrations, 1)}
              from generate_series(1, ${c.preRegistrations}::int) g
              cross join (select ${idsOf('trade_associations')} ids) t
              join trade_associations ta on ta.id = t.ids[1 + ${spread(g, 52, 1_000_000)} % cardinality(t.ids)]`,
      ),
  },
  {
    name: 'users (half of them exporters’ users, a tenth dispatchers’, the rest association staff)',
    rows: (c) => c.users,
    fill: async (db, c) => {
      const role = (name: string) => sql.raw(`(select id from roles where name = '${name}')`);
      const exporterUsers = Math.floor(c.users / 2);
      const dispatcherUsers = Math.floor(c.users / 10);
      const staff = c.users - exporterUsers - dispatcherUsers;
      await run(
        db,
        sql`insert into users (name, email, cpf, role_id, trade_association_id, federation_id, exporter_id,
                               active, change_password, created_at, updated_at)
            select ${personName}, 'exp' || g || '@usuario.scale.test', '5' || lpad(g::text, 10, '0'),
                   ${role('exportador')}, e.trade_association_id, ta.federation_id, e.id, true, false,
                   ${pastTime(exporterUsers, 3)}, ${pastTime(exporterUsers, 3)}
              from generate_series(1, ${exporterUsers}::int) g
              cross join (select ${idsOf('exporters')} ids) ex
              join exporters e on e.id = ex.ids[1 + (g - 1) % cardinality(ex.ids)]
              join trade_associations ta on ta.id = e.trade_association_id`,
      );
      await run(
        db,
        sql`insert into users (name, email, cpf, role_id, trade_association_id, federation_id, dispatcher_id,
                               active, change_password)
            select ${personName}, 'desp' || g || '@usuario.scale.test', '4' || lpad(g::text, 10, '0'),
                   ${role('despachante')}, d.trade_association_id, ta.federation_id, d.id, true, false
              from generate_series(1, ${dispatcherUsers}::int) g
              cross join (select ${idsOf('dispatchers')} ids) dx
              join dispatchers d on d.id = dx.ids[1 + (g - 1) % cardinality(dx.ids)]
              join trade_associations ta on ta.id = d.trade_association_id`,
      );
      await run(
        db,
        sql`insert into users (name, email, cpf, role_id, trade_association_id, federation_id, active,
                               change_password)
            select ${personName}, 'staff' || g || '@usuario.scale.test', '3' || lpad(g::text, 10, '0'),
                   (array[${role('analista')}, ${role('associacao')}, ${role('fabricante')}])[1 + g % 3],
                   ta.id, ta.federation_id, g % 50 <> 0, false
              from generate_series(1, ${staff}::int) g
              cross join (select ${idsOf('trade_associations')} ids) t
              join trade_associations ta on ta.id = t.ids[1 + ${spread(g, 60, 1_000_000)} % cardinality(t.ids)]`,
      );
    },
  },
  {
    name: 'audit rows (1% anonymous, 5 000 addresses)',
    rows: (c) => c.audits,
    alongside: true,
    fill: (db, c) => {
      const events = text(Object.keys(AUDIT_EVENT_LABELS));
      const types = text(Object.keys(AUDITABLE_TYPE_LABELS));
      const ip = sql`'10.' || (h / 250) || '.' || (h / 10 % 25) || '.' || (h % 10 + 1)`;
      return inSlices(
        db,
        c.audits,
        250_000,
        (from, to) =>
          sql`insert into audits (user_id, trade_association_id, federation_id, event, auditable_type, auditable_id,
                                  new_values, url, ip_address, user_agent, created_at)
              select who.id, author.trade_association_id, coalesce(author.federation_id, ta.federation_id),
                     ${pick(events, g, 71)}, ${pick(types, g, 72)}, 1 + ${spread(g, 73, 50_000)},
                     jsonb_build_object('name', ${personName}), '/v1/registro/' || g, ${ip},
                     ${pick(text(AGENTS), g, 74)}, ${pastTime(c.audits)}
                from generate_series(${from}::int, ${to}::int) g
                cross join (select ${idsOf('users')} ids) u
                cross join lateral (select case when g % 100 = 0 then null
                                                else u.ids[1 + ${spread(g, 70, 1_000_000_000)} % cardinality(u.ids)] end as id) who
                left join users author on author.id = who.id
                left join trade_associations ta on ta.id = author.trade_association_id
                cross join lateral (select ${spread(g, 75, 5_000)} as h) addr`,
      );
    },
  },
  {
    name: 'declarations (the demo exporter keeps 1% of them; status by age, as the daily job leaves them)',
    rows: (c) => c.declarations,
    fill: (db, c) => {
      const n = c.declarations;
      // Ids grow with time (the list's order is id): row g was created (n - g) / n of two years ago.
      const ageDays = sql`((${n}::int - ${g}) * 730.0 / ${n}::int)`;
      const bucket = spread(g, 80, 100);
      const status = sql`case when ${bucket} < 45 then case when ${ageDays} > 175 then 'VENCIDA' else 'APROVADA' end
                              when ${bucket} < 57 then 'REPROVADA' when ${bucket} < 75 then 'RASCUNHO'
                              when ${bucket} < 90 then 'ENVIADA' else 'EM_ANALISE' end`;
      const approved = sql`${bucket} < 45`;
      const created = sql`now() - (${ageDays} * interval '1 day') - (${spread(g, 81, 86_400)} * interval '1 second')`;
      // Approved three days after sending, and never in the future.
      const approvedAt = sql`least(${created} + interval '3 days', now())`;
      const k = (salt: number, list: SQL) =>
        sql`${list}[1 + ${spread(g, salt, 1_000_000)} % cardinality(${list})]`;
      return inSlices(
        db,
        n,
        100_000,
        (from, to) =>
          sql`insert into declarations (status, exporter_id, trade_association_id, company_manufacturer_id,
                                        legal_representative_id, deal_id, product_name, internal_product_code, ncm,
                                        nomenclature_code, production_process, fob_unit_value_min, fob_unit_value_max,
                                        origin_rule_id, origin_norm_id, approved_at, valid_until, delivery_location_id,
                                        created_at, updated_at)
              select ${status}, e.id, e.trade_association_id, ${k(83, sql`co.ids`)}, ${k(84, sql`lr.ids`)},
                     dl.ids[x.d], ${pick(text(DECLARED_PRODUCTS), g, 85)} || ' ' || ${pick(text(VARIANTS), g, 86)},
                     'P' || lpad(${g}::text, 7, '0'), x.code, x.code,
                     'Processo produtivo da linha ' || (${g} % 50) || ': preparo, transformação, acabamento e embalagem.',
                     x.fob, round(x.fob * 1.3, 2), dl.rules[x.d], dl.norms[x.d],
                     case when ${approved} then ${approvedAt} end,
                     case when ${approved} then (${approvedAt})::date + 180 end,
                     case when ${approved} then loc.id end, ${created}, ${created}
                from generate_series(${from}::int, ${to}::int) g
                cross join (select ${idsOf('exporters')} ids) ex
                cross join (select ${idsOf('companies', 'company_type_id = 2')} ids) co
                cross join (select ${idsOf('legal_representatives')} ids) lr
                cross join (select ${ncmCodes} codes) nc
                cross join (select min(id) as id from delivery_locations) loc
                cross join (select array_agg(d.id order by d.id) ids,
                                   array_agg((select min(r.id) from origin_rules r where r.deal_id = d.id) order by d.id) rules,
                                   array_agg((select min(o.id) from origin_norms o where o.deal_id = d.id) order by d.id) norms
                              from deals d
                             where exists (select 1 from origin_rules r where r.deal_id = d.id)
                               and exists (select 1 from origin_norms o where o.deal_id = d.id)) dl
                cross join lateral (select 1 + ${spread(g, 87, 1_000)} % cardinality(dl.ids) as d,
                                           lpad((${k(88, sql`nc.codes`)})::text, 8, '0') as code,
                                           round((1 + ${spread(g, 89, 20_000)} / 100.0)::numeric, 2) as fob) x
                join exporters e on e.id = case when ${g} % 100 = 0 then (select min(id) from exporters)
                                                else ${k(90, sql`ex.ids`)} end`,
      );
    },
  },
  {
    name: 'declaration materials (one to three per declaration, a third of them from outside the deals)',
    rows: (c) => c.declarations * 2,
    fill: async (db) => {
      const rows = (await db.execute(
        sql`select coalesce(max(declaration_id), 0)::int as after, (select max(id) from declarations)::int as last
              from declaration_materials`,
      )) as unknown as { rows: { after: number; last: number | null }[] };
      const after = rows.rows[0]?.after ?? 0;
      const last = rows.rows[0]?.last ?? 0;
      const d = sql.raw('d.id');
      await inSlices(
        db,
        Math.max(0, last - after),
        100_000,
        (from, to) =>
          sql`insert into declaration_materials (declaration_id, position, ncm, description, origin_country_id,
                                               cif_value_usd, fob_share_percent)
            select d.id, p, lpad((nc.codes[1 + ${spread(sql`${d} * 3 + p`, 91, 1_000_000)} % cardinality(nc.codes)])::text, 8, '0'),
                   ${pick(text(MATERIALS), sql`${d} * 3 + p`, 92)},
                   case when ${spread(sql`${d} * 3 + p`, 93, 3)} = 0 then co.ids[1 + ${spread(sql`${d} * 3 + p`, 94, 1_000)} % cardinality(co.ids)]
                        else br.id end,
                   round(d.fob_unit_value_max * 0.1 * p, 2), 10 * p
              from declarations d
              cross join generate_series(1, 1 + d.id % 3) p
              cross join (select ${ncmCodes} codes) nc
              cross join (select ${idsOf('countries')} ids) co
              cross join (select id from countries where code = 'BR') br
             where d.id between ${after + from} and ${after + to}`,
      );
    },
  },
  {
    name: 'declaration links (the demo exporter cites 1% of them)',
    rows: (c) => c.declarationLinks,
    fill: (db, c) =>
      run(
        db,
        sql`insert into declaration_links (status, declaration_id, exporter_id, manufacturer_id, trade_association_id,
                                           requested_side, created_at, updated_at)
            select ${pick(text(stateCodes(declarationLinkFlow)), g, 95)}, d.id, e.id, d.exporter_id,
                   d.trade_association_id, case when ${g} % 2 = 0 then 'exporter' else 'manufacturer' end,
                   d.approved_at + interval '1 day', d.approved_at + interval '2 days'
              from generate_series(1, ${c.declarationLinks}::int) g
              cross join (select array_agg(id order by id) ids from declarations where status = ${declarationFlow.actions.approve_delivery.to}) ap
              cross join (select ${idsOf('exporters')} ids) ex
              join declarations d on d.id = ap.ids[1 + ${spread(g, 96, 1_000_000)} % cardinality(ap.ids)]
              join exporters e on e.id = case when ${g} % 100 = 0 then (select min(id) from exporters)
                                              else ex.ids[1 + ${spread(g, 97, 1_000_000)} % cardinality(ex.ids)] end
             where e.id <> d.exporter_id
            on conflict do nothing`,
      ),
  },
  {
    name: 'certificates (the demo exporter keeps 1% of them; status by age; a tenth with an intervenor)',
    rows: (c) => c.certificates,
    fill: (db, c) => {
      const n = c.certificates;
      const ageDays = sql`((${n}::int - ${g}) * 730.0 / ${n}::int)`;
      const bucket = spread(g, 100, 100);
      const status = sql`case when ${bucket} < 60 then 'EMITIDO' when ${bucket} < 63 then 'CANCELADO'
                              when ${bucket} < 65 then 'SUBSTITUIDO' when ${bucket} < 73 then 'REPROVADO'
                              when ${bucket} < 83 then 'RASCUNHO' when ${bucket} < 92 then 'ENVIADO' else 'EM_ANALISE' end`;
      const numbered = sql`${bucket} < 65`;
      const created = sql`now() - (${ageDays} * interval '1 day') - (${spread(g, 101, 86_400)} * interval '1 second')`;
      const issuedAt = sql`least(${created} + interval '2 days', now())`;
      const k = (salt: number, list: SQL) =>
        sql`${list}[1 + ${spread(g, salt, 1_000_000)} % cardinality(${list})]`;
      const base = sql`'BR' || 'SCL' || 'A18' || to_char(${created}, 'YY') || lpad(${g}::text, 8, '0')`;
      return inSlices(
        db,
        n,
        100_000,
        (from, to) =>
          sql`insert into certificates (status, exporter_id, trade_association_id, legal_representative_id, deal_id,
                                        company_importer_id, company_intervenor_id, invoice_number, invoice_date,
                                        number_base, certificate_number, verification_code, issued_at, valid_until,
                                        last_step_at, created_at, updated_at)
              select ${status}, e.id, e.trade_association_id, ${k(102, sql`lr.ids`)}, ${k(103, sql`dl.ids`)},
                     ${k(104, sql`im.ids`)}, case when ${g} % 10 = 0 then ${k(105, sql`iv.ids`)} end,
                     'INV-' || lpad(${g}::text, 8, '0'), (${created})::date - 3,
                     case when ${numbered} then ${base} end, case when ${numbered} then ${base} || '00' end,
                     md5('certificado-' || ${g}::text), case when ${numbered} then ${issuedAt} end,
                     case when ${numbered} then (${issuedAt})::date + interval '12 months' end,
                     case when ${numbered} then ${issuedAt} else ${created} end, ${created}, ${created}
                from generate_series(${from}::int, ${to}::int) g
                cross join (select ${idsOf('exporters')} ids) ex
                cross join (select ${idsOf('legal_representatives')} ids) lr
                cross join (select ${idsOf('deals')} ids) dl
                cross join (select ${idsOf('companies', 'company_type_id = 1')} ids) im
                cross join (select coalesce(${idsOf('companies', 'company_type_id = 3')}, ${idsOf('companies', 'company_type_id = 1')}) ids) iv
                join exporters e on e.id = case when ${g} % 100 = 0 then (select min(id) from exporters)
                                                else ${k(106, sql`ex.ids`)} end`,
      );
    },
  },
  {
    name: 'certificate items (three per certificate, each citing a declaration)',
    rows: (c) => c.certificates * 3,
    fill: async (db) => {
      const rows = (await db.execute(
        sql`select coalesce(max(certificate_id), 0)::int as after, (select max(id) from certificates)::int as last
              from certificate_items`,
      )) as unknown as { rows: { after: number; last: number | null }[] };
      const after = rows.rows[0]?.after ?? 0;
      const last = rows.rows[0]?.last ?? 0;
      const key = sql`c.id * 3 + p`;
      await inSlices(
        db,
        Math.max(0, last - after),
        100_000,
        (from, to) =>
          sql`insert into certificate_items (certificate_id, position, declaration_id, ncm, nomenclature_code, description,
                                             quantity, fob_value_usd, origin_criterion)
            select c.id, p, d.id, d.ncm, d.nomenclature_code, d.product_name, 10 * p + c.id % 90,
                   round((100 + ${spread(key, 107, 50_000)})::numeric, 2), 'ST — Salto tarifário'
              from certificates c
              cross join generate_series(1, 3) p
              cross join (select ${idsOf('declarations')} ids) dc
              join declarations d on d.id = dc.ids[1 + ${spread(key, 108, 1_000_000)} % cardinality(dc.ids)]
             where c.id between ${after + from} and ${after + to}`,
      );
    },
  },
];

/** Runs every filler, reporting each one's rows and time. */
export async function fillScale(
  db: Executor,
  counts: ScaleCounts,
  log: (line: string) => void = () => {},
): Promise<void> {
  const running: Promise<void>[] = [];
  for (const filler of FILLERS) {
    const started = performance.now();
    const done = filler.fill(db, counts).then(() => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log(`${filler.name}: ${filler.rows(counts).toLocaleString('pt-BR')} linhas em ${seconds} s`);
    });
    if (filler.alongside) {
      running.push(done);
      done.catch(() => {}); // awaited below; this only keeps Node from calling it unhandled meanwhile
    } else await done;
  }
  await Promise.all(running);
}
