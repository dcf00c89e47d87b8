import { randomUUID } from 'node:crypto';
import { type DraftRefs, draftBody, PDF } from '../topology/journey';

/**
 * The mix: what each role does in a session, step by step, taken from the roles' journeys (UX.md): the exporter
 * signs in, looks at the dashboard and lists, opens an issued certificate and prints it, creates a draft, edits it,
 * uploads its invoice and sends it; the analyst takes what was sent, approves (or reproves) it and prints it; the
 * administrator reads the audit trail, the users, the exporters and a report. Each virtual user (VU) walks its
 * role's steps in a loop, thinking between steps; a step that finds nothing to act on (an empty queue) sends the
 * VU back to the start of its journey.
 */

/** What a VU keeps between steps: its identity and token, and the ids it picked up on the way. */
export type VuContext = {
  vu: number;
  email: string;
  token?: string;
  /** The run's id: Idempotency-Keys and invoice numbers of different runs never meet. */
  run: string;
  ids: Record<string, number | undefined>;
  /** The kind of the request in flight (set when it is built, read when its answer comes). */
  last?: string;
};

export type Step = {
  /** The request kind the stats are kept under (lists, details, PDFs… are read by their prefix). */
  kind: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The path; undefined: nothing to act on, back to the start of the journey. */
  path: (c: VuContext) => string | undefined;
  body?: (c: VuContext) => { contentType: string; bytes: Buffer } | undefined;
  /** A mutation carries an Idempotency-Key, unique per run, VU, loop and step. */
  idempotent?: boolean;
  /** Statuses that are part of the design (a 422 when another analyst took the certificate first). */
  expected: number[];
  /** Reads what the next steps need from a 2xx answer's JSON. */
  read?: (c: VuContext, json: unknown) => void;
  /** What a refusal (any other answer) changes in what the VU holds. */
  refused?: (c: VuContext) => void;
  /** No Authorization header (the sign-in itself). */
  anonymous?: boolean;
};

export type Journey = { role: string; steps: Step[] };

const json = (value: unknown) => ({
  contentType: 'application/json',
  bytes: Buffer.from(JSON.stringify(value)),
});

/** The invoice upload as the browser sends it: multipart with `certificate_id` and the PDF. */
function invoiceForm(certificateId: number) {
  const boundary = `----origem-load-${randomUUID()}`;
  const bytes = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="certificate_id"\r\n\r\n${certificateId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fatura.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, bytes };
}

type Row = { id: number };
const rows = (body: unknown): Row[] => (body as { data?: Row[] } | null)?.data ?? [];
/** One of the page's rows at random: VUs of the same role spread over the page instead of all taking the first. */
const pick = (body: unknown): number | undefined => {
  const list = rows(body);
  return list[Math.floor(Math.random() * list.length)]?.id;
};
const last = (body: unknown): number | undefined => rows(body).at(-1)?.id;
const id = (c: VuContext, name: string) => c.ids[name];
const withId = (name: string, make: (id: number) => string) => (c: VuContext) => {
  const value = id(c, name);
  return value === undefined ? undefined : make(value);
};

function period(): string {
  const end = new Date();
  const start = new Date(end.getTime() - 30 * 86400_000);
  return `start_date=${start.toISOString().slice(0, 10)}&end_date=${end.toISOString().slice(0, 10)}`;
}

const CERT = '/v1/certificate';
const OK = [200];

export function exporterJourney(refs: DraftRefs, password: string): Journey {
  return {
    role: 'exportador',
    steps: [
      {
        kind: 'sign-in',
        method: 'POST',
        anonymous: true,
        path: () => '/v1/oauth/token',
        body: (c) =>
          json({
            grant_type: 'password',
            username: c.email,
            password,
            client_id: '2',
            recaptchaToken: '',
          }),
        expected: OK,
        read: (c, body) => {
          c.token = (body as { access_token?: string }).access_token;
        },
      },
      { kind: 'dashboard', method: 'GET', path: () => '/v1/dashboard/total', expected: OK },
      {
        kind: 'list certificates',
        method: 'GET',
        path: () => `${CERT}?page=1`,
        expected: OK,
        read: (c, body) => {
          c.ids.after = last(body);
        },
      },
      {
        kind: 'list certificates, page 2 (keyset)',
        method: 'GET',
        path: withId('after', (after) => `${CERT}?page=2&after=${after}`),
        expected: OK,
      },
      {
        kind: 'list certificates, status filter',
        method: 'GET',
        path: () => `${CERT}?certificate_flow_id=EMITIDO&page=1`,
        expected: OK,
        read: (c, body) => {
          c.ids.issued = pick(body);
        },
      },
      {
        kind: 'detail certificate',
        method: 'GET',
        path: withId('issued', (i) => `${CERT}/${i}`),
        expected: OK,
      },
      {
        kind: 'pdf certificate',
        method: 'GET',
        path: withId('issued', (i) => `${CERT}/print?certificateId=${i}&ncmReference=false`),
        expected: OK,
      },
      {
        kind: 'list declarations',
        method: 'GET',
        path: () => '/v2/declaration?page=1',
        expected: OK,
        read: (c, body) => {
          c.ids.declaration = pick(body);
        },
      },
      {
        kind: 'detail declaration',
        method: 'GET',
        path: withId('declaration', (i) => `/v1/declaration/${i}`),
        expected: OK,
      },
      {
        kind: 'create draft',
        method: 'POST',
        idempotent: true,
        path: () => CERT,
        body: (c) => json(draftBody(refs, `LOAD-${c.run}-${c.vu}-${randomUUID().slice(0, 8)}`)),
        expected: [201],
        read: (c, body) => {
          c.ids.draft = (body as { id?: number }).id;
        },
      },
      {
        kind: 'detail certificate',
        method: 'GET',
        path: withId('draft', (i) => `${CERT}/${i}`),
        expected: OK,
      },
      {
        kind: 'edit draft',
        method: 'PUT',
        idempotent: true,
        path: withId('draft', (i) => `${CERT}/${i}`),
        body: (c) => json({ ...draftBody(refs, `LOAD-${c.run}-${c.vu}-${c.ids.draft}`), net_weight: '999' }),
        expected: OK,
      },
      {
        kind: 'upload invoice',
        method: 'POST',
        idempotent: true,
        path: withId('draft', () => `${CERT}/commercial_invoice/upload`),
        body: (c) => invoiceForm(c.ids.draft as number),
        expected: OK,
      },
      {
        kind: 'flow send',
        method: 'POST',
        idempotent: true,
        path: withId('draft', (i) => `${CERT}/send_analysis/${i}`),
        expected: OK,
      },
      { kind: 'list companies', method: 'GET', path: () => '/v2/company?page=1', expected: OK },
      {
        kind: 'list certificates, invoice filter',
        method: 'GET',
        path: () => `${CERT}?invoice_number=LOAD&page=1`,
        expected: OK,
      },
      {
        kind: 'report export csv',
        method: 'GET',
        path: () => `/v1/report/exporter/invoice?${period()}&type=csv`,
        expected: OK,
      },
    ],
  };
}

