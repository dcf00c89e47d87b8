import { checkNewForm, violations } from './axe';
import { watchCspViolations } from './csp-watch';
import { expect, test } from './fixtures';
import { MENUS } from './role-menus';
import { linkedScreens, menuPaths, openScreen, sideMenu } from './screens';

/**
 * One walk per demo role over the screens its menu offers, the record screens those lists link to and each list's
 * "Novo" form, checking on the way what three walks once checked apart:
 * - the menu holds the built screens the role's permissions reach and none other (DOMAIN.md §2), and each item
 *   opens a working screen that asks the server for nothing the role may not read (issue 9);
 * - no screen breaks the strict Content-Security-Policy (issue 24);
 * - axe finds no critical or serious violation of WCAG 2.2 AA (issue 22): each list empty, its "Novo" form empty and
 *   after an empty submit, each kind of record it links to.
 */

/**
 * The two sides of the product: the staff's screens (administrator, analyst, association, federation,
 * confederation) and the parties' (exporter, dispatcher, manufacturer). axe checks a screen once per side, for the
 * first role of that side that reaches it (the administrator reaches most staff screens): the same component with
 * the same data adds an axe run, not a finding. Every role's home page is its own.
 */
const SIDE: Record<string, 'staff' | 'party'> = {
  admin: 'staff',
  analista: 'staff',
  associacao: 'staff',
  federacao: 'staff',
  confederacao: 'staff',
  exportador: 'party',
  despachante: 'party',
  fabricante: 'party',
};
const checked = new Set<string>();
/** True the first time a side asks for a screen (a path or a kind of record). */
function firstTime(role: string, screen: string): boolean {
  const key = screen === '/' ? `${role}:/` : `${SIDE[role]}:${screen}`;
  if (checked.has(key)) return false;
  checked.add(key);
  return true;
}

/**
 * Roles whose every menu item is opened even where axe has seen the screen: the administrator (every built screen)
 * and the three party roles, whose scopes differ most. The other staff menus are subsets of the administrator's.
 */
const OPEN_ALL = new Set(['admin', 'exportador', 'despachante', 'fabricante']);
/** Screens no menu item leads to, for the administrator: the editors a form brings, a role's permissions. */
const UNLISTED = [
  '/acordos/1',
  '/usuarios/novo',
  '/configuracao/perfil/1',
  '/cadastros/ncm',
  '/minha-conta',
  '/usuarios/2',
];
/** The side menu is the same on every screen of a role: axe reads it on the role's first screen only. */
const AFTER_FIRST = ['nav[aria-label="Menu principal"]'];

/** `SWEEP_ROLES=exportador,analista` walks only those roles (a quicker local run); unset, every demo role. */
const ONLY = process.env.SWEEP_ROLES?.split(',');

/**
 * A test per role of `side`, in the order given (the one that reaches most screens first: axe reads each screen
 * once per side). screen-sweep-staff.spec.ts and screen-sweep-parties.spec.ts each walk one side, so the two
 * halves of the longest walk run side by side (scripts/e2e.mjs).
 */
export function sweepRoles(side: 'staff' | 'party'): void {
  const roles = Object.keys(SIDE).filter((role) => SIDE[role] === side && (!ONLY || ONLY.includes(role)));
  for (const role of roles) {
    test.describe(role, () => {
      test.use({ role });

      test(`${role}: its menu, every screen it opens, their records and "Novo" forms — working, CSP, axe`, async ({
        page,
      }) => {
        // The time grows with the screens (about forty for the administrator), not with a state waited for.
        test.setTimeout(1_200_000);
        const csp = await watchCspViolations(page);
        // A screen that asks the server for something the role may not read is a screen it should not be offered.
        const refused: string[] = [];
        page.on('response', (response) => {
          if (response.status() === 403) refused.push(`${new URL(response.url()).pathname} em ${page.url()}`);
        });
        const found: string[] = [];
        let exclude: string[] = [];
        const axe = async (screen: string) => {
          found.push(...(await violations(page, `${role} ${screen}`, exclude)));
          exclude = AFTER_FIRST;
        };

        await page.goto('/');
        const paths = await menuPaths(page);
        const menu = MENUS[role];
        if (menu) {
          for (const item of menu.sees)
            await expect(sideMenu(page).getByRole('link', { name: item, exact: true })).toBeVisible();
          for (const item of menu.hidden)
            await expect(sideMenu(page).getByRole('link', { name: item, exact: true })).toHaveCount(0);
        }

        const records = new Map<string, string>();
        const noteRecords = async () => {
          for (const [kind, address] of await linkedScreens(page))
            if (!records.has(kind) && firstTime(role, kind)) records.set(kind, address);
        };
        for (const path of [...paths, ...(role === 'admin' ? UNLISTED : [])]) {
          const fresh = firstTime(role, path);
          if (!fresh && !OPEN_ALL.has(role)) continue;
          await openScreen(page, path, 'navigate');
          expect(csp, path).toEqual([]);
          if (!fresh) continue;
          await axe(path);
          await noteRecords();
          await checkNewForm(page, `${role} ${path}`, found, exclude);
        }
        // Record screens link to further kinds (a certificate to its verification page): those are followed too.
        for (const [, address] of records) {
          await openScreen(page, address, 'navigate');
          await axe(address);
          await noteRecords();
        }
        // A style a screen injects late is reported once the network is idle.
        await page.waitForLoadState('networkidle');
        console.log(`${role}: ${paths.length} telas do menu, ${records.size} tipos de registro`);
        expect(csp).toEqual([]);
        expect(refused).toEqual([]);
        expect(found, found.join('\n')).toEqual([]);
      });
    });
  }
}
