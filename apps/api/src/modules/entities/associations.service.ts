import { messages } from '@origem/contract/messages.pt';
import {
  type AssociationByUserQuery,
  type AssociationInput,
  type EntityListQuery,
  entityMessages,
  type FeeInput,
} from '@origem/contract/schemas/entities';
import type { Database, Executor } from '../../db/client';
import { applyFileChoice, FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import {
  conflict,
  fieldError,
  invalid,
  isForeignKeyViolation,
  notFound,
  violatesConstraint,
} from '../../lib/errors';
import { toPage } from '../../lib/paging';
import * as q from './associations.queries';
import { assertMayCreateOrDelete } from './authority';
import { LOGO_OWNER } from './logos';

const owner = (id: number) => ({ type: LOGO_OWNER.association, id });

export async function listAssociations(db: Database, actor: Actor, query: EntityListQuery) {
  const { rows, total } = await q.pageAssociations(db, actor, query);
  return toPage(rows, total, query.page);
}

export async function allAssociations(db: Database, actor: Actor) {
  return { data: await q.allAssociations(db, actor) };
}

/**
 * The associations a user reaches (SPEC §6: reports by trade association are scoped to the current user id):
 * `user_id` defaults to the caller; another user must be one the caller sees, and the answer never goes beyond
 * the caller's own scope.
 */
export async function associationsByUser(db: Database, actor: Actor, filters: AssociationByUserQuery) {
  const user = await q.findScopedUser(db, actor, filters.user_id ?? actor.id);
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
  return { data: await q.associationsReachableBy(db, actor, scopeOfUser, filters) };
}

export async function getAssociation(db: Executor, actor: Actor, id: number) {
  const association = await q.findAssociation(db, actor, id);
  if (!association) throw notFound();
  return { ...association, fees: await q.associationFees(db, id) };
}

/** The association's logo, for a user who may see the association (404 otherwise, as for the record). */
export async function associationLogo(db: Database, actor: Actor, id: number) {
  await getAssociation(db, actor, id);
  return findOwnerFile(db, owner(id));
}

function valuesOf(input: AssociationInput): q.AssociationValues {
  return {
    name: input.name,
    abbreviation: input.abbreviation,
    ehid: input.ehid,
    cnpj: input.cnpj,
    email: input.email,
    phone: input.phone,
    postcode: input.postcode,
    address: input.address,
    number: input.number,
    complement: input.complement,
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state,
    notes: input.notes,
    federation_id: input.federation_id,
  };
}

async function reachableFederation(tx: Executor, actor: Actor, id: number) {
  const federation = await q.reachableFederation(tx, actor, id);
  if (!federation) throw fieldError('federation_id', messages.field.invalidOption);
  return federation;
}

async function assertEhidFree(tx: Executor, ehid: string, exceptId?: number) {
  if (await q.ehidTaken(tx, ehid, exceptId)) throw fieldError('ehid', entityMessages.ehidTaken);
}

async function assertDealsExist(tx: Executor, fees: FeeInput[]) {
  const existing = await q.existingDealIds(
    tx,
    fees.map((fee) => fee.deal_id),
  );
  const errors: Record<string, string[]> = {};
  fees.forEach((fee, index) => {
    if (!existing.has(fee.deal_id)) errors[`fees.${index}.deal_id`] = [entityMessages.feeDeal];
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** The fee table as the audit trail shows it: one line per deal. */
async function feeAudit(tx: Executor, id: number) {
  return (await q.associationFees(tx, id)).map(
    (fee) => `${fee.deal_abbreviation}: ${fee.member_fee} / ${fee.non_member_fee}`,
  );
}

/** A concurrent save may pass the EHId check too; a unique index on it (when present) has the last word. */
async function ehidRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (violatesConstraint(err, 'trade_associations_ehid_unique'))
      throw fieldError('ehid', entityMessages.ehidTaken);
    throw err;
  }
}

export async function createAssociation(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  input: AssociationInput,
  logo: ReceivedFile | undefined,
) {
  assertMayCreateOrDelete(actor, 'association');
  const id = await ehidRace(
    new FileChanges(files).run((changes) =>
      db.transaction(async (tx) => {
        await reachableFederation(tx, actor, input.federation_id);
        await assertEhidFree(tx, input.ehid);
        const fees = input.fees ?? [];
        await assertDealsExist(tx, fees);
        const values = valuesOf(input);
        const created = await q.insertAssociation(tx, values);
        await q.replaceFees(tx, created, fees);
        const stored = logo ? await changes.attach(tx, logo, owner(created), actor.id) : null;
        await recordAudit(tx, ctx, {
          event: 'created',
          type: 'trade_association',
          id: created,
          new: { ...values, fees: await feeAudit(tx, created), logo: stored?.original_name ?? null },
        });
        return created;
      }),
    ),
  );
  return getAssociation(db, actor, id);
}

export async function updateAssociation(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: AssociationInput,
  logo: ReceivedFile | undefined,
) {
  await ehidRace(
    new FileChanges(files).run((changes) =>
      db.transaction(async (tx) => {
        if (!(await q.findAssociation(tx, actor, id))) throw notFound();
        const before = await q.lockAssociation(tx, id);
        if (!before) throw notFound();
        const values = valuesOf(input);
        const moved = values.federation_id !== before.federation_id;
        const federation = moved ? await reachableFederation(tx, actor, input.federation_id) : null;
        await assertEhidFree(tx, input.ehid, id);
        const feesBefore = await feeAudit(tx, id);
        if (input.fees) await assertDealsExist(tx, input.fees);
        await q.updateAssociation(tx, id, values);
        if (federation) await q.moveAssociationUsers(tx, id, federation);
        if (input.fees) await q.replaceFees(tx, id, input.fees);
        const logoChange = await applyFileChoice(tx, changes, owner(id), actor.id, {
          file: logo,
          remove: input.remove_logo,
        });
        const diff = changedValues(
          { ...before, fees: feesBefore, logo: logoChange.before },
          { ...values, fees: input.fees ? await feeAudit(tx, id) : feesBefore, logo: logoChange.after },
        );
        await recordAudit(tx, ctx, {
          event: 'updated',
          type: 'trade_association',
          id,
          old: diff.old,
          new: diff.new,
        });
      }),
    ),
  );
  return getAssociation(db, actor, id);
}

/** Refused (409, nothing changed) while users belong to the association; its fee table goes with it. */
export async function deleteAssociation(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
) {
  assertMayCreateOrDelete(actor, 'association');
  try {
    await new FileChanges(files).run((changes) =>
      db.transaction(async (tx) => {
        if (!(await q.findAssociation(tx, actor, id))) throw notFound();
        const before = await q.lockAssociation(tx, id);
        if (!before) throw notFound();
        const users = await q.associationUsers(tx, id);
        if (users.live > 0 || users.deleted > 0) throw conflict(entityMessages.associationInUse(users));
        const fees = await feeAudit(tx, id);
        const logoFile = await findOwnerFile(tx, owner(id));
        await changes.detachAll(tx, owner(id));
        await q.deleteAssociation(tx, id);
        await recordAudit(tx, ctx, {
          event: 'deleted',
          type: 'trade_association',
          id,
          old: { ...before, fees, logo: logoFile?.original_name ?? null },
        });
      }),
    );
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(entityMessages.inUse);
    throw err;
  }
  return { message: entityMessages.association.deleted };
}
