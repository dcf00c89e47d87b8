import { ErrorCode } from '@origem/contract/errors';
import { type FlowAction, type FlowDefinition, refusalMessage } from '@origem/contract/flows';
import type { FlowStep } from '@origem/contract/schemas/flow-history';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows, type Tx } from '../db/client';
import { audits, flowSteps, webhookDeliveries } from '../db/schema';
import { enqueueWebhookEvents } from '../modules/webhooks/events';
import { recordAudit } from './audit';
import type { Actor, ServiceContext } from './context';
import { AppError, fieldError, forbidden, notFound, unauthenticated } from './errors';
import type { LateNumber } from './sequences';

export type AuditDelta = { old?: Record<string, unknown>; new?: Record<string, unknown> };

/**
 * What an effect leaves for the transition's last statement, the status update (issue 39): columns whose change
 * locks rows other transactions share (the dashboard's counters follow `status` and `issued_at`), and a number to
 * take there (lib/sequences.ts). Written last, those rows stay locked only until the COMMIT that follows.
 */
export type LateWrites = { set?: SQL[]; number?: LateNumber };

/** What an effect answers: what else it changed, for the audit row, and what it leaves for the last statement. */
export type EffectResult = AuditDelta & { late?: LateWrites };

/** A record under a flow, as the transition reads it: its columns by their SQL names. */
export type FlowRow = Record<string, unknown> & { id: number; status: string };

/**
 * How one flow's records are stored and guarded on the server: the table (with `id`, `status` and `updated_at`),
 * the audit type, the row scope of the actor, and the rules that need the row (e.g. only the other side of a link
 * may approve it). The states and actions themselves come from the contract's definition.
 */
export type FlowSubject<S extends string, A extends string> = {
  flow: FlowDefinition<S, A>;
  table: PgTable & { id: AnyPgColumn; status: AnyPgColumn };
  auditType: string;
  /** The rows the actor may reach (lib/scope.ts); null = every row. */
  scope: (actor: Actor) => SQL | null;
  /** A refusal message when the action does not fit this row and actor, or null. */
  guards?: Partial<Record<A, (row: FlowRow, actor: Actor | null) => string | null>>;
  /**
   * Work the record's entering a state queues in the transition's transaction (before its last statement, e.g. a
   * job that renders the documents of an issued record after the commit).
   */
  entered?: (tx: Tx, id: number, to: S) => Promise<void>;
};

export type TransitionOptions = {
  /** The reason the user wrote (required when the action says so); kept in the history. */
  note?: string | null;
  /**
   * The action's own writes, run on the locked row before the status changes (same transaction). May return what
   * else it changed, for the audit row, and what to write with the status (`late`).
   */
  effect?: (row: FlowRow) => Promise<EffectResult | undefined>;
  /**
   * Runs after every write but the last statement (the status update): reads that must see the transition and
   * must not hold the rows that statement locks, such as the answer's (completed from `written` afterwards).
   */
  beforeLast?: () => Promise<void>;
};

/** The row as locked (`row`) and as the status update left it (`written`, raw column values by SQL name). */
export type TransitionResult<S extends string> = { row: FlowRow; written: FlowRow; from: S; to: S };

function actionOf<S extends string, A extends string>(flow: FlowDefinition<S, A>, name: A): FlowAction<S> {
  const action = flow.actions[name];
  if (!action) throw new Error(`ação ${name} não existe no fluxo ${flow.name}`);
  return action;
}

function refused(action: FlowAction<string>, message: string): AppError {
  return new AppError(action.refusalStatus ?? 422, ErrorCode.FlowActionRefused, message);
}

/** Whether the actor holds the action's permission (or one of its list). */
function holdsPermission(action: FlowAction<string>, actor: Actor): boolean {
  if (!action.permission) return false;
  const anyOf: readonly string[] =
    typeof action.permission === 'string' ? [action.permission] : action.permission;
  return anyOf.some((permission) => actor.permissions.has(permission));
}

/** Whether the actor may take the action by who it is (permission), regardless of the row's state. */
function actorMayTake(action: FlowAction<string>, actor: Actor | null): boolean {
  const by = action.by ?? 'user';
  if (by !== 'user') return false;
  return Boolean(actor && holdsPermission(action, actor));
}

/**
 * The one way a record changes state. In the caller's transaction: locks the row (`FOR UPDATE`, within the actor's
 * scope: a row outside it is a 404), checks the action's permission, the current state and the subject's guard,
 * runs the action's effect, writes the history step, the audit row, the webhooks' deliveries and, last, the new
 * state. A refusal throws before anything is written (the caller's transaction rolls back); two users acting on one
 * record are serialised by the lock, and the second finds the state already moved and is refused.
 *
 * The status update is the last statement, and the caller commits right after it: the rows it locks beyond the
 * record's own (the dashboard's counters, shared by every record of an association; a number's sequence, when the
 * effect leaves one) are held for one statement and the COMMIT, so the association's other transitions do not queue
 * behind this one's history, audit and webhooks.
 */
