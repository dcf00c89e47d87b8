#!/usr/bin/env node
// An ERP talking to Origem with a personal API token (docs/integrations.md): it listens for webhooks on loopback,
// checking each delivery's X-Origem-Signature; registers its webhook (or uses one it already has); creates a
// certificate draft and attaches its commercial invoice, each with an Idempotency-Key; sends it for analysis;
// follows its status; and waits for the `certificate.approved` webhook. Plain Node (18+), no dependencies.
//
//   ORIGEM_URL=https://origem.example.org ORIGEM_TOKEN=orig_… WEBHOOK_PORT=8787 \
//   CERTIFICATE_JSON=certificado.json INVOICE_PDF=fatura.pdf node scripts/erp-example.mjs
//
// Exit codes: 0 approved; 1 error; 2 reproved by the analyst; 3 no decision within WAIT_MINUTES.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SIGNATURE_HEADER = 'x-origem-signature';
/** A delivery signed longer ago than this (or ahead of this clock by it) is refused: a replayed request. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
const MAX_BODY_BYTES = 1024 * 1024;
const DECISIONS = ['certificate.approved', 'certificate.reproved'];

/**
 * Whether `header` (`t=<unix>,v1=<hex>`) signs `rawBody` with `secret`: v1 = HMAC-SHA256(secret, t + "." + body),
 * compared in constant time, and t within SIGNATURE_TOLERANCE_SECONDS of `nowSeconds`.
 */
export function verifySignature(secret, header, rawBody, nowSeconds = Math.floor(Date.now() / 1000)) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split('='))
      .filter((pair) => pair.length === 2),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

/**
 * An HTTP receiver on 127.0.0.1:`port` (0: any free port). Answers 204 to a delivery whose signature checks out and
 * keeps its event; 401 to anything else. `secret` may be set after the start (a webhook registered afterwards).
 */
export async function startReceiver({ port = 0, secret = '', log = () => {} } = {}) {
  const events = [];
  const waiters = [];
  const receiver = {
    secret,
    events,
    port: 0,
    /** Resolves with the first event (received before or after the call) that `match` accepts. */
    waitFor(match, timeoutMs) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve, timer: null };
        waiter.timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error('tempo esgotado esperando o webhook'));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST' || !verifySignature(receiver.secret, req.headers[SIGNATURE_HEADER], raw)) {
        log(`webhook recusado: assinatura inválida (${req.method} ${req.url})`);
        res.writeHead(401).end();
        return;
      }
      let event;
      try {
        event = JSON.parse(raw);
      } catch {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(204).end();
      log(
        `webhook ${event.event}: certificado ${event.id} → ${event.status}${event.number ? ` (${event.number})` : ''}`,
      );
      events.push(event);
      for (const waiter of [...waiters]) {
        if (!waiter.match(event)) continue;
        clearTimeout(waiter.timer);
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  receiver.port = server.address().port;
  return receiver;
}

/** Origem's API with the token: JSON in and out; an answer other than 2xx throws with the server's message. */
export function origemClient(baseUrl, token) {
  const call = async (method, pathname, { json, form, idempotencyKey } = {}) => {
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const res = await fetch(new URL(pathname, baseUrl), {
      method,
      headers,
      body: json !== undefined ? JSON.stringify(json) : form,
    });
    const text = await res.text();
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page: reported below with its status.
    }
    if (!res.ok) {
      const fields = body?.errors ? ` ${JSON.stringify(body.errors)}` : '';
      const error = new Error(`${method} ${pathname}: ${res.status} ${body?.message ?? text}${fields}`);
      error.status = res.status;
      throw error;
    }
    return body;
  };
  return {
    call,
    /** POST /v1/webhook: the endpoint and its signing secret (shown only in this answer). */
    registerWebhook: (url, events) => call('POST', '/v1/webhook', { json: { url, events } }),
    deleteWebhook: (id) => call('DELETE', `/v1/webhook/${id}`),
    /** POST /v1/certificate: a draft. The same key again answers the same draft instead of a second one. */
    createCertificate: (body, idempotencyKey) =>
      call('POST', '/v1/certificate', { json: body, idempotencyKey }),
    uploadCommercialInvoice: (id, pdf, fileName, idempotencyKey) => {
      const form = new FormData();
      form.append('certificate_id', String(id));
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), fileName);
      return call('POST', '/v1/certificate/commercial_invoice/upload', { form, idempotencyKey });
    },
    sendForAnalysis: (id, idempotencyKey) =>
      call('POST', `/v1/certificate/send_analysis/${id}`, { idempotencyKey }),
    getCertificate: (id) => call('GET', `/v1/certificate/${id}`),
  };
}

