import { readFileSync, writeFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { caOf, pkcs12Of, testPerson } from '../apps/api/src/documents/signing/test-pki';
import { answerDialog, expect } from './fixtures';
import { samplePdf } from './legal-representative-steps';
import { PKI_DIR, SIGNATURE_TRUST_PEM } from './playwright.config';

/**
 * Steps of the signature journeys (issue 14): records prepared through the API with a signed-in page's own session,
 * a throw-away test CA the server is told to trust, and the A1 form filled and confirmed on the signing screen.
 */

export const status = (page: Page) => page.locator('header .ant-tag').first();

export type Api = {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, init: object) => Promise<T>;
  patch: <T>(path: string, init: object) => Promise<T>;
};

/** The signed-in page's own session, as API calls. */
export async function apiOf(page: Page, request: APIRequestContext): Promise<Api & { exporterId: number }> {
  const { token, user } = await page.evaluate(() => ({
    token: localStorage.getItem('origem.token') ?? '',
    user: JSON.parse(localStorage.getItem('origem.user') ?? '{}') as { exporter?: { id: number } },
  }));
  const headers = { authorization: `Bearer ${token}` };
  const check = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  return {
    exporterId: user.exporter?.id ?? 0,
    get: async (path) => check(await request.get(path, { headers })),
    post: async (path, init) => check(await request.post(path, { headers, ...init })),
    patch: async (path, init) => check(await request.patch(path, { headers, ...init })),
  };
}

type Page1<T> = { data: T[] };

/** A certificate body of the demo exporter (its ceramic product, ACE-18), invoiced today: ready to create. */
export async function demoCertificateInput(api: Api & { exporterId: number }, digital: boolean) {
  const invoice = `FC-${digital ? 'A1' : 'PP'}-${String(Date.now()).slice(-8)}`;
  const [rep] = (
    await api.get<Page1<{ id: number; name: string; cpf: string }>>('/v1/legal_representative?name=Marina')
  ).data;
  const [importer] = (
    await api.get<Page1<{ id: number }>>('/v2/company?company_type_id=1&corporate_name=Rioplatense')
  ).data;
  const deals = await api.get<
    { id: number; abbreviation: string }[] | Page1<{ id: number; abbreviation: string }>
  >('/v1/deal/all');
  const deal = (Array.isArray(deals) ? deals : deals.data).find((d) => d.abbreviation === 'ACE-18');
  const [declaration] = (
    await api.get<Page1<{ id: number }>>(
      `/v1/declaration/certificate/${api.exporterId}?product_name=Revestimento&deal_id=${deal?.id}`,
    )
  ).data;
  expect(rep && importer && deal && declaration, 'dados de demonstração').toBeTruthy();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  return {
    invoice,
    representative: rep as { name: string; cpf: string },
    data: {
      legal_representative_id: rep?.id,
      deal_id: deal?.id,
      company_importer_id: importer?.id,
      invoice_number: invoice,
      invoice_date: today,
      has_digital_signature: digital,
      items: [
        {
          declaration_id: declaration?.id,
          quantity: '100',
          fob_value_usd: '1020,00',
          ncm_description: 'Ladrilhos e placas de cerâmica, esmaltados',
        },
      ],
    },
  };
}

/** A certificate of the demo exporter with its NCM description and invoice: ready to send for analysis. */
export async function demoCertificate(api: Api & { exporterId: number }, digital: boolean) {
  const { invoice, representative: rep, data } = await demoCertificateInput(api, digital);
  const created = await api.post<{ id: number; items: { id: number }[] }>('/v1/certificate', { data });
  // The ceramic NCM has no reference description in the demo data: printing needs one chosen (NcmDescriptionError).
  await api.patch('/v1/certificate/select_ncm', {
    data: {
      certificate_id: created.id,
      items: created.items.map((item) => ({
        id: item.id,
        ncm_description: 'Ladrilhos e placas de cerâmica, esmaltados',
      })),
    },
  });
  await api.post('/v1/certificate/commercial_invoice/upload', {
    multipart: {
      certificate_id: String(created.id),
      file: { name: 'fatura.pdf', mimeType: 'application/pdf', buffer: samplePdf(invoice) },
    },
  });
  return { id: created.id, representative: rep };
}

/** A digital certificate of the demo exporter, sent: it waits for the legal representative's signature. */
export async function certificateAwaitingSignature(api: Api & { exporterId: number }) {
  const created = await demoCertificate(api, true);
  const sent = await api.post<{ certificate: { status: string } }>(
    `/v1/certificate/send_analysis/${created.id}`,
    { data: {} },
  );
  expect(sent.certificate.status).toBe('AGUARDANDO_ASSINATURA');
  return created;
}

/** A declaration of the demo exporter, cloned from one of its own and sent: the legal representative may sign it. */
export async function declarationToSign(api: Api) {
  type Declaration = { id: number; legal_representative: { name: string; cpf: string | null } };
  const [source] = (await api.get<Page1<{ id: number }>>('/v2/declaration?per_page=1')).data;
  expect(source, 'declaração de demonstração').toBeTruthy();
  const cloned = await api.post<{ declaration: Declaration }>(`/v1/declaration/clone/${source?.id}`, {
    data: {},
  });
  const { id, legal_representative: representative } = cloned.declaration;
  const sent = await api.post<{ declaration: { status: string } }>(`/v1/declaration/send_analysis/${id}`, {
    data: {},
  });
  expect(sent.declaration.status).toBe('ENVIADA');
  expect(representative.cpf, 'CPF do responsável legal').toBeTruthy();
  return { id, representative: { name: representative.name, cpf: representative.cpf ?? '' } };
}

/**
 * The loopback PKI's issuing CA (e2e/pki-server.ts), trusted by the server from now on with its root (it reads the
 * trust file again when it changes); the certificates issued with it name OpenSSL's CRL, which the server asks.
 */
let trusted: ReturnType<typeof caOf> | null = null;
export function trustedCa() {
  if (!trusted) {
    const read = (name: string) => readFileSync(`${PKI_DIR}/${name}`, 'utf8');
    trusted = caOf(read('ca.key'), read('ca.pem'), read('crl-url'));
    writeFileSync(SIGNATURE_TRUST_PEM, read('trust.pem'));
  }
  return trusted;
}

/** Every CA the server trusts (the loopback PKI's root and issuing CA): what xmlsec1 checks a chain against. */
export const trustedPem = () => {
  trustedCa();
  return readFileSync(`${PKI_DIR}/trust.pem`, 'utf8');
};

/** An A1 file (.p12, password `senha-a1`) of a person of the trusted CA, with the CPF the server will expect. */
export const a1Of = (person: { name: string; cpf: string }) => {
  const ca = trustedCa();
  return pkcs12Of(testPerson(ca, { name: person.name.toUpperCase(), cpf: person.cpf }), 'senha-a1', ca);
};

/** On the signing screen: the A1 file and its password, "Assinar", confirmed; the outcome is the caller's to see. */
export async function signOnScreen(page: Page, p12: Buffer, password = 'senha-a1'): Promise<void> {
  await page
    .getByLabel('Certificado A1 (.pfx/.p12)')
    .setInputFiles({ name: 'a1.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
  await page.getByLabel('Senha do certificado').fill(password);
  await page.getByRole('button', { name: 'Assinar', exact: true }).click();
  await answerDialog(page, 'não pode ser desfeita', 'Assinar');
}
