import { messages } from '@origem/contract/messages.pt';
import { pickPartyFields } from '@origem/contract/schemas/party';
import type {
  PartyListQuery,
  PartyRecordInput,
  PartyTrashedQuery,
} from '@origem/contract/schemas/party-records';
import type { Database, Executor } from '../../db/client';
import { applyFileChoice, FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { fieldError, notFound, violatesConstraint } from '../../lib/errors';
import { requireParentInScope } from '../../lib/scope';
import { revokeAllTokens } from '../auth/queries';
import { endLinksOf } from '../dispatcher-links/service';
import { counterpartOf, type PartyKindSpec, SOCIAL_CONTRACT_ROLE } from './kinds';
import { linkedCounterpartIds } from './links.queries';
import * as q from './parties.queries';

/** Exporters and dispatchers (SPEC §7): one set of rules, parametrised by the kind (kinds.ts). */

export async function listParties(db: Database, spec: PartyKindSpec, actor: Actor, query: PartyListQuery) {
  return q.pageParties(db, spec, actor, query, false);
}

/** Deleted records included; `user_id` narrows to that user's record (an exporter's user only ever sees its own). */
export async function listTrashedParties(
  db: Database,
  spec: PartyKindSpec,
  actor: Actor,
  query: PartyTrashedQuery,
) {
  return q.pageParties(db, spec, actor, query, true);
}

export async function allParties(db: Database, spec: PartyKindSpec, actor: Actor) {
  return { data: await q.partyOptions(db, spec, actor) };
}

/**
 * The counterparts (exporters for a dispatcher, dispatchers for an exporter) of the party's association that have
 * no active link with it, for the link-request screens. A party's user asks for its own record (the default);
 * staff name one they reach.
 */
export async function notBoundCounterparts(
  db: Database,
  spec: PartyKindSpec,
  actor: Actor,
  id: number | undefined,
  field: string,
  search?: string,
) {
  const own = spec.ownId(actor);
  const partyId = id ?? own;
  if (!partyId) throw fieldError(field, messages.field.required);
  if (own !== null && partyId !== own) throw notFound();
  const party = await q.findParty(db, spec, actor, partyId);
  if (!party) throw notFound();
  const linked = await linkedCounterpartIds(db, spec.kind, party.id);
  return {
    data: await q.associationPartyOptions(
      db,
      counterpartOf(spec),
      party.trade_association_id,
      linked,
      search,
    ),
  };
}

export async function personTypes(db: Database) {
  return { data: await q.listPersonTypes(db) };
}

/** Detail, deleted records included (opened read-only from "Mostrar excluídos"). */
export async function getParty(db: Executor, spec: PartyKindSpec, actor: Actor, id: number) {
  const party = await q.findParty(db, spec, actor, id, true);
  if (!party) throw notFound();
  return party;
}

const contractOwner = (spec: PartyKindSpec, id: number) => ({ type: spec.auditType, id });

export async function socialContract(db: Database, spec: PartyKindSpec, actor: Actor, id: number) {
  await getParty(db, spec, actor, id);
  const file = await findOwnerFile(db, contractOwner(spec, id), SOCIAL_CONTRACT_ROLE);
  if (!file) throw notFound();
  return file;
}

/**
 * The association a save lands in: an association's staff always their own (whatever was sent); others one that
 * exists within their hierarchy.
 */
async function targetAssociation(tx: Executor, actor: Actor, requested: number): Promise<number> {
  if (actor.roleType === 'associacao' && actor.tradeAssociationId) return actor.tradeAssociationId;
  await requireParentInScope(tx, actor, 'association', requested, 'trade_association_id');
  return requested;
}

function valuesOf(input: PartyRecordInput, tradeAssociationId: number, associated: boolean): q.PartyValues {
  return {
    ...pickPartyFields(input),
    trade_association_id: tradeAssociationId,
    associated,
  };
}

async function assertTaxIdFree(tx: Executor, spec: PartyKindSpec, values: q.PartyValues, exceptId?: number) {
  const taken = await q.takenTaxId(
    tx,
    spec,
    { cpf: values.cpf ?? null, cnpj: values.cnpj ?? null },
    exceptId,
  );
  if (taken) throw fieldError(taken, taken === 'cpf' ? spec.messages.cpfTaken : spec.messages.cnpjTaken);
}

/** Two saves of the same CPF/CNPJ may both pass the check; the live unique index decides, answered on the field. */
async function taxIdRace<T>(spec: PartyKindSpec, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (violatesConstraint(err, spec.uniqueIndex.cpf)) throw fieldError('cpf', spec.messages.cpfTaken);
    if (violatesConstraint(err, spec.uniqueIndex.cnpj)) throw fieldError('cnpj', spec.messages.cnpjTaken);
    throw err;
  }
}

