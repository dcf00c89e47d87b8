import { ErrorCode } from '@origem/contract/errors';
import { type ActionOf, dispatcherLinkFlow, type StateOf, stateLabel } from '@origem/contract/flows';
import { messages } from '@origem/contract/messages.pt';
import type { PageQuery } from '@origem/contract/paging';
import {
  type DispatcherLink,
  type DispatcherLinkDetail,
  type DispatcherLinkListQuery,
  type LinkedExportersQuery,
  type LinkSide,
  dispatcherLinkMessages as text,
} from '@origem/contract/schemas/dispatcher-links';
import { sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { dispatcherExporterLinks } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, conflict, fieldError, forbidden, notFound, violatesConstraint } from '../../lib/errors';
import { mapPage } from '../../lib/paging';
import { findParentInScope } from '../../lib/scope';
import {
  type AuditDelta,
  availableActions,
  type FlowRow,
  type FlowSubject,
  flowHistory,
  recordCreation,
  transition,
} from '../../lib/workflow';
import { enqueueMail, type OutgoingMail } from '../../mail/outbox';
import {
  type LinkMailFacts,
  linkApprovedMail,
  linkDeletionRequestedMail,
  linkDisapprovedMail,
  linkRequestedMail,
} from './mails';
import * as q from './queries';

/**
 * Dispatcher–exporter links (DOMAIN.md §6) on the kernel's flow: who may request, decide and end a link. The link's
 * effect — the dispatcher reaching the exporter's records — lives in lib/scope.ts, which reads the link's status.
 */

const flow = dispatcherLinkFlow;
type Status = StateOf<typeof flow>;
type Action = ActionOf<typeof flow>;
type PartySide = Exclude<LinkSide, 'association'>;

const AUDIT_TYPE = 'dispatcher_exporter_link';
const PARTY_SIDES: readonly PartySide[] = ['exporter', 'dispatcher'];

/** The actor's relation to a link: one of its two sides, the hierarchy's staff, or nobody. */
function relation(row: FlowRow, actor: Actor | null): PartySide | 'staff' | null {
  if (!actor) return null;
  switch (actor.roleType) {
    case 'exportador':
      return actor.exporterId !== null && actor.exporterId === row.exporter_id ? 'exporter' : null;
    case 'despachante':
      return actor.dispatcherId !== null && actor.dispatcherId === row.dispatcher_id ? 'dispatcher' : null;
    case 'fabricante':
      return null;
    default:
      return 'staff';
  }
}

const holds = (actor: Actor | null, permission: string) => Boolean(actor?.permissions.has(permission));

/**
 * Approve, disapprove, send to analysis: the association's staff (with `link.analyse`) always; a side only on a
 * request the other side (or the association) made, and not once the association has it under analysis.
 */
function decisionGuard(row: FlowRow, actor: Actor | null): string | null {
  const who = relation(row, actor);
  if (who === null) return text.associationOnly;
  if (who === 'staff') return holds(actor, 'link.analyse') ? null : text.associationOnly;
  if (!holds(actor, 'link.request')) return text.requesterCannotDecide;
  if (row.status === flow.actions.analysis.to) return text.underAssociationAnalysis;
  if (row.requested_by === who) return text.requesterCannotDecide;
  return null;
}

const guards: FlowSubject<Status, Action>['guards'] = {
  approve: decisionGuard,
  disapprove: decisionGuard,
  analysis: decisionGuard,
  // One of the two sides asks; staff cannot start a deletion (DOMAIN.md §6).
  request_deletion: (row, actor) => {
    const who = relation(row, actor);
    return who === 'exporter' || who === 'dispatcher' ? null : text.partiesOnlyRequestDeletion;
  },
  // The other side confirms, or an administrator (SPEC §6); never the side that asked.
  confirm_deletion: (row, actor) => {
    const who = relation(row, actor);
    if (who === 'staff') return actor?.roleType === 'admin' ? null : text.confirmationByPartyOrAdmin;
    if (who === null || !holds(actor, 'link.request')) return text.confirmationByPartyOrAdmin;
    return row.deletion_requested_by === who ? text.deletionRequesterCannotConfirm : null;
  },
  // A request is withdrawn by whoever made it, or by the association's staff.
  remove: (row, actor) => {
    const who = relation(row, actor);
    if (who === 'staff') return holds(actor, 'link.analyse') ? null : text.onlyRequesterRemoves;
    return who !== null && row.requested_by === who ? null : text.onlyRequesterRemoves;
  },
};

