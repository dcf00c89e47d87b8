import {
  certificateFlow,
  declarationFlow,
  type FlowDefinition,
  stateCodes,
  stateLabel,
} from '@origem/contract/flows';
import { AUDIT_EVENT_LABELS, AUDITABLE_TYPE_LABELS } from '@origem/contract/schemas/audit';
import {
  CERTIFICATE_AWAITING,
  DASHBOARD_LIST_SIZE,
  DASHBOARD_MONTHS,
  DECLARATION_AWAITING,
  NON_WORK_AUDIT_EVENTS,
  NON_WORK_AUDIT_TYPES,
} from '@origem/contract/schemas/dashboard';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Actor } from '../../lib/context';
import { exporterScope, trailScope } from '../../lib/scope';

const iso = (v: Date | string) => new Date(v).toISOString();

/** Rows the actor works on: the same scope as the certificate and declaration lists (alias `c` / `d`). */
function scope(actor: Actor, alias: string): SQL {
  return (
    exporterScope(actor, {
      exporterId: sql.raw(`${alias}.exporter_id`),
      tradeAssociationId: sql.raw(`${alias}.trade_association_id`),
    }) ?? sql`true`
  );
}

/**
 * The counter rows (db/schema/dashboard.ts, alias `k`) that add up to the actor's scope: its exporters' own rows for
 * an exporter's or a dispatcher's user (their scope is by exporter), otherwise the associations' totals
 * (`exporter_id = 0`), a handful per association, which the hierarchy's scope selects by association.
 */
function counterScope(actor: Actor): SQL {
  const byExporter = EXPORTER_SCOPED.has(actor.roleType);
  return sql`${scope(actor, 'k')} and k.exporter_id ${byExporter ? sql`<> 0` : sql`= 0`}`;
}
const EXPORTER_SCOPED = new Set<Actor['roleType']>(['exportador', 'fabricante', 'despachante']);

async function countByStatus(db: Executor, subject: 'certificate' | 'declaration', actor: Actor) {
  const rows = await queryRows<{ status: string; count: number }>(
    db,
    sql`select k.status, sum(k.count)::int as count from dashboard_status_counts k
         where k.subject = ${subject} and ${counterScope(actor)} group by 1`,
  );
  const flow: FlowDefinition = subject === 'certificate' ? certificateFlow : declarationFlow;
  const counts = new Map(rows.map((r) => [r.status, r.count]));
  return stateCodes(flow).map((status) => ({
    status,
    label: stateLabel(flow, status),
    count: counts.get(status) ?? 0,
  }));
}

