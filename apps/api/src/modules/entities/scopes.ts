import { eq, type SQL, sql } from 'drizzle-orm';
import { confederations, federations, tradeAssociations } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { entityScope } from '../../lib/scope';

/**
 * Which entities of the hierarchy an actor reaches (DOMAIN.md §2). `undefined` means all. Rows outside the scope
 * are answered as 404, so their existence does not leak.
 */

/** Associations: the hierarchy scope itself (federation → its associations, association → itself). */
export function associationScope(actor: Actor): SQL | undefined {
  return (
    entityScope(actor, {
      tradeAssociationId: tradeAssociations.id,
      federationId: tradeAssociations.federation_id,
    }) ?? undefined
  );
}

/**
 * Federations: all for the national roles; a federation its own; anyone else (an association, an exporter, a
 * dispatcher, a manufacturer) the federation of the association it belongs to.
 */
export function federationScope(actor: Actor): SQL | undefined {
  switch (actor.roleType) {
    case 'admin':
    case 'confederacao':
      return undefined;
    case 'federacao':
      return eq(federations.id, actor.federationId ?? -1);
    default:
      return sql`${federations.id} in (select ta.federation_id from trade_associations ta where ta.id = ${actor.tradeAssociationId ?? -1})`;
  }
}

/** Confederations on their screens: all for the national roles, otherwise the one above the actor. */
export function confederationScope(actor: Actor): SQL | undefined {
  if (actor.roleType === 'admin' || actor.roleType === 'confederacao') return undefined;
  return eq(confederations.id, actor.confederationId ?? -1);
}

/**
 * The confederation select of the user form: a confederation user places users only in its own confederation,
 * so only the administrator gets them all.
 */
export function confederationOptionScope(actor: Actor): SQL | undefined {
  return actor.roleType === 'admin' ? undefined : eq(confederations.id, actor.confederationId ?? -1);
}
