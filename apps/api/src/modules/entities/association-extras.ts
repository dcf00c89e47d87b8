import type { RoleType } from '@origem/contract/permissions';
import {
  type AssociationByUserQuery,
  type AssociationInput,
  entityMessages,
  type FeeInput,
} from '@origem/contract/schemas/entities';
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { deals, roles, tradeAssociationFees, tradeAssociations, users } from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import { fieldError, invalid, notFound, violatesConstraint } from '../../lib/errors';
import { likePattern } from '../../lib/paging';
import { entityScope } from '../../lib/scope';
import { associationScope } from './scopes';

/** What only trade associations have: their user (SPEC §3), EHId, fee table per deal, and `by_user`. */

function textFilter(column: AnyPgColumn, text: string | undefined): SQL | undefined {
  return text ? sql`${column} ilike ${likePattern(text)}` : undefined;
}

const byName = [humanOrder(tradeAssociations.name), asc(tradeAssociations.id)];

export const associationOptionColumns = {
  id: tradeAssociations.id,
  name: tradeAssociations.name,
  abbreviation: tradeAssociations.abbreviation,
  federation_id: tradeAssociations.federation_id,
};

/** A live user's place in the hierarchy, if the actor may see that user (its own scope, or itself). */
async function findScopedUser(db: Executor, actor: Actor, id: number) {
  const scope = entityScope(actor, {
    tradeAssociationId: users.trade_association_id,
    federationId: users.federation_id,
  });
  const [row] = await db
    .select({
      id: users.id,
      role_type: roles.type,
      trade_association_id: users.trade_association_id,
      federation_id: users.federation_id,
      confederation_id: users.confederation_id,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.id, id), isNull(users.deleted_at), id === actor.id || !scope ? undefined : scope));
  return row ? { ...row, role_type: row.role_type as RoleType } : null;
}

/** Associations both `user` and the actor reach, filtered by name and abbreviation. */
function associationsReachableBy(db: Executor, actor: Actor, user: Actor, filters: AssociationByUserQuery) {
  return db
    .select({ ...associationOptionColumns, ehid: tradeAssociations.ehid })
    .from(tradeAssociations)
    .where(
      and(
        associationScope(user),
        associationScope(actor),
        textFilter(tradeAssociations.name, filters.name),
        textFilter(tradeAssociations.abbreviation, filters.abbreviation),
      ),
    )
    .orderBy(...byName)
    .limit(1000);
}

export async function associationFees(db: Executor, id: number) {
  const rows = await db
    .select({
      deal_id: tradeAssociationFees.deal_id,
      deal_abbreviation: deals.abbreviation,
      deal_name: deals.name,
      member_fee: tradeAssociationFees.member_fee,
      non_member_fee: tradeAssociationFees.non_member_fee,
    })
    .from(tradeAssociationFees)
    .innerJoin(deals, eq(deals.id, tradeAssociationFees.deal_id))
    .where(eq(tradeAssociationFees.trade_association_id, id));
  // 'ACE-2' before 'ACE-14': deal abbreviations carry numbers.
  const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });
  return rows.sort((a, b) => collator.compare(a.deal_abbreviation, b.deal_abbreviation));
}

async function replaceFees(db: Executor, id: number, fees: FeeInput[]): Promise<void> {
  await db.delete(tradeAssociationFees).where(eq(tradeAssociationFees.trade_association_id, id));
  if (fees.length === 0) return;
  await db.insert(tradeAssociationFees).values(
    fees.map((fee) => ({
      trade_association_id: id,
      deal_id: fee.deal_id,
      member_fee: fee.member_fee.toFixed(2),
      non_member_fee: fee.non_member_fee.toFixed(2),
    })),
  );
}

async function existingDealIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: deals.id }).from(deals).where(inArray(deals.id, ids));
  return new Set(rows.map((r) => r.id));
}

