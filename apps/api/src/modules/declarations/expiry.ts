import { ErrorCode } from '@origem/contract/errors';
import type { Database } from '../../db/client';
import type { JobHandler } from '../../jobs/runner';
import { systemContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { transition } from '../../lib/workflow';
import { declarationSubject } from './flow-subject';
import * as q from './queries';

export const DECLARATION_EXPIRY_JOB = 'declaration_expiry';
const EXPIRY_BATCH = 200;

/**
 * APROVADA declarations past `valid_until` become VENCIDA, each through the flow's `expire` in its own transaction
 * (history step and audit row with no user). One a concurrent action moved meanwhile is skipped. Returns how many.
 */
export async function expireDeclarations(db: Database): Promise<number> {
  const ctx = systemContext(DECLARATION_EXPIRY_JOB);
  let expired = 0;
  for (;;) {
    const ids = await q.expiredIds(db, EXPIRY_BATCH);
    let moved = 0;
    for (const id of ids) {
      try {
        await db.transaction((tx) => transition(tx, ctx, declarationSubject, id, 'expire'));
        moved += 1;
      } catch (err) {
        if (!(err instanceof AppError && err.code === ErrorCode.FlowActionRefused)) throw err;
      }
    }
    expired += moved;
    if (ids.length < EXPIRY_BATCH || moved === 0) return expired;
  }
}

/** The daily `declaration_expiry` job: approved declarations past their validity become VENCIDA (DOMAIN.md §3). */
export const declarationExpiryHandler: JobHandler = async (_payload, { db, log }) => {
  const expired = await expireDeclarations(db);
  if (expired > 0) log.info({ expired }, 'declarations expired');
};
