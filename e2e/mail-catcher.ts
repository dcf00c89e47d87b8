// A real SMTP listener for the browser tests, with a tiny HTTP side to read what arrived:
// GET /mails → [{ to, subject, text }]; GET /mails/next?to&subject&after → the newest matching mail after the
// first `after`, answered as soon as one arrives (204 if none within 20 s), so tests wait for the mail itself
// rather than polling. Started by Playwright as a web server next to the product.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env.MAIL_SMTP_PORT ?? 2588);
const HTTP_PORT = Number(process.env.MAIL_HTTP_PORT ?? 2589);
type Mail = { to: string[]; subject: string; text: string };
const mails: Mail[] = [];
/** Requests of /mails/next still waiting: each re-checks when a mail arrives. */
const waiting = new Set<() => boolean>();
const WAIT_MS = 20_000;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  async onData(stream, session, callback) {
    const parsed = await simpleParser(stream);
    mails.push({
      to: session.envelope.rcptTo.map((r) => r.address),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
    });
    for (const check of waiting) if (check()) waiting.delete(check);
    callback();
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname !== '/mails/next') {
    res.end(JSON.stringify(url.pathname.startsWith('/mails') ? mails : { status: 'ok' }));
    return;
  }
  const to = url.searchParams.get('to') ?? '';
  const subject = url.searchParams.get('subject') ?? '';
  const after = Number(url.searchParams.get('after') ?? 0);
  const answer = (): boolean => {
    const found = mails
      .slice(after)
      .filter((m) => m.to.includes(to) && m.subject.includes(subject))
      .at(-1);
    if (!found) return false;
    clearTimeout(timer);
    res.end(JSON.stringify(found));
    return true;
  };
  const timer = setTimeout(() => {
    waiting.delete(answer);
    res.statusCode = 204;
    res.end();
  }, WAIT_MS);
  if (!answer()) waiting.add(answer);
}).listen(HTTP_PORT, '127.0.0.1');
