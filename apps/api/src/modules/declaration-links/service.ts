import { type ActionOf, declarationLinkFlow, type StateOf, stateCodes } from '@origem/contract/flows';
import { messages } from '@origem/contract/messages.pt';
import { TYPE_AHEAD_SIZE } from '@origem/contract/paging';
import {
  DECLARATION_LINK_PAGE_SIZE,
  type DeclarationLinkInput,
  type DeclarationLinkListQuery,
  type DeclarationLinkSide,
  type ExporterByTaxIdQuery,
  type ManufacturerDeclarationsQuery,
  type ManufacturerSearchQuery,
  declarationLinkMessages as text,
} from '@origem/contract/schemas/declaration-links';
import type { Database, Executor } from '../../db/client';
import { declarationLinks } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, fieldError, forbidden, notFound, violatesConstraint } from '../../lib/errors';
import { findParentInScope } from '../../lib/scope';
import {
  availableActions,
  type FlowRow,
  type FlowSubject,
  recordCreation,
  transition,
} from '../../lib/workflow';
import * as q from './queries';

const flow = declarationLinkFlow;
type Action = ActionOf<typeof flow>;

/** An exporter's or manufacturer's user: it acts for its own party (a row of `exporters`). */
const partyUser = (actor: Actor) => actor.roleType === 'exportador' || actor.roleType === 'fabricante';

/**
 * Who approves (DOMAIN.md §6): the side that did not ask — the declaration's owner when the exporter asked, the
 * exporter when the manufacturer (or the association) offered — or the association; never whoever asked.
 */
function approvalGuard(row: FlowRow, actor: Actor | null): string | null {
  if (!actor) return null;
  if (row.requested_by_user_id !== null && Number(row.requested_by_user_id) === actor.id) {
    return text.requesterCannotApprove;
  }
  if (!partyUser(actor)) return null;
  if (row.requested_side === 'exporter') {
    return Number(row.manufacturer_id) === actor.exporterId ? null : text.manufacturerApproves;
  }
  return Number(row.exporter_id) === actor.exporterId ? null : text.exporterApproves;
}

export const declarationLinkSubject: FlowSubject<StateOf<typeof flow>, Action> = {
  flow,
  table: declarationLinks,
  auditType: q.AUDIT_TYPE,
  scope: (actor) => q.linkScope(actor) ?? null,
  guards: { approve: approvalGuard },
};

const actionsFor = (actor: Actor) => (row: q.LinkRow) => availableActions(declarationLinkSubject, row, actor);

// ---- reading -----------------------------------------------------------------------------------------------------

export async function listLinks(db: Database, actor: Actor, query: DeclarationLinkListQuery) {
  return q.pageLinks(
    db,
    actor,
    { ...query, per_page: query.per_page ?? DECLARATION_LINK_PAGE_SIZE },
    actionsFor(actor),
  );
}

export async function getLink(db: Database, actor: Actor, id: number) {
  const found = await q.findLink(db, id, q.linkScope(actor));
  if (!found) throw notFound();
  return q.toLinkView(found, actionsFor(actor)(found.row));
}

/** The flow's states as SPEC §7's `{ id, name }` list. */
export function linkFlowStates() {
  return { data: stateCodes(flow).map((code) => ({ id: code, name: flow.states[code].label })) };
}

/** The exporter a manufacturer (or the association) offers a declaration to, by its CPF or CNPJ. */
export async function exporterByTaxId(db: Database, actor: Actor, query: ExporterByTaxIdQuery) {
  if (!query.cpf && !query.cnpj) throw fieldError('cnpj', text.taxIdRequired);
  const row = await q.exporterByTaxId(db, query, partyUser(actor) ? actor.exporterId : null);
  if (!row) throw new AppError(404, 'NotFound', text.exporterNotFound);
  return {
    id: row.id,
    name: row.name,
    trade_name: row.trade_name,
    cnpj: row.cnpj,
    cpf: row.cpf,
    city: row.city,
    state: row.state,
    trade_association: { id: row.association_id, name: row.association_name },
  };
}

/** Parties with approved declarations the caller may ask for (type-ahead: 20 per page unless asked). */
export async function searchManufacturers(db: Database, actor: Actor, query: ManufacturerSearchQuery) {
  return q.pageManufacturers(
    db,
    { ...query, per_page: query.per_page ?? TYPE_AHEAD_SIZE },
    partyUser(actor) ? actor.exporterId : null,
  );
}

