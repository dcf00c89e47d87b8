import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createUserWithPassword, expect, test } from './fixtures';

const CSV_HEADER =
  'ID;Data/hora;Usuário;E-mail;Perfil;Evento;Tipo de registro;ID do registro;IP;Navegador;URL;Valores antigos;Valores novos;Nome do registro';

/** The data rows of the audit list (the header row has no cells). */
function auditRows(page: Page) {
  return page
    .getByRole('table', { name: 'Registros de auditoria' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /detalhes/ }) });
}

/** Picks an option of a searchable select by typing its label, as a keyboard user would. */
async function choose(page: Page, label: string, option: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await field.fill(option);
  await page.getByRole('option', { name: option, exact: true }).waitFor({ state: 'attached' });
  await page.keyboard.press('Enter');
}

test.describe('auditoria', () => {
  test('the newest rows show a user just created, with its values when expanded', async ({
    pageAs,
    request,
  }) => {
    const created = await createUserWithPassword(request);
    const page = await pageAs('admin');
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Auditoria' })
      .click();
    await expect(page).toHaveURL(/\/auditoria$/);
    await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
    await expect(page.getByText(/Quem fez o quê, quando e de onde/)).toBeVisible();

    // Newest first: the creation is among the first rows (after the password set through the e-mail, the new
    // analyst's enrolment of the second factor its role requires, and the admin's own login).
    // The record by its name, not its number (issue 9).
    const creation = auditRows(page).filter({ hasText: 'Criado' }).filter({ hasText: created.name }).first();
    await expect(creation).toBeVisible();
    await expect(creation).toContainText('Administrador');
    await expect(creation).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    const index = await creation.evaluate((row) =>
      [...(row.parentElement?.querySelectorAll('tr.ant-table-row') ?? [])].indexOf(row),
    );
    expect(index).toBeLessThan(10);

    await creation.getByRole('button', { name: 'Ver detalhes' }).click();
    const changes = page.getByRole('table', { name: `Alterações: Usuário: ${created.name}` });
    await expect(changes).toBeVisible();
    await expect(changes.getByRole('columnheader', { name: 'Campo' })).toBeVisible();
    await expect(changes.getByRole('columnheader', { name: 'Antes' })).toBeVisible();
    await expect(changes.getByRole('columnheader', { name: 'Depois' })).toBeVisible();
    await expect(changes.getByRole('row').filter({ hasText: 'Nome' }).first()).toContainText(created.name);
    await expect(changes.getByRole('row').filter({ hasText: 'E-mail' })).toContainText(created.email);
    await expect(page.getByText('Navegador')).toBeVisible();
    await expect(page.getByText('/v1/user', { exact: true })).toBeVisible();
  });

  test('filters by event and record type live in the URL and survive a reload', async ({
    pageAs,
    request,
  }) => {
    await createUserWithPassword(request);
    const page = await pageAs('admin');
    await page.goto('/auditoria');
    await expect(auditRows(page).first()).toBeVisible();
    // Without a type, the record can't be chosen.
    await expect(page.getByLabel('Registro', { exact: true })).toBeDisabled();

    await choose(page, 'Evento', 'Criado');
    await choose(page, 'Tipo de registro', 'Usuário');
    await expect(page.getByLabel('Registro', { exact: true })).toBeEnabled();
    await page.getByRole('button', { name: 'Filtrar' }).click();

    await expect(page).toHaveURL(/[?&]event=created(&|$)/);
    await expect(page).toHaveURL(/[?&]auditable_type=user(&|$)/);
    const check = async () => {
      const rows = auditRows(page);
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) {
        await expect(row).toContainText('Criado');
        await expect(row).toContainText('Usuário');
        await expect(row).not.toContainText('#');
      }
    };
    await check();
    await expect(auditRows(page).filter({ hasText: 'Login' })).toHaveCount(0);

    await page.reload();
    await expect(page).toHaveURL(/[?&]event=created(&|$)/);
    await expect(page.getByRole('search', { name: 'Filtros' })).toContainText('Criado');
    await expect(page.getByRole('search', { name: 'Filtros' })).toContainText('Usuário');
    await check();
  });

  test("'Exportar CSV' downloads audit.csv with the filtered trail", async ({ pageAs, request }) => {
    const created = await createUserWithPassword(request);
    const page = await pageAs('admin');
    await page.goto('/auditoria?event=created&auditable_type=user');
    await expect(auditRows(page).first()).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    await expect(page.getByText('Baixando o Arquivo...')).toBeVisible();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('audit.csv');

    const path = await download.path();
    const content = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
    const lines = content.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(content).toContain(created.email);
    // The export carries the filters on screen: only creations of users.
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain(';Criado;Usuário;');
  });

  test('an exporter has no Auditoria in the menu and sees no audit data at /auditoria', async ({
    pageAs,
  }) => {
    const page = await pageAs('exportador');
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Empresas' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Auditoria', exact: true })).toHaveCount(0);

    // A typed link to a screen beyond the user's permissions shows "Sem permissão" and calls nothing; the server
    // would refuse anyway (the API tests cover the 403).
    let auditCalls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1/audit')) auditCalls += 1;
    });
    await page.goto('/auditoria');
    await expect(page.getByRole('heading', { name: 'Sem permissão' })).toBeVisible();
    await expect(page).toHaveURL(/\/auditoria$/);
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toHaveCount(0);
    expect(auditCalls).toBe(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
