import { expect, type Page } from '@playwright/test';
import { findRoute } from '../apps/web/src/app/route-table';

/** The demo roles (README), the administrator first: every screen of each is walked by sweep.ts. */
export const DEMO_ROLES = [
  'admin',
  'analista',
  'associacao',
  'federacao',
  'confederacao',
  'exportador',
  'despachante',
  'fabricante',
] as const;

/** The side menu of a signed-in page. */
export const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** The paths of the side menu's items, in menu order. */
export async function menuPaths(page: Page): Promise<string[]> {
  const nav = sideMenu(page);
  await expect(nav.getByRole('link', { name: 'Início', exact: true })).toBeVisible({ timeout: 30_000 });
  return nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/**
 * Opens `path`, checks it is a working screen — its h1, never the 404 page, "Sem permissão" or "Em construção" —
 * and waits until it has settled: no skeleton, spinner or busy region left (the state a person reads, and the one
 * an accessibility check must see).
 *
 * `navigate` moves the app already open to `path` the way its links do (the router follows the browser history's
 * pushState), where a load starts the app again: its boot is most of a screen's cost in the browser (issue 21).
 */
export async function openScreen(page: Page, path: string, how: 'load' | 'navigate' = 'load'): Promise<void> {
  if (how === 'navigate') {
    await page.evaluate((to) => {
      const index = Number(window.history.state?.__TSR_index ?? 0) + 1;
      window.history.pushState({ __TSR_index: index, key: `sweep-${index}` }, '', to);
    }, path);
    await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  } else await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Página não encontrada' }), path).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sem permissão' }), path).toHaveCount(0);
  await expect(page.getByText(/Em construção/), path).toHaveCount(0);
  await settled(page);
}

/**
 * Waits until no skeleton, spinner or busy region is left on the page. A screen that keeps one (a chart still
 * drawing, a background refresh) is taken as it is after the wait: `false` says so.
 */
export async function settled(page: Page): Promise<boolean> {
  return expect(page.locator('.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]'))
    .toHaveCount(0)
    .then(() => true)
    .catch(() => false);
}

/**
 * The screens of the route table that the links inside `main` lead to, one address per kind: `/usuarios/7` and
 * `/usuarios/9` are one kind (the route `/usuarios/$id`), `/usuarios/novo` another (the empty form).
 */
export async function linkedScreens(page: Page): Promise<Map<string, string>> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const kinds = new Map<string, string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    const route = findRoute(url.pathname);
    if (!route?.path.includes('$')) continue;
    const kind = url.pathname.endsWith('/novo') ? `${route.path} (novo)` : route.path;
    if (!kinds.has(kind)) kinds.set(kind, url.pathname + url.search);
  }
  return kinds;
}