/**
 * A manufacturer's approved, valid declarations an exporter may ask to cite, with that exporter's link to each:
 * an exporter's user sees its own links; staff name an exporter they reach (or see none).
 */
export async function manufacturerDeclarations(
  db: Database,
  actor: Actor,
  manufacturerId: number,
  query: ManufacturerDeclarationsQuery,
) {
  let exporterId: number | null = null;
  if (partyUser(actor)) exporterId = actor.exporterId;
  else if (query.exporter_id) {
    if (!(await findParentInScope(db, actor, 'exporter', query.exporter_id))) {
      throw fieldError('exporter_id', messages.field.invalidOption);
    }
    exporterId = query.exporter_id;
  }
  return q.pageManufacturerDeclarations(
    db,
    manufacturerId,
    { ...query, per_page: query.per_page ?? TYPE_AHEAD_SIZE },
    exporterId,
  );
}

// ---- asking, approving, reproving --------------------------------------------------------------------------------

/**
 * Which side asks. A party's user asks for its own exporter or offers its own declaration; staff offer a
 * declaration of their association, or ask for an exporter of theirs; anything else is refused.
 */
async function sideOf(
  db: Executor,
  actor: Actor,
  declaration: { exporter_id: number; trade_association_id: number },
  exporterId: number,
): Promise<DeclarationLinkSide> {
  if (partyUser(actor)) {
    if (actor.exporterId === declaration.exporter_id) return 'manufacturer';
    if (actor.exporterId === exporterId) return 'exporter';
    throw forbidden(text.notYourSide);
  }
  if (await findParentInScope(db, actor, 'association', declaration.trade_association_id))
    return 'manufacturer';
  if (await findParentInScope(db, actor, 'exporter', exporterId)) return 'exporter';
  throw fieldError('declaration_id', messages.field.invalidOption);
}

/** POST /v2/declaration_link/exporter: a PENDENTE link between an approved declaration and an exporter. */
export async function createLink(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  input: DeclarationLinkInput,
) {
  let side: DeclarationLinkSide = 'exporter';
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const declaration = await q.citableDeclaration(tx, input.declaration_id);
      if (!declaration) throw fieldError('declaration_id', text.declarationNotCitable);
      // Any live exporter may be offered a declaration: the one found by its CPF/CNPJ is usually not in scope.
      const exporter = await q.liveExporter(tx, input.exporter_id);
      if (!exporter) throw fieldError('exporter_id', messages.field.invalidOption);
      if (exporter.id === declaration.exporter_id) throw fieldError('exporter_id', text.sameParty);
      side = await sideOf(tx, actor, declaration, exporter.id);
      if (await q.liveLinkExists(tx, declaration.id, exporter.id))
        throw fieldError('exporter_id', text.alreadyLinked);
      const values: q.NewLink = {
        status: flow.initial,
        declaration_id: declaration.id,
        exporter_id: exporter.id,
        manufacturer_id: declaration.exporter_id,
        trade_association_id: declaration.trade_association_id,
        requested_by_user_id: actor.id,
        requested_side: side,
      };
      const created = await q.insertLink(tx, values);
      await recordCreation(tx, ctx, flow, created);
      await recordAudit(tx, ctx, { event: 'created', type: q.AUDIT_TYPE, id: created, new: values });
      return created;
    });
  } catch (err) {
    // Two requests at once past the check: the unique index has the last word.
    if (violatesConstraint(err, 'declaration_links_live_idx'))
      throw fieldError('exporter_id', text.alreadyLinked);
    throw err;
  }
  return {
    message: side === 'exporter' ? text.requested : text.offered,
    declaration_link: await getLink(db, actor, id),
  };
}

/** PENDENTE → APROVADO by the other side or the association; answers the declaration's id (the page to open). */
export async function approveLink(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  const { row } = await db.transaction((tx) => transition(tx, ctx, declarationLinkSubject, id, 'approve'));
  return {
    id: Number(row.declaration_id),
    message: text.approved,
    declaration_link: await getLink(db, actor, id),
  };
}

/** DELETE: the link becomes REPROVADO (never removed) and moves to the top of the list. */
export async function reproveLink(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  await db.transaction((tx) => transition(tx, ctx, declarationLinkSubject, id, 'reprove'));
  return { message: text.reproved, declaration_link: await getLink(db, actor, id) };
}
