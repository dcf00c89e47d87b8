import type { Config } from '../../config';
import type { FileStorage } from '../../files/storage';
import type { JobHandler } from '../../jobs/runner';
import { systemContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { printCertificate, signedPdf } from './documents';
import { CERTIFICATE_COPIES_JOB, copyRole, printFacts } from './issued-copies';

/**
 * Renders and stores the copies of the state a certificate entered (issued; cancelled or replaced): its PDF and,
 * once its COD is complete, the sealed one — after the issuing transaction's commit, so no render runs while it
 * holds its locks. A refusal (no seal on the server, an NCM without description) is the one the print gives on
 * demand: skipped, not retried. An unavailable time-stamping authority (503) or store is retried.
 */
export function certificateCopiesHandler(files: FileStorage, config: Config): JobHandler {
  return async (payload, { db, log }) => {
    const id = Number(payload.id);
    const ctx = systemContext(CERTIFICATE_COPIES_JOB, config.appUrl);
    const facts = await printFacts(db, null, id).catch(() => null);
    if (!facts || !copyRole(facts.status, false)) return;
    const keep = async (what: string, make: () => Promise<unknown>) => {
      try {
        await make();
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        log.debug({ id, what, reason: err.message }, 'certificate copy not stored');
      }
    };
    await keep('pdf', () => printCertificate(db, files, ctx, null, id));
    await keep('signed_pdf', () => signedPdf(db, files, config, ctx, null, id));
  };
}
