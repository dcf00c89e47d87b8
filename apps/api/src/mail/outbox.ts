import type { Tx } from '../db/client';
import { mailOutbox } from '../db/schema';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

/** Queues a message in the caller's transaction: it is sent only if the change commits. */
export async function enqueueMail(tx: Tx, mail: OutgoingMail): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
}
