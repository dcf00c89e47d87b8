import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  type Download,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { generate } from 'otplib';
import { APP_PORT, MAIL_HTTP_PORT } from './playwright.config';

export const DEMO_PASSWORD = 'origem123';
export const demoEmail = (role: string) => `${role}@origem.local`;

/** The demo staff's authenticator (README, demo users): their roles require the second factor (issue 24). */
export const DEMO_TOTP_SECRET = 'ORIGEMDEMOTOTPSECRETFORSTAFF2345';
export const MFA_ROLES = ['admin', 'analista', 'associacao', 'federacao', 'confederacao'];

/** Whose authenticator the tests hold: the demo staff's, and the users a test enrolled. */
const totpSecrets = new Map<string, string>(MFA_ROLES.map((role) => [demoEmail(role), DEMO_TOTP_SECRET]));
// Shared by every worker of a run (a failed test restarts its worker, whose memory would forget the steps used).
const STEPS_FILE = path.join(tmpdir(), `origem-e2e-totp-steps-${APP_PORT}.json`);
const readSteps = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(STEPS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
};
const usedSteps = {
  get: (email: string): number | undefined => readSteps()[email],
  set: (email: string, step: number) =>
    writeFileSync(STEPS_FILE, JSON.stringify({ ...readSteps(), [email]: step })),
};

/** Keeps a user's secret (an empty one forgets it: the factor was turned off). */
export function rememberTotpSecret(email: string, secret: string): void {
  if (secret) totpSecrets.set(email.toLowerCase(), secret);
  else totpSecrets.delete(email.toLowerCase());
}

export function totpSecretOf(email: string): string | undefined {
  return totpSecrets.get(email.toLowerCase());
}

/**
 * A code of `secret` for a step not used for `email` in this run. The server accepts each step once and allows one
 * step of clock drift either way, so three sign-ins of the same user within 30 s take the previous step (while at
 * least 10 s of the current one remain, so it is still good when it arrives), the current one and the next; only a
 * fourth waits until the next step is the current one, rather than replaying. (Two password changes took 20 s each
 * waiting here.)
 */
export async function freshCode(email: string, secret = totpSecretOf(email)): Promise<string> {
  if (!secret) throw new Error(`sem autenticador para ${email}`);
  const now = Date.now();
  let step = Math.floor(now / 30_000) - (now % 30_000 < 20_000 ? 1 : 0);
  const last = usedSteps.get(email.toLowerCase());
  if (last !== undefined && step <= last) step = last + 1;
  const waitUntil = (step - 1) * 30_000 + 100;
  if (Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, waitUntil - Date.now()));
  usedSteps.set(email.toLowerCase(), step);
  return generate({ secret, epoch: step * 30 });
}

let adminToken: string | null = null;

/**
 * The admin's bearer header for API steps that set a scene up: signed in once per worker and reused (each sign-in
 * of the admin needs a fresh authenticator step, up to 30 s), again only if that session has ended.
 */
export async function adminApiHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  if (adminToken) {
    const check = await api.get('/v1/user/detail', { headers: { authorization: `Bearer ${adminToken}` } });
    if (check.status() === 200) return { authorization: `Bearer ${adminToken}` };
  }
  adminToken = await apiSignIn(api, demoEmail('admin'), DEMO_PASSWORD);
  return { authorization: `Bearer ${adminToken}` };
}

/**
 * Signs in through the real login screen; a user whose authenticator the tests hold answers the second step with
 * its code (a wrong password stops at the error, as for anyone).
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  if (!totpSecretOf(email)) return;
  const codeField = page.getByLabel('Código de verificação');
  await expect(codeField.or(page.getByRole('alert'))).toBeVisible();
  if (!(await codeField.isVisible())) return;
  await codeField.fill(await freshCode(email));
  await page.getByRole('button', { name: 'Verificar' }).click();
}

/** A session token through the API: the password grant and, for a user with a known authenticator, its code. */
export async function apiSignIn(api: APIRequestContext, email: string, password: string): Promise<string> {
  let login = await api.post('/v1/oauth/token', {
    data: { grant_type: 'password', client_id: '2', username: email, password },
  });
  const first = login.status() === 401 ? ((await login.json()) as { code: string; mfa_token: string }) : null;
  if (first?.code === 'MfaRequired') {
    login = await api.post('/v1/oauth/token', {
      data: { grant_type: 'mfa', client_id: '2', mfa_token: first.mfa_token, code: await freshCode(email) },
    });
  }
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

export async function loginAsRole(page: Page, role: string): Promise<void> {
  await loginAs(page, demoEmail(role));
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
}

type Mail = { to: string[]; subject: string; text: string };

/** Waits for a mail to `to` (received by the real SMTP listener), answered by the catcher as soon as it arrives. */
export async function waitForMail(to: string, subjectPart: string, after = 0): Promise<Mail> {
  const query = new URLSearchParams({ to, subject: subjectPart, after: String(after) });
  const res = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/mails/next?${query}`);
  if (res.status !== 200) throw new Error(`nenhum e-mail para ${to} com "${subjectPart}"`);
  return (await res.json()) as Mail;
}

export async function mailCount(): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/mails`);
  return ((await res.json()) as Mail[]).length;
}

