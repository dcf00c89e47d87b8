import type { AuditFilter, AuditListQuery } from '@origem/contract/schemas/audit';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { toPage } from '../../lib/paging';
import * as q from './queries';

export { auditCsv } from './csv';

export async function listAudits(db: Database, actor: Actor, query: AuditListQuery) {
  const { rows, total } = await q.listAudits(db, actor, query);
  return toPage(rows, total, query.page);
}

/** The option lists behind the audit screen's filters, each limited to the actor's scope. */
export const filterOptions = {
  auditableTypes: (db: Database, actor: Actor) => q.distinctTypes(db, actor),
  events: (db: Database, actor: Actor) => q.distinctEvents(db, actor),
  ipAddresses: (db: Database, actor: Actor) => q.distinctIps(db, actor),
  users: (db: Database, actor: Actor) => q.auditedUsers(db, actor),
  records: (db: Database, actor: Actor, type: string) => q.auditedRecords(db, actor, type),
};

export type { AuditFilter };
