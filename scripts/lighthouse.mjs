#!/usr/bin/env node
// `npm run lighthouse` (issue 21): Lighthouse's desktop preset, performance and accessibility, on the first screens
// people wait for — /login, / (the dashboard, signed in), /certificado (the list) and the certificate form — driving
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) through chrome-launcher. Targets: ≥ 95 on both.
//
// Starts the compiled server as `npm run serve` does (`npm run build` first) on a fresh embedded database with the
// demo data, signs the administrator in through the API and puts the session where the login screen stores it
// (localStorage), so the signed-in pages are scored as a returning user opens them.
//   PORT   the server's port (default 3390)
//   LIGHTHOUSE_PATHS  only these pages, comma-separated paths (e.g. /certificado,/certificado/novo)
//   LIGHTHOUSE_RUNS   runs of each page (default 1); with more, the table gives each figure's median — on a busy
//                     machine single runs vary by tens of points
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { generate } from 'otplib';
// Node 20 has no WebSocket global; ws comes with lighthouse.
import WebSocket from 'ws';
import { serveArgs } from './serve-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3390);
const base = `http://localhost:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
// The demo staff's authenticator (README, demo users): the admin's role requires the second factor.
const DEMO_TOTP_SECRET = 'ORIGEMDEMOTOTPSECRETFORSTAFF2345';
const ALL_PAGES = [
  { name: '/login', path: '/login', signedIn: false },
  { name: '/ (painel)', path: '/', signedIn: true },
  { name: '/certificado', path: '/certificado', signedIn: true },
  { name: 'formulário de certificado', path: '/certificado/novo', signedIn: true },
];
const only = process.env.LIGHTHOUSE_PATHS?.split(',');
const PAGES = only ? ALL_PAGES.filter((page) => only.includes(page.path)) : ALL_PAGES;

if (
  !existsSync(path.join(root, 'apps/api/dist/server.js')) ||
  !existsSync(path.join(root, 'apps/web/dist'))
) {
  console.error('Rode `npm run build` antes: o servidor e a interface compilados são medidos.');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'origem-lighthouse-'));
const server = spawn(process.execPath, serveArgs(root), {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    APP_URL: base,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
try {
  await waitReady();
  const token = await signIn('admin@origem.local', 'origem123');
  const user = await (
    await fetch(`${base}/v1/user/detail`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  const results = [];
  for (const page of PAGES) {
    const measured = [];
    for (let run = 0; run < runs; run++) {
      if (page.signedIn) await storeSession(chrome.port, token, user);
      else await storeSession(chrome.port, null, null);
      const { lhr } = await lighthouse(
        `${base}${page.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        },
        { ...desktopConfig, settings: { ...desktopConfig.settings, disableStorageReset: true } },
      );
      const { categories, audits } = lhr;
      measured.push({
        performance:
          categories.performance.score === null ? Number.NaN : Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      });
      console.log(JSON.stringify({ page: page.name, run: run + 1, ...measured.at(-1) }));
      if (lhr.runtimeError) console.log('  erro', lhr.runtimeError.code, lhr.runtimeError.message);
      if (process.env.LIGHTHOUSE_DETAILS) printDetails(audits);
    }
    // A run the browser could not finish (lhr.runtimeError: the page timed out on a busy machine) has no figures.
    const median = (key) => {
      const sorted = measured
        .map((m) => m[key])
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
    };
    results.push({
      page: page.name,
      performance: median('performance'),
      accessibility: median('accessibility'),
      fcp: `${(median('fcp') / 1000).toFixed(1)} s`,
      lcp: `${(median('lcp') / 1000).toFixed(1)} s`,
      tbt: `${Math.round(median('tbt'))} ms`,
      cls: median('cls').toFixed(3),
    });
  }
  console.log(
    `\nLighthouse (desktop, Chromium em ${chromePath}; metas ≥ 95${runs > 1 ? `; mediana de ${runs} execuções` : ''})`,
  );
  console.table(results);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

/** LIGHTHOUSE_DETAILS=1: what shifts, what blocks the main thread, the largest paint — where to look next. */
function printDetails(audits) {
  const items = (id) => audits[id]?.details?.items ?? [];
  for (const shift of items('layout-shifts'))
    console.log('  shift', shift.score?.toFixed(3), shift.node?.selector ?? '', shift.node?.snippet ?? '');
  for (const task of items('bootup-time').slice(0, 5))
    console.log('  script', Math.round(task.total), 'ms', task.url);
  for (const task of items('long-tasks'))
    console.log(
      '  long task at',
      Math.round(task.startTime),
      'ms:',
      Math.round(task.duration),
      'ms',
      task.url,
    );
  for (const part of items('mainthread-work-breakdown'))
    console.log('  main thread', Math.round(part.duration), 'ms', part.groupLabel);
  const requests = items('network-requests');
  const bytes = (list) => Math.round(list.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024);
  console.log(
    '  network',
    requests.length,
    'requests,',
    bytes(requests),
    'KB transferred; scripts',
    bytes(requests.filter((r) => r.resourceType === 'Script')),
    'KB, styles',
    bytes(requests.filter((r) => r.resourceType === 'Stylesheet')),
    'KB',
  );
  for (const r of requests.filter(
    (r) => r.resourceType === 'Fetch' || r.resourceType === 'XHR' || r.resourceType === 'Document',
  ))
    console.log(
      '  request',
      Math.round(r.networkRequestTime ?? 0),
      '→',
      Math.round(r.networkEndTime ?? 0),
      'ms',
      r.resourceType,
      r.url,
    );
  for (const lcp of items('largest-contentful-paint-element'))
    for (const row of lcp.items ?? []) console.log('  lcp', JSON.stringify(row.node?.snippet ?? row));
}

async function waitReady() {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error('o servidor terminou antes de responder');
    if (Date.now() - started > 300_000) throw new Error('o servidor não respondeu em 300 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function signIn(username, password) {
  const token = (body) =>
    fetch(`${base}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: '2', ...body }),
    });
  let res = await token({ grant_type: 'password', username, password });
  const first = res.status === 401 ? await res.clone().json() : null;
  if (first?.code === 'MfaRequired') {
    const code = await generate({ secret: DEMO_TOTP_SECRET });
    res = await token({ grant_type: 'mfa', mfa_token: first.mfa_token, code });
  }
  if (res.status !== 200) throw new Error(`login falhou: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

/**
 * Writes (or clears) the session in the origin's localStorage the way the login screen does, through the DevTools
 * protocol of a blank tab of the same browser; Lighthouse keeps it (disableStorageReset).
 */
async function storeSession(debugPort, token, user) {
  const target = await (
    await fetch(`http://127.0.0.1:${debugPort}/json/new?${encodeURIComponent(`${base}/manutencao`)}`, {
      method: 'PUT',
    })
  ).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const script = token
    ? `localStorage.setItem('origem.token', ${JSON.stringify(token)}); localStorage.setItem('origem.user', ${JSON.stringify(user)});`
    : `localStorage.removeItem('origem.token'); localStorage.removeItem('origem.user');`;
  await new Promise((resolve) => {
    socket.onmessage = (event) => {
      if (JSON.parse(event.data).id === 1) resolve();
    };
    // The blank tab may still be loading: wait for the origin's document before writing its storage.
    setTimeout(
      () =>
        socket.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: script } })),
      1500,
    );
  });
  socket.close();
  await fetch(`http://127.0.0.1:${debugPort}/json/close/${target.id}`);
}
