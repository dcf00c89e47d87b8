import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { settled } from './screens';

/**
 * axe-core, injected into the page (issue 22, "Screens everyone can use"): any critical or serious violation of
 * WCAG 2.x A/AA, printed with its rule, its target and the screen.
 */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/**
 * Checked and failed on too, whatever axe's impact: a visible label that is not in the accessible name (WCAG 2.5.3,
 * an "experimental" axe rule, off by default) and heading levels that skip (a best practice axe rates moderate).
 */
const ALSO = ['label-content-name-mismatch', 'heading-order'];

/** The critical and serious violations on the page as it is now (outside `exclude`), one line per element. */
export async function violations(page: Page, screen: string, exclude: string[] = []): Promise<string[]> {
  const started = Date.now();
  // axe.run in the page itself: the default runs axe in parts and ends each check in a new blank page, a second
  // of page set-up per check (the sweep's 99 checks of the administrator: 107 s). No screen has a cross-origin
  // frame, the one thing that mode is for.
  const builder = new AxeBuilder({ page }).setLegacyMode();
  for (const selector of exclude) builder.exclude(selector);
  const { violations: found } = await builder
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
export async function checkNewForm(
  page: Page,
  screen: string,
  found: string[],
  exclude: string[] = [],
): Promise<void> {
  const create = page.locator('main header').getByRole('button', { name: /^(Novo|Nova) / });
  if ((await create.count()) === 0) return;
  const name = (await create.first().textContent()) ?? 'Novo';
  await create.first().click();
  await expect(page.getByRole('dialog').or(page.locator('main form')).first()).toBeVisible();
  await settled(page);
  const where = `${screen} → ${name}`;
  found.push(...(await violations(page, where, exclude)));
  const submit = submitButton(page);
  if ((await submit.count()) === 0) return;
  await submit.click();
  await expect(page.locator('.ant-form-item-explain-error').first(), where).toBeVisible();
  found.push(...(await violations(page, `${where} (enviado vazio)`, exclude)));
}
