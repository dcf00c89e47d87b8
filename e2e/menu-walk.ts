import { expect, type Page } from '@playwright/test';

/** The side menu of a signed-in page. */
export const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** The address of every item of the side menu the page shows (once the menu is on screen). */
export async function menuPaths(page: Page): Promise<string[]> {
  const nav = sideMenu(page);
  await expect(nav.getByRole('link', { name: 'Início', exact: true })).toBeVisible();
  return nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** Opens `path` and checks a working screen: its heading, never the 404 page, "sem permissão" or "Em construção". */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Página não encontrada' }), path).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sem permissão' }), path).toHaveCount(0);
  await expect(page.getByText(/Em construção/), path).toHaveCount(0);
}
