import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  adminApiHeaders,
  createUserWithPassword,
  downloadBy,
  expect,
  expectSuccess,
  loginAs,
  mailCount,
  test,
  waitForMail,
} from './fixtures';
import { addLegalRepresentative, samplePdf } from './legal-representative-steps';
import { APP_PORT } from './playwright.config';
import { uniqueCnpj, uniqueCpf } from './tax-ids';

// Issue 9: what a newcomer tripped over in the built screens, one journey per item.

const LAPTOP = { width: 1024, height: 768 };
const PHONE = { width: 375, height: 812 };

/** An admin token for the API steps that set a scene up (the screens under test come after). */
function adminHeaders(page: Page): Promise<Record<string, string>> {
  return adminApiHeaders(page.request);
}

test('1. a signed-in user changes the password from the user menu', async ({ pageAsUser, request }) => {
  // A throwaway user: changing a password ends the user's other sessions.
  const user = await createUserWithPassword(request);
  const page = await pageAsUser(user.email, user.password);
  await page.goto('/');
  await page.getByRole('button', { name: new RegExp(user.name) }).click();
  await page.getByRole('menuitem', { name: 'Alterar senha' }).click();
  await expect(page).toHaveURL(/\/redefinir-senha$/);
  const form = page.getByRole('form', { name: 'Alterar senha' });
  await form.getByLabel('Senha atual').fill(user.password);
  await form.getByLabel('Nova senha').fill('Trocada2026');
  await form.getByLabel('Confirmação de senha').fill('Trocada2026');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expectSuccess(page, 'Senha alterada com sucesso!');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await loginAs(page, user.email, 'Trocada2026');
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
});

test.describe('2. lists at 1024 px and navigation on a phone', () => {
  test('at 1024 px every list keeps its row actions in sight, and a name opens its record', async ({
    pageAs,
  }) => {
    const page = await pageAs('admin', { viewport: LAPTOP });
    for (const [path, open] of [
      ['/usuarios', /\/usuarios\/\d+$/],
      ['/exportadores', /\/exportador\/\d+$/],
      ['/empresas', /\/empresas-(fab|imp-int)\/\d+$/],
      ['/acordos', /\/acordos\/\d+$/],
      ['/associacoes', /\/associacoes\/\d+$/],
      ['/pre-cadastros', /\/pre-cadastro-analise\/\d+$/],
    ] as const) {
      await page.goto(path);
      const row = page.locator('tbody tr.ant-table-row').first();
      await expect(row, path).toBeVisible();
      const action = row.getByRole('button', { name: /^(Editar|Ver|Analisar) / }).first();
      await expect(action, path).toBeInViewport();
      await row.getByRole('link').first().click();
      await expect(page, path).toHaveURL(open);
    }
  });

  test('under 768 px a menu button opens the navigation, which closes on choosing a screen', async ({
    pageAs,
  }) => {
    const page = await pageAs('admin', { viewport: PHONE });
    await page.goto('/usuarios');
    await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Abrir o menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Auditoria' }).click();
    await expect(page).toHaveURL(/\/auditoria$/);
    await expect(nav).toBeHidden();
    // The header still offers the account and "Sair" on a phone.
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  });
});

