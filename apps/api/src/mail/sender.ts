import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type Database, queryRows } from '../db/client';

type Claimed = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
};

const MAX_ATTEMPTS = 8;
const BATCH = 20;

/**
 * Delivers the outbox over SMTP. Rows are claimed with FOR UPDATE SKIP LOCKED, so several instances never send
 * the same message; a failure is retried with exponential back-off and the message is never deleted.
 * Without SMTP_URL messages stay in the outbox (status PENDENTE) and are written to the log once.
 */
export class MailSender {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private rerun: Promise<number> | null = null;
  private readonly logged = new Set<number>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  start(intervalMs = 5_000): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.rerun || this.running) await (this.rerun ?? this.running);
    this.transport?.close();
  }

  /** Sends what is due now; concurrent calls share a run. Returns how many the run that covers the call sent. */
  flush(): Promise<number> {
    if (this.running) {
      // The run under way may have read the outbox before the caller's message committed: one more pass follows
      // it, so "flush after my change" always covers that change.
      this.rerun ??= this.running
        .catch(() => 0)
        .then(() => {
          this.rerun = null;
          return this.flush();
        });
      return this.rerun;
    }
    this.running = this.deliverDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async deliverDue(): Promise<number> {
    if (!this.transport) {
      await this.logPending();
      return 0;
    }
    let sent = 0;
    for (;;) {
      // Claim a batch with a two-minute lease, outside any long transaction: SMTP latency never holds a lock,
      // and a crash mid-send only means the lease runs out and the message is retried.
      const claimed = await queryRows<Claimed>(
        this.db,
        sql`
        update mail_outbox set next_attempt_at = now() + interval '2 minutes', attempts = attempts + 1
         where id in (select id from mail_outbox where status = 'PENDENTE' and next_attempt_at <= now()
                       order by id limit ${BATCH} for update skip locked)
        returning id, "to", subject, text, html, attempts`,
      );
      for (const mail of claimed) {
        try {
          await this.transport.sendMail({
            from: this.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html ?? undefined,
          });
          await this.db.execute(
            sql`update mail_outbox set status = 'ENVIADO', sent_at = now(), last_error = null where id = ${mail.id}`,
          );
          sent += 1;
        } catch (err) {
          const status = mail.attempts >= MAX_ATTEMPTS ? 'FALHOU' : 'PENDENTE';
          const delaySeconds = Math.min(3600, 2 ** mail.attempts * 15);
          await this.db.execute(sql`update mail_outbox set status = ${status},
            last_error = ${String((err as Error).message).slice(0, 2000)},
            next_attempt_at = now() + make_interval(secs => ${delaySeconds}) where id = ${mail.id}`);
          this.log.warn(
            { mailId: mail.id, attempts: mail.attempts, err },
            'mail delivery failed; will retry',
          );
        }
      }
      if (claimed.length < BATCH) return sent;
    }
  }

  private async logPending(): Promise<void> {
    const pending = await queryRows<Claimed>(
      this.db,
      sql`
      select id, "to", subject, text, html, attempts from mail_outbox where status = 'PENDENTE' order by id limit 100`,
    );
    for (const mail of pending) {
      if (this.logged.has(mail.id)) continue;
      this.logged.add(mail.id);
      this.log.info(
        { mailId: mail.id, to: mail.to, subject: mail.subject, text: mail.text },
        'mail kept in outbox (no SMTP_URL)',
      );
    }
  }
}
