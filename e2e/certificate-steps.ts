import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { samplePdf } from './legal-representative-steps';

/** Certificate setup through the API, shared by the specs whose subject is not the setup itself. */

type Method = 'GET' | 'POST' | 'PATCH';
export type Api = <T = unknown>(method: Method, path: string, body?: Record<string, unknown>) => Promise<T>;
type Multipart = Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;

/**
 * The API with the token of a signed-in page's saved session, for the setup a test is not about (no screen is
 * opened for it). A multipart body is sent as such; any answer but 2xx fails the test with the server's text.
 */
export async function apiOf(page: Page): Promise<Api> {
  const state = await page.context().storageState();
  const token = state.origins.flatMap((o) => o.localStorage).find((i) => i.name === 'origem.token')?.value;
  if (!token) throw new Error('sessão sem token');
  return async <T>(method: Method, path: string, body?: Record<string, unknown>) => {
    const multipart = body && Object.values(body).some((v) => typeof v === 'object' && v && 'buffer' in v);
    const res = await page.request.fetch(path, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? (multipart ? { multipart: body as Multipart } : { data: body }) : {}),
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
}

type Listed = { data: { id: number; abbreviation?: string; email?: string | null }[] };
export type Detail = {
  id: number;
  status: string;
  items: { id: number; description: string; quantity: string }[];
};
const first = (list: Listed, what: string) => {
  const row = list.data[0];
  if (!row) throw new Error(`${what} não encontrado`);
  return row;
};

/**
 * A certificate of the demo exporter (Marina signs, Rioplatense imports, ACE-18) with two items citing its ceramic
 * declaration and (unless `attachInvoice` is false) the commercial invoice attached: RASCUNHO, or sent when `send`
 * (AGUARDANDO_ASSINATURA if digital). `invoice` names its invoice (default: new on each call).
 */
export async function certificateOf(
  api: Api,
  {
    digital = false,
    send = false,
    invoice = `FC-E2E-${String(Date.now()).slice(-8)}`,
    attachInvoice = true,
  }: { digital?: boolean; send?: boolean; invoice?: string; attachInvoice?: boolean } = {},
): Promise<{ id: number; signer: string }> {
  const [me, representative, importer, deals] = await Promise.all([
    api<{ exporter: { id: number } }>('GET', '/v1/user/detail'),
    api<Listed>('GET', '/v1/legal_representative?name=Marina').then((l) => first(l, 'responsável')),
    api<Listed>('GET', '/v2/company?company_type_id=1&corporate_name=Rioplatense').then((l) =>
      first(l, 'importador'),
    ),
    api<Listed>('GET', '/v1/deal/all'),
  ]);
  const deal = deals.data.find((d) => d.abbreviation === 'ACE-18');
  const declaration = first(
    await api<Listed>(
      'GET',
      `/v1/declaration/certificate/${me.exporter.id}?product_name=Revestimento&deal_id=${deal?.id}`,
    ),
    'declaração',
  );
  const created = await api<Detail>('POST', '/v1/certificate', {
    legal_representative_id: representative.id,
    company_importer_id: importer.id,
    deal_id: deal?.id,
    invoice_number: invoice,
    invoice_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()),
    has_digital_signature: digital,
    items: [
      {
        declaration_id: declaration.id,
        description: 'Porcelanato Carrara 60x60',
        quantity: '500',
        fob_value_usd: '5100,00',
        ncm_description: 'Ladrilhos e placas de cerâmica, esmaltados',
      },
      {
        declaration_id: declaration.id,
        description: 'Porcelanato Grafite 60x60',
        quantity: '300',
        fob_value_usd: '3060,00',
        ncm_description: 'Ladrilhos e placas de cerâmica, esmaltados',
      },
    ],
  });
  // The ceramic NCM has no reference description in the demo data: printing needs one chosen (NcmDescriptionError).
  await api('PATCH', '/v1/certificate/select_ncm', {
    certificate_id: created.id,
    items: created.items.map((item) => ({
      id: item.id,
      ncm_description: 'Ladrilhos e placas de cerâmica, esmaltados',
    })),
  });
  if (attachInvoice) {
    await api('POST', '/v1/certificate/commercial_invoice/upload', {
      certificate_id: String(created.id),
      file: { name: 'fatura.pdf', mimeType: 'application/pdf', buffer: samplePdf(`fatura ${created.id}`) },
    });
  }
  if (send) await api('POST', `/v1/certificate/send_analysis/${created.id}`);
  return { id: created.id, signer: representative.email ?? '' };
}
