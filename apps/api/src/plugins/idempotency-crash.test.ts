import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, Instance } from '../../scripts/topology/processes';
import { queryRows } from '../db/client';
import { certificates } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { openTestDatabase } from '../test/database';
import { demoSignIn, fetchTokenCall } from '../test/demo-sign-in';

/**
 * Issue 35: an idempotent request survives its server's death at any instant. A real server process (the sources,
 * on a PostgreSQL database of its own) SIGKILLs itself when the request with a chosen key reaches a chosen point
 * (lib/crash-point.ts): after the commit, before the answer left; or just before the commit. Another process then
 * gets the same request again: after the commit it answers the first answer (`Idempotent-Replayed`), before it the
 * request runs at once. For a create, an upload and a flow action. PostgreSQL only: the crash of an embedded
 * PGlite would be the database's own crash, not a lost connection.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const BASE = '/v1/certificate';
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x41), Buffer.from('\n%%EOF\n')]);

type Handle = Awaited<ReturnType<typeof openTestDatabase>>;
type Sent = { status: number; body: string; replayed: boolean } | 'connection lost';

describe.skipIf(!process.env.DATABASE_URL)('Idempotency-Key across a SIGKILL (PostgreSQL)', () => {
  let database: Handle;
  let dataDir: string;
  let port: number;
  let server: Instance | undefined;
  let exporter = '';
  let refs: Record<string, number | null>;

  /** A server process that kills itself at `plan` (`point:key`, …); the previous one is gone by now. */
  async function start(plan: string[]): Promise<void> {
    server = new Instance('api', port, env(plan), path.join(dataDir, 'server.log'), root);
    await server.start();
  }

  const env = (plan: string[]) => ({
    DATABASE_URL: database.url ?? '',
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '100000',
    ORIGEM_CRASH_AT: plan.join(','),
  });

  async function send(
    method: 'POST',
    url: string,
    key: string,
    body: { json?: unknown; form?: FormData },
  ): Promise<Sent> {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${exporter}`,
          'idempotency-key': key,
          ...(body.json ? { 'content-type': 'application/json' } : {}),
        },
        body: body.form ?? JSON.stringify(body.json),
      });
      return {
        status: res.status,
        body: await res.text(),
        replayed: res.headers.get('idempotent-replayed') === 'true',
      };
    } catch {
      return 'connection lost';
    }
  }

  const draft = (invoice: string) => ({
    json: {
      legal_representative_id: refs.legal_representative_id,
      deal_id: refs.deal_id,
      company_importer_id: refs.company_importer_id,
      invoice_number: invoice,
      invoice_date: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
      gross_weight: '1200,5',
      net_weight: '1000',
      items: [
        {
          declaration_id: refs.declaration_id,
          quantity: '100',
          measurement_unit_id: refs.unit,
          fob_value_usd: '1000,50',
          ncm_description: 'Porcelanato esmaltado',
        },
      ],
    },
  });
  const invoiceForm = (certificateId: number) => {
    const form = new FormData();
    form.set('certificate_id', String(certificateId));
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'fatura.pdf');
    return { form };
  };

  /** The request dies with its server; the next server (with the next plan) gets it again. */
  async function crashThenRetry(
    plan: string[],
    request: () => Promise<Sent>,
  ): Promise<Exclude<Sent, 'connection lost'>> {
    expect(await request()).toBe('connection lost');
    await server?.waitExit();
    await start(plan);
    const again = await request();
    if (again === 'connection lost') throw new Error('the retry lost its connection too');
    return again;
  }

  const certificateWith = async (invoice: string) =>
    database.db
      .select({ id: certificates.id, status: certificates.status })
      .from(certificates)
      .where(eq(certificates.invoice_number, invoice));
  const invoicesOf = async (id: number) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from stored_files
             where owner_type = 'certificate.commercial_invoice' and owner_id = ${id}`,
      )
    )[0]?.n;
  const stepsOf = async (id: number, to: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from flow_steps
             where flow = 'certificate' and record_id = ${id} and to_status = ${to}`,
      )
    )[0]?.n;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDatabase(
      database.db,
      { seed: 'demo', databaseUrl: database.url, adminEmail: undefined, adminPassword: undefined },
      { ncm: false },
    );
    dataDir = mkdtempSync(path.join(tmpdir(), 'origem-crash-'));
    port = await freePort();
    const [row] = await queryRows<Record<string, number | null>>(
      database.db,
      sql`select c.legal_representative_id, c.deal_id, c.company_importer_id, i.measurement_unit_id as unit,
                 i.declaration_id
            from certificates c
            join certificate_items i on i.certificate_id = c.id
            join declarations d on d.id = i.declaration_id
            join users u on u.exporter_id = c.exporter_id and u.email = 'exportador@origem.local'
           where d.status = 'APROVADA' and (d.valid_until is null or d.valid_until >= current_date)
           order by c.id limit 1`,
    );
    if (!row) throw new Error('the demo seed has no citable certificate of the demo exporter');
    refs = row;
    await start(['after-commit:create-a']);
    exporter = await demoSignIn(fetchTokenCall(server?.url ?? ''), 'exportador@origem.local', DEMO_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a create, an upload and a flow action, each killed after its commit and before it', async () => {
    const create = (key: string, invoice: string) => () => send('POST', BASE, key, draft(invoice));

    // Create, killed after COMMIT: the retry gets the first answer, the certificate it made.
    const a = await crashThenRetry(['before-commit:create-b'], create('create-a', 'CRASH-A'));
    expect(a).toMatchObject({ status: 201, replayed: true });
    const [createdA, ...moreA] = await certificateWith('CRASH-A');
    expect(moreA).toEqual([]);
    expect(JSON.parse(a.body)).toMatchObject({
      id: createdA?.id,
      invoice_number: 'CRASH-A',
      status: 'RASCUNHO',
    });

    // Create, killed before COMMIT: nothing was kept, so the retry runs at once and creates it.
    const b = await crashThenRetry(['after-commit:upload-a'], create('create-b', 'CRASH-B'));
    expect(b).toMatchObject({ status: 201, replayed: false });
    const [createdB, ...moreB] = await certificateWith('CRASH-B');
    expect(moreB).toEqual([]);
    expect(JSON.parse(b.body).id).toBe(createdB?.id);
    const idA = createdA?.id ?? 0;
    const idB = createdB?.id ?? 0;

    // Upload (multipart), after COMMIT and before it.
    const upload = (key: string, id: number) => () =>
      send('POST', `${BASE}/commercial_invoice/upload`, key, invoiceForm(id));
    const upA = await crashThenRetry(['before-commit:upload-b'], upload('upload-a', idA));
    expect(upA).toMatchObject({ status: 200, replayed: true });
    expect(JSON.parse(upA.body).certificate.id).toBe(idA);
    expect(await invoicesOf(idA)).toBe(1);
    const upB = await crashThenRetry(['after-commit:send-a'], upload('upload-b', idB));
    expect(upB).toMatchObject({ status: 200, replayed: false });
    expect(await invoicesOf(idB)).toBe(1);

    // A flow action (Rascunho → Enviado), after COMMIT and before it.
    const sendAnalysis = (key: string, id: number) => () =>
      send('POST', `${BASE}/send_analysis/${id}`, key, {});
    const sentA = await crashThenRetry(['before-commit:send-b'], sendAnalysis('send-a', idA));
    expect(sentA).toMatchObject({ status: 200, replayed: true });
    expect(JSON.parse(sentA.body).certificate).toMatchObject({ id: idA, status: 'ENVIADO' });
    expect(await stepsOf(idA, 'ENVIADO')).toBe(1);
    const sentB = await crashThenRetry([], sendAnalysis('send-b', idB));
    expect(sentB).toMatchObject({ status: 200, replayed: false });
    expect(JSON.parse(sentB.body).certificate).toMatchObject({ id: idB, status: 'ENVIADO' });
    expect(await stepsOf(idB, 'ENVIADO')).toBe(1);

    // Nothing else was made, and every key holds the answer it gave.
    const keys = await queryRows<{ key: string; status_code: number | null }>(
      database.db,
      sql`select key, status_code from idempotency_keys order by key`,
    );
    expect(keys).toEqual(
      ['create-a', 'create-b', 'send-a', 'send-b', 'upload-a', 'upload-b'].map((key) => ({
        key,
        status_code: key.startsWith('create') ? 201 : 200,
      })),
    );
    const crashDrafts = await database.db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(sql`${certificates.invoice_number} like 'CRASH-%'`));
    expect(crashDrafts).toHaveLength(2);
  }, 300_000);
});