export async function createParty(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  spec: PartyKindSpec,
  actor: Actor,
  input: PartyRecordInput,
  file: ReceivedFile | undefined,
) {
  const id = await taxIdRace(
    spec,
    new FileChanges(files).run((changes) =>
      db.transaction(async (tx) => {
        const association = await targetAssociation(tx, actor, input.trade_association_id);
        const values = valuesOf(input, association, input.associated ?? false);
        await assertTaxIdFree(tx, spec, values);
        const created = await q.insertParty(tx, spec, values);
        const stored = file
          ? await changes.attach(tx, file, contractOwner(spec, created), actor.id, SOCIAL_CONTRACT_ROLE)
          : null;
        await recordAudit(tx, ctx, {
          event: 'created',
          type: spec.auditType,
          id: created,
          new: { ...values, social_contract: stored?.original_name ?? null },
        });
        return created;
      }),
    ),
  );
  return getParty(db, spec, actor, id);
}

export async function updateParty(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  spec: PartyKindSpec,
  actor: Actor,
  id: number,
  input: PartyRecordInput,
  file: ReceivedFile | undefined,
) {
  await taxIdRace(
    spec,
    new FileChanges(files).run((changes) =>
      db.transaction(async (tx) => {
        if (!(await q.findParty(tx, spec, actor, id))) throw notFound();
        const before = await q.lockParty(tx, spec, id);
        if (!before) throw notFound();
        const association =
          input.trade_association_id === before.trade_association_id
            ? before.trade_association_id
            : await targetAssociation(tx, actor, input.trade_association_id);
        const values = valuesOf(input, association, input.associated ?? before.associated);
        await assertTaxIdFree(tx, spec, values, id);
        await q.updateParty(tx, spec, id, values);
        const contract = await applyFileChoice(tx, changes, contractOwner(spec, id), actor.id, {
          file,
          remove: input.remove_social_contract,
          role: SOCIAL_CONTRACT_ROLE,
        });
        const diff = changedValues(
          { ...before, social_contract: contract.before },
          { ...values, social_contract: contract.after },
        );
        await recordAudit(tx, ctx, {
          event: 'updated',
          type: spec.auditType,
          id,
          old: diff.old,
          new: diff.new,
        });
      }),
    ),
  );
  return getParty(db, spec, actor, id);
}

/**
 * Soft delete (SPEC: `with_trashed` still shows it), in one transaction with its consequences: the record's users
 * are deactivated and their sessions end at once. Its CPF/CNPJ becomes free for a new registration.
 */
export async function deleteParty(
  db: Database,
  ctx: ServiceContext,
  spec: PartyKindSpec,
  actor: Actor,
  id: number,
) {
  await db.transaction(async (tx) => {
    if (!(await q.findParty(tx, spec, actor, id))) throw notFound();
    const before = await q.lockParty(tx, spec, id);
    if (!before) throw notFound();
    await q.softDeleteParty(tx, spec, id);
    const deactivated = await q.deactivatePartyUsers(tx, spec, id);
    for (const userId of deactivated) await revokeAllTokens(tx, userId);
    await recordAudit(tx, ctx, {
      event: 'deleted',
      type: spec.auditType,
      id,
      old: { name: before.name, cpf: before.cpf, cnpj: before.cnpj },
      new: { deactivated_users: deactivated },
    });
    // Its dispatcher–exporter links end with it, each through the link's flow.
    await endLinksOf(tx, ctx, spec.kind, id, `Cadastro de ${before.name} excluído.`);
  });
  return { message: spec.messages.deleted };
}
