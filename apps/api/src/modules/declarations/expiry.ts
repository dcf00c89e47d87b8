import type { JobHandler } from '../../jobs/runner';
import { EXPIRY_JOB, expireDeclarations } from './service';

export { EXPIRY_JOB as DECLARATION_EXPIRY_JOB };

/** The daily `declaration_expiry` job: approved declarations past their validity become VENCIDA (DOMAIN.md §3). */
export const declarationExpiryHandler: JobHandler = async (_payload, { db, log }) => {
  const expired = await expireDeclarations(db);
  if (expired > 0) log.info({ expired }, 'declarations expired');
};
