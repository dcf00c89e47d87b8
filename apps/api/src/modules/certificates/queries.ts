import { randomBytes } from 'node:crypto';
import { certificateFlow, stateLabel } from '@origem/contract/flows';
import { TOTAL_CAP } from '@origem/contract/paging';
import type {
  ApprovedCertificateQuery,
  CertificateListQuery,
  CertificateStatus,
} from '@origem/contract/schemas/certificates';
import { and, asc, eq, getTableColumns, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client';
import {
  certificateItems,
  certificates,
  companies,
  countries,
  currencies,
  deals,
  declarations,
  dispatchers,
  exporters,
  languages,
  legalRepresentatives,
  measurementUnits,
  sectors,
  shipmentPorts,
  storedFiles,
  tradeAssociations,
  transports,
  users,
} from '../../db/schema';
import { withinBrasiliaDays } from '../../lib/brasilia-days';
import type { Actor } from '../../lib/context';
import { keysetOrder, likePattern, lookup, mapPage, paginate, prefixPattern } from '../../lib/paging';
import { lockInScope, ownedScope, TODAY } from '../issuance/queries';

export const AUDIT_TYPE = 'certificate';
export const certificateOwner = (id: number) => ({ type: AUDIT_TYPE, id });
export { FILE_ROLES, type FileRole } from './file-roles';

/** An unguessable code for the public verification page (not the id): 120 random bits, base-36-ish, 24 chars. */
export function newVerificationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(24), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * The certificates the actor reaches (DOMAIN.md §2): its exporter's, the dispatcher's linked exporters', the
 * association's and those below the hierarchy. `undefined`: every row.
 */
export function ownerScope(actor: Actor): SQL | undefined {
  return ownedScope(actor, certificates);
}

export function flowRef(status: string) {
  return { id: status as CertificateStatus, name: stateLabel(certificateFlow, status) };
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

// ---- the list ----------------------------------------------------------------------------------------------------

const listColumns = {
  id: certificates.id,
  status: certificates.status,
  certificate_number: certificates.certificate_number,
  exporter_id: certificates.exporter_id,
  exporter_name: sql<string>`${lookup(exporters.name, certificates.exporter_id)}`,
  exporter_cnpj: lookup(exporters.cnpj, certificates.exporter_id),
  exporter_cpf: lookup(exporters.cpf, certificates.exporter_id),
  deal_id: certificates.deal_id,
  deal_abbreviation: sql<string>`${lookup(deals.abbreviation, certificates.deal_id)}`,
  company_importer_id: certificates.company_importer_id,
  importer_name: sql<string>`${lookup(companies.corporate_name, certificates.company_importer_id)}`,
  company_intervenor_id: certificates.company_intervenor_id,
  intervenor_name: lookup(companies.corporate_name, certificates.company_intervenor_id),
  invoice_number: certificates.invoice_number,
  invoice_date: certificates.invoice_date,
  has_digital_signature: certificates.has_digital_signature,
  issued_at: certificates.issued_at,
  valid_until: certificates.valid_until,
  last_step_at: certificates.last_step_at,
  created_at: certificates.created_at,
  updated_at: certificates.updated_at,
};

type ListRow = {
  id: number;
  status: string;
  certificate_number: string | null;
  exporter_id: number;
  exporter_name: string;
  exporter_cnpj: string | null;
  exporter_cpf: string | null;
  deal_id: number;
  deal_abbreviation: string;
  company_importer_id: number;
  importer_name: string;
  company_intervenor_id: number | null;
  intervenor_name: string | null;
  invoice_number: string;
  invoice_date: string;
  has_digital_signature: boolean;
  issued_at: Date | null;
  valid_until: string | null;
  last_step_at: Date;
  created_at: Date;
  updated_at: Date;
};

function toListItem(row: ListRow) {
  return {
    id: row.id,
    status: row.status as CertificateStatus,
    certificate_flow: flowRef(row.status),
    certificate_number: row.certificate_number,
    exporter_id: row.exporter_id,
    exporter: {
      id: row.exporter_id,
      name: row.exporter_name,
      cnpj: row.exporter_cnpj,
      cpf: row.exporter_cpf,
    },
    deal: { id: row.deal_id, abbreviation: row.deal_abbreviation },
    company_importer: { id: row.company_importer_id, corporate_name: row.importer_name },
    company_intervenor:
      row.company_intervenor_id && row.intervenor_name
        ? { id: row.company_intervenor_id, corporate_name: row.intervenor_name }
        : null,
    invoice_number: row.invoice_number,
    invoice_date: String(row.invoice_date),
    has_digital_signature: row.has_digital_signature,
    issued_at: iso(row.issued_at),
    valid_until: row.valid_until,
    last_step_at: new Date(row.last_step_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Latest flow step first (SPEC §9) or the other orders, keyset-paged: the scopes and exact filters walk their
 * composite indexes (association, exporter, status, deal, importer, intervenor … last_step_at, id).
 */
function listOrder(order: CertificateListQuery['order']) {
  switch (order) {
    case 'last_step':
      return keysetOrder(certificates, 'asc', [certificates.last_step_at], certificates.id);
    case 'id':
      return keysetOrder(certificates, 'asc', [], certificates.id);
    case '-id':
      return keysetOrder(certificates, 'desc', [], certificates.id);
    default:
      return keysetOrder(certificates, 'desc', [certificates.last_step_at], certificates.id);
  }
}

/**
 * The invoice filter: numbers starting with the text, in any case (certificates_invoice_prefix_step_idx). An
 * invoice number is an identifier typed from its start; "contains" made a common fragment such as "INV-0012" read
 * the whole trigram index and then walk the list's order to matches that sit together months back (0.5 s at
 * 1 000 000 certificates).
 */
function invoiceNumberStarts(text: string): SQL {
  return sql`lower(${certificates.invoice_number}) like lower(${prefixPattern(text.trim())})`;
}

export async function pageCertificates(db: Executor, actor: Actor, query: CertificateListQuery) {
  const where = and(
    ownerScope(actor),
    query.certificate_flow_id ? eq(certificates.status, query.certificate_flow_id) : undefined,
    query.exporter_id ? eq(certificates.exporter_id, query.exporter_id) : undefined,
    query.deal_id ? eq(certificates.deal_id, query.deal_id) : undefined,
    query.importer_id ? eq(certificates.company_importer_id, query.importer_id) : undefined,
    query.intervenor_id ? eq(certificates.company_intervenor_id, query.intervenor_id) : undefined,
  );
  const search = and(
    query.invoice_number ? invoiceNumberStarts(query.invoice_number) : undefined,
    withinBrasiliaDays(certificates.created_at, query.start_date, query.end_date),
  );
  const page = await paginate(db, query, {
    where,
    search,
    sortUpTo: query.invoice_number ? TOTAL_CAP : undefined,
    order: listOrder(query.order),
    rows: (w) => db.select(listColumns).from(certificates).where(w).$dynamic(),
    ids: (w) => db.select({ id: certificates.id }).from(certificates).where(w).$dynamic(),
  });
  return mapPage(page, (row) => toListItem(row as ListRow));
}

const ISSUED = certificateFlow.actions.approve.to;

/** The issued certificates the actor reaches, searched by number or invoice (type-ahead). */
export async function pageApproved(db: Executor, actor: Actor, query: ApprovedCertificateQuery) {
  const where = and(
    ownerScope(actor),
    eq(certificates.status, ISSUED),
    query.exporter_id ? eq(certificates.exporter_id, query.exporter_id) : undefined,
  );
  const search = query.q
    ? or(
        sql`${certificates.invoice_number} ilike ${likePattern(query.q)}`,
        sql`${certificates.certificate_number} ilike ${likePattern(query.q)}`,
      )
    : undefined;
  const page = await paginate(db, query, {
    where,
    search,
    containsText: true,
    order: listOrder(undefined),
    rows: (w) => db.select(listColumns).from(certificates).where(w).$dynamic(),
    ids: (w) => db.select({ id: certificates.id }).from(certificates).where(w).$dynamic(),
  });
  return mapPage(page, (row) => toListItem(row as ListRow));
}

// ---- one certificate -----------------------------------------------------------------------------------------------

const importer = alias(companies, 'importer');
const manufacturer = alias(companies, 'manufacturer');
const intervenor = alias(companies, 'intervenor');
const analyst = alias(users, 'certificate_analyst');
const importerCountry = alias(countries, 'importer_country');
const intervenorCountry = alias(countries, 'intervenor_country');

function selectDetail(db: Executor) {
  return db
    .select({
      row: certificates,
      association: {
        name: tradeAssociations.name,
        abbreviation: tradeAssociations.abbreviation,
        ehid: tradeAssociations.ehid,
        cnpj: tradeAssociations.cnpj,
        address: tradeAssociations.address,
        number: tradeAssociations.number,
        city: tradeAssociations.city,
        state: tradeAssociations.state,
        phone: tradeAssociations.phone,
        email: tradeAssociations.email,
      },
      exporter: {
        name: exporters.name,
        cnpj: exporters.cnpj,
        cpf: exporters.cpf,
        email: exporters.email,
        address: exporters.address,
        number: exporters.number,
        neighborhood: exporters.neighborhood,
        city: exporters.city,
        state: exporters.state,
        postcode: exporters.postcode,
        phone: exporters.phone,
        associated: exporters.associated,
      },
      dispatcher_name: dispatchers.name,
      representative: {
        name: legalRepresentatives.name,
        cpf: legalRepresentatives.cpf,
        email: legalRepresentatives.email,
      },
      deal: {
        abbreviation: deals.abbreviation,
        name: deals.name,
        aladi_acronym: deals.aladi_acronym,
        form: deals.form,
        validity_months: deals.certificate_validity_months,
        // The COD settings (modules/deals/cod-settings.ts).
        accepts_digital: deals.accepts_digital,
        cod_form: deals.cod_form,
        cod_automotive_form: deals.cod_automotive_form,
        cod_automotive_ncm: deals.cod_automotive_ncm,
        cod_versions: deals.cod_versions,
      },
      importer: {
        corporate_name: importer.corporate_name,
        address: importer.address,
        number: importer.number,
        city: importer.city,
        state: importer.state,
        foreign_tax_id: importer.foreign_tax_id,
        country: importerCountry.name,
        country_code: importerCountry.code,
      },
      manufacturer_name: manufacturer.corporate_name,
      intervenor: {
        corporate_name: intervenor.corporate_name,
        address: intervenor.address,
        city: intervenor.city,
        country: intervenorCountry.name,
        country_code: intervenorCountry.code,
      },
      language: { code: languages.code, name: languages.name },
      currency_code: currencies.code,
      sector_name: sectors.name,
      port_name: shipmentPorts.name,
      transport_name: transports.name,
      analyst_name: analyst.name,
    })
    .from(certificates)
    .innerJoin(tradeAssociations, eq(tradeAssociations.id, certificates.trade_association_id))
    .innerJoin(exporters, eq(exporters.id, certificates.exporter_id))
    .leftJoin(dispatchers, eq(dispatchers.id, certificates.dispatcher_id))
    .innerJoin(legalRepresentatives, eq(legalRepresentatives.id, certificates.legal_representative_id))
    .innerJoin(deals, eq(deals.id, certificates.deal_id))
    .innerJoin(importer, eq(importer.id, certificates.company_importer_id))
    .leftJoin(importerCountry, eq(importerCountry.id, importer.country_id))
    .leftJoin(manufacturer, eq(manufacturer.id, certificates.company_manufacturer_id))
    .leftJoin(intervenor, eq(intervenor.id, certificates.company_intervenor_id))
    .leftJoin(intervenorCountry, eq(intervenorCountry.id, intervenor.country_id))
    .leftJoin(languages, eq(languages.id, certificates.language_id))
    .leftJoin(currencies, eq(currencies.id, certificates.currency_id))
    .leftJoin(sectors, eq(sectors.id, certificates.sector_id))
    .leftJoin(shipmentPorts, eq(shipmentPorts.id, certificates.shipment_port_id))
    .leftJoin(transports, eq(transports.id, certificates.transport_id))
    .leftJoin(analyst, eq(analyst.id, certificates.analyst_id));
}

export type DetailRow = Awaited<ReturnType<typeof selectDetail>>[number];
export type CertificateRow = typeof certificates.$inferSelect;

/**
 * A certificates row as the driver hands a raw statement's `returning *` (values by SQL name, as drizzle receives
 * them), typed as a select reads it: each column's own mapping, as drizzle applies it.
 */
export function certificateRowOf(raw: Record<string, unknown>): CertificateRow {
  return Object.fromEntries(
    Object.entries(getTableColumns(certificates)).map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as CertificateRow;
}

export async function findCertificate(db: Executor, id: number, scope: SQL | undefined) {
  const [row] = await selectDetail(db).where(and(eq(certificates.id, id), scope));
  return row ?? null;
}

/** The public page's lookup: by the unguessable code only. */
export async function findByVerificationCode(db: Executor, code: string) {
  const [row] = await selectDetail(db).where(eq(certificates.verification_code, code));
  return row ?? null;
}

export type ItemRow = typeof certificateItems.$inferSelect & {
  declaration_product_name: string;
  declaration_status: string;
  declaration_approved_at: Date | string | null;
  unit_code: string | null;
  unit_name: string | null;
  reference_description: string | null;
};

/**
 * The NCMs of `items` that would print without a description: none chosen on the item and none in the NCM reference
 * table. Printing refuses them (NcmDescriptionError); sending and approving ask for them first (issue 22).
 */
export function ncmsWithoutDescription(
  items: readonly Pick<ItemRow, 'ncm' | 'ncm_description' | 'reference_description'>[],
): string[] {
  return [...new Set(items.filter((i) => !(i.ncm_description ?? i.reference_description)).map((i) => i.ncm))];
}

/**
 * The exporter's certificates, other than `exceptId`, with this invoice number in any case: the equality on
 * lower(invoice_number) is served by certificates_invoice_prefix_step_idx (text_pattern_ops keeps `=`), then the
 * exporter and the actor's scope filter its few rows.
 */
export async function certificatesWithInvoice(
  db: Executor,
  actor: Actor,
  exporterId: number,
  invoice: string,
  exceptId: number | null,
) {
  return db
    .select({
      id: certificates.id,
      certificate_number: certificates.certificate_number,
      status: certificates.status,
    })
    .from(certificates)
    .where(
      and(
        sql`lower(${certificates.invoice_number}) = lower(${invoice.trim()})`,
        eq(certificates.exporter_id, exporterId),
        exceptId ? ne(certificates.id, exceptId) : undefined,
        ownerScope(actor),
      ),
    )
    .orderBy(asc(certificates.id))
    .limit(20);
}

export async function itemsOf(db: Executor, certificateId: number): Promise<ItemRow[]> {
  return queryRows<ItemRow>(
    db,
    sql`select i.*, d.product_name as declaration_product_name, d.status as declaration_status,
               d.approved_at as declaration_approved_at,
               u.code as unit_code, u.name as unit_name, r.description as reference_description
          from ${certificateItems} i
          join ${declarations} d on d.id = i.declaration_id
          left join ${measurementUnits} u on u.id = i.measurement_unit_id
          left join ncm_references r on r.ncm_code = i.ncm
         where i.certificate_id = ${certificateId}
         order by i.position`,
  );
}

/** The other end of the substitution lineage: the original this one replaces, and the one replacing it. */
export async function lineageOf(db: Executor, row: CertificateRow) {
  const ref = {
    id: certificates.id,
    certificate_number: certificates.certificate_number,
    status: certificates.status,
  };
  const [replaces] = row.replaces_id
    ? await db.select(ref).from(certificates).where(eq(certificates.id, row.replaces_id))
    : [];
  const [replacedBy] = await db.select(ref).from(certificates).where(eq(certificates.replaces_id, row.id));
  const view = (r: { id: number; certificate_number: string | null; status: string } | undefined) =>
    r ? { id: r.id, certificate_number: r.certificate_number, status: r.status as CertificateStatus } : null;
  return { replaces: view(replaces), replacedBy: view(replacedBy) };
}

/** The stored files of a certificate, by role. */
export async function filesOf(db: Executor, certificateId: number) {
  const rows = await db
    .select()
    .from(storedFiles)
    .where(
      and(eq(storedFiles.owner_id, certificateId), sql`${storedFiles.owner_type} like ${`${AUDIT_TYPE}.%`}`),
    );
  return new Map(rows.map((r) => [r.owner_type.slice(AUDIT_TYPE.length + 1), r]));
}

export function lockCertificate(db: Executor, id: number, scope: SQL | undefined) {
  return lockInScope(db, certificates, id, scope);
}

// ---- the references a save names ---------------------------------------------------------------------------------

/** A company of `type` in the exporter's address book (or the acting dispatcher's). */
export async function companyOf(
  db: Executor,
  exporterId: number,
  dispatcherId: number | null,
  companyId: number,
  type: 1 | 2 | 3,
): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.id, companyId),
        eq(companies.company_type_id, type),
        or(
          eq(companies.exporter_id, exporterId),
          dispatcherId ? eq(companies.dispatcher_id, dispatcherId) : undefined,
        ),
      ),
    );
  return Boolean(row);
}

/** Whether the invoice date is within `days` days before today (Brasília) and not after it. */
export async function invoiceAge(db: Executor, invoiceDate: string): Promise<number> {
  const [row] = await queryRows<{ age: number }>(db, sql`select (${TODAY} - ${invoiceDate}::date) as age`);
  return Number(row?.age ?? 0);
}

// ---- writing -----------------------------------------------------------------------------------------------------

export type CertificateValues = Omit<
  typeof certificates.$inferInsert,
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'status'
  | 'verification_code'
  | 'last_step_at'
  | 'number_base'
  | 'rectification'
  | 'certificate_number'
  | 'replaces_id'
  | 'analyst_id'
  | 'issued_at'
  | 'valid_until'
  | 'association_certification_id'
  | 'created_by'
>;
export type ItemValues = Omit<typeof certificateItems.$inferInsert, 'id' | 'certificate_id' | 'position'>;

export async function insertCertificate(
  db: Executor,
  values: CertificateValues & {
    status: string;
    created_by: number | null;
    replaces_id?: number | null;
    number_base?: string | null;
    rectification?: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(certificates)
    .values({ ...values, verification_code: newVerificationCode() })
    .returning({ id: certificates.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateCertificate(
  db: Executor,
  id: number,
  values: Partial<typeof certificates.$inferInsert>,
) {
  await db
    .update(certificates)
    .set({ ...values, updated_at: new Date() })
    .where(eq(certificates.id, id));
}

export async function replaceItems(db: Executor, id: number, items: readonly ItemValues[]) {
  await db.delete(certificateItems).where(eq(certificateItems.certificate_id, id));
  await insertItems(db, id, items);
}

/** The items of a certificate that has none yet (a new one). */
export async function insertItems(db: Executor, id: number, items: readonly ItemValues[]) {
  if (items.length === 0) return;
  await db
    .insert(certificateItems)
    .values(items.map((item, index) => ({ ...item, certificate_id: id, position: index + 1 })));
}

export async function storedItems(db: Executor, id: number): Promise<ItemValues[]> {
  const rows = await db
    .select()
    .from(certificateItems)
    .where(eq(certificateItems.certificate_id, id))
    .orderBy(asc(certificateItems.position));
  return rows.map(({ id: _id, certificate_id: _c, position: _p, ...item }) => item);
}

export async function deleteCertificate(db: Executor, id: number) {
  await db.delete(certificates).where(eq(certificates.id, id));
}

/** The e-mails of an exporter: its own and its users'. */
export async function exporterEmails(
  db: Executor,
  exporterId: number,
): Promise<{ name: string; emails: string[] }> {
  const rows = await queryRows<{ name: string; email: string | null }>(
    db,
    sql`select e.name, e.email from exporters e where e.id = ${exporterId}
        union all
        select e.name, u.email from users u join exporters e on e.id = u.exporter_id
         where u.exporter_id = ${exporterId} and u.deleted_at is null and u.active`,
  );
  const emails = [...new Set(rows.map((r) => r.email?.toLowerCase()).filter((e): e is string => Boolean(e)))];
  return { name: rows[0]?.name ?? '', emails };
}

/**
 * The numbering facts of the certificate's association and deal, and its dates if issued now: now, valid until
 * today (Brasília) plus the deal's months.
 */
export async function numberingOf(db: Executor, id: number) {
  const [row] = await queryRows<{
    ehid: string | null;
    acronym: string | null;
    year: string;
    issued_at: Date | string;
    valid_until: string;
  }>(
    db,
    sql`select ta.ehid, d.aladi_acronym as acronym, to_char(${TODAY}, 'YY') as year, now() as issued_at,
               (${TODAY} + make_interval(months => d.certificate_validity_months))::date::text as valid_until
          from certificates c
          join trade_associations ta on ta.id = c.trade_association_id
          join deals d on d.id = c.deal_id
         where c.id = ${id}`,
  );
  if (!row) throw new Error('certificado sem associação ou acordo');
  return row;
}

/**
 * Issues the certificate: its dates (from `numberingOf`), as the columns of the transition's last statement — the
 * dashboard's issue counters follow `issued_at` and are locked from that statement on (lib/workflow.ts `LateWrites`)
 * — and as the audit row's values. `now()` is the transaction's start, the same then as when it was read.
 */
export function issuing(facts: { issued_at: Date | string; valid_until: string }) {
  return {
    set: [sql`issued_at = now()`, sql`valid_until = ${facts.valid_until}::date`],
    values: { issued_at: new Date(facts.issued_at).toISOString(), valid_until: facts.valid_until },
  };
}

export async function setItemNcmDescription(db: Executor, itemId: number, description: string | null) {
  await db
    .update(certificateItems)
    .set({ ncm_description: description })
    .where(eq(certificateItems.id, itemId));
}

/** The deal's certificate model (certificate_models) with its language code, if it has one. */
export async function modelOf(db: Executor, dealId: number) {
  const [row] = await queryRows<{
    name: string;
    fields: Record<string, { rule: 'M' | 'O' | 'NA'; label: string }>;
    layout: Record<string, unknown>;
    language: string | null;
  }>(
    db,
    sql`select m.name, m.fields, m.layout, l.code as language
          from certificate_models m left join languages l on l.id = m.language_id
         where m.deal_id = ${dealId}`,
  );
  return row ?? null;
}

/** The association's fees for the deal and whether the payer (dispatcher, else exporter) is a member. */
export async function feeOf(db: Executor, row: CertificateRow) {
  const [fee] = await queryRows<{ member_fee: string; non_member_fee: string }>(
    db,
    sql`select member_fee, non_member_fee from trade_association_fees
         where trade_association_id = ${row.trade_association_id} and deal_id = ${row.deal_id}`,
  );
  const payer = row.dispatcher_id
    ? await queryRows<{ name: string; cnpj: string | null; cpf: string | null; associated: boolean }>(
        db,
        sql`select name, cnpj, cpf, associated from dispatchers where id = ${row.dispatcher_id}`,
      )
    : await queryRows<{ name: string; cnpj: string | null; cpf: string | null; associated: boolean }>(
        db,
        sql`select name, cnpj, cpf, associated from exporters where id = ${row.exporter_id}`,
      );
  return { fee: fee ?? null, payer: payer[0] ?? null };
}