async function ehidTaken(db: Executor, ehid: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tradeAssociations.id })
    .from(tradeAssociations)
    .where(
      and(
        sql`upper(${tradeAssociations.ehid}) = ${ehid}`,
        exceptId ? ne(tradeAssociations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The association's users follow it to another federation (their placement drives row scoping). */
export async function moveAssociationUsers(
  db: Executor,
  id: number,
  federation: { id: number; confederation_id: number | null },
) {
  await db
    .update(users)
    .set({ federation_id: federation.id, confederation_id: federation.confederation_id })
    .where(eq(users.trade_association_id, id));
}

/**
 * The associations a user reaches (SPEC §6: reports by trade association are scoped to the current user id):
 * `user_id` defaults to the caller; another user must be one the caller sees, and the answer never goes beyond
 * the caller's own scope.
 */
export async function associationsByUser(db: Database, actor: Actor, filters: AssociationByUserQuery) {
  const user = await findScopedUser(db, actor, filters.user_id ?? actor.id);
  if (!user) throw notFound();
  const scopeOfUser: Actor = {
    ...actor,
    id: user.id,
    roleType: user.role_type,
    tradeAssociationId: user.trade_association_id,
    federationId: user.federation_id,
    confederationId: user.confederation_id,
    exporterId: null,
    dispatcherId: null,
  };
  return { data: await associationsReachableBy(db, actor, scopeOfUser, filters) };
}

/**
 * The association's user (SPEC §3) is one of its own users, live and reached by the actor like any record a write
 * names. A new association has no users yet (`associationId` null): its user is chosen once it has some.
 */
async function assertAssociationUser(
  tx: Executor,
  actor: Actor,
  associationId: number | null,
  userId: number | null | undefined,
) {
  if (!userId) return;
  const user = await findScopedUser(tx, actor, userId);
  if (!user || associationId === null || user.trade_association_id !== associationId) {
    throw fieldError('user_id', entityMessages.associationUser);
  }
}

async function assertEhidFree(tx: Executor, ehid: string, exceptId?: number) {
  if (await ehidTaken(tx, ehid, exceptId)) throw fieldError('ehid', entityMessages.ehidTaken);
}

async function assertDealsExist(tx: Executor, fees: FeeInput[]) {
  const existing = await existingDealIds(
    tx,
    fees.map((fee) => fee.deal_id),
  );
  const errors: Record<string, string[]> = {};
  fees.forEach((fee, index) => {
    if (!existing.has(fee.deal_id)) errors[`fees.${index}.deal_id`] = [entityMessages.feeDeal];
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/**
 * The checks of an association save beyond its federation: its user, a free EHId, fees of existing deals. The
 * fee table is written after the row; a create without `fees` starts empty, an edit without them keeps them.
 */
export async function prepareAssociation(
  tx: Executor,
  actor: Actor,
  input: AssociationInput,
  before: { id: number; user_id: number | null } | null,
) {
  if (!before || input.user_id !== before.user_id) {
    await assertAssociationUser(tx, actor, before?.id ?? null, input.user_id);
  }
  await assertEhidFree(tx, input.ehid, before?.id);
  const fees = before ? input.fees : (input.fees ?? []);
  if (fees) await assertDealsExist(tx, fees);
  return async (id: number) => {
    if (fees) await replaceFees(tx, id, fees);
  };
}

/** The fee table as the audit trail shows it: one line per deal. */
export async function feeAudit(tx: Executor, id: number) {
  const fees = (await associationFees(tx, id)).map(
    (fee) => `${fee.deal_abbreviation}: ${fee.member_fee} / ${fee.non_member_fee}`,
  );
  return { fees };
}

/** A concurrent save may pass the EHId check too; a unique index on it (when present) has the last word. */
export async function ehidRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (violatesConstraint(err, 'trade_associations_ehid_unique'))
      throw fieldError('ehid', entityMessages.ehidTaken);
    throw err;
  }
}
