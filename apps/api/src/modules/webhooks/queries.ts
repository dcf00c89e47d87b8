import type { WebhookDeliveryStatus } from '@origem/contract/schemas/webhooks';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { keysetOrder, mapPage, type PageRequest, paginate } from '../../lib/paging';
import { seal } from '../../lib/sealed';

export type Owner = { kind: 'exporter' | 'dispatcher' | 'association'; id: number };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  disabled_at: webhookEndpoints.disabled_at,
  created_at: webhookEndpoints.created_at,
};

type EndpointRow = {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  disabled_at: Date | null;
  created_at: Date;
};

const endpointView = (row: EndpointRow) => ({
  ...row,
  disabled_at: iso(row.disabled_at),
  created_at: row.created_at.toISOString(),
});

const ownedBy = (owner: Owner) =>
  and(eq(webhookEndpoints.owner_kind, owner.kind), eq(webhookEndpoints.owner_id, owner.id));

/** The owner's endpoints, newest first (a party keeps a handful). */
export async function ownerEndpoints(db: Executor, owner: Owner) {
  const rows = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(ownedBy(owner))
    .orderBy(desc(webhookEndpoints.id))
    .limit(100);
  return rows.map(endpointView);
}

export async function insertEndpoint(
  db: Executor,
  values: { owner: Owner; url: string; events: string[]; secret: string; createdBy: number },
) {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      owner_kind: values.owner.kind,
      owner_id: values.owner.id,
      url: values.url,
      events: values.events,
      secret: seal(values.secret),
      created_by: values.createdBy,
    })
    .returning(endpointColumns);
  if (!row) throw new Error('webhook não criado');
  return endpointView(row);
}

/** The owner's endpoint (locked for a change when `lock`); null when it is not the owner's. */
export async function findEndpoint(db: Executor, owner: Owner, id: number, lock = false) {
  const query = db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? endpointView(row) : null;
}

export async function updateEndpoint(
  db: Executor,
  id: number,
  values: { url: string; events: string[]; active: boolean; reenabled: boolean },
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      url: values.url,
      events: values.events,
      active: values.active,
      updated_at: sql`now()`,
      ...(values.reenabled ? { disabled_at: null } : {}),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning(endpointColumns);
  if (!row) throw new Error('webhook não atualizado');
  return endpointView(row);
}

export async function deleteEndpoint(db: Executor, id: number) {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** An endpoint's delivery log, newest first, by keyset (it grows with every event). */
export async function pageDeliveries(db: Executor, endpointId: number, query: PageRequest) {
  const page = await paginate(db, query, {
    where: eq(webhookDeliveries.endpoint_id, endpointId),
    order: keysetOrder(webhookDeliveries, 'desc', [], webhookDeliveries.id),
    rows: (filter) =>
      db
        .select({
          id: webhookDeliveries.id,
          event: webhookDeliveries.event,
          payload: webhookDeliveries.payload,
          status: webhookDeliveries.status,
          attempts: webhookDeliveries.attempts,
          response_code: webhookDeliveries.response_code,
          last_error: webhookDeliveries.last_error,
          created_at: webhookDeliveries.created_at,
          last_attempt_at: webhookDeliveries.last_attempt_at,
          delivered_at: webhookDeliveries.delivered_at,
        })
        .from(webhookDeliveries)
        .where(filter)
        .$dynamic(),
    ids: (filter) => db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(filter).$dynamic(),
  });
  return mapPage(page, (row) => ({
    ...row,
    status: row.status as WebhookDeliveryStatus,
    created_at: row.created_at.toISOString(),
    last_attempt_at: iso(row.last_attempt_at),
    delivered_at: iso(row.delivered_at),
  }));
}

/** Puts one of the owner's deliveries back in the queue (fresh attempts); its endpoint id, or null. */
export async function resetDelivery(db: Executor, owner: Owner, id: number): Promise<number | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'PENDENTE', attempts: 0, last_error: null })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        sql`${webhookDeliveries.endpoint_id} in (select id from webhook_endpoints
              where owner_kind = ${owner.kind} and owner_id = ${owner.id})`,
      ),
    )
    .returning({ endpoint_id: webhookDeliveries.endpoint_id });
  return row?.endpoint_id ?? null;
}
