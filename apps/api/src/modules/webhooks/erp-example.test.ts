import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeyFor, startReceiver, verifySignature } from '../../../../../scripts/erp-example.mjs';
import { queryRows } from '../../db/client';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import type { TestApp } from '../../test/app';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  certificateRow,
  openCertificateSuite,
  PDF,
} from '../certificates/test-support';
import { signature } from './delivery';

/**
 * Issue 25, "done when": an ERP script with a token creates and sends a certificate and receives the webhook when the
 * analyst approves it. scripts/erp-example.mjs runs as its own Node process against the real server listening on
 * loopback: the token is created through the API, the analyst takes and approves through the API, the webhook jobs
 * deliver to the script's receiver, which checks the signature.
 */

const SCRIPT = path.resolve(import.meta.dirname, '../../../../../scripts/erp-example.mjs');
let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista', string>;
let origemUrl = '';
const dir = mkdtempSync(path.join(tmpdir(), 'origem-erp-'));

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(['exportador', 'analista'], {
    WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
  }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origemUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the script’s webhook receiver', () => {
  it('accepts what the server signs and refuses a wrong, stale or missing signature', async () => {
    const body = JSON.stringify({ event: 'certificate.approved', id: 7, number: null, status: 'EMITIDO' });
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature('whsec_x', signature('whsec_x', body, now), body)).toBe(true);
    expect(verifySignature('whsec_y', signature('whsec_x', body, now), body)).toBe(false);
    expect(verifySignature('whsec_x', signature('whsec_x', `${body} `, now), body)).toBe(false);
    expect(verifySignature('whsec_x', signature('whsec_x', body, now - 600), body)).toBe(false);
    expect(verifySignature('whsec_x', undefined, body)).toBe(false);

    const receiver = await startReceiver({ secret: 'whsec_x' });
    try {
      const post = (header: string) =>
        fetch(`http://127.0.0.1:${receiver.port}/hook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-origem-signature': header },
          body,
        });
      expect((await post(signature('whsec_forjado', body, now))).status).toBe(401);
      expect(receiver.events).toEqual([]);
      expect((await post(signature('whsec_x', body, now))).status).toBe(204);
      expect(receiver.events).toEqual([JSON.parse(body)]);
    } finally {
      await receiver.close();
    }
  });
});

describe('scripts/erp-example.mjs against a running server', () => {
  it('creates and sends a certificate with the token and exits once the approval’s webhook arrives', async () => {
    const created = await t.request('POST', '/v1/api-token', {
      token: tok.exportador,
      body: {
        name: 'ERP de exemplo',
        expires_on: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        scopes: ['certificate.view', 'certificate.create'],
        password: DEMO_PASSWORD,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const apiToken = created.json<{ token: string }>().token;

    const invoice = 'ERP-2026/0042';
    const declaration = await approvedDeclaration(t.db, r);
    const certificateJson = path.join(dir, 'certificado.json');
    const invoicePdf = path.join(dir, 'fatura-0042.pdf');
    writeFileSync(
      certificateJson,
      JSON.stringify(certificateBody(r, [declaration], { invoice_number: invoice })),
    );
    writeFileSync(invoicePdf, PDF);

    const child = spawn(process.execPath, [SCRIPT], {
      env: {
        PATH: process.env.PATH ?? '',
        ORIGEM_URL: origemUrl,
        ORIGEM_TOKEN: apiToken,
        WEBHOOK_PORT: '0',
        CERTIFICATE_JSON: certificateJson,
        INVOICE_PDF: invoicePdf,
        POLL_SECONDS: '1',
        WAIT_MINUTES: '1',
        // Kept, so that its delivery log can be read below (by default the script removes the webhook it made).
        KEEP_WEBHOOK: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let exitCode: number | null | undefined;
    void exited.then((code) => {
      exitCode = code;
    });
    const until = async (done: () => boolean, what: string) => {
      const deadline = Date.now() + 30_000;
      while (!done()) {
        if (exitCode !== undefined || Date.now() > deadline) throw new Error(`${what}; saída:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    try {
      // The script creates the draft, attaches the invoice and sends it.
      await until(() => /enviado: ENVIADO/.test(out), 'o script não enviou o certificado');
      const id = Number(/certificado nº (\d+) criado/.exec(out)?.[1]);
      expect((await certificateRow(t.db, id))?.status).toBe('ENVIADO');

      // The analyst decides; the webhook jobs deliver to the script's receiver.
      const taken = await t.request('GET', `/v1/certificate/send_analyzing/${id}?type_analysis=analise`, {
        token: tok.analista,
      });
      expect(taken.statusCode, taken.body).toBe(200);
      // The script follows the status by polling, besides the webhooks.
      await until(() => /situação: ENVIADO → EM_ANALISE/.test(out), 'o script não viu a análise começar');
      const approved = await t.request('POST', `/v1/certificate/approve/${id}`, { token: tok.analista });
      expect(approved.statusCode, approved.body).toBe(200);
      const number = approved.json<{ certificate: { certificate_number: string } }>().certificate
        .certificate_number;
      while (exitCode === undefined) {
        await t.app.jobs.runDue(['webhook_delivery']);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(exitCode, out).toBe(0);
      expect(out).toContain(`webhook certificate.approved: certificado ${id} → EMITIDO (${number})`);
      expect(out).toContain(`aprovado: ${number} (EMITIDO)`);

      // Delivered and signed (the receiver answers 204 only to a valid signature), to the exporter's webhook the
      // script registered with its token; nothing created twice.
      const deliveries = await queryRows<{ event: string; status: string; response_code: number | null }>(
        t.db,
        sql`select event, status, response_code from webhook_deliveries
             where (payload->>'id')::int = ${id} order by id`,
      );
      expect(deliveries).toEqual([
        { event: 'certificate.sent', status: 'ENTREGUE', response_code: 204 },
        { event: 'certificate.approved', status: 'ENTREGUE', response_code: 204 },
      ]);
      const [copies] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from certificates where invoice_number = ${invoice}`,
      );
      expect(copies?.n).toBe(1);
      const keys = await queryRows<{ key: string; record_id: number | null }>(
        t.db,
        sql`select key, record_id from idempotency_keys where key like 'erp-%' order by key`,
      );
      expect(keys.map((k) => k.key).sort()).toEqual(
        ['create', 'invoice', 'send'].map((step) => idempotencyKeyFor(invoice, step)).sort(),
      );
      expect(keys.every((k) => k.record_id === id)).toBe(true);
      const endpoints = await queryRows<{ owner_kind: string; owner_id: number; url: string }>(
        t.db,
        sql`select owner_kind, owner_id, url from webhook_endpoints`,
      );
      expect(endpoints).toEqual([
        {
          owner_kind: 'exporter',
          owner_id: r.exporterId,
          url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/origem-webhook$/),
        },
      ]);
    } finally {
      if (exitCode === undefined) child.kill();
      await exited;
    }
  }, 90_000);
});
