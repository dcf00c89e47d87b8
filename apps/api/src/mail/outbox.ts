import type { Tx } from '../db/client';
import { mailOutbox } from '../db/schema';
import { enqueueJob } from '../jobs/queue';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

export const MAIL_JOB = 'mail';

/**
 * Queues a message in the caller's transaction: the outbox row keeps what was sent (and its delivery state), the job
 * delivers it. Both are written only if the change commits, so a rollback sends nothing. Answers the row's id.
 */
export async function enqueueMail(tx: Tx, mail: OutgoingMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned nothing');
  await enqueueJob(tx, { kind: MAIL_JOB, payload: { mailId: row.id } });
  return row.id;
}
