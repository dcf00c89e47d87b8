import type pg from 'pg';
import { demoSignIn } from '../../src/test/demo-sign-in';
import { type Answer, type Client, expectStatus } from './client';

/** The certificate calls of the topology test: one journey step by step, and the chains of the burst. */

export const DEMO_PASSWORD = 'origem123';
export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(200, 0x41),
  Buffer.from('\n%%EOF\n'),
]);
const BASE = '/v1/certificate';

/** Signs a demo user in, with the demo authenticator for staff (src/test/demo-sign-in.ts). */
export function login(client: Client, role: string): Promise<string> {
  return demoSignIn(
    async (json) => {
      const res = await client.send({ method: 'POST', path: '/v1/oauth/token', json });
      return { status: res.status, body: JSON.parse(res.body || 'null') };
    },
    `${role}@origem.local`,
    DEMO_PASSWORD,
  );
}

/** What a certificate of the demo exporter cites: taken from a seeded certificate whose declaration is citable. */
export type DraftRefs = {
  legal_representative_id: number;
  deal_id: number;
  company_importer_id: number;
  unit: number | null;
  declaration_id: number;
};

export async function draftRefs(pool: pg.Pool): Promise<DraftRefs> {
  const { rows } = await pool.query<DraftRefs>(
    `select c.legal_representative_id, c.deal_id, c.company_importer_id, i.measurement_unit_id as unit,
            i.declaration_id
       from certificates c
       join certificate_items i on i.certificate_id = c.id
       join declarations d on d.id = i.declaration_id
       join users u on u.exporter_id = c.exporter_id and u.email = 'exportador@origem.local'
      where d.status = 'APROVADA' and (d.valid_until is null or d.valid_until >= current_date)
      order by c.id limit 1`,
  );
  if (!rows[0]) throw new Error('a semente demo não tem certificado do exportador com declaração citável');
  return rows[0];
}

function daysAgo(days: number): string {
  const now = new Date(Date.now() - 3 * 3600_000);
  now.setUTCDate(now.getUTCDate() - days);
  return now.toISOString().slice(0, 10);
}

export function draftBody(refs: DraftRefs, invoiceNumber: string) {
  return {
    legal_representative_id: refs.legal_representative_id,
    deal_id: refs.deal_id,
    company_importer_id: refs.company_importer_id,
    invoice_number: invoiceNumber,
    invoice_date: daysAgo(10),
    gross_weight: '1200,5',
    net_weight: '1000',
    measurement_unit_gross_weight_id: refs.unit,
    items: [
      {
        declaration_id: refs.declaration_id,
        quantity: '100',
        measurement_unit_id: refs.unit,
        fob_value_usd: '1000,50',
        // The demo's NCM reference table is empty: printing needs the item's own description (issue 22).
        ncm_description: 'Porcelanato esmaltado',
      },
    ],
  };
}

export type Tokens = { exporter: string; analyst: string };
type Status = { status: string };

/**
 * One certificate from draft to approval; each mutation carries its own Idempotency-Key (`${key}:${step}`).
 * `done` records each step once its answer came back (what the checks then look for).
 */
export class CertificateChain {
  id: number | undefined;
  readonly answered: string[] = [];
  readonly answers: Answer[] = [];

  constructor(
    private readonly client: Client,
    private readonly tokens: Tokens,
    readonly key: string,
    readonly invoiceNumber: string,
    /** Where a refreshed page would show the certificate a create with `key` made (see Answer.processed). */
    private readonly findCreated: (key: string) => Promise<number | undefined>,
  ) {}

  private async step(name: string, status: number, send: () => Promise<Answer>): Promise<Answer> {
    const res = await send();
    this.answers.push(res);
    if (res.processed) {
      this.answered.push(name);
      return res;
    }
    if (res.status !== status) throw new Error(`${name} de ${this.invoiceNumber}: ${res.status} ${res.body}`);
    this.answered.push(name);
    return res;
  }

  async create(refs: DraftRefs): Promise<void> {
    const res = await this.step('create', 201, () =>
      this.client.send({
        method: 'POST',
        path: BASE,
        token: this.tokens.exporter,
        json: draftBody(refs, this.invoiceNumber),
        idempotencyKey: `${this.key}-create`,
      }),
    );
    this.id = res.processed ? await this.findCreated(`${this.key}-create`) : res.json<{ id: number }>().id;
    if (this.id === undefined) throw new Error(`${this.invoiceNumber}: criado, mas não encontrado`);
  }

  async upload(): Promise<void> {
    const form = new FormData();
    form.set('certificate_id', String(this.id));
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'fatura.pdf');
    await this.step('upload', 200, () =>
      this.client.send({
        method: 'POST',
        path: `${BASE}/commercial_invoice/upload`,
        token: this.tokens.exporter,
        form,
        idempotencyKey: `${this.key}-upload`,
      }),
    );
  }

  private action(name: string, path: string, token: string) {
    return this.step(name, 200, () =>
      this.client.send({ method: 'POST', path, token, idempotencyKey: `${this.key}-${name}` }),
    );
  }

  send = () => this.action('send_analysis', `${BASE}/send_analysis/${this.id}`, this.tokens.exporter);

  /**
   * A GET that moves the flow (Enviado → Em análise), so it has no Idempotency-Key: a repeat after a lost answer
   * is refused (422) because the lost one took it; the analyst then sees it in analysis, which is the outcome.
   */
  async take(): Promise<void> {
    await this.step('send_analyzing', 200, async () => {
      const res = await this.client.send({
        method: 'GET',
        path: `${BASE}/send_analyzing/${this.id}?type_analysis=analise`,
        token: this.tokens.analyst,
      });
      // nginx itself re-sends a GET to the other instance when the first dies mid-request (proxy_next_upstream):
      // even a first "attempt" may find the certificate already taken by its own lost twin.
      if (res.status !== 422) return res;
      const now = await this.status();
      return now === 'EM_ANALISE' ? { ...res, status: 200 } : res;
    });
  }

  approve = () => this.action('approve', `${BASE}/approve/${this.id}`, this.tokens.analyst);

  async status(): Promise<string> {
    const res = await expectStatus(
      this.client.send({ method: 'GET', path: `${BASE}/${this.id}`, token: this.tokens.exporter }),
      200,
      `certificado ${this.id}`,
    );
    return res.json<Status>().status;
  }

  async print(): Promise<Answer> {
    const res = await this.client.send({
      method: 'GET',
      path: `${BASE}/print?certificateId=${this.id}&ncmReference=false`,
      token: this.tokens.exporter,
    });
    this.answers.push(res);
    if (res.status !== 200 || !res.body.startsWith('%PDF')) {
      throw new Error(`impressão de ${this.id}: ${res.status} ${res.body.slice(0, 200)}`);
    }
    return res;
  }

  async all(refs: DraftRefs): Promise<void> {
    await this.create(refs);
    await this.upload();
    await this.send();
    await this.take();
    await this.approve();
  }
}
