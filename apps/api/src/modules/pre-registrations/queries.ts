import { openStates, preRegistrationFlow } from '@origem/contract/flows';
import type {
  PreRegistrationListQuery,
  PreRegistrationStatus,
  ProfileType,
} from '@origem/contract/schemas/pre-registrations';
import { and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  companies,
  countries,
  dispatchers,
  exporters,
  federations,
  languages,
  preRegistrations,
  roles,
  storedFiles,
  tradeAssociations,
  users,
} from '../../db/schema';
import { storedFileView } from '../../files/records';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import { keysetOrder, type ListOrder, mapPage, orderTerms, paginate, prefixPattern } from '../../lib/paging';
import { entityScope } from '../../lib/scope';
import { DISPATCHER, EXPORTER, SOCIAL_CONTRACT_ROLE } from '../parties/kinds';

/**
 * `stored_files.owner_type` of a social contract: the applicant's file belongs to the pre-registration, and on
 * approval moves (same row, same blob) to the exporter or dispatcher it created, under the owner type the parties
 * module serves it from ('exporter.social_contract', 'dispatcher.social_contract').
 */
export const SOCIAL_CONTRACT_OWNER = {
  preRegistration: 'pre_registration',
  exportador: `${EXPORTER.auditType}.${SOCIAL_CONTRACT_ROLE}`,
  despachante: `${DISPATCHER.auditType}.${SOCIAL_CONTRACT_ROLE}`,
} as const;

/** `auditable_type` of the party an approval creates. */
export const PARTY_AUDIT_TYPE = {
  exportador: EXPORTER.auditType,
  despachante: DISPATCHER.auditType,
} as const;

export type TaxId = { cpf: string | null; cnpj: string | null };

export const taxIdOf = (row: Record<string, unknown>): TaxId => ({
  cpf: typeof row.cpf === 'string' ? row.cpf : null,
  cnpj: typeof row.cnpj === 'string' ? row.cnpj : null,
});

/** Which rows of the staff's lists and actions the actor reaches: its association (or hierarchy above it). */
export function preRegistrationScope(actor: Actor): SQL | undefined {
  return entityScope(actor, { tradeAssociationId: preRegistrations.trade_association_id }) ?? undefined;
}

// ---- public options ------------------------------------------------------------------------------------------

export function publicFederations(db: Executor) {
  return db
    .select({ id: federations.id, name: federations.name, abbreviation: federations.abbreviation })
    .from(federations)
    .orderBy(humanOrder(federations.name), asc(federations.id))
    .limit(1000);
}

export function publicAssociations(db: Executor, federationId: number | undefined) {
  return db
    .select({
      id: tradeAssociations.id,
      name: tradeAssociations.name,
      abbreviation: tradeAssociations.abbreviation,
      federation_id: tradeAssociations.federation_id,
    })
    .from(tradeAssociations)
    .where(federationId ? eq(tradeAssociations.federation_id, federationId) : undefined)
    .orderBy(humanOrder(tradeAssociations.name), asc(tradeAssociations.id))
    .limit(1000);
}

/** The association an applicant chose, with the support channels of the 251/252 answers. */
export async function findAssociation(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: tradeAssociations.id,
      name: tradeAssociations.name,
      email: tradeAssociations.email,
      phone: tradeAssociations.phone,
      federation_id: tradeAssociations.federation_id,
      confederation_id: federations.confederation_id,
    })
    .from(tradeAssociations)
    .leftJoin(federations, eq(federations.id, tradeAssociations.federation_id))
    .where(eq(tradeAssociations.id, id));
  return row ?? null;
}

export async function languageExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: languages.id }).from(languages).where(eq(languages.id, id));
  return Boolean(row);
}

export function allCountries(db: Executor) {
  return db
    .select({ id: countries.id, code: countries.code, name: countries.name })
    .from(countries)
    .orderBy(humanOrder(countries.name), asc(countries.id));
}

// ---- tax id checks ---------------------------------------------------------------------------------------------

function sameTaxId(table: typeof exporters | typeof dispatchers | typeof preRegistrations, taxId: TaxId) {
  if (taxId.cpf) return eq(table.cpf, taxId.cpf);
  if (taxId.cnpj) return eq(table.cnpj, taxId.cnpj);
  return sql`false`;
}

/** The live exporter or dispatcher holding this CPF/CNPJ, if any (251 on create and edit, 253 on approval). */
export async function registeredParty(db: Executor, taxId: TaxId): Promise<ProfileType | null> {
  const [exporter] = await db
    .select({ id: exporters.id })
    .from(exporters)
    .where(and(sameTaxId(exporters, taxId), isNull(exporters.deleted_at)))
    .limit(1);
  if (exporter) return 'exportador';
  const [dispatcher] = await db
    .select({ id: dispatchers.id })
    .from(dispatchers)
    .where(and(sameTaxId(dispatchers, taxId), isNull(dispatchers.deleted_at)))
    .limit(1);
  return dispatcher ? 'despachante' : null;
}

