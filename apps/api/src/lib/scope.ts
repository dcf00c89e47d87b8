import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from './context';

/**
 * Row scoping by the entity hierarchy (DOMAIN.md §2), as SQL: given the column that holds a row's trade
 * association (and optionally its federation), the condition that keeps only rows the actor may reach.
 * `null` means no restriction. Exporter, dispatcher and manufacturer scopes are added by their modules.
 */
export function entityScope(
  actor: Actor,
  columns: { tradeAssociationId: AnyPgColumn; federationId?: AnyPgColumn },
): SQL | null {
  switch (actor.roleType) {
    case 'admin':
    case 'confederacao':
      return null;
    case 'federacao': {
      const fed = actor.federationId ?? -1;
      const viaAssociation = sql`${columns.tradeAssociationId} in (select id from trade_associations where federation_id = ${fed})`;
      return columns.federationId
        ? sql`(${columns.federationId} = ${fed} or ${viaAssociation})`
        : viaAssociation;
    }
    case 'associacao':
      return sql`${columns.tradeAssociationId} = ${actor.tradeAssociationId ?? -1}`;
    default:
      return sql`false`;
  }
}
