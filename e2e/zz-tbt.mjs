import { chromium } from '@playwright/test';
import { generate } from 'otplib';
const base = process.env.BASE ?? 'http://localhost:3990';
const post = async (body) => (await fetch(base + '/v1/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: '2', ...body }) })).json();
let tok = await post({ grant_type: 'password', username: 'admin@origem.local', password: 'origem123' });
if (tok.mfa_token) tok = await post({ grant_type: 'mfa', mfa_token: tok.mfa_token, code: await generate({ secret: 'ORIGEMDEMOTOTPSECRETFORSTAFF2345' }) });
const user = await (await fetch(base + '/v1/user/detail', { headers: { authorization: `Bearer ${tok.access_token}` } })).text();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 900 } });
await context.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(e.duration); }).observe({ type: 'longtask', buffered: true }); });
const page = await context.newPage();
await page.goto('/login');
await page.evaluate(([t, u]) => { localStorage.setItem('origem.token', t); localStorage.setItem('origem.user', u); }, [tok.access_token, user]);
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.SLOW ?? 1) });
for (const path of (process.env.PATHS ?? '/certificado,/,/certificado/novo').split(',')) {
  const res = [];
  for (let i = 0; i < Number(process.env.RUNS ?? 5); i++) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const lt = await page.evaluate(() => window.__lt);
    const tbt = lt.reduce((a, d) => a + Math.max(0, d - 50), 0);
    res.push([Math.round(tbt), lt.length, Math.round(lt.reduce((a, d) => a + d, 0))]);
  }
  res.sort((a, b) => a[0] - b[0]);
  console.log(path, 'tbt/count/total per run (sorted):', res.map((r) => r.join('/')).join('  '), ' median tbt', res[Math.floor(res.length / 2)][0]);
}
await browser.close();