export function analystJourney(): Journey {
  return {
    role: 'analista',
    steps: [
      { kind: 'dashboard', method: 'GET', path: () => '/v1/dashboard/certificate/analyse', expected: OK },
      {
        kind: 'list certificates, status filter',
        method: 'GET',
        // The load's own certificates (the scale seed's items cite NCMs without a description: not approvable).
        path: () => `${CERT}?certificate_flow_id=ENVIADO&invoice_number=LOAD-&page=1`,
        expected: OK,
        read: (c, body) => {
          c.ids.sent = pick(body);
        },
      },
      {
        // A GET that moves the flow (SPEC): 422 when another analyst took it first.
        kind: 'flow take',
        method: 'GET',
        path: withId('sent', (i) => `${CERT}/send_analyzing/${i}?type_analysis=analise`),
        expected: [200, 422],
        refused: (c) => {
          c.ids.sent = undefined;
        },
      },
      {
        kind: 'detail certificate',
        method: 'GET',
        path: withId('sent', (i) => `${CERT}/${i}`),
        expected: OK,
      },
      {
        kind: 'flow approve/reprove',
        method: 'POST',
        idempotent: true,
        // One in five is sent back to the exporter with a reason.
        path: (c) => {
          const sent = c.ids.sent;
          if (sent === undefined) return undefined;
          c.ids.reprove = Math.random() < 0.2 ? 1 : 0;
          return c.ids.reprove ? `${CERT}/reprove/${sent}` : `${CERT}/approve/${sent}`;
        },
        body: (c) =>
          c.ids.reprove ? json({ reasons: ['Fatura comercial ilegível (carga de teste).'] }) : undefined,
        expected: OK,
      },
      {
        kind: 'list certificates, status filter',
        method: 'GET',
        path: () => `${CERT}?certificate_flow_id=EM_ANALISE&page=1`,
        expected: OK,
      },
      {
        kind: 'pdf certificate',
        method: 'GET',
        path: withId('sent', (i) => `${CERT}/print?certificateId=${i}&ncmReference=false`),
        expected: OK,
      },
      { kind: 'list declarations', method: 'GET', path: () => '/v2/declaration?page=1', expected: OK },
      { kind: 'list exporters', method: 'GET', path: () => '/v1/exporter?page=1', expected: OK },
    ],
  };
}

export function adminJourney(): Journey {
  return {
    role: 'admin',
    steps: [
      { kind: 'dashboard', method: 'GET', path: () => '/v1/dashboard/total', expected: OK },
      {
        kind: 'list audit',
        method: 'GET',
        path: () => '/v1/audit?page=1',
        expected: OK,
        read: (c, body) => {
          c.ids.after = last(body);
        },
      },
      {
        kind: 'list audit, page 2 (keyset)',
        method: 'GET',
        path: withId('after', (after) => `/v1/audit?page=2&after=${after}`),
        expected: OK,
      },
      { kind: 'list audit, event filter', method: 'GET', path: () => '/v1/audit?event=login', expected: OK },
      {
        kind: 'list users',
        method: 'GET',
        path: () => '/v1/user?page=1',
        expected: OK,
        read: (c, body) => {
          c.ids.user = pick(body);
        },
      },
      { kind: 'detail user', method: 'GET', path: withId('user', (i) => `/v1/user/${i}`), expected: OK },
      {
        kind: 'list users, name search',
        method: 'GET',
        path: () => '/v1/user/search?name=silva',
        expected: OK,
      },
      {
        kind: 'list exporters, name filter',
        method: 'GET',
        path: () => '/v1/exporter?name=caf%C3%A9',
        expected: OK,
      },
      { kind: 'list companies', method: 'GET', path: () => '/v2/company?page=1', expected: OK },
      {
        kind: 'report summary',
        method: 'GET',
        path: () => `/v1/report/federation?${period()}`,
        expected: OK,
      },
    ],
  };
}
