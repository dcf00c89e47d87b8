import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from './context';

/**
 * Row scoping by the entity hierarchy (DOMAIN.md §2), as SQL: given the column that holds a row's trade
 * association (and optionally its federation), the condition that keeps only rows the actor may reach.
 * `null` means no restriction. Exporter and dispatcher rows use `exporterScope` / `dispatcherScope` below.
 */
export function entityScope(
  actor: Actor,
  columns: { tradeAssociationId: AnyPgColumn | SQL; federationId?: AnyPgColumn },
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

/**
 * Rows that belong to an exporter (the exporter itself, its legal representatives, its address book): an exporter's
 * user reaches only its own exporter; a dispatcher reaches exporters it has an approved link with (links come with
 * their own issue: until then, none); the hierarchy reaches them through the exporter's association. Without a
 * trade-association column the association is read from the exporter.
 */
export function exporterScope(
  actor: Actor,
  columns: { exporterId: AnyPgColumn; tradeAssociationId?: AnyPgColumn },
): SQL | null {
  switch (actor.roleType) {
    case 'exportador':
      return sql`${columns.exporterId} = ${actor.exporterId ?? -1}`;
    case 'despachante':
    case 'fabricante':
      return sql`false`;
    default: {
      if (columns.tradeAssociationId) {
        return entityScope(actor, { tradeAssociationId: columns.tradeAssociationId });
      }
      const viaExporter = entityScope(actor, { tradeAssociationId: sql.raw('e.trade_association_id') });
      return viaExporter
        ? sql`${columns.exporterId} in (select e.id from exporters e where ${viaExporter})`
        : null;
    }
  }
}

/** Rows that belong to a dispatcher: its own users reach only it; the hierarchy reaches it through its association. */
export function dispatcherScope(
  actor: Actor,
  columns: { dispatcherId: AnyPgColumn; tradeAssociationId: AnyPgColumn },
): SQL | null {
  switch (actor.roleType) {
    case 'despachante':
      return sql`${columns.dispatcherId} = ${actor.dispatcherId ?? -1}`;
    case 'exportador':
    case 'fabricante':
      return sql`false`;
    default:
      return entityScope(actor, { tradeAssociationId: columns.tradeAssociationId });
  }
}
