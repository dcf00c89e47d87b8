import { messages } from '@origem/contract/messages.pt';
import {
  type EntityListQuery,
  entityMessages,
  type FederationInput,
} from '@origem/contract/schemas/entities';
import type { Database, Executor } from '../../db/client';
import { applyFileChoice, FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { conflict, fieldError, isForeignKeyViolation, notFound } from '../../lib/errors';
import { toPage } from '../../lib/paging';
import { assertMayCreateOrDelete } from './authority';
import * as q from './federations.queries';
import { LOGO_OWNER } from './logos';

const owner = (id: number) => ({ type: LOGO_OWNER.federation, id });

export async function listFederations(db: Database, actor: Actor, query: EntityListQuery) {
  const { rows, total } = await q.pageFederations(db, actor, query);
  return toPage(rows, total, query.page);
}

/** For selects: the national roles get every federation, the others the one they belong to. */
export async function allFederations(db: Database, actor: Actor) {
  return { data: await q.allFederations(db, actor) };
}

export async function getFederation(db: Executor, actor: Actor, id: number) {
  const federation = await q.findFederation(db, actor, id);
  if (!federation) throw notFound();
  return federation;
}

/** The public logo (no scope: logos are branding shown on public pages and printed documents). */
export function federationLogo(db: Database, id: number) {
  return findOwnerFile(db, owner(id));
}

function valuesOf(input: FederationInput): q.FederationValues {
  return {
    name: input.name,
    abbreviation: input.abbreviation,
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
    confederation_id: input.confederation_id,
  };
}

async function assertConfederation(db: Executor, actor: Actor, id: number | null | undefined) {
  if (id && !(await q.confederationReachable(db, actor, id))) {
    throw fieldError('confederation_id', messages.field.invalidOption);
  }
}

export async function createFederation(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  input: FederationInput,
  logo: ReceivedFile | undefined,
) {
  assertMayCreateOrDelete(actor, 'federation');
  const id = await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      await assertConfederation(tx, actor, input.confederation_id);
      const values = valuesOf(input);
      const created = await q.insertFederation(tx, values);
      const stored = logo ? await changes.attach(tx, logo, owner(created), actor.id) : null;
      await recordAudit(tx, ctx, {
        event: 'created',
        type: 'federation',
        id: created,
        new: { ...values, logo: stored?.original_name ?? null },
      });
      return created;
    }),
  );
  return getFederation(db, actor, id);
}

export async function updateFederation(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: FederationInput,
  logo: ReceivedFile | undefined,
) {
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      if (!(await q.findFederation(tx, actor, id))) throw notFound();
      const before = await q.lockFederation(tx, id);
      if (!before) throw notFound();
      const values = valuesOf(input);
      if (values.confederation_id !== before.confederation_id) {
        await assertConfederation(tx, actor, values.confederation_id);
      }
      await q.updateFederation(tx, id, values);
      if (values.confederation_id !== before.confederation_id) {
        await q.moveFederationUsers(tx, id, values.confederation_id ?? null);
      }
      const logoChange = await applyFileChoice(tx, changes, owner(id), actor.id, {
        file: logo,
        remove: input.remove_logo,
      });
      const diff = changedValues(
        { ...before, logo: logoChange.before },
        { ...values, logo: logoChange.after },
      );
      await recordAudit(tx, ctx, { event: 'updated', type: 'federation', id, old: diff.old, new: diff.new });
    }),
  );
  return getFederation(db, actor, id);
}

/** Refused (409, nothing changed) while associations or users belong to the federation. */
export async function deleteFederation(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
) {
  assertMayCreateOrDelete(actor, 'federation');
  try {
    await new FileChanges(files).run((changes) =>
      db.transaction(async (tx) => {
        if (!(await q.findFederation(tx, actor, id))) throw notFound();
        const before = await q.lockFederation(tx, id);
        if (!before) throw notFound();
        const usage = await q.federationUsage(tx, id);
        if (usage.associations > 0 || usage.users > 0 || usage.deletedUsers > 0) {
          throw conflict(
            entityMessages.federationInUse(usage.associations, {
              live: usage.users,
              deleted: usage.deletedUsers,
            }),
          );
        }
        const logoFile = await findOwnerFile(tx, owner(id));
        await changes.detachAll(tx, owner(id));
        await q.deleteFederation(tx, id);
        await recordAudit(tx, ctx, {
          event: 'deleted',
          type: 'federation',
          id,
          old: { ...before, logo: logoFile?.original_name ?? null },
        });
      }),
    );
  } catch (err) {
    // Something else (added since the check, or another domain's table) still points at it.
    if (isForeignKeyViolation(err)) throw conflict(entityMessages.inUse);
    throw err;
  }
  return { message: messages.success.federationDeleted };
}
