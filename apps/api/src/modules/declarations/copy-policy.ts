import { declarationFlow } from '@origem/contract/flows';
import { declarations } from '../../db/schema';
import type { CopyPolicy } from '../issuance/issued-copy';
import { declarationOwner } from './queries';

const APPROVED: string = declarationFlow.actions.approve_delivery.to;
const EXPIRED: string = declarationFlow.actions.expire.to;

/**
 * A declaration's stored copies (issue 39): approved, its PDF and sealed PDF, rendered once by a job after the
 * approval; expired (final), the watermarked PDF, made by its first print (the daily expiry moves many at once) and
 * superseding them. Before approval the PDF is rendered on demand.
 */
export const declarationCopies: CopyPolicy = {
  job: 'declaration_copies',
  table: declarations,
  owner: declarationOwner,
  role: (status, signed) => {
    if (status === APPROVED) return signed ? 'signed_pdf' : 'pdf';
    if (status === EXPIRED && !signed) return 'void_pdf';
    return null;
  },
  replaces: (role) => (role === 'void_pdf' ? ['pdf', 'signed_pdf'] : []),
  lazy: [EXPIRED],
};
