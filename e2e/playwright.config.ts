import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_5XX_FILE } from './server-5xx';

// Overridable so two suites can run side by side on one machine.
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3210);
export const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2589);
const MAIL_SMTP_PORT = Number(process.env.E2E_MAIL_SMTP_PORT ?? 2588);
const DATA_DIR = `.data-e2e-${APP_PORT}`;
/**
 * The CAs the server trusts for digital signatures: e2e/signatures.spec.ts writes its throw-away test CA here before
 * signing. Until then the file is absent and the server answers as with no trust list configured; it reads the file
 * again whenever it changes.
 */
export const SIGNATURE_TRUST_PEM = path.join(tmpdir(), `origem-e2e-trust-${APP_PORT}.pem`);
/**
 * The loopback PKI (e2e/pki-server.ts, issue 37): OpenSSL's CA, OCSP responder, CRLs and time-stamping authority,
 * on a port derived from the server's (far from the 3xxx blocks the suites use side by side), its CA in PKI_DIR.
 */
const PKI_PORT = Number(process.env.E2E_PKI_PORT ?? APP_PORT + 20_000);
export const PKI_DIR = path.join(tmpdir(), `origem-e2e-pki-${APP_PORT}`);
const jsonReport = process.env.PLAYWRIGHT_JSON_REPORT;

// One product server on a fresh embedded database, and a real SMTP listener. Specs run one at a time because
// they share that server; each journey creates the records it changes. `npm run test:e2e` (scripts/e2e.mjs) starts
// two such runs side by side, each with its own server, database and ports, and a share of the spec files.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  // The server records every 5xx it answers; any fails the run, with its route and stack.
  globalTeardown: './server-5xx-teardown.ts',
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL: `http://localhost:${APP_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1366, height: 900 },
    // Screens settle at once (antd's fades and slides off, as for a person who asks for less motion): tests wait
    // for states, and axe never reads a help text or a dialog mid-fade.
    reducedMotion: 'reduce',
    acceptDownloads: true,
    // A failed test keeps its trace with the page's DOM at every step, without the screencast: recording frames cost
    // a fifth of the suite's CPU (certificates + keyboard specs: 161 s of CPU with it, 126 s without; issue 21).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `rm -rf ${PKI_DIR} && node --import tsx e2e/pki-server.ts`,
      cwd: '..',
      url: `http://127.0.0.1:${PKI_PORT}/health`,
      env: { E2E_PKI_PORT: String(PKI_PORT), E2E_PKI_DIR: PKI_DIR },
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx e2e/mail-catcher.ts',
      cwd: '..',
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
      env: { MAIL_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_HTTP_PORT: String(MAIL_HTTP_PORT) },
      reuseExistingServer: false,
    },
    {
      // The compiled server `npm run build` makes (ADR 009): it answers in about a second instead of compiling the
      // TypeScript sources through tsx first.
      command: `rm -rf ${DATA_DIR} ${SERVER_5XX_FILE} && node apps/api/dist/server.js`,
      cwd: '..',
      url: `http://127.0.0.1:${APP_PORT}/ready`,
      timeout: 120_000,
      env: {
        PORT: String(APP_PORT),
        // The embedded database `npm start` runs on, whatever DATABASE_URL the API tests were given (CI runs those on
        // PostgreSQL): each process's own, in DATA_DIR.
        DATABASE_URL: '',
        DATA_DIR,
        WEB_DIST: process.env.E2E_WEB_DIST ?? 'apps/web/dist',
        APP_URL: `http://localhost:${APP_PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        SEED: 'demo',
        RATE_LIMIT_PER_MINUTE: '100000',
        // e2e/webhooks.spec.ts's receiver listens on loopback over http.
        WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
        // e2e/cloud-signature.spec.ts's loopback cloud signature provider answers on loopback over http.
        CLOUD_SIGNATURE_ALLOW_HTTP: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SIGNATURE_TRUST_PEM,
        SIGNATURE_SEAL_PFX: path.join(PKI_DIR, 'seal.p12'),
        SIGNATURE_SEAL_PASSWORD: 'selo-e2e',
        TSA_URL: `http://127.0.0.1:${PKI_PORT}/tsa`,
        TSA_TIMEOUT_MS: '5000',
        REVOCATION_TIMEOUT_MS: '5000',
        RECORD_5XX: SERVER_5XX_FILE,
      },
      reuseExistingServer: false,
    },
  ],
});