export async function transition<S extends string, A extends string>(
  tx: Tx,
  ctx: ServiceContext,
  subject: FlowSubject<S, A>,
  id: number,
  actionName: A,
  options: TransitionOptions = {},
): Promise<TransitionResult<S>> {
  const { flow } = subject;
  const action = actionOf(flow, actionName);
  const by = action.by ?? 'user';
  const actor = ctx.actor;
  if (by === 'user') {
    if (!actor) throw unauthenticated();
    if (!holdsPermission(action, actor)) throw forbidden();
  }
  const scope = by === 'user' && actor ? subject.scope(actor) : null;
  const [row] = await queryRows<FlowRow>(
    tx,
    sql`select * from ${subject.table} where ${subject.table.id} = ${id}${scope ? sql` and ${scope}` : sql``} for update`,
  );
  if (!row) throw notFound();
  const from = row.status as S;
  if (!action.from.includes(from)) throw refused(action, refusalMessage(flow, actionName, from));
  const guardMessage = subject.guards?.[actionName]?.(row, actor);
  if (guardMessage) throw refused(action, guardMessage);
  const note = options.note?.trim() || null;
  if (action.note?.required && !note) {
    throw fieldError('note', `Informe: ${action.note.label.toLowerCase()}.`);
  }

  const { late, ...delta } = (await options.effect?.(row)) ?? {};
  await tx.insert(flowSteps).values({
    flow: flow.name,
    record_id: id,
    action: actionName,
    from_status: from,
    to_status: action.to,
    note,
    user_id: actor?.id ?? null,
  });
  const auditId = await recordAudit(tx, ctx, {
    event: actionName,
    type: subject.auditType,
    id,
    old: { ...delta.old, status: from },
    new: { ...delta.new, status: action.to, ...(note ? { note } : {}) },
  });
  const deliveries =
    action.to !== from ? await enqueueWebhookEvents(tx, flow.name, actionName, action.to, row) : [];
  if (action.to !== from) await subject.entered?.(tx, id, action.to);
  await options.beforeLast?.();
  const set = [sql`status = ${action.to}`, sql`updated_at = now()`, ...(late?.set ?? [])];
  let written: FlowRow | undefined;
  if (late?.number) {
    const taken = await late.number
      .holds(audits, [audits.new_values], [auditId])
      .holds(webhookDeliveries, [webhookDeliveries.payload], deliveries)
      .take(tx, { table: subject.table, id, set });
    written = taken.row as FlowRow;
  } else {
    [written] = await queryRows<FlowRow>(
      tx,
      sql`update ${subject.table} set ${sql.join(set, sql`, `)} where ${subject.table.id} = ${id} returning *`,
    );
  }
  if (!written) throw notFound();
  return { row, written, from, to: action.to };
}

/** The first history step of a record just created in the flow's initial state (same transaction as the insert). */
export async function recordCreation(
  tx: Tx,
  ctx: ServiceContext,
  flow: FlowDefinition,
  id: number,
  action = 'create',
  note: string | null = null,
): Promise<void> {
  await tx.insert(flowSteps).values({
    flow: flow.name,
    record_id: id,
    action,
    from_status: null,
    to_status: flow.initial,
    note,
    user_id: ctx.actor?.id ?? null,
  });
}

/**
 * The actions the actor may take on the row now (detail answers carry them; the web shows exactly these buttons):
 * user actions whose permission the actor holds, that leave from the row's state and that the guard allows.
 */
export function availableActions<S extends string, A extends string>(
  subject: FlowSubject<S, A>,
  row: FlowRow,
  actor: Actor | null,
): A[] {
  const names = Object.keys(subject.flow.actions) as A[];
  return names.filter((name) => {
    const action = subject.flow.actions[name];
    if (!actorMayTake(action, actor)) return false;
    if (!action.from.includes(row.status as S)) return false;
    return !subject.guards?.[name]?.(row, actor);
  });
}

type StepRow = {
  id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  note: string | null;
  user_id: number | null;
  user_name: string | null;
  created_at: Date | string;
};

/** A record's history, oldest first, with who took each step. */
export async function flowHistory(db: Executor, flow: FlowDefinition, recordId: number): Promise<FlowStep[]> {
  const rows = await queryRows<StepRow>(
    db,
    sql`select s.id, s.action, s.from_status, s.to_status, s.note, s.user_id, u.name as user_name, s.created_at
          from flow_steps s left join users u on u.id = s.user_id
         where s.flow = ${flow.name} and s.record_id = ${recordId}
         order by s.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    from_status: row.from_status,
    to_status: row.to_status,
    note: row.note,
    user: row.user_id ? { id: row.user_id, name: row.user_name ?? '' } : null,
    created_at: new Date(row.created_at).toISOString(),
  }));
}
