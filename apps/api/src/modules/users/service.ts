import { messages } from '@origem/contract/messages.pt';
import { ASSIGNABLE_ROLE_TYPES, type RoleType } from '@origem/contract/permissions';
import type { UserInput, UserSearchQuery } from '@origem/contract/schemas/users';
import { eq } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { fieldError, forbidden, invalid, notFound, violatesConstraint } from '../../lib/errors';
import { requireParentInScope } from '../../lib/scope';
import { enqueueMail } from '../../mail/outbox';
import { welcomeMail } from '../../mail/templates';
import { invalidateResetLinks, revokeAllTokens } from '../auth/queries';
import { createResetLink, WELCOME_TTL_MS } from '../auth/service';
import { emailChangedMail } from './mails';
import * as q from './queries';

export async function searchUsers(db: Database, actor: Actor, filters: UserSearchQuery) {
  return q.searchUsers(db, actor, filters);
}

export async function getUser(db: Database, actor: Actor, id: number) {
  const user = await q.findVisibleUser(db, actor, id);
  if (!user) throw notFound();
  return user;
}

/** A user the actor may see and manage (its sessions, its second factor): 404 out of scope, 403 above it. */
export async function getManagedUser(db: Database, actor: Actor, id: number) {
  assertManager(actor);
  const user = await getUser(db, actor, id);
  assertManages(actor, user);
  return user;
}

type Placement = {
  trade_association_id: number | null;
  federation_id: number | null;
  confederation_id: number | null;
  exporter_id: number | null;
  dispatcher_id: number | null;
};

const NO_PARTY = { exporter_id: null, dispatcher_id: null };

/**
 * Decides where in the hierarchy a user sits from its role's type: an association role needs an association
 * (and inherits its federation), a federation role a federation, and so on. A manager below admin can only place
 * users inside its own entity and hand out roles of its scope or below.
 */
async function resolvePlacement(
  db: Executor,
  actor: Actor,
  input: UserInput,
): Promise<{ roleType: RoleType } & Placement> {
  const role = await q.findRole(db, input.role_id);
  if (!role) throw fieldError('role_id', messages.field.invalidOption);
  const roleType = role.type as RoleType;
  if (!ASSIGNABLE_ROLE_TYPES[actor.roleType].includes(roleType))
    throw fieldError('role_id', messages.user.roleNotAllowed);

  let { trade_association_id, federation_id, confederation_id } = input;
  if (actor.roleType === 'associacao') trade_association_id = actor.tradeAssociationId;
  if (actor.roleType === 'federacao' && roleType === 'federacao') federation_id = actor.federationId;
  if (actor.roleType === 'confederacao' && roleType === 'confederacao')
    confederation_id = actor.confederationId;

  switch (roleType) {
    case 'admin':
      return {
        roleType,
        trade_association_id: null,
        federation_id: null,
        confederation_id: null,
        ...NO_PARTY,
      };
    case 'confederacao':
      if (!confederation_id) throw fieldError('confederation_id', messages.user.confederationRequired);
      await requireParentInScope(db, actor, 'confederation', confederation_id, 'confederation_id');
      return { roleType, trade_association_id: null, federation_id: null, confederation_id, ...NO_PARTY };
    case 'federacao': {
      if (!federation_id) throw fieldError('federation_id', messages.user.federationRequired);
      const federation = await requireParentInScope(db, actor, 'federation', federation_id, 'federation_id');
      return {
        roleType,
        trade_association_id: null,
        federation_id,
        confederation_id: federation.confederationId,
        ...NO_PARTY,
      };
    }
    default: {
      // Association staff, and exporter/dispatcher/manufacturer users, belong to an association; an exporter's or
      // dispatcher's user to that record, whose association it takes.
      const party = await partyOf(db, actor, roleType, input);
      if (party) trade_association_id = party.tradeAssociationId;
      if (!trade_association_id) throw fieldError('trade_association_id', messages.user.associationRequired);
      const association = await requireParentInScope(
        db,
        actor,
        'association',
        trade_association_id,
        'trade_association_id',
      );
      return {
        roleType,
        trade_association_id,
        federation_id: association.federationId,
        confederation_id: association.confederationId,
        exporter_id: roleType === 'exportador' || roleType === 'fabricante' ? (party?.id ?? null) : null,
        dispatcher_id: roleType === 'despachante' ? (party?.id ?? null) : null,
      };
    }
  }
}

/**
 * The party an `exportador` / `despachante` / `fabricante` user acts for: required, live and in scope. A
 * manufacturer party is a row of `exporters` (issue 12), so a `fabricante` user names it in `exporter_id`.
 */
async function partyOf(db: Executor, actor: Actor, roleType: RoleType, input: UserInput) {
  if (roleType !== 'exportador' && roleType !== 'despachante' && roleType !== 'fabricante') return null;
  const [field, kind, required] =
    roleType === 'despachante'
      ? (['dispatcher_id', 'dispatcher', messages.user.dispatcherRequired] as const)
      : roleType === 'fabricante'
        ? (['exporter_id', 'exporter', messages.user.manufacturerRequired] as const)
        : (['exporter_id', 'exporter', messages.user.exporterRequired] as const);
  const id = input[field];
  if (!id) throw fieldError(field, required);
  return requireParentInScope(db, actor, kind, id, field);
}

/**
 * A manager edits or removes only users whose current role it could have handed out (itself excepted for edits):
 * an association cannot turn an exporter's user into one of its own staff, nor delete it.
 */
