import { expect, test } from './fixtures';
import { a1Of, apiOf, certificateAwaitingSignature, status } from './signature-steps';

/**
 * Issue 37: a certificate signed with A1 by its legal representative and the association's official is issued once
 * the loopback time-stamping authority (e2e/pki-server.ts, OpenSSL) dates its COD; its detail shows the evidence
 * line. A visitor without an account, whose browser speaks Spanish, uploads its sealed PDF and its COD on
 * /verificar-documento and reads the report (the PDF at B-LTA, the COD with its evidence record), switches to
 * English, downloads the report as a PDF, and sees the evidence line on the QR page too.
 */

test('an issued certificate: its evidence line, and its sealed PDF and COD verified by a visitor', async ({
  pageAs,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const exporterPage = await pageAs('exportador');
  await exporterPage.goto('/certificado');
  await expect(exporterPage.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
  const exporter = await apiOf(exporterPage, request);
  const { id, representative } = await certificateAwaitingSignature(exporter);
  const a1 = (buffer: Buffer) => ({
    multipart: {
      password: 'senha-a1',
      certificate: { name: 'a1.p12', mimeType: 'application/x-pkcs12', buffer },
    },
  });
  await exporter.post(`/v1/certificate/first/signature/xml/a1/${id}`, a1(a1Of(representative)));

  const page = await pageAs('associacao');
  await page.goto('/certificado');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
  const official = await apiOf(page, request);
  await official.get(`/v1/certificate/send_analyzing/${id}?type_analysis=analise`);
  await official.post(`/v1/certificate/approve/${id}`, { data: {} });
  const me = await page.evaluate(
    () => JSON.parse(localStorage.getItem('origem.user') ?? '{}') as { name: string; cpf: string },
  );
  const issued = await official.post<{ certificate: { status: string; verification_url: string | null } }>(
    `/v1/certificate/second/signature/xml/a1/${id}`,
    a1(a1Of(me)),
  );
  expect(issued.certificate.status).toBe('EMITIDO');

  // The detail screen: the evidence line.
  await page.goto(`/certificado-consulta/${id}`);
  await expect(status(page)).toHaveText('Emitido');
  const evidence = page.getByRole('status', { name: 'Registro de evidência das assinaturas' });
  await expect(evidence).toContainText(
    /Assinaturas válidas em \d\d\/\d\d\/\d{4} \d\d:\d\d — carimbo do tempo de ACT Teste Loopback/,
  );

  const token = await page.evaluate(() => localStorage.getItem('origem.token') ?? '');
  const headers = { authorization: `Bearer ${token}` };
  const pdf = await (await request.get(`/v1/certificate/print-signed/${id}`, { headers })).body();
  const cod = await (await request.get(`/v1/certificate/xml/download/${id}`, { headers })).body();

  // A visitor whose browser speaks Spanish.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'es-AR' });
  const public_ = await visitor.newPage();
  await public_.goto('/verificar-documento');
  await expect(public_.getByRole('heading', { level: 1, name: 'Verificar documento' })).toBeVisible();
  await expect(public_.getByText(/Envíe la copia firmada de un certificado/)).toBeVisible();
  await public_
    .locator('input[type="file"]')
    .setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(public_.getByRole('heading', { name: 'Informe de verificación' })).toBeVisible();
  await expect(public_.getByRole('status')).toHaveText('Documento íntegro: todas las firmas son válidas');
  await expect(public_.getByText('B-LTA', { exact: true })).toBeVisible();
  await expect(public_.getByRole('table', { name: 'Firma' }).or(public_.getByLabel('Firma'))).toContainText(
    'ACT Teste Loopback',
  );

  // Switched to English: the same report in English.
  await public_.getByText('English', { exact: true }).click();
  await expect(public_.getByRole('heading', { name: 'Verification report' })).toBeVisible();
  await expect(public_.getByRole('status')).toHaveText('Document intact: every signature is valid');
  await expect(public_.getByText('PAdES level reached')).toBeVisible();
  const download = public_.waitForEvent('download');
  await public_.getByRole('button', { name: 'Download the report as PDF' }).click();
  expect((await download).suggestedFilename()).toBe('relatorio-verificacao.pdf');

  // The COD: its schema, both signatures and Origem's evidence record.
  await public_
    .locator('input[type="file"]')
    .setInputFiles({ name: `certificado-${id}.xml`, mimeType: 'application/xml', buffer: cod });
  await expect(public_.getByText("Origem's evidence record")).toBeVisible();
  await expect(public_.getByRole('status')).toHaveText('Document intact: every signature is valid');
  await expect(public_.getByText('not revoked', { exact: true })).toHaveCount(2);

  // The QR page remembers the choice: its evidence line in English.
  const code = new URL(issued.certificate.verification_url ?? '').pathname;
  await public_.goto(code);
  await expect(public_.getByRole('heading', { name: 'Certificate of origin verification' })).toBeVisible();
  await expect(public_.getByRole('status', { name: "Origem's evidence record" })).toContainText(
    /Signatures valid on .* — timestamp by ACT Teste Loopback/,
  );
  await public_.getByText('Português', { exact: true }).click();
  await expect(public_.getByRole('heading', { name: 'Verificação de certificado de origem' })).toBeVisible();
  await expect(public_.getByRole('status', { name: 'Registro de evidência do Origem' })).toContainText(
    'carimbo do tempo de ACT Teste Loopback',
  );
  await visitor.close();
});
