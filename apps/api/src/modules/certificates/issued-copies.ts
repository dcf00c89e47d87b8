import { certificateFlow } from '@origem/contract/flows';
import type { CertificateStatus } from '@origem/contract/schemas/certificates';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { certificates } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { CopyPolicy } from '../issuance/issued-copy';
import { FILE_ROLES } from './file-roles';
import * as q from './queries';

const ISSUED: CertificateStatus = certificateFlow.actions.approve.to;
const VOID: readonly CertificateStatus[] = [
  certificateFlow.actions.send_cancellation.to,
  certificateFlow.actions.send_substitution.to,
];

/**
 * A certificate's stored copies (issue 39): issued, its PDF and sealed PDF; cancelled or replaced (final states),
 * the watermarked ones, which supersede them. Before issue, and while a cancellation or substitution is pending (the
 * print shows "SEM VALOR" then, and the request may be refused), the PDF is rendered on demand.
 */
export const certificateCopies: CopyPolicy = {
  job: 'certificate_copies',
  table: certificates,
  owner: q.certificateOwner,
  role: (status, signed) => {
    if (status === ISSUED) return signed ? FILE_ROLES.signed_pdf : FILE_ROLES.pdf;
    if (VOID.includes(status as CertificateStatus))
      return signed ? FILE_ROLES.void_signed_pdf : FILE_ROLES.void_pdf;
    return null;
  },
  // The plain void copy supersedes the sealed issued one too: that one is never served again.
  replaces: (role) =>
    role === FILE_ROLES.void_pdf
      ? [FILE_ROLES.pdf, FILE_ROLES.signed_pdf]
      : role === FILE_ROLES.void_signed_pdf
        ? [FILE_ROLES.signed_pdf]
        : [],
};
export const CERTIFICATE_COPIES_JOB = certificateCopies.job;

/** The certificate's state, within the actor's scope (the job's null actor: every row); 404 outside it. */
export async function printFacts(db: Executor, actor: Actor | null, id: number) {
  const [row] = await db
    .select({ status: certificates.status, certificate_number: certificates.certificate_number })
    .from(certificates)
    .where(and(eq(certificates.id, id), actor ? q.ownerScope(actor) : undefined));
  if (!row) throw notFound();
  return row;
}
