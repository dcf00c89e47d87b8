import {
  AUDIT_EVENT_LABELS,
  AUDITABLE_TYPE_LABELS,
  type AuditFilter,
  type AuditListQuery,
  type AuditOptionQuery,
} from '@origem/contract/schemas/audit';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { withNames } from './names';
import * as q from './queries';

export { auditCsv } from './csv';

/** A page of the trail, each entry with the names of the records it mentions (names.ts). */
export async function listAudits(db: Database, actor: Actor, query: AuditListQuery) {
  const page = await q.listAudits(db, actor, query);
  return { ...page, data: await withNames(db, page.data) };
}

/** An enumeration of the contract as options, in the order of their Portuguese labels. */
function labelled(labels: Record<string, string>) {
  return Object.entries(labels)
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/**
 * The option lists behind the audit screen's filters. Types and events are the contract's enumerations (never a
 * scan of the log); users and addresses grow, so they are type-ahead searches within the actor's scope.
 */
export const filterOptions = {
  auditableTypes: () => labelled(AUDITABLE_TYPE_LABELS),
  events: () => labelled(AUDIT_EVENT_LABELS),
  ipAddresses: (db: Database, actor: Actor, query: AuditOptionQuery) =>
    q.auditIpOptions(db, actor, query.search),
  users: (db: Database, actor: Actor, query: AuditOptionQuery) => q.auditUserOptions(db, actor, query),
  records: (db: Database, actor: Actor, type: string) => q.auditedRecords(db, actor, type),
};

export type { AuditFilter };
