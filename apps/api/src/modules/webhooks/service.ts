import { type WebhookInput, type WebhookUpdate, webhookMessages } from '@origem/contract/schemas/webhooks';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import type { PageRequest } from '../../lib/paging';
import { randomToken } from '../../lib/secrets';
import { WEBHOOK_JOB, WEBHOOK_MAX_ATTEMPTS } from './events';
import * as q from './queries';
import { checkWebhookUrl } from './url-guard';

type GuardConfig = Pick<Config, 'webhookAllowPrivate'>;

/** Whose records' events the actor's endpoints receive: its exporter, its dispatcher or its association. */
export function ownerOf(actor: Actor): q.Owner {
  if (actor.roleType === 'exportador' && actor.exporterId) return { kind: 'exporter', id: actor.exporterId };
  if (actor.roleType === 'despachante' && actor.dispatcherId)
    return { kind: 'dispatcher', id: actor.dispatcherId };
  if (actor.roleType === 'associacao' && actor.tradeAssociationId)
    return { kind: 'association', id: actor.tradeAssociationId };
  throw forbidden(webhookMessages.notOwner);
}

async function requireSafeUrl(config: GuardConfig, url: string): Promise<void> {
  const check = await checkWebhookUrl(url, config.webhookAllowPrivate);
  if (!check.ok) throw fieldError('url', check.message);
}

export async function listEndpoints(db: Database, actor: Actor) {
  return { data: await q.ownerEndpoints(db, ownerOf(actor)) };
}

/** Registers an endpoint; its signing secret is in this answer only. */
export async function createEndpoint(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  config: GuardConfig,
  input: WebhookInput,
) {
  const owner = ownerOf(actor);
  await requireSafeUrl(config, input.url);
  const secret = `whsec_${randomToken()}`;
  const webhook = await db.transaction(async (tx) => {
    const row = await q.insertEndpoint(tx, {
      owner,
      url: input.url,
      events: [...new Set(input.events)],
      secret,
      createdBy: actor.id,
    });
    await recordAudit(tx, ctx, {
      event: 'created',
      type: 'webhook_endpoint',
      id: row.id,
      new: { url: row.url, events: row.events, owner_kind: owner.kind, owner_id: owner.id },
    });
    return row;
  });
  return { webhook, secret, message: webhookMessages.created };
}

export async function updateEndpoint(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  config: GuardConfig,
  id: number,
  input: WebhookUpdate,
) {
  const owner = ownerOf(actor);
  await requireSafeUrl(config, input.url);
  const webhook = await db.transaction(async (tx) => {
    const before = await q.findEndpoint(tx, owner, id, true);
    if (!before) throw notFound();
    const after = await q.updateEndpoint(tx, id, {
      url: input.url,
      events: [...new Set(input.events)],
      active: input.active,
      reenabled: input.active && !before.active,
    });
    await recordAudit(tx, ctx, {
      event: 'updated',
      type: 'webhook_endpoint',
      id,
      old: { url: before.url, events: before.events, active: before.active },
      new: { url: after.url, events: after.events, active: after.active },
    });
    return after;
  });
  return { webhook, message: webhookMessages.updated };
}

export async function deleteEndpoint(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  const owner = ownerOf(actor);
  await db.transaction(async (tx) => {
    const before = await q.findEndpoint(tx, owner, id, true);
    if (!before) throw notFound();
    await q.deleteEndpoint(tx, id);
    await recordAudit(tx, ctx, { event: 'deleted', type: 'webhook_endpoint', id, old: { url: before.url } });
  });
  return { message: webhookMessages.deleted };
}

/** An endpoint's delivery log: only the endpoint's owner reads it. */
export async function listDeliveries(db: Database, actor: Actor, endpointId: number, query: PageRequest) {
  const owner = ownerOf(actor);
  if (!(await q.findEndpoint(db, owner, endpointId))) throw notFound();
  return q.pageDeliveries(db, endpointId, query);
}

/** "Reenviar": the delivery is sent again, with a fresh series of attempts. */
export async function replayDelivery(db: Database, ctx: ServiceContext, actor: Actor, id: number) {
  const owner = ownerOf(actor);
  await db.transaction(async (tx) => {
    const endpointId = await q.resetDelivery(tx, owner, id);
    if (endpointId === null) throw notFound();
    await enqueueJob(tx, {
      kind: WEBHOOK_JOB,
      payload: { deliveryId: id },
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    });
    await recordAudit(tx, ctx, {
      event: 'replayed',
      type: 'webhook_delivery',
      id,
      new: { endpoint_id: endpointId },
    });
  });
  return { message: webhookMessages.replayed };
}
