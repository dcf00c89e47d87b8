import {
  type BulkSendResult,
  type BulkSendRow,
  bulkSendMessages as text,
} from '@origem/contract/schemas/certificate-bulk';
import type { CertificateStatus } from '@origem/contract/schemas/certificates';
import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { certificates } from '../../db/schema';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, isDatabaseUnavailable } from '../../lib/errors';
import { sendAnalysisStep } from './flow';
import * as q from './queries';

/** What a row says when its send failed for a reason that is not the user's (logged; the other rows go on). */
const UNEXPECTED = 'Não foi possível enviar este certificado agora. Tente novamente.';

type Attempt = Pick<BulkSendRow, 'id' | 'outcome' | 'message'>;

/**
 * POST send_analysis (issue 25): each certificate sent by the single action's own service (`sendAnalysisStep`: its
 * transaction, the kernel's lock, state, permission, scope and guard, the readiness checks, history, audit row, the
 * signature request mail of a digital one and the webhooks), one after the other. A refusal rolls back only its own
 * row: the ones sent before and after it stay sent. An id the actor does not reach answers "não encontrado", like an
 * id that does not exist, so a batch tells nothing about other exporters' certificates.
 *
 * The request's `Idempotency-Key` is tied (lib/idempotency.ts) by the first row that commits; a row that failed
 * after tying it in its rolled-back transaction gives the tie back to the next row.
 */
export async function sendManyForAnalysis(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  ids: readonly number[],
  onUnexpected: (id: number, error: unknown) => void = () => undefined,
): Promise<BulkSendResult> {
  const attempts: Attempt[] = [];
  for (const id of ids) {
    const claim = ctx.idempotency;
    const tiedBefore = claim?.tied ?? false;
    try {
      await sendAnalysisStep(db, ctx, actor, id);
      attempts.push({ id, outcome: 'sent', message: text.sent });
    } catch (error) {
      if (claim && !tiedBefore) claim.tied = false;
      if (error instanceof AppError) {
        attempts.push(
          error.status === 404
            ? { id, outcome: 'not_found', message: text.notFound }
            : { id, outcome: 'refused', message: error.message },
        );
      } else if (isDatabaseUnavailable(error)) {
        // The database is away: the rows after this one would fail the same way. A 503 (the client retries; the
        // rows already sent answer "já enviado" then) rather than a page of refusals that are not the rows' fault.
        throw error;
      } else {
        onUnexpected(id, error);
        attempts.push({ id, outcome: 'refused', message: UNEXPECTED });
      }
    }
  }
  const now = await currentRows(db, actor, ids);
  const data = attempts.map((attempt): BulkSendRow => {
    const row = attempt.outcome === 'not_found' ? undefined : now.get(attempt.id);
    return {
      ...attempt,
      status: (row?.status as CertificateStatus | undefined) ?? null,
      certificate_number: row?.certificate_number ?? null,
      invoice_number: row?.invoice_number ?? null,
    };
  });
  return {
    data,
    sent: data.filter((row) => row.outcome === 'sent').length,
    refused: data.filter((row) => row.outcome !== 'sent').length,
  };
}

/** Where the batch's certificates stand now, read within the actor's scope (one query). */
async function currentRows(db: Database, actor: Actor, ids: readonly number[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: certificates.id,
      status: certificates.status,
      certificate_number: certificates.certificate_number,
      invoice_number: certificates.invoice_number,
    })
    .from(certificates)
    .where(and(inArray(certificates.id, [...ids]), q.ownerScope(actor)));
  return new Map(rows.map((row) => [row.id, row]));
}
