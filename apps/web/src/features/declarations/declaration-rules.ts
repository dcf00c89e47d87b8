import { declarationFlow } from '@origem/contract/flows';
import type { UserDetail } from '@origem/contract/schemas/auth';
import type { DeclarationListItem } from '@origem/contract/schemas/declarations';
import { EDITABLE_DECLARATION_STATES } from '@origem/contract/schemas/declarations';
import { hasPermission } from '../../lib/session';
import { DECLARATION_SCREENS } from './api/keys';

/** An exporter's or manufacturer's user declares for its own party; anyone else who declares names the exporter. */
export function picksExporter(user: UserDetail | null): boolean {
  return !user?.exporter && !user?.manufacturer;
}

/** The party a user declares for (its exporter or its manufacturer), if it has one. */
export function ownPartyId(user: UserDetail | null): number | null {
  return user?.exporter?.id ?? user?.manufacturer?.id ?? null;
}

/** The states an analyst works on a declaration in. */
const ANALYSED: readonly string[] = [...declarationFlow.actions.take.from, declarationFlow.actions.take.to];

/**
 * Where a list row opens for this user: the edit screen for its declarer while it is editable, the analysis screen
 * for an analyst while it waits or is under analysis, the read-only view otherwise. The server has the last word
 * (a declaration reached through a link opens read-only for its citing exporter).
 */
export function declarationScreenFor(
  user: UserDetail | null,
  row: Pick<DeclarationListItem, 'id' | 'status' | 'exporter_id'>,
) {
  const party = ownPartyId(user);
  const declares = hasPermission(user, 'declaration.create') && (party === null || party === row.exporter_id);
  if (declares && EDITABLE_DECLARATION_STATES.includes(row.status)) {
    return { to: DECLARATION_SCREENS.edit(row.id), editable: true };
  }
  if (hasPermission(user, 'declaration.analyse') && ANALYSED.includes(row.status)) {
    return { to: DECLARATION_SCREENS.analysis(row.id), editable: false, analyse: true };
  }
  return { to: DECLARATION_SCREENS.consult(row.id), editable: false };
}
