import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  adminApiHeaders,
  answerDialog,
  expect,
  expectSuccess,
  linkIn,
  mailCount,
  test,
  waitForMail,
} from './fixtures';
import { uniqueCnpj } from './tax-ids';

/**
 * DOMAIN.md §6: a dispatcher asks an exporter for a link from its own screen; the exporter approves it; the
 * dispatcher then reaches the exporter's records (its companies). Deleting the link takes two steps, the page
 * reloading after each, and the access goes with it. Every party is new, so the journey can run again.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;
const stamp = String(Date.now()).slice(-8);
const exporterName = `Exportadora Vínculo ${stamp} Ltda.`;
const dispatcherName = `Despachos Vínculo ${stamp} Ltda.`;
const companyName = `Compradora do Vínculo ${stamp} S.A.`;
const PASSWORD = 'Vinculo2026';

type Party = { id: number; email: string };

const adminHeaders = adminApiHeaders;

/** An exporter or dispatcher registered by the admin, with a user tied to it whose password is set. */
async function partyWithUser(
  api: APIRequestContext,
  headers: Record<string, string>,
  kind: 'exporter' | 'dispatcher',
  name: string,
  association: number,
): Promise<Party> {
  const created = await api.post(`/v1/${kind}`, {
    headers,
    data: { person_type_id: 2, cnpj: uniqueCnpj(), name, trade_association_id: association, city: 'Santos' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const party = (await created.json()) as { id: number };
  const roles = (await (await api.get('/v1/role/all', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const role = kind === 'exporter' ? 'exportador' : 'despachante';
  const email = `e2e.${kind}.${stamp}@origem.local`;
  const before = await mailCount();
  const user = await api.post('/v1/user', {
    headers,
    data: {
      name: `Usuário ${name}`,
      email,
      role_id: roles.data.find((r) => r.name === role)?.id,
      trade_association_id: association,
      [`${kind}_id`]: party.id,
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  const token = new URL(linkIn(await waitForMail(email, 'acesso foi criado', before))).searchParams.get(
    'token',
  );
  const reset = await api.post('/v1/user/reset_password', { data: { token, new_password: PASSWORD } });
  expect(reset.status()).toBe(204);
  return { id: party.id, email };
}

const confirmSuccess = expectSuccess;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

function row(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** Whether the user's companies screen lists the exporter's company (searched by the run's stamp). */
async function seesCompany(page: Page, expected: boolean): Promise<void> {
  await page.goto('/empresas');
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByRole('textbox', { name: 'Razão social' }).fill(stamp);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`corporate_name=${stamp}`));
  if (expected) await expect(row(page, companyName)).toBeVisible();
  else await expect(page.getByText('Nenhum resultado para estes filtros.')).toBeVisible();
}

let exporter: Party;
let dispatcher: Party;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const headers = await adminHeaders(api);
  const associations = (await (await api.get('/v1/trade_association/all', { headers })).json()) as {
    data: { id: number }[];
  };
  const association = associations.data[0]?.id ?? 0;
  exporter = await partyWithUser(api, headers, 'exporter', exporterName, association);
  dispatcher = await partyWithUser(api, headers, 'dispatcher', dispatcherName, association);
  // The exporter's address book has one company.
  const company = await api.post('/v1/company', {
    headers,
    data: {
      company_type_id: 1,
      corporate_name: companyName,
      foreign_tax_id: `30-${stamp}-1`,
      country_id: await countryId(api, headers, 'AR'),
      city: 'Buenos Aires',
      exporter_id: exporter.id,
    },
  });
  expect(company.status(), await company.text()).toBe(201);
  await api.dispose();
});

async function countryId(api: APIRequestContext, headers: Record<string, string>, code: string) {
  const countries = (await (await api.get('/v1/country/all', { headers })).json()) as {
    data: { id: number; code: string }[];
  };
  return countries.data.find((c) => c.code === code)?.id;
}

test('the dispatcher asks, the exporter approves, the dispatcher reaches its companies; deletion takes two steps', async ({
  pageAsUser,
}) => {
  test.setTimeout(180_000);
  // Each side in its own signed-in browser, as two people would be.
  const page = await pageAsUser(dispatcher.email, PASSWORD);
  const exporterPage = await pageAsUser(exporter.email, PASSWORD);

  // The dispatcher sees none of the exporter's companies yet.
  await seesCompany(page, false);

  // It asks from its own screen, reached from the "Vínculos" menu.
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.getByRole('link', { name: 'Solicitar vínculo com exportador', exact: true }).click();
  await expect(page).toHaveURL(/\/vinculo\/solicita-exportador$/);
  const form = page.getByRole('form', { name: 'Solicitar vínculo com exportador' });
  const select = form.getByRole('combobox', { name: 'Exportador' });
  await select.click();
  await select.fill(stamp);
  await page.locator('.ant-select-dropdown:visible').getByText(exporterName).click();
  await shot(page, 'vinculo-solicita-exportador');
  await form.getByRole('button', { name: 'Solicitar vínculo' }).click();
  await confirmSuccess(page, 'Solicitação de vínculo com exportador realizado com sucesso!');
  await expect(page).toHaveURL(/\/vinculo\/lista-vinculos-despachante$/);
  await expect(row(page, exporterName)).toContainText('Solicitado');
  await shot(page, 'vinculo-lista-despachante');

  // The exporter was told by e-mail, and approves on the analysis screen.
  await waitForMail(exporter.email, 'solicitação de vínculo');
  await exporterPage.goto('/vinculo/lista-vinculos-exportador');
  await row(exporterPage, dispatcherName)
    .getByRole('button', { name: /^Abrir o vínculo/ })
    .click();
  await expect(
    exporterPage.getByRole('heading', { name: `${exporterName} — ${dispatcherName}` }),
  ).toBeVisible();
  await shot(exporterPage, 'vinculo-analise');
  await exporterPage.getByRole('button', { name: 'Aprovar' }).click();
  await answerDialog(exporterPage, 'Aprovar o vínculo?', 'Aprovar');
  await confirmSuccess(exporterPage, 'Solicitação APROVADA com sucesso!');
  await expect(exporterPage.getByText('Vínculo aprovado', { exact: true })).toBeVisible();

  // Approved: the dispatcher reaches the exporter's companies.
  await seesCompany(page, true);
  await shot(page, 'vinculo-empresas-do-exportador');

  // Deletion, step one: the dispatcher asks from its list; the page reloads and the link still grants.
  await page.goto('/vinculo/lista-vinculos-despachante');
  await row(page, exporterName)
    .getByRole('button', { name: /^Solicitar exclusão/ })
    .click();
  await answerDialog(page, 'A outra parte precisará confirmar', 'Solicitar exclusão');
  const reloaded = page.waitForEvent('load');
  await answerDialog(page, 'Solicitação de exclusão enviada para o exportador!', 'OK');
  await reloaded;
  await expect(row(page, exporterName)).toContainText('Exclusão solicitada');
  await seesCompany(page, true);

  // Step two: the exporter confirms from its list; the page reloads.
  await exporterPage.goto('/vinculo/lista-vinculos-exportador?status=EXCLUSAO_SOLICITADA');
  await row(exporterPage, dispatcherName)
    .getByRole('button', { name: /^Confirmar exclusão/ })
    .click();
  await answerDialog(exporterPage, 'perde o acesso', 'Confirmar exclusão');
  const reloadedToo = exporterPage.waitForEvent('load');
  await answerDialog(exporterPage, 'Solicitação de exclusão APROVADA!', 'OK');
  await reloadedToo;
  await expect(row(exporterPage, dispatcherName)).toHaveCount(0);

  // The dispatcher's access went with the link (the very next request).
  await seesCompany(page, false);
});
