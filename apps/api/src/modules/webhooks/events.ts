import { DISPATCHER_LINK_GRANTING_STATES } from '@origem/contract/flows';
import type { WebhookEvent } from '@origem/contract/schemas/webhooks';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';

export const WEBHOOK_JOB = 'webhook_delivery';
/**
 * Attempts of one delivery: with the runner's back-off (15 s doubling, capped at an hour) the last one comes about
 * 24 hours after the first.
 */
export const WEBHOOK_MAX_ATTEMPTS = 32;

type FlowRecord = Record<string, unknown> & { id: number };

/** The events a flow's step raises: by the flow, the state reached and, for approvals, the action. */
export function webhookEventsOf(flow: string, action: string, to: string): WebhookEvent[] {
  switch (flow) {
    case 'certificate': {
      const events: WebhookEvent[] = [];
      if (to === 'ENVIADO') events.push('certificate.sent');
      if (action === 'approve' || action === 'approve_digital') events.push('certificate.approved');
      if (to === 'EMITIDO') events.push('certificate.issued');
      if (to === 'REPROVADO') events.push('certificate.reproved');
      if (to === 'CANCELADO') events.push('certificate.cancelled');
      return events;
    }
    case 'declaration':
      if (to === 'APROVADA') return ['declaration.approved'];
      if (to === 'REPROVADA') return ['declaration.reproved'];
      return [];
    case 'dispatcher_exporter_link':
    case 'declaration_link':
      return to === 'APROVADO' ? ['link.approved'] : [];
    default:
      return [];
  }
}

const NUMBER_COLUMN: Record<string, string> = { certificate: 'certificate_number' };
const RECORD_TABLE: Record<string, string> = { certificate: 'certificates' };
const GRANTING = sql.raw(DISPATCHER_LINK_GRANTING_STATES.map((code) => `'${code}'`).join(', '));

const idOf = (row: FlowRecord, column: string) =>
  typeof row[column] === 'number' ? (row[column] as number) : null;

/**
 * Queues, in the transition's transaction, one delivery per active endpoint that chose the event and owns the
 * record: the exporter's own, the dispatcher's (the record names it, or its exporter has a granting link with it),
 * the association's. Nothing is sent unless the step commits. Answers the deliveries' ids.
 */
export async function enqueueWebhookEvents(
  tx: Tx,
  flow: string,
  action: string,
  to: string,
  row: FlowRecord,
): Promise<number[]> {
  const events = webhookEventsOf(flow, action, to);
  if (events.length === 0) return [];
  const exporterId = idOf(row, 'exporter_id');
  const dispatcherId = idOf(row, 'dispatcher_id');
  const associationId = idOf(row, 'trade_association_id');
  const endpoints = await queryRows<{ id: number; events: string[] }>(
    tx,
    sql`select e.id, e.events from webhook_endpoints e
         where e.active and e.events && ${`{${events.join(',')}}`}::text[] and (
           (e.owner_kind = 'exporter' and e.owner_id = ${exporterId ?? -1})
           or (e.owner_kind = 'association' and e.owner_id = ${associationId ?? -1})
           or (e.owner_kind = 'dispatcher' and (e.owner_id = ${dispatcherId ?? -1} or exists (
                 select 1 from dispatcher_exporter_links l
                  where l.dispatcher_id = e.owner_id and l.exporter_id = ${exporterId ?? -1}
                    and l.status in (${GRANTING})))))`,
  );
  if (endpoints.length === 0) return [];
  const numberColumn = NUMBER_COLUMN[flow];
  const table = RECORD_TABLE[flow];
  let number: string | null = null;
  if (numberColumn && table) {
    // Read after the step's own writes: an approval writes its number's placeholder (filled in at its end).
    const [current] = await queryRows<{ number: string | null }>(
      tx,
      sql`select ${sql.identifier(numberColumn)} as number from ${sql.identifier(table)} where id = ${row.id}`,
    );
    number = current?.number ?? null;
  }
  const occurredAt = new Date().toISOString();
  const ids: number[] = [];
  for (const endpoint of endpoints) {
    for (const event of events.filter((name) => endpoint.events.includes(name))) {
      const payload = { event, id: row.id, number, status: to, occurred_at: occurredAt };
      const [delivery] = await queryRows<{ id: number }>(
        tx,
        sql`insert into webhook_deliveries (endpoint_id, event, payload)
            values (${endpoint.id}, ${event}, ${JSON.stringify(payload)}::jsonb) returning id`,
      );
      await enqueueJob(tx, {
        kind: WEBHOOK_JOB,
        payload: { deliveryId: Number(delivery?.id) },
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      });
      ids.push(Number(delivery?.id));
    }
  }
  return ids;
}
