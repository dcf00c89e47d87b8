import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { queryRows } from '../db/client';
import type { JobHandler } from '../jobs/runner';

type OutboxRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
};

export type MailDeliveryOptions = {
  smtpUrl: string | undefined;
  from: string;
  /** In production message bodies (they carry links and tokens) never reach the log. */
  production: boolean;
};

/**
 * The `mail` job: sends one outbox message over SMTP and records the outcome on the outbox row. A failure is thrown
 * so the job retries with back-off; after the last attempt the message is left FALHOU. Without SMTP_URL the message
 * stays PENDENTE in the outbox; in development its text (with the link) is logged, marked as such.
 */
export function mailDeliveryHandler(options: MailDeliveryOptions): {
  handler: JobHandler;
  close: () => void;
} {
  const { smtpUrl } = options;
  // nodemailer is loaded with the first message, not at every start (its modules held 8 MB of an idle server).
  let opened: Promise<Transporter> | undefined;
  const transport = smtpUrl
    ? () => (opened ??= import('nodemailer').then(({ default: mailer }) => mailer.createTransport(smtpUrl)))
    : null;
  const handler: JobHandler = async (payload, { db, log, attempt, maxAttempts }) => {
    const mailId = Number(payload.mailId);
    const [mail] = await queryRows<OutboxRow>(
      db,
      sql`select id, "to", subject, text, html, status from mail_outbox where id = ${mailId}`,
    );
    if (!mail || mail.status === 'ENVIADO') return;
    if (!transport) {
      if (options.production) {
        log.warn(
          { mailId, to: mail.to, subject: mail.subject },
          'SMTP_URL não configurado: e-mail mantido na fila',
        );
      } else {
        log.info(
          { mailId, to: mail.to, subject: mail.subject, devOnlyText: mail.text },
          'SMTP_URL não configurado (desenvolvimento): o texto do e-mail, com o link, aparece aqui só por isso',
        );
      }
      return;
    }
    try {
      await (await transport()).sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
    } catch (err) {
      await db.execute(sql`update mail_outbox set attempts = ${attempt},
          status = ${attempt >= maxAttempts ? 'FALHOU' : 'PENDENTE'},
          last_error = ${String((err as Error).message).slice(0, 2000)} where id = ${mailId}`);
      throw err;
    }
    await db.execute(sql`update mail_outbox set status = 'ENVIADO', sent_at = now(), attempts = ${attempt},
        last_error = null where id = ${mailId}`);
  };
  return { handler, close: () => void opened?.then((open) => open.close()) };
}
