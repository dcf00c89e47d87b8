import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../test/database';

/**
 * Issue 26: a reopened password-reset link once showed a raw JSON InternalError at /redefinir-senha?token=…. Every
 * way a browser (or anything else) can ask for a page address — each method, Accept and caching header, odd
 * addresses, over a real socket too — while index.html is there, being rewritten, or replaced by a folder: never a
 * 5xx except the Portuguese 503 page before any index.html was read, and never JSON for a page GET.
 */
const INDEX = '<!doctype html><html lang="pt-BR"><head></head><body><div id="root"></div></body></html>';
const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const HEADERS: Record<string, string>[] = [
  {},
  { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  { accept: 'application/json' },
  { accept: '*/*' },
  { accept: 'text/plain;q=0, x/y' },
  { accept: '' },
  { 'if-none-match': '"abc"', 'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' },
  { range: 'bytes=0-10' },
  { range: 'bytes=999999-' },
  { 'accept-encoding': 'gzip, deflate, br, zstd' },
  { 'content-type': 'application/json' },
  { cookie: 'a=b; origem_refresh=xyz' },
  { authorization: 'Bearer not-a-token' },
  { authorization: 'Bearer ogm_pat_bogus' },
  { 'idempotency-key': 'k-1' },
  { 'x-forwarded-for': 'nonsense', 'x-forwarded-proto': 'https' },
  { purpose: 'prefetch', 'sec-purpose': 'prefetch;prerender' },
];
const URLS = [
  '/redefinir-senha?token=0123456789abcdef',
  '/redefinir-senha?token=a&token=b',
  '/redefinir-senha?token=%E0%A4%A',
  '/redefinir-senha?token=%00',
  '/redefinir-senha/',
  '//redefinir-senha',
  '/redefinir-senha;jsessionid=1',
  '/%ff',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/index.html',
  '/assets/',
  '/assets/nao-existe.js',
  `/login?${'x'.repeat(5000)}`,
  '/',
];

describe('page addresses never answer a 5xx (issue 26)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const dist = mkdtempSync(path.join(tmpdir(), 'origem-dist-'));
  const index = path.join(dist, 'index.html');

  beforeAll(async () => {
    writeFileSync(index, INDEX);
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const handle = await openTestDatabase();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'origem-test-')),
      WEB_DIST: dist,
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ config, db: handle.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    close = async () => {
      await app.close();
      await handle.close();
      rmSync(dist, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  const sweep = async (phase: string) => {
    const bad: string[] = [];
    for (const url of URLS) {
      for (const method of METHODS) {
        for (const headers of HEADERS) {
          const res = await app.inject({
            method,
            url,
            headers,
            ...(method === 'POST' ? { payload: '{}' } : {}),
          });
          const page = method === 'GET' && url.startsWith('/redefinir-senha?token=0');
          if (
            res.statusCode >= 500 ||
            (page && !String(res.headers['content-type']).startsWith('text/html'))
          ) {
            bad.push(
              `${phase}: ${method} ${url.slice(0, 60)} ${JSON.stringify(headers)} → ${res.statusCode}`,
            );
          }
        }
      }
    }
    return bad;
  };

  it('with index.html in place', async () => {
    expect(await sweep('built')).toEqual([]);
  });

  it('over a real socket: GET and HEAD of the reset link, the page with its length', async () => {
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const url = `${base}/redefinir-senha?token=0123456789abcdef`;
    const get = await fetch(url, { headers: { accept: 'text/html' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toContain('text/html');
    const body = await get.text();
    expect(body).toContain('<div id="root">');
    expect(Number(get.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    const head = await fetch(url, { method: 'HEAD', headers: { accept: 'text/html' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('while a build empties the folder, writes half a page, or leaves a folder where index.html was', async () => {
    rmSync(index);
    expect(await sweep('absent')).toEqual([]);
    writeFileSync(index, '<!doctype html><html><he');
    expect(await sweep('half-written')).toEqual([]);
    rmSync(index);
    mkdirSync(index);
    expect(await sweep('a folder')).toEqual([]);
    rmSync(index, { recursive: true });
    writeFileSync(index, INDEX);
    expect(await sweep('rebuilt')).toEqual([]);
  });
});
