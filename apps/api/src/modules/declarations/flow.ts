import { messages } from '@origem/contract/messages.pt';
import type { DeclarationAction, TypeAnalysis } from '@origem/contract/schemas/declarations';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { storedFiles } from '../../db/schema';
import type { Actor, ServiceContext } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { transition } from '../../lib/workflow';
import type { ActionEffect } from '../issuance/service';
import { type Action, declarationSubject, flow, SIGNED_XML_ROLE } from './flow-subject';
import * as q from './queries';
import { getDeclaration } from './read';

async function act(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  action: Action,
  effect: ActionEffect,
  note?: string,
): Promise<DeclarationAction> {
  await db.transaction((tx) =>
    transition(tx, ctx, declarationSubject, id, action, { note, effect: (row) => effect(tx, row) }),
  );
  return { message: flow.actions[action].success ?? null, declaration: await getDeclaration(db, actor, id) };
}

/** RASCUNHO or REPROVADA → ENVIADA; a re-sent declaration is free for any analyst to take. */
export function sendAnalysis(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  return act(db, ctx, actor, id, 'send_analysis', async (tx, row) => {
    if (row.analyst_id === null) return undefined;
    await q.updateDeclaration(tx, id, { analyst_id: null });
    return { old: { analyst_id: row.analyst_id }, new: { analyst_id: null } };
  });
}

/**
 * GET send_analyzing: `analise` takes the declaration (ENVIADA → EM_ANALISE, the analyst recorded; a second
 * analyst racing for it is refused), `consulta` only opens it for the analyst's view.
 */
export async function sendAnalyzing(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  type: TypeAnalysis,
): Promise<DeclarationAction> {
  if (type === 'consulta') return { message: null, declaration: await getDeclaration(db, actor, id) };
  return act(db, ctx, actor, id, 'take', async (tx, row) => {
    await q.updateDeclaration(tx, id, { analyst_id: actor.id });
    return { old: { analyst_id: row.analyst_id }, new: { analyst_id: actor.id } };
  });
}

/** EM_ANALISE → APROVADA: the signed paper declaration was delivered at `deliveryLocationId`. */
export function approveDelivery(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  deliveryLocationId: number,
) {
  return act(db, ctx, actor, id, 'approve_delivery', async (tx) => {
    if (!(await q.deliveryLocationExists(tx, deliveryLocationId))) {
      throw fieldError('delivery_location_id', messages.field.invalidOption);
    }
    const approved = await q.markApproved(tx, id, deliveryLocationId);
    return { new: { ...approved, delivery_location_id: deliveryLocationId } };
  });
}

/** EM_ANALISE → APROVADA by the legal representative's verified digital signature (refused without one). */
export function approveDigitallySigned(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  return act(db, ctx, actor, id, 'digitally_signed', async (tx) => ({
    new: await q.markApproved(tx, id, null),
  }));
}

/**
 * ENVIADA or EM_ANALISE → REPROVADA with the reason (kept in the history; the owner edits and re-sends). The legal
 * representative's signature goes with it: the content may change now, so it must be signed again.
 */
export function rejectDeclaration(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  reason: string,
) {
  return act(db, ctx, actor, id, 'reject', (tx, row) => dropSignature(tx, id, row.signed_at), reason);
}

/** Clears the signature and its XML's file row (the blob goes with the orphan sweep); the delta for the audit. */
async function dropSignature(tx: Tx, id: number, signedAt: unknown) {
  if (!signedAt) return undefined;
  const ownerType = `${q.declarationOwner(id).type}.${SIGNED_XML_ROLE}`;
  await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.owner_type, ownerType), eq(storedFiles.owner_id, id)));
  await q.updateDeclaration(tx, id, { signed_at: null, signed_by_cpf: null });
  return { old: { signed_at: signedAt }, new: { signed_at: null, signed_by_cpf: null } };
}
