import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiOf, certificateOf, type Detail } from './certificate-steps';
import {
  choose,
  downloadBy,
  expect,
  expectSuccess,
  mailCount,
  test,
  toastWith,
  waitForMail,
} from './fixtures';
import { samplePdf } from './legal-representative-steps';

/**
 * Issue 13: the exporter drafts a certificate with two items citing its citable declaration and the commercial
 * invoice, and sends it; the analyst takes it and approves it, and the number appears; the exporter asks to cancel;
 * the analyst approves the cancellation; the public verification page, signed out, says "Cancelado". The invoice
 * number is new on each run, so the journey can be repeated on one server. The shorter tests below set their
 * certificate up through the API and drive only what they are about: reproval, printing with the signing e-mail's
 * resend, substitution, clone.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;
const invoice = `FC-E2E-${String(Date.now()).slice(-8)}`;
const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/certificates-${name}.png`, fullPage: true });
}

const success = expectSuccess;

const status = (page: Page) => page.locator('header .ant-tag').first();

test('certificate journey: draft, send, approve, number, cancellation, public verification', async ({
  pageAs,
  browser,
  baseURL,
}) => {
  // Two people and a visitor through the whole flow: longer than the default minute on a shared machine.
  test.setTimeout(180_000);
  // Each person in a browser of its own, signed in through the saved sessions; the test's own context stays a
  // visitor's (contexts made in a test inherit its session), for the public page at the end.
  const page = await pageAs('exportador');
  // The exporter drafts it.
  await page.goto('/certificado');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificados' })).toBeVisible();
  await shot(page, 'list');
  await page.getByRole('button', { name: 'Novo certificado' }).first().click();
  await expect(page).toHaveURL(/\/certificado\/novo$/);
  const form = page.getByRole('form', { name: 'Dados do certificado' });
  await choose(form, 'Responsável legal', /^Marina Tavares Lima/, { typed: 'Marina' });
  await choose(form, 'Importador', /Importadora Rioplatense/, { typed: 'Rioplatense' });
  await choose(form, 'Acordo', /^ACE-18 —/, { typed: 'ACE-18' });
  await form.getByLabel('Nº da fatura comercial').fill(invoice);
  const date = form.getByLabel('Data da fatura');
  await date.click();
  await date.fill(today);
  await date.press('Tab');
  await expect(date).toHaveValue(today);

  for (const [index, quantity, fob] of [
    [1, '1200', '12240,00'],
    [2, '800', '8160,00'],
  ] as const) {
    await form.getByRole('button', { name: 'Adicionar item' }).click();
    const item = form.getByRole('group', { name: `Item ${index}` });
    await choose(item, 'Declaração de origem', /Revestimento cerâmico esmaltado/, { typed: 'Revestimento' });
    await expect(item.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(
      'Revestimento cerâmico esmaltado',
    );
    await item.getByLabel('Quantidade').fill(quantity);
    await item.getByLabel('Valor FOB (US$)').fill(fob);
    // The demo's NCM reference table is empty: sending needs the description that prints (issue 22).
    await item
      .getByLabel('Descrição do NCM impressa no certificado')
      .fill('Ladrilhos e placas de cerâmica, esmaltados');
  }
  await form
    .getByRole('group', { name: 'Item 2' })
    .getByLabel('Descrição da mercadoria')
    .fill('Revestimento cerâmico esmaltado 60x60 cm, linha Mármore Carrara');
  await form
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'fatura.pdf', mimeType: 'application/pdf', buffer: samplePdf(invoice) });
  await expect(form.getByText('fatura.pdf')).toBeVisible();
  await shot(page, 'new');
  await form.getByRole('button', { name: 'Criar rascunho' }).click();
  await success(page, 'Certificado cadastrado com sucesso!');
  await expect(page).toHaveURL(/\/certificado\/\d+$/);
  const id = Number(/\/certificado\/(\d+)$/.exec(page.url())?.[1]);
  await expect(status(page)).toHaveText('Rascunho');
  await expect(page.getByRole('group', { name: 'Item 2' })).toBeVisible();
  await shot(page, 'draft');

  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await success(page, 'Certificado enviado para análise com sucesso!');
  await expect(status(page)).toHaveText('Enviado para análise');
  await expect(page.getByRole('row').filter({ hasText: 'linha Mármore Carrara' })).toBeVisible();

  // The analyst takes it and approves it.
  const analyst = await pageAs('analista');
  await analyst.goto('/certificado');
  await analyst.getByRole('button', { name: `Analisar Certificado nº ${id}` }).click();
  await expect(analyst).toHaveURL(new RegExp(`/certificado-analise/${id}$`));
  await expect(analyst.getByText(`Declaração nº`).first()).toBeVisible();
  await analyst.getByRole('button', { name: 'Iniciar análise' }).click();
  await success(analyst, 'Certificado em análise.');
  await expect(status(analyst)).toHaveText('Em análise');
  await shot(analyst, 'analysis');
  await analyst.getByRole('button', { name: 'Aprovar e emitir' }).click();
  await analyst.locator('.ant-modal-confirm').getByRole('button', { name: 'Aprovar e emitir' }).click();
  await success(analyst, 'Certificado APROVADO e EMITIDO com sucesso!');
  await expect(status(analyst)).toHaveText('Emitido');
  const heading = analyst.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Certificado BR[A-Z0-9]{3}A18\d{12}$/);
  const number = (await heading.textContent())?.replace('Certificado ', '') ?? '';

  // The number appears for the exporter, who asks to cancel.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Certificado ${number}`);
  await expect(status(page)).toHaveText('Emitido');
  const verification = page.getByRole('link', { name: /\/verificar\// });
  const verificationUrl = (await verification.getAttribute('href')) ?? '';
  expect(verificationUrl).toMatch(/\/verificar\/[A-Z0-9]{8,40}$/);
  await shot(page, 'issued');
  await page.getByRole('button', { name: 'Solicitar cancelamento' }).click();
  const ask = page.locator('.ant-modal-confirm');
  await ask.getByLabel('Motivo do cancelamento').fill('Embarque desfeito pelo importador.');
  await ask.getByRole('button', { name: 'Solicitar cancelamento' }).click();
  await success(page, 'Cancelamento solicitado com sucesso!');
  await expect(status(page)).toHaveText('Cancelamento solicitado');

  // The analyst approves the cancellation.
  await analyst.goto(`/certificado-analise/${id}`);
  await expect(status(analyst)).toHaveText('Cancelamento solicitado');
  await expect(analyst.getByText('Embarque desfeito pelo importador.')).toBeVisible();
  await analyst.getByRole('button', { name: 'Aprovar cancelamento' }).click();
  await analyst.locator('.ant-modal-confirm').getByRole('button', { name: 'Aprovar cancelamento' }).click();
  await success(analyst, 'Certificado CANCELADO com sucesso!');
  await expect(status(analyst)).toHaveText('Cancelado');
  await analyst.goto(`/certificado-consulta/${id}`);
  await expect(status(analyst)).toHaveText('Cancelado');
  await shot(analyst, 'consulta');

  // Signed out, the QR's page says so.
  const visitor = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 1366, height: 900 },
  });
  const publicPage = await visitor.newPage();
  await publicPage.goto(new URL(verificationUrl).pathname);
  await expect(publicPage).toHaveURL(/\/verificar\//);
  await expect(publicPage.getByText('Certificado autêntico, mas sem validade')).toBeVisible();
  const table = publicPage.locator('.ant-descriptions');
  await expect(table.getByText(number, { exact: true })).toBeVisible();
  await expect(table.locator('.ant-tag')).toHaveText('Cancelado');
  await expect(table.getByText('Café Santista Exportadora Ltda.')).toBeVisible();
  // Nothing confidential: no values.
  await expect(publicPage.getByText('US$')).toHaveCount(0);
  await shot(publicPage, 'verification');
  await visitor.close();
});

// ---- the rest of the flow, each from a certificate set up through the API ------------------------------------------

test('the form offers digital signature only under a deal that exchanges COD (issue 36)', async ({
  pageAs,
}) => {
  const page = await pageAs('exportador');
  await page.goto('/certificado/novo');
  const form = page.getByRole('form', { name: 'Dados do certificado' });
  const digital = form.getByRole('switch', { name: 'Assinatura digital' });
  const notOffered = form.getByTestId('digital-not-offered');
  await expect(notOffered).toContainText(
    'Escolha o acordo: a assinatura digital só existe nos acordos que trocam COD.',
  );
  await expect(digital).toHaveCount(0);
  // Chile's ACE 35 uses its own electronic certificate: paper only here.
  await choose(form, 'Acordo', /^ACE-35 —/, { typed: 'ACE-35' });
  await expect(notOffered).toContainText(
    'O acordo ACE-35 não troca certificado de origem digital (COD): este certificado é em papel.',
  );
  await expect(digital).toHaveCount(0);
  // MERCOSUL's ACE 18 exchanges COD: the switch is there.
  await choose(form, 'Acordo', /^ACE-18 —/, { typed: 'ACE-18' });
  await expect(digital).toBeVisible();
  await digital.click();
  await expect(digital).toBeChecked();
  // Back to a deal without COD: the switch goes, and with it the choice.
  await choose(form, 'Acordo', /^ACE-36 —/, { typed: 'ACE-36' });
  await expect(digital).toHaveCount(0);
  await expect(notOffered).toContainText('O acordo ACE-36 não troca certificado de origem digital (COD)');
});

test('the analyst reproves with reasons; the exporter finds it back, reproved, with them', async ({
  pageAs,
}) => {
  const page = await pageAs('exportador');
  const { id } = await certificateOf(await apiOf(page), { send: true });

  const analyst = await pageAs('analista');
  await analyst.goto(`/certificado-analise/${id}`);
  await analyst.getByRole('button', { name: 'Iniciar análise' }).click();
  await success(analyst, 'Certificado em análise.');
  await analyst.getByRole('button', { name: 'Reprovar' }).click();
  const dialog = analyst.locator('.ant-modal-confirm');
  await dialog
    .getByLabel('Motivos da reprovação')
    .fill('Peso líquido divergente da fatura.\nFalta o CNPJ no campo 1.');
  await dialog.getByRole('button', { name: 'Reprovar' }).click();
  await success(analyst, 'Certificado REPROVADO com sucesso!');
  await expect(status(analyst)).toHaveText('Reprovado');

  await page.goto(`/certificado/${id}`);
  await expect(status(page)).toHaveText('Reprovado');
  const reasons = page.getByRole('alert').filter({ hasText: 'Motivos da reprovação' });
  await expect(reasons).toContainText('Peso líquido divergente da fatura.');
  await expect(reasons).toContainText('Falta o CNPJ no campo 1.');
  // Editable and re-sendable.
  await expect(page.getByRole('form', { name: 'Dados do certificado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar para análise' })).toBeVisible();
});

test('a digital certificate awaiting signature: the preview PDF downloads, and the signing e-mail is sent again', async ({
  pageAs,
}) => {
  const page = await pageAs('exportador');
  const { id, signer } = await certificateOf(await apiOf(page), { digital: true, send: true });
  await page.goto(`/certificado/${id}`);
  await expect(status(page)).toHaveText('Aguardando assinatura do exportador');

  const download = await downloadBy(page, page.getByRole('button', { name: 'Imprimir prévia (sem valor)' }));
  expect(download.suggestedFilename()).toBe(`certificado-pedido-${id}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.length).toBeGreaterThan(1000);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

  const before = await mailCount();
  await page.getByRole('button', { name: 'Reenviar e-mail de assinatura' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: 'Reenviar e-mail de assinatura' })
    .click();
  await success(page, 'E-mail de assinatura reenviado ao responsável legal!');
  await expect(status(page)).toHaveText('Aguardando assinatura do exportador');
  const mail = await waitForMail(signer, `assinatura do certificado nº ${id}`, before);
  expect(mail.text).toContain(`/certificado-consulta/${id}`);
});

test('substitution: the exporter asks with the letter, the analyst approves, a replacing draft is created', async ({
  pageAs,
}) => {
  const page = await pageAs('exportador');
  const { id } = await certificateOf(await apiOf(page), { send: true });
  const analyst = await pageAs('analista');
  const staff = await apiOf(analyst);
  await staff('GET', `/v1/certificate/send_analyzing/${id}?type_analysis=analise`);
  await staff('POST', `/v1/certificate/approve/${id}`);

  await page.goto(`/certificado/${id}`);
  await expect(status(page)).toHaveText('Emitido');
  await page.getByRole('button', { name: 'Solicitar substituição' }).click();
  const ask = page.locator('.ant-modal-confirm');
  await ask.getByLabel('Motivo da substituição').fill('Erro no peso bruto declarado.');
  await ask
    .locator('input[type="file"]')
    .setInputFiles({ name: 'carta.pdf', mimeType: 'application/pdf', buffer: samplePdf('carta') });
  await ask.getByRole('button', { name: 'Solicitar substituição' }).click();
  await success(page, 'Substituição solicitada com sucesso!');
  await expect(status(page)).toHaveText('Substituição solicitada');

  await analyst.goto(`/certificado-analise/${id}`);
  await expect(analyst.getByText('Erro no peso bruto declarado.')).toBeVisible();
  await analyst.getByRole('button', { name: 'Aprovar substituição' }).click();
  await analyst.locator('.ant-modal-confirm').getByRole('button', { name: 'Aprovar substituição' }).click();
  await success(analyst, 'Substituição APROVADA! O rascunho do certificado substituto foi criado.');
  await expect(status(analyst)).toHaveText('Substituído');

  await page.reload();
  await expect(status(page)).toHaveText('Substituído');
  const replacedBy = page.locator('.ant-descriptions-item').filter({ hasText: 'Substituído por' });
  await expect(replacedBy.locator('.ant-tag')).toHaveText('Rascunho');
  await replacedBy.getByRole('link').click();
  await expect(status(page)).toHaveText('Rascunho');
  await expect(page.locator('.ant-descriptions-item').filter({ hasText: 'Substitui' }).first()).toBeVisible();
});

test('clone: a new draft with the same items', async ({ pageAs }) => {
  const page = await pageAs('exportador');
  const api = await apiOf(page);
  const { id } = await certificateOf(api);
  await page.goto(`/certificado/${id}`);
  await page.getByRole('button', { name: 'Clonar' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Clonar' }).click();
  // The copy's number is in the toast's text.
  const done = toastWith(page, 'Certificado clonado com sucesso!');
  await expect(done).toHaveText(/nº \d+, em rascunho\.$/);
  const copy = Number(/nº (\d+), em rascunho\.$/.exec((await done.textContent()) ?? '')?.[1]);
  expect(copy).toBeGreaterThan(id);
  await expect(page).toHaveURL(new RegExp(`/certificado/${copy}$`));
  await expect(status(page)).toHaveText('Rascunho');
  for (const [index, description] of [
    [1, 'Porcelanato Carrara 60x60'],
    [2, 'Porcelanato Grafite 60x60'],
  ] as const) {
    await expect(
      page.getByRole('group', { name: `Item ${index}` }).getByLabel('Descrição da mercadoria'),
    ).toHaveValue(description);
  }
  const [original, clone] = await Promise.all([
    api<Detail>('GET', `/v1/certificate/${id}`),
    api<Detail>('GET', `/v1/certificate/${copy}`),
  ]);
  const items = (d: Detail) => d.items.map(({ description, quantity }) => ({ description, quantity }));
  expect(items(clone)).toEqual(items(original));
});
