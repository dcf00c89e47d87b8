import { createHmac, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { TestApp } from '../../test/app';
import {
  approvedDeclaration,
  type CertificateRefs,
  certificateBody,
  openCertificateSuite,
  uploadInvoice,
} from '../certificates/test-support';
import { webhookEventsOf } from './events';
import { isPrivateAddress, PrivateAddressError, pinnedLookup } from './url-guard';

type Received = { body: Record<string, unknown>; signatureOk: boolean };

/** A real HTTP receiver on loopback that checks each delivery's signature with the endpoint's secret. */
class Receiver {
  received: Received[] = [];
  secret = '';
  port = 0;
  private server: Server | null = null;

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const header = String(req.headers['x-origem-signature'] ?? '');
        const t = /t=(\d+)/.exec(header)?.[1] ?? '';
        const v1 = /v1=([0-9a-f]+)/.exec(header)?.[1] ?? '';
        const expected = createHmac('sha256', this.secret).update(`${t}.${raw}`).digest('hex');
        const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;
        this.received.push({ body: JSON.parse(raw), signatureOk: v1 === expected && fresh });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hook`;
  }
}

let t: TestApp;
let r: CertificateRefs;
let tok: Record<'exportador' | 'analista' | 'associacao' | 'fabricante' | 'admin' | 'despachante', string>;
const exporterHook = new Receiver();
const associationHook = new Receiver();
const otherExporterHook = new Receiver();
const dispatcherHook = new Receiver();

const ALL_EVENTS = [
  'certificate.sent',
  'certificate.approved',
  'certificate.reproved',
  'certificate.issued',
  'certificate.cancelled',
];

async function register(session: string, receiver: Receiver) {
  const res = await t.request('POST', '/v1/webhook', {
    token: session,
    body: { url: receiver.url, events: ALL_EVENTS },
  });
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json<{ webhook: { id: number }; secret: string }>();
  receiver.secret = answer.secret;
  return answer.webhook.id;
}

/** A paper certificate of the demo exporter, sent for analysis. */
async function sentCertificate(invoice: string): Promise<number> {
  const declaration = await approvedDeclaration(t.db, r);
  const created = await t.request('POST', '/v1/certificate', {
    token: tok.exportador,
    body: certificateBody(r, [declaration], { invoice_number: invoice }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  expect((await uploadInvoice(t, tok.exportador, id)).statusCode).toBe(200);
  const sent = await t.request('POST', `/v1/certificate/send_analysis/${id}`, { token: tok.exportador });
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

const deliver = () => t.app.jobs.runDue(['webhook_delivery']);

async function deliveries(endpointId: number) {
  return queryRows<{ id: number; status: string; attempts: number; response_code: number | null }>(
    t.db,
    sql`select id, status, attempts, response_code from webhook_deliveries where endpoint_id = ${endpointId}
         order by id`,
  );
}

let exporterEndpoint = 0;

beforeAll(async () => {
  ({ t, r, tok } = await openCertificateSuite(
    ['exportador', 'analista', 'associacao', 'fabricante', 'admin', 'despachante'],
    // Sealed at rest: every delivery below is signed with the secret read back through SECRETS_KEY.
    { WEBHOOK_ALLOW_PRIVATE: '127.0.0.1', SECRETS_KEY: randomBytes(32).toString('base64') },
  ));
  await exporterHook.start();
  await associationHook.start();
  await otherExporterHook.start();
  await dispatcherHook.start();
});
afterAll(async () => {
  await exporterHook.stop();
  await associationHook.stop();
  await otherExporterHook.stop();
  await dispatcherHook.stop();
  await t.close();
});

describe('registering an endpoint', () => {
  it('refuses http, private and loopback addresses outside WEBHOOK_ALLOW_PRIVATE', async () => {
    for (const url of [
      'http://example.com/hook',
      'https://10.1.2.3/hook',
      'https://127.0.0.2/h',
      'https://[::1]/h',
    ]) {
      const res = await t.request('POST', '/v1/webhook', {
        token: tok.exportador,
        body: { url, events: ['certificate.sent'] },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url, url).toBeDefined();
    }
    expect(isPrivateAddress('169.254.169.254')).toBe(true);
    expect(isPrivateAddress('::ffff:192.168.0.1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
  });

  it('connects only to addresses that pass the guard, whatever the name answered before (DNS rebinding)', async () => {
    // "localhost" stands for a public name that a rebinding DNS answers with 127.0.0.1 at connect time.
    const probe = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const receiverPort = (probe.address() as AddressInfo).port;
    const connect = (allow: string[]) =>
      new Promise<{ ok: boolean; error?: unknown }>((resolve) => {
        const req = httpRequest(
          { host: 'localhost', family: 4, port: receiverPort, method: 'POST', lookup: pinnedLookup(allow) },
          (res) => {
            res.resume();
            resolve({ ok: true });
          },
        );
        req.on('error', (error) => resolve({ ok: false, error }));
        req.end('{}');
      });
    const refused = await connect([]);
    expect(refused.ok).toBe(false);
    expect(refused.error).toBeInstanceOf(PrivateAddressError);
    expect((refused.error as Error).message).toMatch(/rede privada ou local/);
    expect((await connect(['localhost'])).ok).toBe(true);
    probe.close();
  });

  it('is for exporters, dispatchers and associations only', async () => {
    for (const role of ['fabricante', 'admin'] as const) {
      const res = await t.request('GET', '/v1/webhook', { token: tok[role] });
      expect(res.statusCode, role).toBe(403);
    }
  });

  it('shows the secret once', async () => {
    exporterEndpoint = await register(tok.exportador, exporterHook);
    expect(exporterHook.secret).toMatch(/^whsec_/);
    const list = await t.request('GET', '/v1/webhook', { token: tok.exportador });
    expect(list.json().data[0]).toMatchObject({ id: exporterEndpoint, url: exporterHook.url, active: true });
    expect(list.body).not.toContain(exporterHook.secret);
    const [stored] = await queryRows<{ secret: string }>(
      t.db,
      sql`select secret from webhook_endpoints where id = ${exporterEndpoint}`,
    );
    expect(stored?.secret).toMatch(/^sealed:v1:/);
    expect(stored?.secret).not.toContain(exporterHook.secret.slice(6));
  });
});

describe('events', () => {
  it('are raised by the flows’ steps', () => {
    expect(webhookEventsOf('certificate', 'send_analysis', 'ENVIADO')).toEqual(['certificate.sent']);
    expect(webhookEventsOf('certificate', 'first_signature', 'ENVIADO')).toEqual(['certificate.sent']);
    expect(webhookEventsOf('certificate', 'approve', 'EMITIDO')).toEqual([
      'certificate.approved',
      'certificate.issued',
    ]);
    expect(webhookEventsOf('certificate', 'approve_digital', 'APROVADO')).toEqual(['certificate.approved']);
    expect(webhookEventsOf('certificate', 'reprove', 'REPROVADO')).toEqual(['certificate.reproved']);
    expect(webhookEventsOf('certificate', 'send_cancellation', 'CANCELADO')).toEqual([
      'certificate.cancelled',
    ]);
    expect(webhookEventsOf('certificate', 'take', 'EM_ANALISE')).toEqual([]);
    expect(webhookEventsOf('declaration', 'approve_delivery', 'APROVADA')).toEqual(['declaration.approved']);
    expect(webhookEventsOf('declaration', 'reject', 'REPROVADA')).toEqual(['declaration.reproved']);
    expect(webhookEventsOf('dispatcher_exporter_link', 'approve', 'APROVADO')).toEqual(['link.approved']);
    expect(webhookEventsOf('declaration_link', 'approve', 'APROVADO')).toEqual(['link.approved']);
    expect(webhookEventsOf('pre_registration', 'approve', 'APROVADO')).toEqual([]);
  });
});

describe('deliveries', () => {
  it('signs each event of the owner’s records and reaches no other exporter', async () => {
    await register(tok.associacao, associationHook);
    // Another exporter's endpoint, listening for the same events.
    const [other] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from exporters where id <> ${r.exporterId} order by id limit 1`,
    );
    otherExporterHook.secret = 'outro-segredo';
    await t.db.execute(sql`insert into webhook_endpoints (owner_kind, owner_id, url, events, secret)
      values ('exporter', ${other?.id}, ${otherExporterHook.url}, ${`{${ALL_EVENTS.join(',')}}`}::text[], 'outro-segredo')`);

    // The demo dispatcher, linked (approved) to the demo exporter, receives its records' events too.
    await t.db.execute(sql`insert into dispatcher_exporter_links
        (exporter_id, dispatcher_id, trade_association_id, status, requested_by, exporter_name, dispatcher_name)
      select x.id, d.id, x.trade_association_id, 'APROVADO', 'exporter', x.name, d.name
        from exporters x, dispatchers d, users u
       where x.id = ${r.exporterId} and u.email = 'despachante@origem.local' and d.id = u.dispatcher_id
         and not exists (select 1 from dispatcher_exporter_links l where l.exporter_id = x.id and l.dispatcher_id = d.id)`);
    await t.db.execute(sql`update dispatcher_exporter_links set status = 'APROVADO'
      where exporter_id = ${r.exporterId}
        and dispatcher_id = (select dispatcher_id from users where email = 'despachante@origem.local')`);
    await register(tok.despachante, dispatcherHook);

    const id = await sentCertificate('WH-0001');
    const taken = await t.request('GET', `/v1/certificate/send_analyzing/${id}?type_analysis=analise`, {
      token: tok.analista,
    });
    expect(taken.statusCode).toBe(200);
    const approved = await t.request('POST', `/v1/certificate/approve/${id}`, { token: tok.analista });
    expect(approved.statusCode, approved.body).toBe(200);
    await deliver();

    const events = exporterHook.received.map((delivery) => delivery.body.event);
    expect([...events].sort()).toEqual(['certificate.approved', 'certificate.issued', 'certificate.sent']);
    expect(exporterHook.received.every((delivery) => delivery.signatureOk)).toBe(true);
    const issued = exporterHook.received.find((d) => d.body.event === 'certificate.issued')?.body ?? {};
    expect(Object.keys(issued).sort()).toEqual(['event', 'id', 'number', 'occurred_at', 'status']);
    expect(issued).toMatchObject({ id, status: 'EMITIDO' });
    expect(String(issued.number)).toMatch(/^BR/);
    // Each endpoint is its own queue: the order across endpoints is not promised (receivers read occurred_at).
    expect(associationHook.received.map((delivery) => delivery.body.event).sort()).toEqual(
      [...events].sort(),
    );
    expect(associationHook.received.every((delivery) => delivery.signatureOk)).toBe(true);
    expect(otherExporterHook.received).toEqual([]);
    expect(dispatcherHook.received.map((delivery) => delivery.body.event).sort()).toEqual([...events].sort());
    expect(dispatcherHook.received.every((delivery) => delivery.signatureOk)).toBe(true);

    const log = await t.request('GET', `/v1/webhook/${exporterEndpoint}/delivery`, { token: tok.exportador });
    expect(log.statusCode).toBe(200);
    expect(log.json().data[0]).toMatchObject({ status: 'ENTREGUE', response_code: 204, attempts: 1 });
    // Another owner cannot read this log.
    const foreign = await t.request('GET', `/v1/webhook/${exporterEndpoint}/delivery`, {
      token: tok.associacao,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('retries after the receiver goes down and delivers once it is back', async () => {
    const port = exporterHook.port;
    const before = exporterHook.received.length;
    await exporterHook.stop();
    await sentCertificate('WH-0002');
    await deliver();
    const [down] = (await deliveries(exporterEndpoint)).slice(-1);
    expect(down).toMatchObject({ status: 'PENDENTE', attempts: 1, response_code: null });

    await exporterHook.start(port);
    // The back-off's wait, skipped.
    await t.db.execute(
      sql`update jobs set run_at = now() where kind = 'webhook_delivery' and status = 'PENDENTE'`,
    );
    await deliver();
    const [back] = (await deliveries(exporterEndpoint)).slice(-1);
    expect(back).toMatchObject({ status: 'ENTREGUE', attempts: 2, response_code: 204 });
    expect(exporterHook.received.slice(before).map((d) => d.body.event)).toEqual(['certificate.sent']);
  });

  it('disables the endpoint after the last attempt, e-mails its owner, and replays on request', async () => {
    const port = exporterHook.port;
    await exporterHook.stop();
    await sentCertificate('WH-0003');
    // The day of retries, skipped: the job is at its last attempt.
    await t.db.execute(sql`update jobs set attempts = max_attempts - 1
                            where kind = 'webhook_delivery' and status = 'PENDENTE'`);
    await deliver();
    const [failed] = (await deliveries(exporterEndpoint)).slice(-1);
    expect(failed?.status).toBe('FALHOU');
    const list = await t.request('GET', '/v1/webhook', { token: tok.exportador });
    const endpoint = list.json().data.find((row: { id: number }) => row.id === exporterEndpoint);
    expect(endpoint).toMatchObject({ active: false });
    expect(endpoint.disabled_at).not.toBeNull();
    const mails = await queryRows<{ subject: string }>(
      t.db,
      sql`select subject from mail_outbox where "to" = 'exportador@origem.local' and subject like '%Webhook%'`,
    );
    expect(mails).toHaveLength(1);

    await exporterHook.start(port);
    const enabled = await t.request('PUT', `/v1/webhook/${exporterEndpoint}`, {
      token: tok.exportador,
      body: { url: exporterHook.url, events: ALL_EVENTS, active: true },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const replay = await t.request('POST', `/v1/webhook/delivery/${failed?.id}/replay`, {
      token: tok.exportador,
    });
    expect(replay.statusCode, replay.body).toBe(200);
    await deliver();
    const [replayed] = (await deliveries(exporterEndpoint)).slice(-1);
    expect(replayed).toMatchObject({ status: 'ENTREGUE', attempts: 1 });
    const foreignReplay = await t.request('POST', `/v1/webhook/delivery/${failed?.id}/replay`, {
      token: tok.associacao,
    });
    expect(foreignReplay.statusCode).toBe(404);
  });
});