const subject: FlowSubject<Status, Action> = {
  flow,
  table: dispatcherExporterLinks,
  auditType: AUDIT_TYPE,
  scope: (actor) => q.linkScope(actor) ?? null,
  guards,
};

function withActions(row: q.LinkRow, actor: Actor): DispatcherLink {
  return { ...q.toLink(row), actions: availableActions(subject, row, actor) };
}

// ---- reading ----------------------------------------------------------------------------------------------------

export async function listLinks(
  db: Database,
  actor: Actor,
  query: Partial<DispatcherLinkListQuery> & PageQuery,
  view: q.LinkListView,
) {
  const page = await q.pageLinks(db, actor, query, view);
  return mapPage(page, (row) => withActions(row, actor));
}

/** The link, what this user may do with it now, and its history (404 out of scope). */
export async function getLink(db: Executor, actor: Actor, id: number): Promise<DispatcherLinkDetail> {
  const row = await q.findLink(db, actor, id);
  if (!row) throw notFound();
  return { ...withActions(row, actor), history: await flowHistory(db, flow, id) };
}

async function answer(db: Database, actor: Actor, id: number, message: string) {
  return { message, dispatcher_exporter_link: await getLink(db, actor, id) };
}

// ---- notifying the other side -----------------------------------------------------------------------------------

const sideLabel = (side: PartySide) => (side === 'exporter' ? 'O exportador' : 'O despachante');

/** How the mail names who acted: the side's record, or the staff member. */
function actorName(row: q.LinkRow, actor: Actor, side: LinkSide): string {
  if (side === 'exporter') return `${sideLabel(side)} ${row.exporter_name}`;
  if (side === 'dispatcher') return `${sideLabel(side)} ${row.dispatcher_name}`;
  return actor.name;
}

/** The actor's side of the link, or 'association' for the hierarchy's staff. */
function sideOf(row: q.LinkRow, actor: Actor): LinkSide {
  const who = relation(row, actor);
  return who === 'exporter' || who === 'dispatcher' ? who : 'association';
}

/** Queues `build`'s mail to everyone on the sides of the link other than the actor's own (same transaction). */
async function notifyOtherSides(
  tx: Tx,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  build: (to: q.Recipient, facts: LinkMailFacts, who: string) => OutgoingMail,
): Promise<void> {
  const row = await q.findLink(tx, null, id);
  if (!row) throw notFound();
  const own = sideOf(row, actor);
  const facts = {
    exporter: row.exporter_name,
    dispatcher: row.dispatcher_name,
    url: `${ctx.appUrl}/vinculo/analise-vinculo/${id}`,
  };
  const who = actorName(row, actor, own);
  for (const side of PARTY_SIDES) {
    if (side === own) continue;
    const partyId = side === 'exporter' ? row.exporter_id : row.dispatcher_id;
    for (const recipient of await q.partyRecipients(tx, side, partyId)) {
      await enqueueMail(tx, build(recipient, facts, who));
    }
  }
}

// ---- requesting -----------------------------------------------------------------------------------------------------

/** The record an exporter's or dispatcher's user acts for; the route names the side it serves. */
function ownRecord(actor: Actor, side: PartySide): number {
  const role = side === 'exporter' ? 'exportador' : 'despachante';
  if (actor.roleType !== role) throw forbidden(text.wrongSide);
  const id = side === 'exporter' ? actor.exporterId : actor.dispatcherId;
  if (!id) throw forbidden(text.ownRecordMissing);
  return id;
}

type LinkRequest = { side: LinkSide; exporterId: number; dispatcherId: number };

const REQUESTED_TEXT: Record<LinkSide, string> = {
  exporter: text.requestedByExporter,
  dispatcher: text.requestedByDispatcher,
  association: text.requestedByAssociation,
};

/**
 * A new link in SOLICITADO, in one transaction with its history step, audit row and the mails to the other side.
 * A side asks for a counterpart of its own association (the ones `all_not_bind` offers; anything else is a 404);
 * staff name two parties they reach, of one association. 409 while the pair has an active link.
 */