/** An Idempotency-Key from the ERP's own identity of the document (letters, digits and - _ . : only). */
export const idempotencyKeyFor = (invoiceNumber, step) =>
  `erp-${String(invoiceNumber).replace(/[^A-Za-z0-9_.:-]/g, '_')}-${step}`.slice(0, 100);

/**
 * The whole example: receiver, webhook, draft with its invoice, send, then the status followed (every `pollMs`) until
 * the analyst's decision arrives by webhook. Resolves `{ id, decision, certificate }`.
 */
export async function runErpExample({
  origemUrl,
  token,
  webhookPort = 0,
  webhookUrl,
  webhookSecret,
  certificate,
  invoicePdf,
  invoiceFileName = 'fatura.pdf',
  pollMs = 5000,
  waitMs = 30 * 60_000,
  keepWebhook = false,
  log = console.log,
}) {
  const origem = origemClient(origemUrl, token);
  const receiver = await startReceiver({ port: webhookPort, secret: webhookSecret ?? '', log });
  log(`recebendo webhooks em 127.0.0.1:${receiver.port}`);
  let registered = null;
  let poll = null;
  try {
    if (!webhookSecret) {
      const url = webhookUrl ?? `http://127.0.0.1:${receiver.port}/origem-webhook`;
      const created = await origem.registerWebhook(url, ['certificate.sent', ...DECISIONS]);
      registered = created.webhook.id;
      receiver.secret = created.secret;
      log(`webhook ${registered} cadastrado para ${url}`);
    }
    const invoice = certificate.invoice_number;
    const draft = await origem.createCertificate(certificate, idempotencyKeyFor(invoice, 'create'));
    const id = draft.id;
    log(`certificado nº ${id} criado em ${draft.status} (fatura ${invoice})`);
    await origem.uploadCommercialInvoice(
      id,
      invoicePdf,
      invoiceFileName,
      idempotencyKeyFor(invoice, 'invoice'),
    );
    log('fatura comercial anexada');
    const sent = await origem.sendForAnalysis(id, idempotencyKeyFor(invoice, 'send'));
    log(`enviado: ${sent.certificate.status} — ${sent.message ?? ''}`);

    let last = sent.certificate.status;
    poll = setInterval(() => {
      origem
        .getCertificate(id)
        .then((now) => {
          if (now.status !== last) log(`situação: ${last} → ${now.status}`);
          last = now.status;
        })
        .catch((error) => log(`consulta falhou: ${error.message}`));
    }, pollMs);
    const decision = await receiver.waitFor(
      (event) => event.id === id && DECISIONS.includes(event.event),
      waitMs,
    );
    const final = await origem.getCertificate(id);
    log(
      decision.event === 'certificate.approved'
        ? `aprovado: ${final.certificate_number} (${final.status})`
        : `reprovado: ${final.last_reason ?? ''}`,
    );
    return { id, decision, certificate: final, webhookId: registered };
  } finally {
    if (poll) clearInterval(poll);
    if (registered && !keepWebhook) await origem.deleteWebhook(registered).catch(() => undefined);
    await receiver.close();
  }
}

async function main() {
  const env = process.env;
  const missing = ['ORIGEM_URL', 'ORIGEM_TOKEN', 'CERTIFICATE_JSON', 'INVOICE_PDF'].filter(
    (name) => !env[name],
  );
  if (missing.length > 0) {
    console.error(`Faltam as variáveis: ${missing.join(', ')} (veja docs/integrations.md).`);
    return 1;
  }
  try {
    const result = await runErpExample({
      origemUrl: env.ORIGEM_URL,
      token: env.ORIGEM_TOKEN,
      webhookPort: Number(env.WEBHOOK_PORT ?? 8787),
      webhookUrl: env.WEBHOOK_PUBLIC_URL || undefined,
      webhookSecret: env.ORIGEM_WEBHOOK_SECRET || undefined,
      certificate: JSON.parse(await readFile(env.CERTIFICATE_JSON, 'utf8')),
      invoicePdf: await readFile(env.INVOICE_PDF),
      invoiceFileName: path.basename(env.INVOICE_PDF),
      pollMs: Number(env.POLL_SECONDS ?? 5) * 1000,
      waitMs: Number(env.WAIT_MINUTES ?? 30) * 60_000,
      keepWebhook: env.KEEP_WEBHOOK === '1',
    });
    return result.decision.event === 'certificate.approved' ? 0 : 2;
  } catch (error) {
    console.error(error.message);
    return /tempo esgotado/.test(error.message) ? 3 : 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then((code) => process.exit(code));
}
