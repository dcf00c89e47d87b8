import { ErrorCode } from '@origem/contract/errors';
import { type FlowDefinition, stateLabel } from '@origem/contract/flows';
import { messages } from '@origem/contract/messages.pt';
import type { Executor, Tx } from '../../db/client';
import { type FileOwner, findOwnerFile, type StoredFile } from '../../files/records';
import type { Actor } from '../../lib/context';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { EffectResult, FlowRow } from '../../lib/workflow';
import { findDeal, representativeOf } from './queries';

/** An action's own writes on the locked row (lib/workflow.ts `transition`), returning what else it changed. */
export type ActionEffect = (tx: Tx, row: FlowRow) => Promise<EffectResult | undefined>;

/**
 * The guard of the decisions on a record an analyst took (UX "Analysis screens"): while it is `inAnalysis` only that
 * analyst decides on it, another is refused with `refusal`; an administrator may step in.
 */
export function takenByOther(inAnalysis: string, refusal: string) {
  return (row: FlowRow, actor: Actor | null): string | null => {
    if (row.status !== inAnalysis || !actor || actor.roleType === 'admin') return null;
    const analystId = row.analyst_id === null || row.analyst_id === undefined ? null : Number(row.analyst_id);
    return analystId === null || analystId === actor.id ? null : refusal;
  };
}

/**
 * The locked row (null: outside the actor's scope, 404) in a state that may still change (`editable`), else 409 with
 * `refusal` naming its state.
 */
export function requireEditable<R extends { status: string }>(
  row: R | null,
  flow: FlowDefinition,
  editable: readonly string[],
  refusal: (label: string) => string,
): R {
  if (!row) throw notFound();
  if (!editable.includes(row.status)) throw conflict(refusal(stateLabel(flow, row.status)));
  return row;
}

/**
 * A stored file of a record: 404 when the actor does not reach the record (`found` is null), and 404 with `missing`
 * (or the generic text) when the record has no such file.
 */
export async function fileOfRecord(
  db: Executor,
  found: unknown,
  owner: FileOwner,
  role: string,
  missing: string = messages.notFound,
): Promise<StoredFile> {
  if (!found) throw notFound();
  const file = await findOwnerFile(db, owner, role);
  if (!file) throw new AppError(404, ErrorCode.NotFound, missing);
  return file;
}

/**
 * The legal representative and the deal a form names, checked against the owner: a live representative of its
 * book, an active deal (each refusal `add`ed next to its field). Answers the deal, when it exists.
 */
export async function checkRepresentativeAndDeal(
  tx: Executor,
  ownerId: number,
  input: { legal_representative_id: number; deal_id: number },
  add: (field: string, message: string) => void,
  text: { legalRepresentativeNotOfExporter: string; dealInactive: string },
) {
  if (!(await representativeOf(tx, ownerId, input.legal_representative_id))) {
    add('legal_representative_id', text.legalRepresentativeNotOfExporter);
  }
  const deal = await findDeal(tx, input.deal_id);
  if (!deal) add('deal_id', messages.field.invalidOption);
  else if (!deal.active) add('deal_id', text.dealInactive);
  return deal;
}
