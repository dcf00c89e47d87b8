import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { nextDay } from '../../lib/brasilia-days';
import type { Actor } from '../../lib/context';
import { entityScope } from '../../lib/scope';

const TZ = 'America/Sao_Paulo';

/** The actions that decide an analysis (DOMAIN.md §3, §4): approving or reproving what was sent. */
const DECISIONS = sql.raw(
  `(s.flow = 'declaration' and s.action in ('approve_delivery', 'digitally_signed', 'reject'))
   or (s.flow = 'certificate' and s.action in ('approve', 'approve_digital', 'reprove'))`,
);

export type PerformanceRow = {
  month: string;
  analyst_id: number;
  name: string;
  email: string;
  declarations: number;
  declaration_median_seconds: number | null;
  certificates: number;
  certificate_median_seconds: number | null;
};

/**
 * Per analyst and month (Brasília) of the decision: how many declarations and certificates the analyst decided
 * and the median time from the latest sending (ENVIADA/ENVIADO) before each decision to the decision itself. Only
 * analysts of the actor's branch of the hierarchy (the audit trail's scope) are counted.
 */
export function analystPerformance(
  db: Executor,
  actor: Actor,
  period: { start_date?: string; end_date?: string; user_id?: number },
): Promise<PerformanceRow[]> {
  const conditions: SQL[] = [sql`(${DECISIONS})`];
  if (period.start_date)
    conditions.push(sql`s.created_at >= ${`${period.start_date}T00:00:00-03:00`}::timestamptz`);
  if (period.end_date)
    conditions.push(sql`s.created_at < ${`${nextDay(period.end_date)}T00:00:00-03:00`}::timestamptz`);
  if (period.user_id) conditions.push(sql`s.user_id = ${period.user_id}`);
  const scope = entityScope(actor, {
    tradeAssociationId: sql.raw('u.trade_association_id'),
    federationId: sql.raw('u.federation_id'),
  });
  if (scope) conditions.push(scope);
  return queryRows<PerformanceRow>(
    db,
    sql`with decisions as (
          select s.flow, s.user_id, s.created_at as decided_at,
                 (select max(p.created_at) from flow_steps p
                   where p.flow = s.flow and p.record_id = s.record_id and p.id < s.id
                     and p.to_status in ('ENVIADA', 'ENVIADO')) as sent_at
            from flow_steps s join users u on u.id = s.user_id
           where ${sql.join(conditions, sql` and `)}
        )
        select to_char(d.decided_at at time zone ${TZ}, 'YYYY-MM') as month, u.id as analyst_id, u.name, u.email,
               count(*) filter (where d.flow = 'declaration')::int as declarations,
               (percentile_cont(0.5) within group (order by extract(epoch from d.decided_at - d.sent_at))
                  filter (where d.flow = 'declaration' and d.sent_at is not null))::float8 as declaration_median_seconds,
               count(*) filter (where d.flow = 'certificate')::int as certificates,
               (percentile_cont(0.5) within group (order by extract(epoch from d.decided_at - d.sent_at))
                  filter (where d.flow = 'certificate' and d.sent_at is not null))::float8 as certificate_median_seconds
          from decisions d join users u on u.id = d.user_id
         group by 1, u.id, u.name, u.email
         order by 1, u.name, u.id`,
  );
}
