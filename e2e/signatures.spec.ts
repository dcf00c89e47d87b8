import { pdfSignatures } from '../apps/api/src/test/pdf';
import { expect, expectSuccess, test } from './fixtures';
import {
  a1Of,
  apiOf,
  certificateAwaitingSignature,
  declarationToSign,
  signOnScreen,
  status,
} from './signature-steps';

/**
 * Issue 14: the exporter's user, holding its legal representative's A1 (.p12 and password), signs a certificate
 * that awaits the first signature through /assinatura-digital-a1/{id} and sees it move to "Enviado para análise";
 * the association's official signs the approved certificate the same way and it is issued, its PDF served with the
 * entity's PAdES seal. The certificate is prepared through the API (the certificate journey covers its screens);
 * the CA is a throw-away test CA the server is told to trust.
 */

test('the legal representative signs a certificate with an A1 file through the signing screen', async ({
  pageAs,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await pageAs('exportador');
  await page.goto('/certificado');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
  const { id, representative } = await certificateAwaitingSignature(await apiOf(page, request));
  const p12 = a1Of(representative);

  await page.goto(`/certificado/${id}`);
  await expect(status(page)).toHaveText('Aguardando assinatura do exportador');
  await page.getByRole('button', { name: 'Assinar (exportador) com certificado A1' }).click();
  await expect(page).toHaveURL(new RegExp(`/assinatura-digital-a1/${id}\\?tipo=certificado$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Assinatura digital A1' })).toBeVisible();
  await expect(page.getByText(`Primeira assinatura: ${representative.name}`)).toBeVisible();

  // A wrong password is refused next to the form; nothing changes.
  await signOnScreen(page, p12, 'errada');
  await expect(page.getByText('A assinatura não foi aceita')).toBeVisible();
  await expect(page.getByText(/verifique o arquivo \(\.pfx\/\.p12\) e a senha/)).toBeVisible();

  await signOnScreen(page, p12);
  await expectSuccess(page, 'Certificado assinado e enviado para análise!');
  await expect(page).toHaveURL(new RegExp(`/certificado/${id}$`));
  await expect(status(page)).toHaveText('Enviado para análise');
  await expect(page.getByRole('button', { name: 'Assinar (exportador) com certificado A1' })).toHaveCount(0);
});

test('the association official signs the approved certificate with A1: issued, its signed PDF valid', async ({
  pageAs,
  request,
}) => {
  test.setTimeout(120_000);
  const exporterPage = await pageAs('exportador');
  await exporterPage.goto('/certificado');
  await expect(exporterPage.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
  const exporter = await apiOf(exporterPage, request);
  const { id, representative } = await certificateAwaitingSignature(exporter);
  const first = await exporter.post<{ certificate: { status: string } }>(
    `/v1/certificate/first/signature/xml/a1/${id}`,
    {
      multipart: {
        password: 'senha-a1',
        certificate: { name: 'a1.p12', mimeType: 'application/x-pkcs12', buffer: a1Of(representative) },
      },
    },
  );
  expect(first.certificate.status).toBe('ENVIADO');

  const page = await pageAs('associacao');
  await page.goto('/certificado');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
  const official = await apiOf(page, request);
  await official.get(`/v1/certificate/send_analyzing/${id}?type_analysis=analise`);
  await official.post(`/v1/certificate/approve/${id}`, { data: {} });
  const me = await page.evaluate(
    () => JSON.parse(localStorage.getItem('origem.user') ?? '{}') as { name: string; cpf: string },
  );

  await page.goto(`/certificado/${id}`);
  await expect(status(page)).toHaveText('Aprovado — aguardando assinatura da entidade');
  await page.getByRole('button', { name: 'Assinar (entidade) com certificado A1' }).click();
  await expect(page).toHaveURL(new RegExp(`/assinatura-digital-a1/${id}\\?tipo=certificado$`));
  await signOnScreen(page, a1Of(me));
  await expectSuccess(page, 'Certificado assinado pela entidade e EMITIDO!');
  // Back on the entity's own screen of the record.
  await expect(page).toHaveURL(new RegExp(`/certificado-consulta/${id}$`));
  await expect(status(page)).toHaveText('Emitido');
  await expect(page.getByRole('button', { name: 'Assinar (entidade) com certificado A1' })).toHaveCount(0);

  const token = await page.evaluate(() => localStorage.getItem('origem.token') ?? '');
  const pdf = await request.get(`/v1/certificate/print-signed/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.status(), await pdf.text()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const report = pdfSignatures(await pdf.body());
  expect(report).toContain('Signature is Valid.');
  expect(report).toContain('Total document signed');
});

test('the legal representative signs a sent declaration with A1 through its screen; the analyst sees it signed', async ({
  pageAs,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await pageAs('exportador');
  await page.goto('/declaracao');
  await expect(page.getByRole('heading', { level: 1, name: 'Declarações' })).toBeVisible();
  const { id, representative } = await declarationToSign(await apiOf(page, request));

  await page.goto(`/declaracao/${id}`);
  await expect(status(page)).toHaveText('Enviada para análise');
  await page.getByRole('button', { name: 'Assinar com certificado A1' }).click();
  await expect(page).toHaveURL(new RegExp(`/assinatura-digital-a1/${id}\\?tipo=declaracao$`));
  await signOnScreen(page, a1Of(representative));
  await expectSuccess(page, 'Declaração assinada digitalmente com sucesso!');
  await expect(page).toHaveURL(new RegExp(`/declaracao/${id}$`));
  await expect(page.getByRole('button', { name: 'XML assinado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assinar com certificado A1' })).toHaveCount(0);

  // The analyst's screen of the record says it is signed and waits for the approval by signature.
  const analyst = await pageAs('analista');
  await analyst.goto(`/declaracao-consulta/${id}`);
  await expect(analyst.getByText('Assinada digitalmente pelo responsável legal')).toBeVisible();
});
