import type { PartyKind } from '@origem/contract/schemas/party-records';
import type { Executor } from '../../db/client';

/**
 * The counterparts that already have an active dispatcher–exporter link with one party (DOMAIN.md §6: one active
 * link per pair), which `all_not_bind` leaves out. The links table arrives with the links issue; until then no
 * party has a link, so the answer is always empty. That issue fills in this one query and nothing else.
 */
export async function linkedCounterpartIds(_db: Executor, _side: PartyKind, _id: number): Promise<number[]> {
  return [];
}