export function linkIn(mail: Mail): string {
  const match = /https?:\/\/\S+\/redefinir-senha\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`sem link no e-mail: ${mail.text}`);
  return match[0];
}

type SessionFixtures = {
  /**
   * The demo role whose saved session the test's `page` starts with (signed in, on no page yet). Unset: a visitor.
   * `test.use({ role: 'admin' })` for a whole file or describe.
   */
  role: string | undefined;
  /** Another signed-in browser of a demo role (its own context), for tests that need two people or a viewport. */
  pageAs: (role: string, options?: { viewport?: { width: number; height: number } }) => Promise<Page>;
  /**
   * A signed-in browser of a user a test created (not a demo role): the session is obtained from the API and stored
   * the way the login screen stores it, so only the login tests type the form.
   */
  pageAsUser: (email: string, password: string) => Promise<Page>;
};
type WorkerFixtures = {
  /** The storage state file of a demo role, signed in once per worker through the real login screen. */
  savedSession: (role: string) => Promise<string>;
};

/**
 * Saved sessions (issue 10 kernel): each demo role signs in once through the login form, and the tests that are
 * not about signing in start from that stored session instead of typing the form again. A test must not sign such
 * a session out or change that user's password (both end the saved token): use createUserWithPassword for those.
 */
export const test = base.extend<SessionFixtures, WorkerFixtures>({
  savedSession: [
    async ({ browser }, use, workerInfo) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'origem-e2e-sessions-'));
      const baseURL = workerInfo.project.use.baseURL;
      const made = new Map<string, Promise<string>>();
      await use((role) => {
        let file = made.get(role);
        if (!file) {
          file = (async () => {
            // Empty on purpose: Playwright fills a test's newContext with that test's options, and a test signed in
            // as one role (`test.use({ role })`) would otherwise sign in the next role's login page as the first.
            const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
            const page = await context.newPage();
            await loginAsRole(page, role);
            const target = path.join(dir, `${role}.json`);
            await context.storageState({ path: target });
            await context.close();
            return target;
          })();
          made.set(role, file);
        }
        return file;
      });
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  role: [undefined, { option: true }],
  storageState: async ({ role, savedSession, storageState }, use) => {
    await use(role ? await savedSession(role) : storageState);
  },
  pageAs: async ({ browser, savedSession }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const { baseURL, locale, timezoneId, viewport, acceptDownloads } = testInfo.project.use;
    await use(async (role, options = {}) => {
      const context = await browser.newContext({
        baseURL,
        locale,
        timezoneId,
        acceptDownloads,
        viewport: options.viewport ?? viewport,
        storageState: await savedSession(role),
      });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  pageAsUser: async ({ browser, playwright }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const { baseURL, locale, timezoneId, viewport, acceptDownloads } = testInfo.project.use;
    if (!baseURL) throw new Error('sem baseURL');
    await use(async (email, password) => {
      const api = await playwright.request.newContext({ baseURL });
      const token = await apiSignIn(api, email, password);
      const detail = await api.get('/v1/user/detail', { headers: { authorization: `Bearer ${token}` } });
      expect(detail.status()).toBe(200);
      const user = await detail.text();
      await api.dispose();
      const context = await browser.newContext({
        baseURL,
        locale,
        timezoneId,
        viewport,
        acceptDownloads,
        storageState: {
          cookies: [],
          origins: [
            {
              origin: new URL(baseURL).origin,
              localStorage: [
                { name: 'origem.token', value: token },
                { name: 'origem.user', value: user },
              ],
            },
          ],
        },
      });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});
export { expect };

/** A toast (antd 6: the notice holds its icon and its text, `.ant-message-notice-title`) showing `text`. */
export function toastWith(page: Page, text: string | RegExp) {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/**
 * A routine success (save, send, approve): a toast that needs no click and goes by itself (issue 22), opening with
 * `text` (some go on with what happens next). The latest one with that text, as the same save may be repeated in a
 * journey.
 */
export async function expectSuccess(page: Page, text: string): Promise<void> {
  await expect(toastWith(page, text).last()).toHaveText(
    new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  await expect(page.getByRole('dialog').filter({ hasText: text })).toHaveCount(0);
}

/**
 * Clicks `button` in the dialog showing `text` and waits until the dialog has closed. antd ignores a click that lands
 * while a dialog is still zooming in, so the click waits for the opening motion (its `ant-zoom-*` classes) to end.
 */
export async function answerDialog(page: Page, text: string, button = 'OK'): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Clicks `option` (its title, or a pattern of it) in the open select dropdown and waits until the dropdown has closed.
 * Like a dialog, a dropdown ignores a click that lands while it is still sliding open, so the click waits for the
 * opening motion (its `ant-slide-up-*` classes) to end.
 */
export async function pickOption(
  page: Page,
  option: string | RegExp,
  { exact = false, multiple = false }: { exact?: boolean; multiple?: boolean } = {},
): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown).toHaveCount(1);
  await expect(dropdown).not.toHaveClass(/ant-slide-(up|down)-(appear|enter)/);
  const item = dropdown.getByTitle(option, { exact });
  await item.click();
  // A single select closes on the pick; a multiple one stays open for the next (its caller checks the tags).
  if (!multiple) await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/**
 * Picks `option` in the antd select named `label` inside `scope`: opens it, types `typed` (the option itself when it
 * is a string; `false` to only open it), then picks the option as `pickOption` does.
 */
export async function choose(
  scope: Page | Locator,
  label: string,
  option: string | RegExp,
  {
    typed,
    exact = false,
    multiple = false,
  }: { typed?: string | false; exact?: boolean; multiple?: boolean } = {},
): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const select = scope.getByRole('combobox', { name: label });
  await select.click();
  const text = typed ?? (typeof option === 'string' ? option : false);
  if (text !== false) await select.fill(text);
  await pickOption(page, option, { exact, multiple });
}

/** Clicks `trigger` (once it is enabled) and returns the download it starts. */
export async function downloadBy(page: Page, trigger: Locator): Promise<Download> {
  await expect(trigger).toBeEnabled();
  const downloading = page.waitForEvent('download');
  await trigger.click();
  return downloading;
}

let throwaway = 0;

/**
 * A fresh user created by the admin through the API, with its password set through the welcome e-mail's link:
 * journeys that change passwords use one, so the demo users stay as they are.
 */
export async function createUserWithPassword(
  api: APIRequestContext,
  role = 'analista',
  password = 'Inicial2026',
): Promise<{ email: string; name: string; password: string }> {
  throwaway += 1;
  const stamp = `${Date.now()}${throwaway}`;
  const email = `e2e.${stamp}@origem.local`;
  const name = `Usuária E2E ${stamp}`;
  const headers = await adminApiHeaders(api);
  const roles = (await (await api.get('/v1/role/all', { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  const associations = (await (await api.get('/v1/trade_association/all', { headers })).json()) as {
    data: { id: number }[];
  };
  const before = await mailCount();
  const created = await api.post('/v1/user', {
    headers,
    data: {
      name,
      email,
      role_id: roles.data.find((r) => r.name === role)?.id,
      trade_association_id: associations.data[0]?.id,
    },
  });
  expect(created.status()).toBe(201);
  const mail = await waitForMail(email, 'acesso foi criado', before);
  const token2 = new URL(linkIn(mail)).searchParams.get('token');
  const reset = await api.post('/v1/user/reset_password', {
    data: { token: token2, new_password: password },
  });
  expect(reset.status()).toBe(204);
  if (MFA_ROLES.includes(role)) await enrolThroughApi(api, email, password);
  return { email, name, password };
}

/**
 * Turns the second factor on for a user whose role requires it (its first sign-in is enrolment-only), the way
 * the enrolment screen does, and keeps its secret so loginAs and apiSignIn answer the code.
 */
export async function enrolThroughApi(
  api: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const login = await api.post('/v1/oauth/token', {
    data: { grant_type: 'password', client_id: '2', username: email, password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  const setup = await api.post('/v1/account/mfa/setup', { headers, data: {} });
  const { secret } = (await setup.json()) as { secret: string };
  rememberTotpSecret(email, secret);
  const enabled = await api.post('/v1/account/mfa/enable', {
    headers,
    data: { code: await freshCode(email, secret) },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
}
