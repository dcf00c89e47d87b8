import { MAX_ALL_ROWS, TYPE_AHEAD_SIZE } from '@origem/contract/paging';
import { pickPartyFields } from '@origem/contract/schemas/party';
import type { PartyListQuery } from '@origem/contract/schemas/party-records';
import { unmaskTaxId } from '@origem/contract/validators/tax-id';
import { and, asc, eq, getTableColumns, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { personTypes, storedFiles, tradeAssociations, users } from '../../db/schema';
import { storedFileView } from '../../files/records';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import {
  containsFolded,
  keysetOrder,
  likePattern,
  mapPage,
  type PageRequest,
  paginate,
} from '../../lib/paging';
import { type PartyKindSpec, type PartyTable, socialContractOwnerType } from './kinds';

const contract = alias(storedFiles, 'social_contract');

function selectParties(db: Executor, spec: PartyKindSpec) {
  const t = spec.table;
  return db
    .select({
      ...getTableColumns(t),
      association_name: tradeAssociations.name,
      association_abbreviation: tradeAssociations.abbreviation,
      file_name: contract.original_name,
      file_mime: contract.mime_type,
      file_size: contract.size,
      file_created_at: contract.created_at,
    })
    .from(t)
    .innerJoin(tradeAssociations, eq(tradeAssociations.id, t.trade_association_id))
    .leftJoin(
      contract,
      and(eq(contract.owner_type, socialContractOwnerType(spec)), eq(contract.owner_id, t.id)),
    );
}

type Row = Awaited<ReturnType<typeof selectParties>>[number];

function toParty(row: Row) {
  return {
    id: row.id,
    ...pickPartyFields(row),
    trade_association: {
      id: row.trade_association_id,
      name: row.association_name,
      abbreviation: row.association_abbreviation,
    },
    associated: row.associated,
    social_contract: storedFileView(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
  };
}
export type PartyView = ReturnType<typeof toParty>;

/** Rows the actor reaches; live only unless `trashed`. */
function visible(spec: PartyKindSpec, actor: Actor, trashed: boolean): SQL | undefined {
  return and(spec.scope(actor, spec.table) ?? undefined, trashed ? undefined : isNull(spec.table.deleted_at));
}

export type PartyFilters = Partial<PartyListQuery> & { user_id?: number };

function filterConditions(spec: PartyKindSpec, f: PartyFilters): (SQL | undefined)[] {
  const t = spec.table;
  const conditions: (SQL | undefined)[] = [];
  if (f.trade_association_id) conditions.push(eq(t.trade_association_id, f.trade_association_id));
  if (f.associated !== undefined) conditions.push(eq(t.associated, f.associated));
  if (f.user_id) {
    conditions.push(
      sql`${t.id} in (select ${spec.userColumn} from ${users} where ${users.id} = ${f.user_id})`,
    );
  }
  return conditions;
}

/** "Contains" filters, served by the *_trgm_idx indexes of the kind's table. */
function searchConditions(spec: PartyKindSpec, f: PartyFilters): SQL | undefined {
  const t = spec.table;
  return and(
    f.name ? containsFolded(t.name_search, f.name) : undefined,
    f.cpf ? sql`${t.cpf} like ${likePattern(unmaskTaxId(f.cpf))}` : undefined,
    f.cnpj ? sql`${t.cnpj} like ${likePattern(unmaskTaxId(f.cnpj))}` : undefined,
  );
}

/** SPEC §9: name ascending, as a Brazilian reader orders it (lib/collation.ts). */
const byName = (spec: PartyKindSpec) => [humanOrder(spec.table.name), asc(spec.table.id)];

export async function pageParties(
  db: Executor,
  spec: PartyKindSpec,
  actor: Actor,
  filters: PartyFilters & PageRequest,
  trashed: boolean,
) {
  const t = spec.table;
  const page = await paginate(db, filters, {
    where: and(visible(spec, actor, trashed), ...filterConditions(spec, filters)),
    search: searchConditions(spec, filters),
    containsText: true,
    order: keysetOrder(t, 'asc', [humanOrder(t.name)], t.id),
    rows: (where) => selectParties(db, spec).where(where).$dynamic(),
    ids: (where) => db.select({ id: t.id }).from(t).where(where).$dynamic(),
  });
  return mapPage(page, toParty);
}

export async function findParty(
  db: Executor,
  spec: PartyKindSpec,
  actor: Actor,
  id: number,
  trashed = false,
): Promise<PartyView | null> {
  const [row] = await selectParties(db, spec).where(
    and(visible(spec, actor, trashed), eq(spec.table.id, id)),
  );
  return row ? toParty(row) : null;
}

/** The stored row, locked for the rest of the transaction (edit and delete). */
export async function lockParty(tx: Executor, spec: PartyKindSpec, id: number) {
  const [row] = await tx
    .select()
    .from(spec.table)
    .where(and(eq(spec.table.id, id), isNull(spec.table.deleted_at)))
    .for('update');
  return row ?? null;
}

const optionColumns = (spec: PartyKindSpec) => ({
  id: spec.table.id,
  name: spec.table.name,
  cpf: spec.table.cpf,
  cnpj: spec.table.cnpj,
  trade_association_id: spec.table.trade_association_id,
});

/** Live records the actor reaches, for selects (bounded). */
export async function partyOptions(db: Executor, spec: PartyKindSpec, actor: Actor) {
  return db
    .select(optionColumns(spec))
    .from(spec.table)
    .where(visible(spec, actor, false))
    .orderBy(...byName(spec))
    .limit(MAX_ALL_ROWS);
}

/**
 * A type-ahead over the live records of one association, minus `excludedIds` (the counterparts already linked): the
 * first TYPE_AHEAD_SIZE by name whose name, trade name or CPF/CNPJ holds `search`. The association's name index
 * serves the order; the *_trgm_idx indexes the search.
 */
export async function associationPartyOptions(
  db: Executor,
  spec: PartyKindSpec,
  tradeAssociationId: number,
  excludedIds: number[],
  search: string | undefined,
) {
  const t = spec.table;
  return db
    .select(optionColumns(spec))
    .from(t)
    .where(
      and(
        isNull(t.deleted_at),
        eq(t.trade_association_id, tradeAssociationId),
        excludedIds.length > 0 ? notInArray(t.id, excludedIds) : undefined,
        search ? optionSearch(spec, search) : undefined,
      ),
    )
    .orderBy(...byName(spec))
    .limit(TYPE_AHEAD_SIZE);
}

/** What was typed in a select: part of the name or trade name, or (when it has digits) of the CPF/CNPJ. */
function optionSearch(spec: PartyKindSpec, search: string): SQL | undefined {
  const t = spec.table;
  const digits = unmaskTaxId(search);
  return or(
    containsFolded(t.name_search, search),
    /^[\d.\-/\s]+$/.test(search) && digits ? sql`${t.cpf} like ${likePattern(digits)}` : undefined,
    /^[\d.\-/\s]+$/.test(search) && digits ? sql`${t.cnpj} like ${likePattern(digits)}` : undefined,
  );
}

/** Which of the CPF/CNPJ another live record of this kind already holds. */
export async function takenTaxId(
  db: Executor,
  spec: PartyKindSpec,
  taxId: { cpf: string | null; cnpj: string | null },
  exceptId?: number,
): Promise<'cpf' | 'cnpj' | null> {
  const t = spec.table;
  const matches = [
    taxId.cpf ? eq(t.cpf, taxId.cpf) : undefined,
    taxId.cnpj ? eq(t.cnpj, taxId.cnpj) : undefined,
  ];
  if (!matches.some(Boolean)) return null;
  const [row] = await db
    .select({ cpf: t.cpf, cnpj: t.cnpj })
    .from(t)
    .where(and(isNull(t.deleted_at), or(...matches), exceptId ? ne(t.id, exceptId) : undefined))
    .limit(1);
  if (!row) return null;
  return taxId.cpf && row.cpf === taxId.cpf ? 'cpf' : 'cnpj';
}

export type PartyValues = Omit<PartyTable['$inferInsert'], 'id' | 'created_at' | 'updated_at' | 'deleted_at'>;

export async function insertParty(tx: Executor, spec: PartyKindSpec, values: PartyValues): Promise<number> {
  const [row] = await tx.insert(spec.table).values(values).returning({ id: spec.table.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateParty(tx: Executor, spec: PartyKindSpec, id: number, values: PartyValues) {
  await tx.update(spec.table).set(values).where(eq(spec.table.id, id));
}

export async function softDeleteParty(tx: Executor, spec: PartyKindSpec, id: number) {
  await tx.update(spec.table).set({ deleted_at: new Date() }).where(eq(spec.table.id, id));
}

/** The live users tied to the record, deactivated; returns their ids (their tokens are revoked by the caller). */
export async function deactivatePartyUsers(tx: Executor, spec: PartyKindSpec, id: number): Promise<number[]> {
  const rows = await tx
    .update(users)
    .set({ active: false })
    .where(and(eq(spec.userColumn, id), isNull(users.deleted_at)))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

export async function listPersonTypes(db: Executor) {
  return db
    .select({ id: personTypes.id, name: personTypes.name })
    .from(personTypes)
    .orderBy(asc(personTypes.id));
}
