import { DISPATCHER_LINK_GRANTING_STATES } from '@origem/contract/flows';
import { messages } from '@origem/contract/messages.pt';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../db/client';
import { dispatcherExporterLinks as links } from '../db/schema';
import type { Actor } from './context';
import { fieldError } from './errors';

/** The link states that grant a dispatcher access, as literals: the planner matches them to the partial index. */
const GRANTING = sql.raw(DISPATCHER_LINK_GRANTING_STATES.map((code) => `'${code}'`).join(', '));

/** A column, or a raw reference to one (`sql.raw('e.trade_association_id')`) in a hand-written query. */
type ColumnRef = AnyPgColumn | SQL;

/**
 * Row scoping by the entity hierarchy (DOMAIN.md §2), as SQL: given the column that holds a row's trade
 * association (and optionally its federation), the condition that keeps only rows the actor may reach.
 * `null` means no restriction. Exporter and dispatcher rows use `exporterScope` / `dispatcherScope` below.
 */
export function entityScope(
  actor: Actor,
  columns: { tradeAssociationId: ColumnRef; federationId?: ColumnRef },
): SQL | null {
  switch (actor.roleType) {
    case 'admin':
    case 'confederacao':
      return null;
    case 'federacao': {
      const fed = actor.federationId ?? -1;
      // An array, not `in (select …)`: the association column's index takes it as one condition (a bitmap of the
      // federation's associations) where a semi-join read a tenth of the table in full (exporters: 17 ms → 6 ms).
      const viaAssociation = sql`${columns.tradeAssociationId} = any(array(select id from trade_associations where federation_id = ${fed}))`;
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
 * The audit trail's scope: each entry carries the association and the federation of the user it concerns
 * (written with it), so the federation's rows are one index range instead of `entityScope`'s "its own users or its
 * associations' users". `null` means no restriction; roles without the audit screen reach nothing.
 */
export function trailScope(
  actor: Actor,
  columns: { tradeAssociationId: ColumnRef; federationId: ColumnRef },
): SQL | null {
  switch (actor.roleType) {
    case 'admin':
    case 'confederacao':
      return null;
    case 'federacao':
      return sql`${columns.federationId} = ${actor.federationId ?? -1}`;
    case 'associacao':
      return sql`${columns.tradeAssociationId} = ${actor.tradeAssociationId ?? -1}`;
    default:
      return sql`false`;
  }
}

/**
 * Rows that belong to an exporter (the exporter itself, its legal representatives, its address book, its documents):
 * an exporter's user reaches only its own exporter; a dispatcher reaches the exporters it has an approved link with
 * (DOMAIN.md §2, §6 — the link's status is read on every request, so ending the link ends the access at once); the
 * hierarchy reaches them through the exporter's association. Without a trade-association column the association is
 * read from the exporter.
 */
export function exporterScope(
  actor: Actor,
  columns: { exporterId: ColumnRef; tradeAssociationId?: ColumnRef },
): SQL | null {
  switch (actor.roleType) {
    // A manufacturer's user is tied to its party (a row of `exporters`) exactly as an exporter's user is.
    case 'exportador':
    case 'fabricante':
      return sql`${columns.exporterId} = ${actor.exporterId ?? -1}`;
    case 'despachante':
      // An array, not `in (select …)`: beside an `or` (a dispatcher's own companies) it stays an index condition.
      return sql`${columns.exporterId} = any(array(select ${links.exporter_id} from ${links} where ${links.dispatcher_id} = ${actor.dispatcherId ?? -1} and ${links.status} in (${GRANTING})))`;
    default: {
      if (columns.tradeAssociationId) {
        return entityScope(actor, { tradeAssociationId: columns.tradeAssociationId });
      }
      const viaExporter = entityScope(actor, { tradeAssociationId: sql.raw('e.trade_association_id') });
      // An array, as above: the exporter column's index takes the association's exporters as one condition
      // (legal representatives of an association: a hash join over the whole table, 10–40 ms → 2 ms).
      return viaExporter
        ? sql`${columns.exporterId} = any(array(select e.id from exporters e where ${viaExporter}))`
        : null;
    }
  }
}

/** Rows that belong to a dispatcher: its own users reach only it; the hierarchy reaches it through its association. */
export function dispatcherScope(
  actor: Actor,
  columns: { dispatcherId: ColumnRef; tradeAssociationId: ColumnRef },
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

/** The records a write can name as its parent: where the new or changed record will hang in the hierarchy. */
export type ParentKind = 'confederation' | 'federation' | 'association' | 'exporter' | 'dispatcher';

/** A parent found inside the writer's scope, with the hierarchy above it (null where it has none). */
export type ParentInScope = {
  id: number;
  tradeAssociationId: number | null;
  federationId: number | null;
  confederationId: number | null;
};

/** Where each kind of parent is reachable from (DOMAIN.md §2): the same scope that decides what the actor reads. */
function parentScope(actor: Actor, kind: ParentKind): SQL | null {
  switch (kind) {
    case 'association':
      return entityScope(actor, {
        tradeAssociationId: sql.raw('ta.id'),
        federationId: sql.raw('ta.federation_id'),
      });
    case 'federation':
      switch (actor.roleType) {
        case 'admin':
        case 'confederacao':
          return null;
        case 'federacao':
          return sql`f.id = ${actor.federationId ?? -1}`;
        case 'associacao':
          return sql`f.id in (select federation_id from trade_associations where id = ${actor.tradeAssociationId ?? -1})`;
        default:
          return sql`false`;
      }
    case 'confederation':
      switch (actor.roleType) {
        case 'admin':
        case 'confederacao':
          return null;
        case 'federacao':
        case 'associacao':
          return sql`c.id = ${actor.confederationId ?? -1}`;
        default:
          return sql`false`;
      }
    case 'exporter':
      return exporterScope(actor, {
        exporterId: sql.raw('p.id'),
        tradeAssociationId: sql.raw('p.trade_association_id'),
      });
    case 'dispatcher':
      return dispatcherScope(actor, {
        dispatcherId: sql.raw('p.id'),
        tradeAssociationId: sql.raw('p.trade_association_id'),
      });
  }
}

type ParentRow = {
  id: number;
  trade_association_id: number | null;
  federation_id: number | null;
  confederation_id: number | null;
};

function parentQuery(kind: ParentKind, id: number, scope: SQL): SQL {
  switch (kind) {
    case 'confederation':
      return sql`select c.id, null::int as trade_association_id, null::int as federation_id, c.id as confederation_id
                   from confederations c where c.id = ${id} and ${scope}`;
    case 'federation':
      return sql`select f.id, null::int as trade_association_id, f.id as federation_id, f.confederation_id
                   from federations f where f.id = ${id} and ${scope}`;
    case 'association':
      return sql`select ta.id, ta.id as trade_association_id, ta.federation_id, f.confederation_id
                   from trade_associations ta left join federations f on f.id = ta.federation_id
                  where ta.id = ${id} and ${scope}`;
    case 'exporter':
    case 'dispatcher': {
      const table = sql.raw(kind === 'exporter' ? 'exporters' : 'dispatchers');
      return sql`select p.id, p.trade_association_id, ta.federation_id, f.confederation_id
                   from ${table} p
                   left join trade_associations ta on ta.id = p.trade_association_id
                   left join federations f on f.id = ta.federation_id
                  where p.id = ${id} and p.deleted_at is null and ${scope}`;
    }
  }
}

/**
 * The parent a write names (an association, federation, confederation, exporter or dispatcher id in its body),
 * when it exists (live) and lies inside the actor's scope; null otherwise. Checking only the record being written
 * is not enough: a record in scope could otherwise be moved, or created, under someone else's parent.
 */
export async function findParentInScope(
  db: Executor,
  actor: Actor,
  kind: ParentKind,
  id: number,
): Promise<ParentInScope | null> {
  const [row] = await queryRows<ParentRow>(db, parentQuery(kind, id, parentScope(actor, kind) ?? sql`true`));
  if (!row) return null;
  return {
    id: row.id,
    tradeAssociationId: row.trade_association_id,
    federationId: row.federation_id,
    confederationId: row.confederation_id,
  };
}

/**
 * `findParentInScope`, refusing with 422 on `field` when the parent is missing or out of scope. Both get the same
 * answer ('Opção inválida.' unless `message` says otherwise), so a refusal never tells that a record exists.
 */
export async function requireParentInScope(
  db: Executor,
  actor: Actor,
  kind: ParentKind,
  id: number,
  field: string,
  message: string = messages.field.invalidOption,
): Promise<ParentInScope> {
  const parent = await findParentInScope(db, actor, kind, id);
  if (!parent) throw fieldError(field, message);
  return parent;
}