/** Another pre-registration with this CPF/CNPJ still under analysis (an open state of the flow): 252 on create. */
export async function openPreRegistrationExists(
  db: Executor,
  taxId: TaxId,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: preRegistrations.id })
    .from(preRegistrations)
    .where(
      and(
        sameTaxId(preRegistrations, taxId),
        inArray(preRegistrations.status, openStates(preRegistrationFlow)),
        exceptId ? ne(preRegistrations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A company of some exporter's address book holding this CNPJ (an edit may not take another's identity). */
export async function companyHoldsTaxId(db: Executor, taxId: TaxId): Promise<boolean> {
  if (!taxId.cnpj) return false;
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.cnpj, taxId.cnpj))
    .limit(1);
  return Boolean(row);
}

// ---- reading -----------------------------------------------------------------------------------------------------

const analyst = alias(users, 'analyst');
const contract = alias(storedFiles, 'social_contract');

/** The social contract's row wherever it lives now: the pre-registration, or the party its approval created. */
const contractJoin = or(
  and(
    eq(contract.owner_type, SOCIAL_CONTRACT_OWNER.preRegistration),
    eq(contract.owner_id, preRegistrations.id),
  ),
  and(
    eq(contract.owner_type, SOCIAL_CONTRACT_OWNER.exportador),
    eq(contract.owner_id, preRegistrations.exporter_id),
  ),
  and(
    eq(contract.owner_type, SOCIAL_CONTRACT_OWNER.despachante),
    eq(contract.owner_id, preRegistrations.dispatcher_id),
  ),
);

function selectDetail(db: Executor) {
  return db
    .select({
      row: preRegistrations,
      association_name: tradeAssociations.name,
      federation_name: federations.name,
      analyst_name: analyst.name,
      file_name: contract.original_name,
      file_mime: contract.mime_type,
      file_size: contract.size,
      file_created_at: contract.created_at,
    })
    .from(preRegistrations)
    .innerJoin(tradeAssociations, eq(tradeAssociations.id, preRegistrations.trade_association_id))
    .leftJoin(federations, eq(federations.id, preRegistrations.federation_id))
    .leftJoin(analyst, eq(analyst.id, preRegistrations.analysed_by))
    .leftJoin(contract, contractJoin);
}

type DetailRow = Awaited<ReturnType<typeof selectDetail>>[number];

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toListItem(row: PreRegistrationRow, associationName: string) {
  return {
    id: row.id,
    status: row.status as PreRegistrationStatus,
    profile_type: row.profile_type as ProfileType,
    person_type_id: row.person_type_id,
    cpf: row.cpf,
    cnpj: row.cnpj,
    name: row.name,
    email: row.email,
    trade_association: { id: row.trade_association_id, name: associationName },
    created_at: row.created_at.toISOString(),
  };
}

function toDetail({ row, ...joined }: DetailRow) {
  return {
    ...toListItem(row, joined.association_name),
    trade_name: row.trade_name,
    state_registration: row.state_registration,
    phone: row.phone,
    postcode: row.postcode,
    address: row.address,
    number: row.number,
    complement: row.complement,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    federation_id: row.federation_id,
    trade_association_id: row.trade_association_id,
    pendency_reason: row.pendency_reason,
    pendency_expires_at: iso(row.pendency_expires_at),
    social_contract: storedFileView(joined),
    federation:
      row.federation_id && joined.federation_name
        ? { id: row.federation_id, name: joined.federation_name }
        : null,
    reproval_reason: row.reproval_reason,
    exporter_id: row.exporter_id,
    dispatcher_id: row.dispatcher_id,
    analysed_by:
      row.analysed_by && joined.analyst_name ? { id: row.analysed_by, name: joined.analyst_name } : null,
    analysed_at: iso(row.analysed_at),
    updated_at: row.updated_at.toISOString(),
  };
}
export type PreRegistrationView = ReturnType<typeof toDetail>;
export type PreRegistrationRow = typeof preRegistrations.$inferSelect;

function listConditions(actor: Actor, query: Partial<PreRegistrationListQuery>): SQL | undefined {
  return and(
    preRegistrationScope(actor),
    query.status ? eq(preRegistrations.status, query.status) : undefined,
  );
}

/** CPF/CNPJ by their first digits, served by pre_registrations_*_prefix_idx. */
function taxIdSearch(query: Partial<PreRegistrationListQuery>): SQL | undefined {
  return and(
    query.cpf ? sql`${preRegistrations.cpf} like ${prefixPattern(query.cpf)}` : undefined,
    query.cnpj ? sql`${preRegistrations.cnpj} like ${prefixPattern(query.cnpj.toUpperCase())}` : undefined,
  );
}