/** The months of the chart's window, oldest first, as 'YYYY-MM' (Brasília). */
function windowMonths(now = new Date()): string[] {
  const local = new Date(now.getTime() - 3 * 3600_000);
  const months: string[] = [];
  for (let back = DASHBOARD_MONTHS - 1; back >= 0; back--) {
    const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

export async function totals(db: Executor, actor: Actor) {
  const months = windowMonths();
  // Three independent reads of the counters: on PostgreSQL they run side by side on the pool's connections.
  const [certificates, declarations, issued] = await Promise.all([
    countByStatus(db, 'certificate', actor),
    countByStatus(db, 'declaration', actor),
    // One read of the window's issue counters gives both charts: per month and per deal.
    queryRows<{ month: string; deal_id: number; deal: string; count: number }>(
      db,
      // Summed per month and deal first (the admin's window is ~15 000 association rows), named after.
      sql`select to_char(x.month, 'YYYY-MM') as month, x.deal_id, d.abbreviation as deal, x.count
            from (select k.month, k.deal_id, sum(k.count)::int as count from dashboard_issue_counts k
                   where k.month >= ${`${months[0]}-01`}::date and ${counterScope(actor)}
                   group by 1, 2
                  having sum(k.count) <> 0) x
            join deals d on d.id = x.deal_id`,
    ),
  ]);
  const perMonth = new Map<string, number>();
  const perDeal = new Map<number, { deal_id: number; deal: string; count: number }>();
  for (const row of issued) {
    perMonth.set(row.month, (perMonth.get(row.month) ?? 0) + row.count);
    const deal = perDeal.get(row.deal_id) ?? { deal_id: row.deal_id, deal: row.deal, count: 0 };
    deal.count += row.count;
    perDeal.set(row.deal_id, deal);
  }
  return {
    certificates,
    declarations,
    issued_by_month: months.map((month) => ({ month, count: perMonth.get(month) ?? 0 })),
    issued_by_deal: [...perDeal.values()].sort((a, b) => b.count - a.count || a.deal.localeCompare(b.deal)),
  };
}

type CertificateRow = {
  id: number;
  certificate_number: string | null;
  invoice_number: string;
  exporter: string;
  deal: string;
  status: string;
  updated_at: Date | string;
};

/** Certificates awaiting analysis (longest waiting first) or most recently moved (newest first). */
export async function certificates(db: Executor, actor: Actor, which: 'analyse' | 'update') {
  const awaiting = sql.join(
    CERTIFICATE_AWAITING.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await queryRows<CertificateRow>(
    db,
    sql`select c.id, c.certificate_number, c.invoice_number, e.name as exporter, d.abbreviation as deal, c.status,
               c.last_step_at as updated_at
          from certificates c join exporters e on e.id = c.exporter_id join deals d on d.id = c.deal_id
         where ${scope(actor, 'c')} ${which === 'analyse' ? sql`and c.status in (${awaiting})` : sql``}
         order by c.last_step_at ${which === 'analyse' ? sql`asc` : sql`desc`}, c.id
         limit ${DASHBOARD_LIST_SIZE}`,
  );
  return rows.map((r) => ({
    ...r,
    status: { id: r.status, name: stateLabel(certificateFlow, r.status) },
    updated_at: iso(r.updated_at),
  }));
}

type DeclarationRow = {
  id: number;
  product_name: string;
  ncm: string;
  exporter: string;
  status: string;
  updated_at: Date | string;
};

export async function declarations(db: Executor, actor: Actor, which: 'analyse' | 'update') {
  const awaiting = sql.join(
    DECLARATION_AWAITING.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await queryRows<DeclarationRow>(
    db,
    sql`select d.id, d.product_name, d.ncm, e.name as exporter, d.status, d.updated_at
          from declarations d join exporters e on e.id = d.exporter_id
         where ${scope(actor, 'd')} ${which === 'analyse' ? sql`and d.status in (${awaiting})` : sql``}
         order by d.updated_at ${which === 'analyse' ? sql`asc` : sql`desc`}, d.id
         limit ${DASHBOARD_LIST_SIZE}`,
  );
  return rows.map((r) => ({
    ...r,
    status: { id: r.status, name: stateLabel(declarationFlow, r.status) },
    updated_at: iso(r.updated_at),
  }));
}

/**
 * The latest work in the audit trail the actor may read: the whole of its scope with `audit.view`, otherwise only
 * its own actions. Sign-ins, sign-outs, sessions and tokens are not work (NON_WORK_AUDIT_*): left out.
 */
export async function recentActivity(db: Executor, actor: Actor) {
  const who = actor.permissions.has('audit.view') ? trailScopeSql(actor) : sql`a.user_id = ${actor.id}`;
  const rows = await queryRows<{
    id: number | string;
    created_at: Date | string;
    user: string | null;
    event: string;
    auditable_type: string;
    auditable_id: number | null;
  }>(
    db,
    sql`select a.id, a.created_at, u.name as user, a.event, a.auditable_type, a.auditable_id
          from audits a left join users u on u.id = a.user_id
         where ${who}
           and a.auditable_type not in (${sql.join(
             NON_WORK_AUDIT_TYPES.map((type) => sql`${type}`),
             sql`, `,
           )})
           and a.auditable_type not like '%token%'
           and a.event not in (${sql.join(
             NON_WORK_AUDIT_EVENTS.map((event) => sql`${event}`),
             sql`, `,
           )})
           and a.event not like '%token%'
         order by a.created_at desc, a.id desc
         limit ${DASHBOARD_LIST_SIZE}`,
  );
  return rows.map((r) => ({
    ...r,
    record_type: r.auditable_type,
    // audits.id is a bigint: node-postgres reads it as text.
    id: Number(r.id),
    created_at: iso(r.created_at),
    event: AUDIT_EVENT_LABELS[r.event] ?? r.event,
    auditable_type: AUDITABLE_TYPE_LABELS[r.auditable_type] ?? r.auditable_type,
  }));
}

/** The audit screen's scope, on the trail's own columns. */
function trailScopeSql(actor: Actor): SQL {
  return (
    trailScope(actor, {
      tradeAssociationId: sql.raw('a.trade_association_id'),
      federationId: sql.raw('a.federation_id'),
    }) ?? sql`true`
  );
}
