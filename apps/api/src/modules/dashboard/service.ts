import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import * as q from './queries';

/** SPEC §7 "Dashboard": the home page's figures and lists, each within the actor's scope. */
export const dashboard = {
  total: (db: Database, actor: Actor) => q.totals(db, actor),
  certificates: (db: Database, actor: Actor, which: 'analyse' | 'update') => q.certificates(db, actor, which),
  declarations: (db: Database, actor: Actor, which: 'analyse' | 'update') => q.declarations(db, actor, which),
  recentActivity: (db: Database, actor: Actor) => q.recentActivity(db, actor),
};
