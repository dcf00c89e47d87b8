import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_ROLES, linkedScreens, menuPaths, openScreen, settled } from './screens';

/**
 * The axe sweep (issue 22, "Screens everyone can use"): axe-core, injected into the page, over every screen of every
 * demo role's menu, the record and analysis screens those lists link to, each list's "Novo …" form empty and after
 * an empty submit, and the public pages. Any critical or serious violation of WCAG 2.x A/AA fails, printed with
 * its rule, its target and the screen. One page load and one axe run per screen keeps it fast.
 */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/**
 * Checked and failed on too, whatever axe's impact: a visible label that is not in the accessible name (WCAG 2.5.3,
 * an "experimental" axe rule, off by default) and heading levels that skip (a best practice axe rates moderate).
 */
const ALSO = ['label-content-name-mismatch', 'heading-order'];

/** The critical and serious violations on the page as it is now, one line per element. */
async function violations(page: Page, screen: string): Promise<string[]> {
  const started = Date.now();
  const { violations: found } = await new AxeBuilder({ page })
    // Only the violations are read: axe then skips detailing every passing node, most of a run's time.
    .options({
      rules: Object.fromEntries(ALSO.map((rule) => [rule, { enabled: true }])),
      resultTypes: ['violations'],
    })
    .withTags(WCAG_AA)
    .analyze();
  const serious = found.filter(
    (violation) =>
      violation.impact === 'critical' || violation.impact === 'serious' || ALSO.includes(violation.id),
  );
  const lines = serious.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${screen} · ${violation.id} (${violation.impact}) · ${node.target.join(' ')} · ${
          node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? violation.help
        }`,
    ),
  );
  // Each finding as it is found: a long sweep that stops half-way still tells what it saw.
  const timing = `${lines.length} (${Date.now() - started} ms)`;
  console.log(`${screen}: ${timing}${lines.map((line) => `\n  ${line}`).join('')}`);
  return lines;
}

/** The button that sends the form now in sight: the open dialog's primary one, else the main form's submit. */
function submitButton(page: Page) {
  const dialog = page.getByRole('dialog');
  return dialog
    .locator('.ant-modal-footer .ant-btn-primary, button[type="submit"]')
    .or(page.locator('main form button[type="submit"]'))
    .first();
}

/**
 * The list's "Novo …"/"Nova …" action, when it has one: the form it opens (a screen or a dialog) is checked empty
 * and again after sending it empty, with the errors shown.
 */
async function checkNewForm(page: Page, screen: string, found: string[]): Promise<void> {
  const create = page.locator('main header').getByRole('button', { name: /^(Novo|Nova) / });
  if ((await create.count()) === 0) return;
  const name = (await create.first().textContent()) ?? 'Novo';
  await create.first().click();
  await expect(page.getByRole('dialog').or(page.locator('main form')).first()).toBeVisible();
  await settled(page);
  const where = `${screen} → ${name}`;
  found.push(...(await violations(page, where)));
  const submit = submitButton(page);
  if ((await submit.count()) === 0) return;
  await submit.click();
  await expect(page.locator('.ant-form-item-explain-error').first(), where).toBeVisible();
  found.push(...(await violations(page, `${where} (enviado vazio)`)));
}

/**
 * The two sides of the product: the staff's screens (administrator, analyst, association, federation,
 * confederation) and the parties' (exporter, dispatcher, manufacturer). A screen is checked once per side, by the
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

/** `AXE_ROLES=exportador,analista` checks only those roles (a quicker local run); unset, every demo role. */
const ROLES = process.env.AXE_ROLES?.split(',') ?? DEMO_ROLES;

test.describe('axe: 0 critical and 0 serious violations (WCAG 2.2 AA)', () => {
  for (const role of ROLES) {
    test.describe(role, () => {
      test.use({ role });

      test(`${role}: every screen of the menu, the records they link to and the "Novo" forms`, async ({
        page,
      }) => {
        // The time grows with the screens (about forty for the administrator), not with a state waited for.
        test.setTimeout(1_800_000);
        const found: string[] = [];
        await page.goto('/');
        const paths = (await menuPaths(page)).filter((path) => firstTime(role, path));
        const records = new Map<string, string>();
        const note = async () => {
          for (const [kind, address] of await linkedScreens(page))
            if (!records.has(kind) && firstTime(role, kind)) records.set(kind, address);
        };
        for (const path of paths) {
          await openScreen(page, path);
          found.push(...(await violations(page, `${role} ${path}`)));
          await note();
          await checkNewForm(page, `${role} ${path}`, found);
        }
        // Record screens link to further kinds (a certificate to its verification page): those are followed too.
        for (const [, address] of records) {
          await openScreen(page, address);
          found.push(...(await violations(page, `${role} ${address}`)));
          await note();
        }
        console.log(`${role}: ${paths.length} telas do menu, ${records.size} tipos de registro`);
        expect(found, found.join('\n')).toEqual([]);
      });
    });
  }

  test('public pages, empty and with the errors of an empty submit', async ({ page }) => {
    test.setTimeout(600_000);
    const found: string[] = [];
    for (const path of ['/welcome', '/login', '/esqueceu-senha', '/pre-cadastro', '/verificar-cod']) {
      await openScreen(page, path);
      found.push(...(await violations(page, path)));
      const submit = page.locator('main form button[type="submit"]').first();
      if ((await submit.count()) === 0) continue;
      await submit.click();
      // antd's field errors, or the sign-in form's own (its fields marked invalid).
      const errors = page.locator('.ant-form-item-explain-error, [aria-invalid="true"]');
      await expect(errors.first(), path).toBeVisible();
      found.push(...(await violations(page, `${path} (enviado vazio)`)));
    }
    // A verification code nobody issued: the page that tells a customs officer so.
    await openScreen(page, '/verificar/CODIGOINEXISTENTE1');
    found.push(...(await violations(page, '/verificar/CODIGOINEXISTENTE1')));
    expect(found, found.join('\n')).toEqual([]);
  });
});