/** Every order of the list is keyset-paged: created_at (pre_registrations_*_created_idx) or the name. */
function listOrder(order: PreRegistrationListQuery['order']): ListOrder {
  const t = preRegistrations;
  switch (order) {
    case 'created_at':
      return keysetOrder(t, 'asc', [t.created_at], t.id);
    case 'name':
      return keysetOrder(t, 'asc', [humanOrder(t.name)], t.id);
    case '-name':
      return keysetOrder(t, 'desc', [humanOrder(t.name)], t.id);
    default:
      return keysetOrder(t, 'desc', [t.created_at], t.id);
  }
}

export async function pagePreRegistrations(db: Executor, actor: Actor, query: PreRegistrationListQuery) {
  const page = await paginate(db, query, {
    where: listConditions(actor, query),
    search: taxIdSearch(query),
    order: listOrder(query.order),
    rows: (where) =>
      db
        .select({ row: preRegistrations, association_name: tradeAssociations.name })
        .from(preRegistrations)
        .innerJoin(tradeAssociations, eq(tradeAssociations.id, preRegistrations.trade_association_id))
        .where(where)
        .$dynamic(),
    ids: (where) => db.select({ id: preRegistrations.id }).from(preRegistrations).where(where).$dynamic(),
  });
  return mapPage(page, (r) => toListItem(r.row, r.association_name));
}

export async function allPreRegistrations(db: Executor, actor: Actor) {
  const rows = await db
    .select({ row: preRegistrations, association_name: tradeAssociations.name })
    .from(preRegistrations)
    .innerJoin(tradeAssociations, eq(tradeAssociations.id, preRegistrations.trade_association_id))
    .where(preRegistrationScope(actor))
    .orderBy(...orderTerms(listOrder(undefined)))
    .limit(1000);
  return rows.map((r) => toListItem(r.row, r.association_name));
}

/** One pre-registration as the staff sees it; `actor` null reads it unscoped (the applicant's pendency link). */
export async function findPreRegistration(
  db: Executor,
  actor: Actor | null,
  id: number,
): Promise<PreRegistrationView | null> {
  const [row] = await selectDetail(db).where(
    and(eq(preRegistrations.id, id), actor ? preRegistrationScope(actor) : undefined),
  );
  return row ? toDetail(row) : null;
}

/** The stored row, locked for the rest of the transaction: two decisions on one pre-registration queue up. */
export async function lockPreRegistration(db: Executor, id: number): Promise<PreRegistrationRow | null> {
  const [row] = await db.select().from(preRegistrations).where(eq(preRegistrations.id, id)).for('update');
  return row ?? null;
}

// ---- writing -----------------------------------------------------------------------------------------------------

export type PreRegistrationValues = Omit<
  typeof preRegistrations.$inferInsert,
  'id' | 'created_at' | 'updated_at'
>;

export async function insertPreRegistration(db: Executor, values: PreRegistrationValues): Promise<number> {
  const [row] = await db.insert(preRegistrations).values(values).returning({ id: preRegistrations.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updatePreRegistration(
  db: Executor,
  id: number,
  values: Partial<PreRegistrationValues>,
): Promise<void> {
  await db.update(preRegistrations).set(values).where(eq(preRegistrations.id, id));
}

export async function deletePreRegistration(db: Executor, id: number): Promise<void> {
  await db.delete(preRegistrations).where(eq(preRegistrations.id, id));
}

export async function roleIdByName(db: Executor, name: string): Promise<number | null> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row?.id ?? null;
}

export type PartyValues = Omit<
  typeof exporters.$inferInsert,
  'id' | 'created_at' | 'updated_at' | 'deleted_at'
>;

export async function insertParty(db: Executor, profile: ProfileType, values: PartyValues): Promise<number> {
  const table = profile === 'exportador' ? exporters : dispatchers;
  const [row] = await db.insert(table).values(values).returning({ id: table.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export type NewUserValues = Omit<typeof users.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export async function insertUser(db: Executor, values: NewUserValues): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Hands a stored file to another owner: the same row and blob, so nothing is copied and nothing is left behind. */
export async function moveOwnerFiles(
  db: Executor,
  from: { type: string; id: number },
  to: { type: string; id: number },
): Promise<string | null> {
  const rows = await db
    .update(storedFiles)
    .set({ owner_type: to.type, owner_id: to.id })
    .where(and(eq(storedFiles.owner_type, from.type), eq(storedFiles.owner_id, from.id)))
    .returning({ name: storedFiles.original_name });
  return rows[0]?.name ?? null;
}

/** The pre-registration whose pendency link carries this token (hash) and is still valid. */
export async function pendencyHolder(db: Executor, id: number, tokenHash: string) {
  const [row] = await db
    .select({ id: preRegistrations.id })
    .from(preRegistrations)
    .where(
      and(
        eq(preRegistrations.id, id),
        inArray(preRegistrations.status, preRegistrationFlow.actions.resubmit.from),
        eq(preRegistrations.pendency_token_hash, tokenHash),
        sql`${preRegistrations.pendency_expires_at} > now()`,
      ),
    );
  return row ?? null;
}
