import type { Browser, Locator, Page } from '@playwright/test';
import {
  answerDialog,
  choose,
  downloadBy,
  expect,
  expectSuccess,
  mailCount,
  test,
  waitForMail,
} from './fixtures';
import {
  addLegalRepresentative,
  downloadProcurationFromList,
  rowOf,
  samplePdf,
} from './legal-representative-steps';
import { uniqueCnpj } from './tax-ids';

const ASSOCIATION = 'Associação Comercial de Santos';
const PDF = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${' '.repeat(200)}\n%%EOF\n`);

function signUpForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Dados do pré-cadastro' });
}

async function anonymousPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a visitor signs up, resolves a pendency by the e-mailed link, is approved, signs in and adds a legal representative with a procuration', async ({
  pageAs,
  browser,
}) => {
  // A journey through four sessions and two e-mails, like the other journeys (certificates, links).
  test.setTimeout(180_000);
  const stamp = Date.now();
  const company = `Exportadora Jornada ${stamp} Ltda.`;
  const email = `jornada.${stamp}@origem.local`;
  const cnpj = uniqueCnpj();

  // 1. The visitor fills /pre-cadastro without signing in.
  const visitor = await anonymousPage(browser);
  await visitor.goto('/pre-cadastro');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Pré-cadastro' })).toBeVisible();
  const form = signUpForm(visitor);
  await form.getByRole('radio', { name: 'Exportador' }).check();
  await expect(form.getByRole('radio', { name: 'Pessoa jurídica' })).toBeChecked();
  await form.getByRole('textbox', { name: 'CNPJ' }).fill(cnpj);
  await form.getByRole('textbox', { name: 'Razão social' }).fill(company);
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('textbox', { name: 'Telefone' }).fill('13998765432');
  await form.getByRole('textbox', { name: 'CEP' }).fill('11010000');
  await form.getByRole('textbox', { name: 'Endereço' }).fill('Rua do Porto');
  await form.getByRole('textbox', { name: 'Número' }).fill('10');
  await form.getByRole('textbox', { name: 'Cidade' }).fill('Santos');
  // The association select waits for the federation.
  await expect(form.getByRole('combobox', { name: 'Associação comercial' })).toBeDisabled();
  await choose(form, 'Federação', 'Federação das Associações Comerciais de São Paulo');
  await choose(form, 'Associação comercial', ASSOCIATION);

  // Without the social contract the form says so next to the field.
  await form.getByRole('button', { name: 'Enviar pré-cadastro' }).click();
  await expect(form.getByText('Envie o contrato social em PDF.')).toBeVisible();
  await form.locator('input[type="file"]').setInputFiles({
    name: 'contrato-social.pdf',
    mimeType: 'application/pdf',
    buffer: PDF('primeira versão'),
  });
  await form.getByRole('button', { name: 'Enviar pré-cadastro' }).click();
  await expect(visitor.getByText('Pré-cadastro enviado', { exact: true })).toBeVisible();

  // The same CNPJ again: 252, with the association's channels.
  await visitor.getByRole('button', { name: 'Fazer outro pré-cadastro' }).click();
  const again = signUpForm(visitor);
  await again.getByRole('radio', { name: 'Despachante' }).check();
  await again.getByRole('textbox', { name: 'CNPJ' }).fill(cnpj);
  await again.getByRole('textbox', { name: 'Razão social' }).fill(company);
  await again.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await choose(again, 'Federação', 'Federação das Associações Comerciais de São Paulo');
  await choose(again, 'Associação comercial', ASSOCIATION);
  await again
    .locator('input[type="file"]')
    .setInputFiles({ name: 'c.pdf', mimeType: 'application/pdf', buffer: PDF('dup') });
  await again.getByRole('button', { name: 'Enviar pré-cadastro' }).click();
  const refusal = visitor.getByRole('dialog').filter({ hasText: 'em fase de análise cadastral' });
  await expect(refusal).toContainText('Este CPF/CNPJ já foi cadastrado em nosso Sistema');
  await expect(refusal).toContainText('origem@acs.origem.local');
  await answerDialog(visitor, 'em fase de análise cadastral');

  // 2. The analyst finds it and marks a pendency.
  const page = await pageAs('analista');
  await page.goto('/pre-cadastros');
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByRole('textbox', { name: 'CNPJ' }).fill(cnpj);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row', { name: new RegExp(company) });
  await expect(row).toContainText('Enviado');
  await expect(page.getByRole('table', { name: 'Lista de pré-cadastros' }).getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: `Analisar ${company}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  // The stored file is shown by the name it downloads as (issue 9, item 11).
  await expect(page.getByText(/contrato_social\.pdf/)).toBeVisible();

  const mailsBefore = await mailCount();
  await page.getByRole('button', { name: 'Marcar pendência' }).click();
  const pendencyDialog = page.getByRole('dialog').filter({ hasText: 'Marcar pendência: pré-cadastro' });
  await expect(pendencyDialog.getByRole('button', { name: 'Marcar pendência' })).toBeDisabled();
  await pendencyDialog.getByRole('textbox').fill('Envie o contrato social assinado por todos os sócios.');
  await pendencyDialog.getByRole('button', { name: 'Marcar pendência' }).click();
  await expectSuccess(page, 'Pendência registrada com sucesso!');
  await expect(page.getByText('Aguardando correções do solicitante')).toBeVisible();

  // 3. The applicant opens the e-mailed link (no session) and resubmits.
  const pendencyMail = await waitForMail(email, 'pendência', mailsBefore);
  const link = /https?:\/\/\S+\/pre-cadastro-pendencia\/\d+\?token=[\w-]+/.exec(pendencyMail.text)?.[0];
  expect(link).toBeTruthy();
  const applicant = await anonymousPage(browser);
  await applicant.goto(`${link}x`);
  await expect(applicant.getByText('Link inválido')).toBeVisible();
  await applicant.goto(link ?? '');
  await expect(applicant.getByText('Envie o contrato social assinado por todos os sócios.')).toBeVisible();
  const correction = applicant.getByRole('form', { name: 'Correções do pré-cadastro' });
  await expect(correction.getByRole('textbox', { name: 'Razão social' })).toHaveValue(company);
  await correction.getByRole('textbox', { name: 'Nome fantasia' }).fill('Jornada');
  await correction.locator('input[type="file"]').setInputFiles({
    name: 'contrato-assinado.pdf',
    mimeType: 'application/pdf',
    buffer: PDF('assinado'),
  });
  await correction.getByRole('button', { name: 'Enviar correções' }).click();
  await expectSuccess(applicant, 'Correções enviadas com sucesso!');
  await expect(applicant.getByText('Correções enviadas', { exact: true })).toBeVisible();

  // 4. The analyst approves it.
  await page.reload();
  await expect(page.getByText(/contrato_social\.pdf/)).toBeVisible();
  await expect(page.getByText('Reenviado após pendência')).toBeVisible();
  const download = await downloadBy(page, page.getByRole('button', { name: 'Baixar contrato social' }));
  expect(download.suggestedFilename()).toBe('contrato_social.pdf');
  const beforeApproval = await mailCount();
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await answerDialog(page, `Aprovar: pré-cadastro de ${company}`, 'Aprovar');
  await expectSuccess(page, 'Pré-cadastro APROVADO com sucesso!');
  await expect(page.getByRole('link', { name: 'Abrir o exportador' })).toBeVisible();
  // The history shows every step; the receipt is the PDF of the record.
  const history = page.locator('.ant-card').filter({ hasText: 'Histórico' });
  await expect(history.getByText('Marcar pendência')).toBeVisible();
  await expect(history.getByText('Reenviar para análise')).toBeVisible();
  await expect(history.getByText('Aprovar')).toBeVisible();
  const receipt = await downloadBy(page, page.getByRole('button', { name: 'Comprovante (PDF)' }));
  expect(receipt.suggestedFilename()).toMatch(/^comprovante-pre-cadastro-\d+\.pdf$/);

  // 5. The new exporter sets its password through the welcome e-mail and signs in.
  const welcome = await waitForMail(email, 'acesso foi criado', beforeApproval);
  const setPassword = /https?:\/\/\S+\/redefinir-senha\?token=[\w-]+/.exec(welcome.text)?.[0];
  const exporter = await anonymousPage(browser);
  await exporter.goto(setPassword ?? '');
  await exporter.getByLabel('Nova senha').fill('Jornada2026');
  await exporter.getByLabel('Confirmação de senha').fill('Jornada2026');
  await exporter.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(exporter).toHaveURL(/\/login/);
  await exporter.getByLabel('E-mail').fill(email);
  await exporter.getByLabel('Senha').fill('Jornada2026');
  await exporter.getByRole('button', { name: 'Entrar' }).click();
  await expect(exporter.getByRole('button', { name: 'Sair' })).toBeVisible();
  await exporter.screenshot({ path: `${test.info().outputDir}/exportador-logado.png` });

  // 6. Signed in, the new exporter adds its legal representative with a procuration and downloads it.
  const procuration = samplePdf(`Procuracao ${company}`);
  const representative = `Representante ${company}`;
  await addLegalRepresentative(exporter, {
    name: representative,
    cpf: '529.982.247-25',
    email: `representante.${email}`,
    validUntil: `31/12/${new Date().getFullYear() + 1}`,
    procuration: { name: 'procuracao.pdf', buffer: procuration },
  });
  await expect(rowOf(exporter, representative).getByText('Em vigor')).toBeVisible();
  await downloadProcurationFromList(exporter, representative, procuration);
});
