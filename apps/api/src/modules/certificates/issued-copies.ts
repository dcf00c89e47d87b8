import { certificateFlow } from '@origem/contract/flows';
import { type CertificateStatus, certificatePdfName } from '@origem/contract/schemas/certificates';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows, type Tx } from '../../db/client';
import { certificates } from '../../db/schema';
import type { Printed } from '../../documents/pdf/send';
import type { FileStorage } from '../../files/storage';
import { enqueueJob } from '../../jobs/queue';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { issuedCopy } from '../issuance/issued-copy';
import { FILE_ROLES } from './file-roles';
import * as q from './queries';

/** The job that renders a certificate's copies once it is issued, cancelled or replaced (issue 39). */
export const CERTIFICATE_COPIES_JOB = 'certificate_copies';

const ISSUED: CertificateStatus = certificateFlow.actions.approve.to;
const VOID: readonly CertificateStatus[] = [
  certificateFlow.actions.send_cancellation.to,
  certificateFlow.actions.send_substitution.to,
];

/**
 * The stored copy a certificate in this state serves (`signed`: the print-signed one): the issued copy, the
 * watermarked copy once cancelled or replaced (final states: it never changes again), or none — before issue, and
 * while a cancellation or substitution is pending (the print shows "SEM VALOR" then, and the request may be
 * refused), the PDF is rendered on demand.
 */
export function copyRole(status: string, signed: boolean): string | null {
  if (status === ISSUED) return signed ? FILE_ROLES.signed_pdf : FILE_ROLES.pdf;
  if (VOID.includes(status as CertificateStatus)) return signed ? FILE_ROLES.void_signed_pdf : FILE_ROLES.void_pdf;
  return null;
}

type Facts = { status: string; certificate_number: string | null };

/** The certificate's state, within the actor's scope (the job's null actor: every row); 404 outside it. */
export async function printFacts(db: Executor, actor: Actor | null, id: number): Promise<Facts> {
  const [row] = await db
    .select({ status: certificates.status, certificate_number: certificates.certificate_number })
    .from(certificates)
    .where(and(eq(certificates.id, id), actor ? q.ownerScope(actor) : undefined));
  if (!row) throw notFound();
  return row;
}

async function lockedRole(tx: Tx, id: number, signed: boolean): Promise<string | null> {
  const [row] = await queryRows<{ status: string }>(
    tx,
    sql`select status from ${certificates} where ${certificates.id} = ${id} for update`,
  );
  return row ? copyRole(row.status, signed) : null;
}

/**
 * A print of the certificate (`signed`: its sealed copy) in the state `facts` found: the stored copy when the state
 * has one (made now and stored when the job has not run yet), else `render`'s bytes, not kept.
 */
export async function printedCopy(
  db: Database,
  files: FileStorage,
  id: number,
  facts: Facts,
  signed: boolean,
  render: () => Promise<Buffer>,
): Promise<Printed> {
  const role = copyRole(facts.status, signed);
  if (!role) return { stored: null, bytes: await render() };
  const voided = role === FILE_ROLES.void_pdf || role === FILE_ROLES.void_signed_pdf;
  return issuedCopy(db, files, {
    owner: q.certificateOwner(id),
    role,
    fileName: certificatePdfName({ id, certificate_number: facts.certificate_number }),
    render,
    servedRole: (tx) => lockedRole(tx, id, signed),
    // The void copy supersedes the issued one (and the plain one the signed issued one too: it is never served again).
    replaces: !voided ? [] : signed ? [FILE_ROLES.signed_pdf] : [FILE_ROLES.pdf, FILE_ROLES.signed_pdf],
  });
}

/**
 * In the transition's transaction (before its last statement, outside the numbering's lock window): queues the job
 * that renders the copies of the state the certificate enters, when that state has any. It runs after the commit.
 */
export async function queueCopies(tx: Executor, id: number, to: string): Promise<void> {
  if (!copyRole(to, false)) return;
  await enqueueJob(tx, {
    kind: CERTIFICATE_COPIES_JOB,
    payload: { id },
    dedupeKey: `${CERTIFICATE_COPIES_JOB}:${id}:${to}`,
  });
}