test('3. the audit trail reads in Portuguese, Brasília time on screen and in the CSV, names instead of ids', async ({
  pageAs,
  request,
}) => {
  const created = await createUserWithPassword(request);
  const page = await pageAs('admin');
  await page.goto('/auditoria?event=created&auditable_type=user');
  const table = page.getByRole('table', { name: 'Registros de auditoria' });
  const row = table.getByRole('row').filter({ hasText: created.name }).first();
  await expect(row).toContainText('Criado');
  await expect(row).toContainText('Usuário');
  await expect(table).not.toContainText(/\bcreated\b|\buser\b|#\d/);
  const shownTime = (await row.locator('td').nth(1).innerText()).trim();
  expect(shownTime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);

  await row.getByRole('button', { name: 'Ver detalhes' }).click();
  const changes = page.getByRole('table', { name: `Alterações: Usuário: ${created.name}` });
  await expect(changes.getByRole('row').filter({ hasText: 'Associação comercial' })).toContainText(
    'Associação Comercial de Santos',
  );
  await expect(changes.getByRole('row').filter({ hasText: 'Perfil' })).toContainText('Analista');

  const download = await downloadBy(page, page.getByRole('button', { name: 'Exportar CSV' }));
  const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  const line = lines.find((l) => l.includes(created.email))?.split(';') ?? [];
  // The same instant, written the same way, on screen and in the file.
  expect(line[1]).toBe(shownTime);
  expect(line.at(-1)).toBe(created.name);
});

/**
 * A dispatcher of its own (no link to any exporter, whatever other journeys linked) and its user, whose password is
 * set through the welcome e-mail's link.
 */
async function freshDispatcherUser(page: Page): Promise<{ email: string; password: string }> {
  const headers = await adminHeaders(page);
  const stamp = Date.now();
  const associations = (await (await page.request.get('/v1/trade_association/all', { headers })).json()) as {
    data: { id: number }[];
  };
  const association = associations.data[0]?.id;
  const dispatcher = await page.request.post('/v1/dispatcher', {
    headers,
    data: {
      person_type_id: 2,
      cnpj: uniqueCnpj(),
      name: `Despachos Novos ${stamp} Ltda.`,
      trade_association_id: association,
    },
  });
  expect(dispatcher.status(), await dispatcher.text()).toBe(201);
  const roles = (await (await page.request.get('/v1/role/all', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const email = `despachante.${stamp}@origem.local`;
  const before = await mailCount();
  const user = await page.request.post('/v1/user', {
    headers,
    data: {
      name: `Despachante Novo ${stamp}`,
      email,
      role_id: roles.data.find((r) => r.name === 'despachante')?.id,
      trade_association_id: association,
      dispatcher_id: ((await dispatcher.json()) as { id: number }).id,
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  const mail = await waitForMail(email, 'acesso foi criado', before);
  const token = /redefinir-senha\?token=([\w-]+)/.exec(mail.text)?.[1];
  const password = 'Despacha2026';
  expect(
    (
      await page.request.post('/v1/user/reset_password', { data: { token, new_password: password } })
    ).status(),
  ).toBe(204);
  return { email, password };
}

test('4. a dispatcher with no linked exporter is told what is true, not "filtros aplicados"', async ({
  page: setup,
  pageAsUser,
}) => {
  const dispatcher = await freshDispatcherUser(setup);
  const page = await pageAsUser(dispatcher.email, dispatcher.password);
  await page.goto('/exportadores');
  await expect(page.getByText('Nenhum exportador encontrado.')).toBeVisible();
  await expect(
    page.getByText('Os exportadores aparecem aqui quando um vínculo deles com você for aprovado.'),
  ).toBeVisible();
  await expect(page.getByText(/filtros/i)).toHaveCount(0);
  // With a filter of its own, the list says that instead and offers to clear it.
  await page.getByRole('search', { name: 'Filtros' }).getByRole('textbox', { name: 'Nome' }).fill('zzz');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Nenhum resultado para estes filtros.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page.getByText('Nenhum exportador encontrado.')).toBeVisible();
});

test('5. the fabricante is offered no form it cannot use, and no select asks for a list it may not read', async ({
  pageAs,
}) => {
  const page = await pageAs('fabricante');
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  await page.goto('/responsavel-legal');
  await expect(page.getByRole('heading', { level: 1, name: 'Responsáveis legais' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo responsável legal' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Exportador' })).toHaveCount(0);
  await page.goto('/responsavel-legal/novo');
  await expect(page.getByRole('heading', { name: 'Sem permissão' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para os responsáveis legais' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('7. the pendency page shows the social contract on record once, with a way to replace it', async ({
  page,
  browser,
}) => {
  const headers = await adminHeaders(page);
  const federations = (await (await page.request.get('/v1/pre_registration/federation/all')).json()) as {
    data: { id: number }[];
  };
  const federation = federations.data[0]?.id ?? 0;
  const associations = (await (
    await page.request.get(`/v1/pre_registration/trade_association/all?federation_id=${federation}`)
  ).json()) as { data: { id: number }[] };
  const stamp = Date.now();
  const email = `pendencia.${stamp}@origem.local`;
  const created = await page.request.post('/v1/pre_registration', {
    multipart: {
      profile_type: 'exportador',
      person_type_id: '2',
      cnpj: uniqueCnpj(),
      name: `Pendente ${stamp} Ltda.`,
      email,
      phone: '13998765432',
      federation_id: String(federation),
      trade_association_id: String(associations.data[0]?.id ?? 0),
      social_contract: {
        name: 'contrato-original.pdf',
        mimeType: 'application/pdf',
        buffer: samplePdf('original'),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const before = await mailCount();
  const pendency = await page.request.post(`/v1/pre_registration/pendency/${id}`, {
    headers,
    data: { reason: 'Envie o contrato com a última alteração.' },
  });
  expect(pendency.ok(), await pendency.text()).toBe(true);
  const mail = await waitForMail(email, 'pendência', before);
  const link = /https?:\/\/\S+\/pre-cadastro-pendencia\/\d+\?token=[\w-]+/.exec(mail.text)?.[0] ?? '';

  const applicant = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await applicant.goto(link);
  const form = applicant.getByRole('form', { name: 'Correções do pré-cadastro' });
  await expect(form.getByText(/contrato_social\.pdf/)).toBeVisible();
  await expect(form.getByText('Trocar arquivo')).toBeVisible();
  await expect(form.getByText('Nenhum arquivo enviado.')).toHaveCount(0);
  await expect(form.getByText('Remover', { exact: true })).toHaveCount(0);
  await expect(form.getByText(/continua valendo/)).toBeVisible();
  await applicant.context().close();
});

test('8. a used reset link says so as soon as it opens', async ({ page, request }) => {
  const user = await createUserWithPassword(request);
  const before = await mailCount();
  await request.post('/v1/user/send_new_password', { data: { email: user.email } });
  const mail = await waitForMail(user.email, 'redefinição', before);
  const link = /https?:\/\/\S+\/redefinir-senha\?token=[\w-]+/.exec(mail.text)?.[0] ?? '';
  const token = new URL(link).searchParams.get('token');
  expect(
    (await request.post('/v1/user/reset_password', { data: { token, new_password: 'Usado2026x' } })).status(),
  ).toBe(204);

  await page.goto(link);
  await expect(page.getByText('Link de redefinição inválido ou expirado. Solicite um novo.')).toBeVisible();
  await expect(page.getByLabel('Nova senha')).toHaveCount(0);
  await page.getByRole('link', { name: 'Solicitar um novo link' }).click();
  await expect(page).toHaveURL(/\/esqueceu-senha$/);
});

test.describe('10. a signed-in user opening /login', () => {
  test.use({ role: 'admin' });

  test('is sent on: home, or the redirect it came with', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
    await expect(page.getByLabel('Senha')).toHaveCount(0);
    await page.goto('/login?redirect=%2Fauditoria%3Fevent%3Dcreated');
    await expect(page).toHaveURL(/\/auditoria\?event=created$/);
  });
});

test.describe('11. names: e-mails, downloads and accessible names', () => {
  test('a company user is greeted with one period after "Ltda."', async ({ page }) => {
    const headers = await adminHeaders(page);
    const roles = (await (await page.request.get('/v1/role/all', { headers })).json()) as {
      data: { id: number; name: string }[];
    };
    const associations = (await (
      await page.request.get('/v1/trade_association/all', { headers })
    ).json()) as {
      data: { id: number }[];
    };
    const email = `ltda.${Date.now()}@origem.local`;
    const before = await mailCount();
    const created = await page.request.post('/v1/user', {
      headers,
      data: {
        name: 'Comercial Santista Ltda.',
        email,
        role_id: roles.data.find((r) => r.name === 'associacao')?.id,
        trade_association_id: associations.data[0]?.id,
      },
    });
    expect(created.status()).toBe(201);
    const mail = await waitForMail(email, 'acesso foi criado', before);
    expect(mail.text).toContain('Olá, Comercial Santista Ltda.');
    expect(mail.text).not.toContain('Ltda..');
  });

  test('a stored file is shown by the name it downloads as', async ({ pageAs }) => {
    const page = await pageAs('exportador');
    const stamp = Date.now().toString().slice(-6);
    const name = `Otávio Nomes ${stamp}`;
    await addLegalRepresentative(page, {
      name,
      cpf: uniqueCpf(),
      email: `otavio.${stamp}@cafesantista.origem.local`,
      validUntil: `30/06/${new Date().getFullYear() + 1}`,
      procuration: { name: 'Procuração Otávio (assinada).pdf', buffer: samplePdf('nomes') },
    });
    await page.getByRole('link', { name, exact: true }).click();
    const form = page.getByRole('form', { name: 'Dados do responsável legal' });
    const shown = (await form.getByText(/\.pdf \(/).innerText()).split('(')[0]?.trim();
    const download = await downloadBy(page, form.getByRole('button', { name: 'Baixar', exact: true }));
    expect(download.suggestedFilename()).toBe(shown);
    expect(shown).toBe('procuracao.pdf');
  });

  test('every accessible name and title on the screens is Portuguese', async ({ pageAs }) => {
    const page = await pageAs('admin');
    const english =
      /^(close|search|left|right|down|up|double-left|double-right|ellipsis|close-circle|calendar|eye|eye-invisible|swap-right|check|Clear|Close|Increase Value|Decrease Value|edit|delete|plus|download)$/;
    const names = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[aria-label], [title]')].flatMap((el) =>
          [el.getAttribute('aria-label'), el.getAttribute('title')].filter((v): v is string => Boolean(v)),
        ),
      );
    for (const path of [
      '/usuarios',
      '/usuarios/novo',
      '/auditoria',
      '/acordos/1',
      '/cadastros/ncm',
      '/login',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Open what renders more of antd: a select's list and a date picker.
      const select = page.getByRole('combobox').first();
      if (await select.count()) {
        await select.click();
        await page.keyboard.press('Escape');
      }
      const english_found = (await names()).filter((name) => english.test(name));
      expect(english_found, path).toEqual([]);
    }
  });
});

test('runtime configuration: a visit through the raw IP goes to APP_URL, read by the same build at run time', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${APP_PORT}/welcome?x=1`);
  await expect(page).toHaveURL(`http://localhost:${APP_PORT}/welcome?x=1`);
  await expect(page.getByRole('heading', { name: 'Bem-vindo ao Origem' })).toBeVisible();
  const html = await (await page.request.get('/')).text();
  expect(html).toContain(`<meta name="origem:app-url" content="http://localhost:${APP_PORT}" />`);
});
