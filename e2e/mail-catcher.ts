// A real SMTP listener for the browser tests, with a tiny HTTP side to read what arrived:
// GET /mails → [{ to, subject, text }]. Started by Playwright as a web server next to the product.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env.MAIL_SMTP_PORT ?? 2588);
const HTTP_PORT = Number(process.env.MAIL_HTTP_PORT ?? 2589);
const mails: { to: string[]; subject: string; text: string }[] = [];

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
    callback();
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(req.url?.startsWith('/mails') ? mails : { status: 'ok' }));
}).listen(HTTP_PORT, '127.0.0.1');
