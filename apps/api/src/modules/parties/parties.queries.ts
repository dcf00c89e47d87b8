import { MAX_ALL_ROWS } from '@origem/contract/paging';
import { pickPartyFields } from '@origem/contract/schemas/party';
import type { PartyListQuery } from '@origem/contract/schemas/party-records';
import { unmaskTaxId } from '@origem/contract/validators/tax-id';
import { and, asc, count, eq, getTableColumns, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { personTypes, storedFiles, tradeAssociations, users } from '../../db/schema';
import { storedFileView } from '../../files/records';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import { likePattern, pageTotal, pageWindow, totalOver } from '../../lib/paging';
import { entityScope } from '../../lib/scope';
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
      total: totalOver,
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
  if (f.name) {
    conditions.push(
      or(sql`${t.name} ilike ${likePattern(f.name)}`, sql`${t.trade_name} ilike ${likePattern(f.name)}`),
    );
  }
  if (f.cpf) conditions.push(sql`${t.cpf} like ${likePattern(unmaskTaxId(f.cpf))}`);
  if (f.cnpj) conditions.push(sql`${t.cnpj} like ${likePattern(unmaskTaxId(f.cnpj))}`);
  if (f.trade_association_id) conditions.push(eq(t.trade_association_id, f.trade_association_id));
  if (f.associated !== undefined) conditions.push(eq(t.associated, f.associated));
  if (f.user_id) {
    conditions.push(
      sql`${t.id} in (select ${spec.userColumn} from ${users} where ${users.id} = ${f.user_id})`,
    );
  }
  return conditions;
}

/** SPEC §9: name ascending, as a Brazilian reader orders it (lib/collation.ts). */
const byName = (spec: PartyKindSpec) => [humanOrder(spec.table.name), asc(spec.table.id)];

export async function pageParties(
  db: Executor,
  spec: PartyKindSpec,
  actor: Actor,
  filters: PartyFilters & { page: number },
  trashed: boolean,
) {
  const where = and(visible(spec, actor, trashed), ...filterConditions(spec, filters));
  const { limit, offset } = pageWindow(filters.page);
  const rows = await selectParties(db, spec)
    .where(where)
    .orderBy(...byName(spec))
    .limit(limit)
    .offset(offset);
  const total = await pageTotal(rows, async () => {
    const [row] = await db.select({ n: count() }).from(spec.table).where(where);
    return row?.n ?? 0;
  });
  return { rows: rows.map(toParty), total };
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

/** Live records of one association, minus `excludedIds` (the counterparts already linked). */
export async function associationPartyOptions(
  db: Executor,
  spec: PartyKindSpec,
  tradeAssociationId: number,
  excludedIds: number[],
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
      ),
    )
    .orderBy(...byName(spec))
    .limit(MAX_ALL_ROWS);
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

/** The association, when it exists and the actor's hierarchy reaches it. */
export async function reachableAssociation(db: Executor, actor: Actor, id: number): Promise<boolean> {
  const scope = entityScope(actor, { tradeAssociationId: tradeAssociations.id });
  const [row] = await db
    .select({ id: tradeAssociations.id })
    .from(tradeAssociations)
    .where(and(eq(tradeAssociations.id, id), scope ?? undefined));
  return Boolean(row);
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
