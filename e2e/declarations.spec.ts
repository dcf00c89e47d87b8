import { writeFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminApiHeaders,
  answerDialog,
  choose,
  downloadBy,
  expect,
  expectSuccess,
  linkIn,
  loginAs,
  mailCount,
  test,
  waitForMail,
} from './fixtures';
import { uniqueCnpj } from './tax-ids';

/**
 * DOMAIN.md §3 and §6: the demo exporter drafts a declaration with two materials and sends it; the analyst takes
 * it, reads the origin check and approves it by delivery; the exporter prints it; a second exporter asks to cite it,
 * the owner approves, and the declaration becomes citable for that second exporter.
 */

test.use({ role: 'exportador' });

const SHOTS = process.env.E2E_SCREENSHOTS;
const stamp = String(Date.now()).slice(-8);
const product = `Café solúvel liofilizado ${stamp}`;
const secondName = `Mate Gaúcho Exportadora ${stamp} Ltda.`;
const PASSWORD = 'Declara2026';

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const confirmSuccess = expectSuccess;

/** A new exporter of the demo association with a user whose password is set through the welcome e-mail. */
async function exporterWithUser(api: APIRequestContext, name: string) {
  const headers = await adminApiHeaders(api);
  const associations = (await (await api.get('/v1/trade_association/all', { headers })).json()) as {
    data: { id: number }[];
  };
  const association = associations.data[0]?.id;
  const created = await api.post('/v1/exporter', {
    headers,
    data: {
      person_type_id: 2,
      cnpj: uniqueCnpj(),
      name,
      trade_association_id: association,
      city: 'Porto Alegre',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const exporter = (await created.json()) as { id: number };
  const roles = (await (await api.get('/v1/role/all', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const email = `e2e.declaracao.${stamp}@origem.local`;
  const before = await mailCount();
  const user = await api.post('/v1/user', {
    headers,
    data: {
      name: `Usuária ${name}`,
      email,
      role_id: roles.data.find((r) => r.name === 'exportador')?.id,
      trade_association_id: association,
      exporter_id: exporter.id,
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  const token = new URL(linkIn(await waitForMail(email, 'acesso foi criado', before))).searchParams.get(
    'token',
  );
  const reset = await api.post('/v1/user/reset_password', { data: { token, new_password: PASSWORD } });
  expect(reset.status()).toBe(204);
  return { id: exporter.id, email };
}

/** GET /v1/declaration/certificate/{exporterId} with the page's own session. */
async function citableIds(page: Page, exporterId: number): Promise<{ id: number; linked: boolean }[]> {
  return page.evaluate(async (id) => {
    const token = localStorage.getItem('origem.token');
    const res = await fetch(`/v1/declaration/certificate/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`certificate/${id}: ${res.status}`);
    return ((await res.json()) as { data: { id: number; linked: boolean }[] }).data;
  }, exporterId);
}

let second: { id: number; email: string };

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  second = await exporterWithUser(api, secondName);
  await api.dispose();
});

test('drafted, analysed with the origin check, approved by delivery, printed, and cited through a link', async ({
  page,
  pageAs,
  browser,
}) => {
  test.setTimeout(300_000);

  // The exporter drafts from the list's primary action.
  await page.goto('/declaracao');
  await expect(page.getByRole('row').filter({ hasText: 'Café torrado em grãos' })).toBeVisible();
  await shot(page, 'declaracao-lista');
  await page.getByRole('button', { name: 'Nova declaração' }).click();
  await expect(page).toHaveURL(/\/declaracao\/novo$/);
  const form = page.getByRole('form', { name: 'Dados da declaração' });
  await choose(form, 'Fabricante', /^Torrefação Serra Azul Ltda\./, { typed: 'Torrefação' });
  await choose(form, 'Responsável legal', /^Marina Tavares Lima/, { typed: 'Marina' });
  await form.getByLabel('Nome do produto').fill(product);
  await form.getByLabel('Código interno do produto').fill(`CSL-${stamp}`);
  await form
    .getByLabel('Processo produtivo')
    .fill('Torra, extração, concentração a vácuo, liofilização e envase em atmosfera inerte.');
  await choose(form, 'Acordo', /^ACE-18 —/, { typed: 'ACE-18' });
  await choose(form, 'Critério de origem', /^ST —/, { typed: 'ST' });
  await choose(form, 'Norma de origem', 'Regime de Origem do MERCOSUL', { typed: 'Regime' });
  await form.getByLabel('NCM', { exact: true }).fill('21011110');
  await expect(form.getByText('Café solúvel, mesmo descafeinado')).toBeVisible();
  await form.getByLabel('Valor FOB unitário mínimo (US$)').fill('8,00');
  await form.getByLabel('Valor FOB unitário máximo (US$)').fill('10,00');
  // Two materials: Brazilian green coffee, and a Chinese package of another tariff heading.
  await form.getByRole('button', { name: 'Adicionar material' }).click();
  await form.getByRole('button', { name: 'Adicionar material' }).click();
  await form.getByLabel('NCM do material 1').fill('09011110');
  await form.getByLabel('Descrição do material 1').fill('Café arábica verde em grão');
  await choose(form, 'País de origem do material 1', 'Brasil (BR)', { typed: 'Brasil' });
  await form.getByLabel('Valor CIF do material 1').fill('3,50');
  await form.getByLabel('Participação no FOB do material 1').fill('35');
  await form.getByLabel('NCM do material 2').fill('39232990');
  await form.getByLabel('Descrição do material 2').fill('Embalagem laminada');
  await choose(form, 'País de origem do material 2', 'China (CN)', { typed: 'China' });
  await form.getByLabel('Valor CIF do material 2').fill('0,80');
  await form.getByLabel('Participação no FOB do material 2').fill('8');
  await expect(form.getByText('Soma das participações no FOB: 43,00 %')).toBeVisible();
  await shot(page, 'declaracao-nova');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await confirmSuccess(page, 'Declaração cadastrada com sucesso!');
  await expect(page).toHaveURL(/\/declaracao\/\d+$/);
  const id = Number(/\/declaracao\/(\d+)$/.exec(page.url())?.[1]);
  const title = page.getByRole('heading', { name: `Declaração nº ${id} — ${product}` });
  await expect(title).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Descrição do material 2' })).toHaveValue(
    'Embalagem laminada',
  );

  // Sent for analysis: the form locks.
  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await confirmSuccess(page, 'Declaração enviada para análise com sucesso!');
  await expect(page.getByText('Enviada para análise').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await shot(page, 'declaracao-enviada');

  // The analyst finds it, takes it, reads the origin check and approves it by delivery.
  const analyst = await pageAs('analista');
  await analyst.goto(`/declaracao?declaration_id=${id}`);
  await analyst.getByRole('button', { name: `Analisar a declaração nº ${id}` }).click();
  await expect(analyst).toHaveURL(new RegExp(`/declaracao-analise/${id}$`));
  await analyst.getByRole('button', { name: 'Iniciar análise' }).click();
  await confirmSuccess(analyst, 'Declaração em análise.');
  const check = analyst.getByRole('region', { name: 'Verificação de origem' });
  // The ceiling of the regime the declaration cites: MERCOSUL's Dec. CMC 05/23, 45 % since 18 Jul 2024 (issue 36).
  await expect(check.getByText('Dentro do teto: 8,00 % de 45,00 %')).toBeVisible();
  await expect(
    check.getByText('Todos os materiais não originários mudam de posição tarifária.'),
  ).toBeVisible();
  await expect(analyst.getByRole('table', { name: 'Materiais' }).getByText('Não originário')).toBeVisible();
  await shot(analyst, 'declaracao-analise');
  await analyst.getByRole('button', { name: 'Aprovar (entrega física)' }).click();
  const approval = analyst.getByRole('dialog', { name: `Aprovar (entrega física): declaração nº ${id}` });
  await choose(approval, 'Local de entrega', 'Sede da associação emissora', { typed: 'Sede' });
  await approval.getByRole('button', { name: 'Aprovar (entrega física)' }).click();
  await confirmSuccess(analyst, 'Declaração APROVADA com sucesso!');
  await expect(analyst.getByText('Declaração aprovada', { exact: true })).toBeVisible();

  // The exporter prints it: a real PDF named after it.
  await page.reload();
  await expect(page.getByText('Declaração aprovada', { exact: true })).toBeVisible();
  const download = await downloadBy(page, page.getByRole('button', { name: 'Imprimir' }));
  expect(download.suggestedFilename()).toBe(`declaracao-${id}.pdf`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  if (SHOTS) writeFileSync(`${SHOTS}/declaracao-${id}.pdf`, pdf);
  await page.goto(`/declaracao-consulta/${id}`);
  await expect(title).toBeVisible();
  await shot(page, 'declaracao-consulta');

  // A second exporter cannot cite it yet; it asks the owner for a link.
  const { baseURL, locale, timezoneId, viewport } = test.info().project.use;
  // Signed out: the test's own options would otherwise bring the first exporter's session.
  const context = await browser.newContext({
    baseURL,
    locale,
    timezoneId,
    viewport,
    storageState: { cookies: [], origins: [] },
  });
  const other = await context.newPage();
  await loginAs(other, second.email, PASSWORD);
  await expect(other.getByRole('button', { name: 'Sair' })).toBeVisible();
  expect((await citableIds(other, second.id)).map((d) => d.id)).not.toContain(id);
  await other.goto('/vinculo_declaracao');
  await other.getByRole('button', { name: 'Solicitar vínculo' }).click();
  const request = other.getByRole('dialog', { name: 'Solicitar vínculo de declaração' });
  await choose(request, 'Fabricante', /^Café Santista Exportadora Ltda\./, { typed: 'Café Santista' });
  await choose(request, 'Declaração', new RegExp(`^Nº ${id} — `), { typed: product });
  await shot(other, 'vinculo-declaracao-solicitar');
  await request.getByRole('button', { name: 'Solicitar vínculo' }).click();
  await confirmSuccess(
    other,
    'Solicitação de vínculo com o fabricante enviada com sucesso! Aguarde a aprovação.',
  );
  const linkRow = (p: Page) =>
    p
      .getByRole('row')
      .filter({ hasText: secondName })
      .filter({ hasText: `Nº ${id}` });
  await expect(linkRow(other)).toContainText('Pendente');

  // The owner approves; the answer opens the declaration.
  await page.goto(`/vinculo_declaracao?declaration_id=${id}`);
  await expect(linkRow(page)).toBeVisible();
  await shot(page, 'vinculo-declaracao-lista');
  await linkRow(page)
    .getByRole('button', { name: /^Aprovar o vínculo/ })
    .click();
  await answerDialog(page, 'O exportador passa a poder citar esta declaração', 'Aprovar');
  await confirmSuccess(page, 'Vínculo APROVADO com sucesso!');
  await expect(page).toHaveURL(new RegExp(`/declaracao/${id}$`));

  // Now it is citable for the second exporter, through the link.
  await other.reload();
  await expect(linkRow(other)).toContainText('Aprovado');
  expect(await citableIds(other, second.id)).toContainEqual(expect.objectContaining({ id, linked: true }));
  await context.close();
});