async function createLink(db: Database, ctx: ServiceContext, actor: Actor, request: LinkRequest) {
  const { side, exporterId, dispatcherId } = request;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      if (side === 'association') {
        if (!(await findParentInScope(tx, actor, 'exporter', exporterId))) throw notFound();
        if (!(await findParentInScope(tx, actor, 'dispatcher', dispatcherId))) throw notFound();
      }
      const exporter = await q.findLiveParty(tx, 'exporter', exporterId);
      const dispatcher = await q.findLiveParty(tx, 'dispatcher', dispatcherId);
      const own = side === 'exporter' ? exporter : side === 'dispatcher' ? dispatcher : undefined;
      if (own === null) throw forbidden(text.ownRecordMissing);
      if (!exporter || !dispatcher) throw notFound();
      if (exporter.trade_association_id !== dispatcher.trade_association_id) {
        if (side !== 'association') throw notFound();
        throw fieldError('dispatcher_id', text.differentAssociations);
      }
      // Two requests for one pair queue here; the partial unique index has the last word.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`dispatcher_link:${exporterId}:${dispatcherId}`}))`,
      );
      if (await q.activeLinkId(tx, exporterId, dispatcherId)) throw conflict(text.alreadyLinked);
      const values: q.LinkValues = {
        exporter_id: exporterId,
        dispatcher_id: dispatcherId,
        trade_association_id: exporter.trade_association_id,
        status: flow.initial,
        requested_by: side,
        requested_by_user_id: actor.id,
        exporter_name: exporter.name,
        dispatcher_name: dispatcher.name,
      };
      const created = await q.insertLink(tx, values);
      await recordCreation(tx, ctx, flow, created);
      await recordAudit(tx, ctx, { event: 'created', type: AUDIT_TYPE, id: created, new: values });
      await notifyOtherSides(tx, ctx, actor, created, linkRequestedMail);
      return created;
    });
  } catch (err) {
    if (violatesConstraint(err, 'dispatcher_exporter_links_active_pair_idx'))
      throw conflict(text.alreadyLinked);
    throw err;
  }
  return answer(db, actor, id, REQUESTED_TEXT[side]);
}

/** POST /v1/exporter_dispatcher/dispatcher/{id}/link: the exporter's user asks a dispatcher. */
export async function requestAsExporter(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  dispatcherId: number,
) {
  return createLink(db, ctx, actor, {
    side: 'exporter',
    exporterId: ownRecord(actor, 'exporter'),
    dispatcherId,
  });
}

/** POST /v1/dispatcher_exporter/exporter/{id}/link: the dispatcher's user asks an exporter. */
export async function requestAsDispatcher(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  exporterId: number,
) {
  return createLink(db, ctx, actor, {
    side: 'dispatcher',
    exporterId,
    dispatcherId: ownRecord(actor, 'dispatcher'),
  });
}

/**
 * POST /v1/dispatcher_exporter/exporter/{exporterId}/dispatcher/{dispatcherId}/link: a side naming itself (its own
 * record, else 404), or the association's staff (`link.analyse`) for any pair they reach.
 */
export async function requestForPair(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  exporterId: number,
  dispatcherId: number,
) {
  const pair = { exporterId, dispatcherId };
  switch (actor.roleType) {
    case 'exportador':
      if (ownRecord(actor, 'exporter') !== exporterId) throw notFound();
      return createLink(db, ctx, actor, { side: 'exporter', ...pair });
    case 'despachante':
      if (ownRecord(actor, 'dispatcher') !== dispatcherId) throw notFound();
      return createLink(db, ctx, actor, { side: 'dispatcher', ...pair });
    case 'fabricante':
      throw forbidden();
    default:
      if (!actor.permissions.has('link.analyse')) throw forbidden();
      return createLink(db, ctx, actor, { side: 'association', ...pair });
  }
}

// ---- deciding and ending ------------------------------------------------------------------------------------------

/** The columns an action sets besides the status (the kernel writes the status, history and audit). */
function effectValues(action: Action, row: FlowRow, actor: Actor): Partial<q.LinkValues> {
  const now = new Date();
  switch (action) {
    case 'approve':
      return { approved_at: now };
    case 'request_deletion':
      return {
        deletion_requested_by: relation(row, actor) === 'dispatcher' ? 'dispatcher' : 'exporter',
        deletion_requested_by_user_id: actor.id,
      };
    case 'disapprove':
    case 'remove':
    case 'confirm_deletion':
    case 'end':
      return { ended_at: now };
    default:
      return {};
  }
}

const MAILS: Partial<
  Record<Action, (to: q.Recipient, facts: LinkMailFacts, who: string, note: string | null) => OutgoingMail>
> = {
  approve: (to, facts, who) => linkApprovedMail(to, facts, who),
  disapprove: linkDisapprovedMail,
  request_deletion: (to, facts, who) => linkDeletionRequestedMail(to, facts, who),
};

