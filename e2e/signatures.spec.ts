import { writeFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { pkcs12Of, testCa, testPerson } from '../apps/api/src/documents/signing/test-pki';
import { answerDialog, expect, test } from './fixtures';
import { samplePdf } from './legal-representative-steps';
import { SIGNATURE_TRUST_PEM } from './playwright.config';

/**
 * Issue 14: the exporter's user, holding its legal representative's A1 (.p12 and password), signs a certificate
 * that awaits the first signature through /assinatura-digital-a1/{id} and sees it move to "Enviado para análise".
 * The certificate is prepared through the API (the certificate journey covers its screens); the CA is a throw-away
 * test CA the server is told to trust.
 */

const invoice = `FC-A1-${String(Date.now()).slice(-8)}`;
const status = (page: Page) => page.locator('header .ant-tag').first();

type Api = { get: <T>(path: string) => Promise<T>; post: <T>(path: string, init: object) => Promise<T> };

/** The signed-in page's own session, as API calls. */
async function apiOf(page: Page, request: APIRequestContext): Promise<Api & { exporterId: number }> {
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
  };
}

type Page1<T> = { data: T[] };

/** A digital certificate of the demo exporter, sent: it waits for the legal representative's signature. */
async function certificateAwaitingSignature(api: Api & { exporterId: number }) {
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
  const created = await api.post<{ id: number }>('/v1/certificate', {
    data: {
      legal_representative_id: rep?.id,
      deal_id: deal?.id,
      company_importer_id: importer?.id,
      invoice_number: invoice,
      invoice_date: today,
      has_digital_signature: true,
      items: [{ declaration_id: declaration?.id, quantity: '100', fob_value_usd: '1020,00' }],
    },
  });
  await api.post('/v1/certificate/commercial_invoice/upload', {
    multipart: {
      certificate_id: String(created.id),
      file: { name: 'fatura.pdf', mimeType: 'application/pdf', buffer: samplePdf(invoice) },
    },
  });
  const sent = await api.post<{ certificate: { status: string } }>(
    `/v1/certificate/send_analysis/${created.id}`,
    { data: {} },
  );
  expect(sent.certificate.status).toBe('AGUARDANDO_ASSINATURA');
  return { id: created.id, representative: rep as { name: string; cpf: string } };
}

test('the legal representative signs a certificate with an A1 file through the signing screen', async ({
  pageAs,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await pageAs('exportador');
  await page.goto('/certificado');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
  const { id, representative } = await certificateAwaitingSignature(await apiOf(page, request));

  const ca = testCa('AC Teste E2E');
  writeFileSync(SIGNATURE_TRUST_PEM, ca.certPem);
  const p12 = pkcs12Of(
    testPerson(ca, { name: representative.name.toUpperCase(), cpf: representative.cpf }),
    'senha-a1',
    ca,
  );

  await page.goto(`/certificado/${id}`);
  await expect(status(page)).toHaveText('Aguardando assinatura do exportador');
  await page.getByRole('button', { name: 'Assinar (exportador) com certificado A1' }).click();
  await expect(page).toHaveURL(new RegExp(`/assinatura-digital-a1/${id}\\?tipo=certificado$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Assinatura digital A1' })).toBeVisible();
  await expect(page.getByText(`Primeira assinatura: ${representative.name}`)).toBeVisible();

  await page
    .getByLabel('Certificado A1 (.pfx/.p12)')
    .setInputFiles({ name: 'marina.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
  // A wrong password is refused next to the form; nothing changes.
  await page.getByLabel('Senha do certificado').fill('errada');
  await page.getByRole('button', { name: 'Assinar', exact: true }).click();
  await answerDialog(page, 'não pode ser desfeita', 'Assinar');
  await expect(page.getByText('A assinatura não foi aceita')).toBeVisible();
  await expect(page.getByText(/verifique o arquivo \(\.pfx\/\.p12\) e a senha/)).toBeVisible();

  await page.getByLabel('Senha do certificado').fill('senha-a1');
  await page.getByRole('button', { name: 'Assinar', exact: true }).click();
  await answerDialog(page, 'não pode ser desfeita', 'Assinar');
  await answerDialog(page, 'Certificado assinado e enviado para análise!');
  await expect(page).toHaveURL(new RegExp(`/certificado/${id}$`));
  await expect(status(page)).toHaveText('Enviado para análise');
  await expect(page.getByRole('button', { name: 'Assinar (exportador) com certificado A1' })).toHaveCount(0);
});
