import {
  type APIRequestContext,
  test as base,
  type Download,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { MAIL_HTTP_PORT } from './playwright.config';

export const DEMO_PASSWORD = 'origem123';
export const demoEmail = (role: string) => `${role}@origem.local`;

/** Signs in through the real login screen and waits for the home page. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function loginAsRole(page: Page, role: string): Promise<void> {
  await loginAs(page, demoEmail(role));
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
}

type Mail = { to: string[]; subject: string; text: string };

/** Waits for a mail to `to` (received by the real SMTP listener) and returns the newest one. */
export async function waitForMail(to: string, subjectPart: string, after = 0): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/mails`);
    const mails = ((await res.json()) as Mail[]).slice(after);
    const found = mails.filter((m) => m.to.includes(to) && m.subject.includes(subjectPart)).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nenhum e-mail para ${to} com "${subjectPart}"`);
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

export const test = base;
export { expect };

/**
 * Clicks `button` in the dialog showing `text` and waits until the dialog has closed. antd can drop a click that
 * lands while a dialog is still zooming in, so the click is repeated (only while the dialog is open) until it goes.
 */
export async function answerDialog(page: Page, text: string, button = 'OK'): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await expect(async () => {
    if (await dialog.isVisible())
      await dialog.getByRole('button', { name: button }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Clicks `trigger` and returns the download it starts. Under load a click that lands while a freshly opened screen
 * is still settling can be lost, so when no download starts within a few seconds the click is made again.
 */
export async function downloadBy(page: Page, trigger: Locator): Promise<Download> {
  for (let attempt = 1; ; attempt += 1) {
    const downloading = page.waitForEvent('download', { timeout: 5_000 });
    await trigger.click();
    try {
      return await downloading;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
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
  const login = await api.post('/v1/oauth/token', {
    data: { grant_type: 'password', client_id: '2', username: demoEmail('admin'), password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}` };
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
  return { email, name, password };
}