/** One flow action on a link, in one transaction with its writes, history, audit row and mails. */
async function act(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  action: Action,
  note?: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await transition(tx, ctx, subject, id, action, {
      note,
      effect: async (row): Promise<AuditDelta> => {
        const values = effectValues(action, row, actor);
        if (Object.keys(values).length > 0) await q.updateLink(tx, id, values);
        return { new: values };
      },
    });
    const mail = MAILS[action];
    const reason = note?.trim() || null;
    if (mail) await notifyOtherSides(tx, ctx, actor, id, (to, facts, who) => mail(to, facts, who, reason));
  });
}

const SUCCESS: Record<Exclude<Action, 'request_deletion' | 'end'>, string> = {
  approve: text.approved,
  disapprove: text.disapproved,
  analysis: text.sentToAnalysis,
  remove: text.removed,
  confirm_deletion: text.deletionConfirmed,
};

/** PUT /v1/dispatcher_exporter_link/{id}/approval | /disapproval | /analysis. */
export async function decide(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  action: 'approve' | 'disapprove' | 'analysis',
  note?: string | null,
) {
  await act(db, ctx, actor, id, action, note);
  return answer(db, actor, id, SUCCESS[action]);
}

/** PUT /v1/{exporter_dispatcher|dispatcher_exporter}/link/{id}/deletion: one side asks; the other confirms. */
export async function requestDeletion(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  side: PartySide,
) {
  ownRecord(actor, side);
  await act(db, ctx, actor, id, 'request_deletion');
  const message = side === 'exporter' ? text.deletionRequestedByExporter : text.deletionRequestedByDispatcher;
  return answer(db, actor, id, message);
}

/**
 * DELETE of a link: confirms a requested deletion (the other side, or an administrator), or withdraws a request
 * still undecided (whoever made it, or the association). An approved link is refused: its deletion is asked first.
 */
export async function deleteLink(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  const row = await q.findLink(db, actor, id);
  if (!row) throw notFound();
  const status = row.status as Status;
  const action: Action | null = flow.actions.confirm_deletion.from.includes(status)
    ? 'confirm_deletion'
    : flow.actions.remove.from.includes(status)
      ? 'remove'
      : null;
  if (!action) {
    const label = stateLabel(flow, status);
    const message = flow.states[status].final ? text.alreadyEnded(label) : text.notDeletable(label);
    throw new AppError(422, ErrorCode.FlowActionRefused, message);
  }
  await act(db, ctx, actor, id, action);
  return answer(db, actor, id, SUCCESS[action]);
}

/** DELETE /v1/{exporter_dispatcher|dispatcher_exporter}/link/{id}: the same, by that side's own user. */
export async function deleteAsSide(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  side: PartySide,
) {
  ownRecord(actor, side);
  return deleteLink(db, ctx, actor, id);
}

// ---- the dispatcher's exporters (reports) -----------------------------------------------------------------------------

/**
 * GET /v1/exporter/dispatcher: the exporters a dispatcher was linked to in the period. A dispatcher's user asks for
 * its own dispatcher (`user_id`, when given, must be a user of it); staff name a dispatcher's user they reach.
 */
export async function linkedExportersOf(db: Database, actor: Actor, query: LinkedExportersQuery) {
  let dispatcherId: number;
  if (actor.roleType === 'despachante') {
    dispatcherId = ownRecord(actor, 'dispatcher');
    if (query.user_id && query.user_id !== actor.id) {
      if ((await q.dispatcherOfUser(db, query.user_id)) !== dispatcherId) throw notFound();
    }
  } else if (actor.roleType === 'exportador' || actor.roleType === 'fabricante') {
    throw forbidden();
  } else {
    if (!query.user_id) throw fieldError('user_id', messages.field.required);
    const found = await q.dispatcherOfUser(db, query.user_id);
    if (!found || !(await findParentInScope(db, actor, 'dispatcher', found))) throw notFound();
    dispatcherId = found;
  }
  return { data: await q.linkedExporters(db, dispatcherId, query) };
}

/**
 * Ends every open link of a party being deleted, in the deletion's transaction: each through the flow (history and
 * audit), so the dispatcher loses access at the same commit that removes the party.
 */
export async function endLinksOf(
  tx: Tx,
  ctx: ServiceContext,
  side: PartySide,
  partyId: number,
  note: string,
): Promise<number> {
  const ids = await q.openLinkIdsOf(tx, side, partyId, flow.actions.end.from);
  for (const id of ids) {
    await transition(tx, ctx, subject, id, 'end', {
      note,
      effect: async () => {
        const values = { ended_at: new Date() };
        await q.updateLink(tx, id, values);
        return { new: values };
      },
    });
  }
  return ids.length;
}