function assertManages(actor: Actor, target: { id: number; role: { type: string } }): void {
  if (target.id === actor.id) return;
  if (!ASSIGNABLE_ROLE_TYPES[actor.roleType].includes(target.role.type as RoleType)) {
    throw forbidden(messages.user.roleNotAllowed);
  }
}

function assertManager(actor: Actor): void {
  if (ASSIGNABLE_ROLE_TYPES[actor.roleType].length === 0) throw forbidden();
}

/** The check before the write can lose a race with a concurrent request; the unique index then has the last word. */
async function emailRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (violatesConstraint(err, 'users_email_live_idx')) throw fieldError('email', messages.user.emailTaken);
    throw err;
  }
}

export async function createUser(db: Database, ctx: ServiceContext, actor: Actor, input: UserInput) {
  assertManager(actor);
  const id = await emailRace(
    db.transaction(async (tx) => {
      if (await q.emailTaken(tx, input.email)) throw fieldError('email', messages.user.emailTaken);
      const placement = await resolvePlacement(tx, actor, input);
      const values = {
        name: input.name,
        email: input.email,
        cpf: input.cpf,
        cnpj: input.cnpj,
        phone: input.phone,
        role_id: input.role_id,
        active: input.active ?? true,
        trade_association_id: placement.trade_association_id,
        federation_id: placement.federation_id,
        confederation_id: placement.confederation_id,
        exporter_id: placement.exporter_id,
        dispatcher_id: placement.dispatcher_id,
        change_password: true,
      };
      const [created] = await tx.insert(users).values(values).returning({ id: users.id });
      if (!created) throw new Error('insert returned nothing');
      // An inactive user gets no link now; once active, "Esqueceu a senha" gives it one.
      if (values.active) {
        const link = await createResetLink(tx, ctx.appUrl, created.id, WELCOME_TTL_MS);
        await enqueueMail(tx, welcomeMail(input.email, input.name, link));
      }
      await recordAudit(tx, ctx, { event: 'created', type: 'user', id: created.id, new: values });
      return created.id;
    }),
  );
  return getUser(db, actor, id);
}

export async function updateUser(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: UserInput,
) {
  assertManager(actor);
  await emailRace(
    db.transaction(async (tx) => {
      const visible = await q.findVisibleUser(tx, actor, id);
      if (!visible) throw notFound();
      const before = await q.findRawUser(tx, id);
      if (!before) throw notFound();
      assertManages(actor, visible);
      if (await q.emailTaken(tx, input.email, id)) throw fieldError('email', messages.user.emailTaken);
      // Changing one's own role would be a privilege escalation through the back door.
      if (id === actor.id && input.role_id !== before.role_id)
        throw fieldError('role_id', messages.user.roleNotAllowed);
      const placement =
        id === actor.id && input.role_id === before.role_id
          ? before
          : await resolvePlacement(tx, actor, input);
      const values = {
        name: input.name,
        email: input.email,
        cpf: input.cpf,
        cnpj: input.cnpj,
        phone: input.phone,
        role_id: input.role_id,
        active: input.active ?? before.active,
        trade_association_id: placement.trade_association_id,
        federation_id: placement.federation_id,
        confederation_id: placement.confederation_id,
        exporter_id: placement.exporter_id,
        dispatcher_id: placement.dispatcher_id,
      };
      await tx.update(users).set(values).where(eq(users.id, id));
      const emailChanged = before.email.toLowerCase() !== values.email.toLowerCase();
      if (emailChanged) await emailMoved(tx, ctx, actor, before, values);
      if (!values.active) await revokeAllTokens(tx, id);
      const diff = changedValues(before, values);
      await recordAudit(tx, ctx, { event: 'updated', type: 'user', id, old: diff.old, new: diff.new });
    }),
  );
  return getUser(db, actor, id);
}

/**
 * A user's e-mail changed: links mailed to the old address stop working. Changed by someone else, the old
 * address is told and every session ends, so an account cannot be taken over in silence; a user who never set a
 * password gets a fresh welcome link at the new address (the old one just died).
 */
async function emailMoved(
  tx: Tx,
  ctx: ServiceContext,
  actor: Actor,
  before: { id: number; name: string; email: string; password_hash: string | null },
  after: { name: string; email: string; active: boolean },
): Promise<void> {
  await invalidateResetLinks(tx, before.id);
  if (before.id === actor.id) return;
  await revokeAllTokens(tx, before.id);
  await enqueueMail(tx, emailChangedMail(before.email, before.name, after.email, actor.name, ctx.appUrl));
  if (after.active && before.password_hash === null) {
    const link = await createResetLink(tx, ctx.appUrl, before.id, WELCOME_TTL_MS);
    await enqueueMail(tx, welcomeMail(after.email, after.name, link));
  }
}

/** Soft delete: the row stays for the audit trail; the user's sessions end at once. */
export async function deleteUser(db: Database, ctx: ServiceContext, actor: Actor, id: number): Promise<void> {
  assertManager(actor);
  if (id === actor.id)
    throw invalid({ id: [messages.user.cannotDeleteSelf] }, messages.user.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    const visible = await q.findVisibleUser(tx, actor, id);
    if (!visible) throw notFound();
    assertManages(actor, visible);
    await tx.update(users).set({ deleted_at: new Date() }).where(eq(users.id, id));
    await revokeAllTokens(tx, id);
    await recordAudit(tx, ctx, {
      event: 'deleted',
      type: 'user',
      id,
      old: { name: visible.name, email: visible.email },
    });
  });
}
