import { dispatcherLinkFlow, openStates } from '@origem/contract/flows';
import type { PartyKind } from '@origem/contract/schemas/party-records';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dispatcherExporterLinks as links } from '../../db/schema';

/**
 * The counterparts that already have an active dispatcher–exporter link with one party (requested, under analysis,
 * approved or waiting for its deletion to be confirmed: DOMAIN.md §6, one active link per pair), which
 * `all_not_bind` leaves out. A disapproved or deleted link frees the pair for a new request. Served by the partial
 * unique index on the active pairs.
 */
export async function linkedCounterpartIds(db: Executor, side: PartyKind, id: number): Promise<number[]> {
  const active = inArray(links.status, openStates(dispatcherLinkFlow));
  const rows =
    side === 'exporter'
      ? await db
          .select({ id: links.dispatcher_id })
          .from(links)
          .where(and(eq(links.exporter_id, id), active))
      : await db
          .select({ id: links.exporter_id })
          .from(links)
          .where(and(eq(links.dispatcher_id, id), active));
  return rows.map((row) => row.id);
}
