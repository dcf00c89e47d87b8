import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../test/database';
import { expect5xx } from '../test/expect-5xx';
import { CSP_NONCE_PLACEHOLDER } from './spa';

// index.html as Vite writes it with html.cspNonce (apps/web/vite.config.ts).
const INDEX = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
    <script type="module" crossorigin src="/assets/index.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

// A built chunk and the compressed copies apps/web/precompress.ts writes beside it.
const CHUNK = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'linha ${i}'`).join(', ')}];\n`;

const policyOf = (headers: Record<string, unknown>) => String(headers['content-security-policy'] ?? '');
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('pages under a strict Content-Security-Policy, answering GET and HEAD (issue 24)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const dist = mkdtempSync(path.join(tmpdir(), 'origem-dist-'));

  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets/list-page-a1b2.js'), CHUNK);
    writeFileSync(path.join(dist, 'assets/list-page-a1b2.js.br'), brotliCompressSync(CHUNK));
    writeFileSync(path.join(dist, 'assets/list-page-a1b2.js.gz'), gzipSync(CHUNK));
    // As apps/web/route-preloads.ts writes it: each screen's route and the chunks its first render needs.
    writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/login': ['assets/login-page.js'],
        '/certificado': ['assets/app-shell.js', 'assets/certificates-list-page.js', 'assets/table.js'],
        '/certificado/$id': ['assets/app-shell.js', 'assets/certificate-edit-page.js'],
        '/certificado/lote': ['assets/app-shell.js', 'assets/certificate-batch-page.js'],
      }),
    );
    const handle = await openTestDatabase();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'origem-test-')),
      WEB_DIST: dist,
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ config, db: handle.db, logger: false });
    await app.ready();
    close = async () => {
      await app.close();
      await handle.close();
      rmSync(dist, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('index.html: a fresh nonce per answer, in the style-src of its policy and in the page, nothing inline else', async () => {
    const nonces = new Set<string>();
    for (const url of ['/login', '/login', '/usuarios/3?page=2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const policy = policyOf(res.headers);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? '';
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce);
      expect(directive(policy, 'style-src')).toBe(`style-src 'self' 'nonce-${nonce}'`);
      expect(directive(policy, 'script-src')).toBe("script-src 'self'");
      expect(directive(policy, 'script-src-attr')).toBe("script-src-attr 'none'");
      expect(directive(policy, 'object-src')).toBe("object-src 'none'");
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      // The other headers of a page (helmet): no framing by other sites, no referrer, no sniffing, no version.
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    expect(nonces.size).toBe(3);
  });

  it('HEAD on a page address answers as GET does, without the body', async () => {
    const get = await app.inject({ method: 'GET', url: '/login' });
    for (const url of ['/login', '/', '/usuarios/3']) {
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(head.headers['cache-control'], url).toBe('no-cache');
      expect(policyOf(head.headers), url).toMatch(/style-src 'self' 'nonce-/);
      expect(head.body, url).toBe('');
      if (url === '/login') expect(head.headers['content-length']).toBe(get.headers['content-length']);
    }
    expect(get.body).toContain('<div id="root">');
    // A built file answers HEAD too; API paths stay JSON 404s.
    expect((await app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/v1/nada' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });

  it('every other answer carries the base policy, without any nonce or inline allowance', async () => {
    for (const url of ['/v1/nada', '/health', '/robots.txt', '/docs/openapi.json']) {
      const policy = policyOf((await app.inject({ method: 'GET', url })).headers);
      expect(policy, url).toContain("default-src 'self'");
      expect(directive(policy, 'script-src'), url).toBe("script-src 'self'");
      expect(directive(policy, 'style-src'), url).toBe("style-src 'self'");
      expect(policy, url).not.toMatch(/nonce-|unsafe-/);
    }
  });

  it('the API reference: its inline scripts carry the nonce of its own policy, the vendor bundle is served here', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    const policy = policyOf(res.headers);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? '';
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(directive(policy, 'style-src')).toBe(`style-src 'self' 'nonce-${nonce}'`);
    expect(directive(policy, 'style-src-attr')).toBe("style-src-attr 'unsafe-inline'");
    expect(policy).not.toMatch(/unsafe-eval/);
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts).toEqual([` nonce="${nonce}"`, ' src="js/scalar.js"', ` nonce="${nonce}"`]);
    expect(res.body).toContain('"agent":{"disabled":true}');
    const bundle = await app.inject({ method: 'GET', url: '/docs/js/scalar.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body).toContain('createApiReference');
    // The document it reads, as JSON and as YAML; the bare prefix leads to the page.
    const json = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(json.json<{ info: { title: string }; paths: object }>().info.title).toBe('Origem API');
    expect(Object.keys(json.json<{ paths: object }>().paths)).toContain('/v1/certificate');
    const yaml = await app.inject({ method: 'GET', url: '/docs/openapi.yaml' });
    expect(yaml.headers['content-type']).toContain('application/yaml');
    expect(yaml.body).toMatch(/^openapi: 3/);
    const bare = await app.inject({ method: 'GET', url: '/docs' });
    expect([bare.statusCode, bare.headers.location]).toEqual([301, '/docs/']);
    const again = policyOf((await app.inject({ method: 'GET', url: '/docs/' })).headers);
    expect(again).not.toBe(policy);
  });

  it("a screen's page lists its route's chunks as modulepreload links with the answer's nonce (issue 21)", async () => {
    const preloads = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policyOf(res.headers))?.[1] ?? '';
      const links = [
        ...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" nonce="([^"]+)">/g),
      ];
      for (const link of links) expect(link[2], url).toBe(nonce);
      // In the head, after the entry's own tags.
      expect(
        res.body.indexOf('modulepreload') < 0 ||
          res.body.indexOf('modulepreload') > res.body.indexOf('/assets/index.js'),
      ).toBe(true);
      expect(res.body.lastIndexOf('modulepreload') < res.body.indexOf('</head>')).toBe(true);
      return links.map((link) => link[1]);
    };
    expect(await preloads('/login?redirect=%2Fcertificado')).toEqual(['/assets/login-page.js']);
    expect(await preloads('/certificado?status=2&page=3')).toEqual([
      '/assets/app-shell.js',
      '/assets/certificates-list-page.js',
      '/assets/table.js',
    ]);
    // A parameter matches any segment; a literal route is chosen over it.
    expect(await preloads('/certificado/novo')).toEqual([
      '/assets/app-shell.js',
      '/assets/certificate-edit-page.js',
    ]);
    expect(await preloads('/certificado/lote')).toEqual([
      '/assets/app-shell.js',
      '/assets/certificate-batch-page.js',
    ]);
    // An address no screen serves (the 404 page), or deeper than any route: nothing preloaded.
    expect(await preloads('/certificado/12/outra')).toEqual([]);
    expect(await preloads('/nada')).toEqual([]);
    // The build's list itself is not served as a file: the address is a page like any other.
    const file = await app.inject({ method: 'GET', url: '/route-preloads.json' });
    expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it("the build's chunks: the compressed copy the browser accepts, kept a year under their hashed name (issue 21)", async () => {
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/list-page-a1b2.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.rawPayload.length).toBeLessThan(CHUNK.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('accept-encoding');

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Outside assets/ nothing is kept: a file there keeps its name across builds.
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toBe('User-agent: *\n');
    expect(robots.headers['cache-control']).toBe('public, max-age=0');
  });

  // Last: it takes index.html away. A build empties the folder before writing it again (issue 26: a reopened reset link
  // once showed a raw JSON 500 at that moment).
  it('while a build rewrites index.html, a page answers the page last read; never read at all, a 503 in Portuguese', async () => {
    expect((await app.inject({ method: 'GET', url: '/redefinir-senha?token=abc' })).statusCode).toBe(200);
    rmSync(path.join(dist, 'index.html'));
    const during = await app.inject({ method: 'GET', url: '/redefinir-senha?token=abc' });
    expect(during.statusCode).toBe(200);
    expect(during.body).toContain('<div id="root">');
    expect(during.body).not.toContain(CSP_NONCE_PLACEHOLDER);

    const handle = await openTestDatabase();
    const emptyDist = mkdtempSync(path.join(tmpdir(), 'origem-dist-'));
    writeFileSync(path.join(emptyDist, 'index.html'), INDEX);
    const other = await buildApp({
      config: loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'origem-test-')),
        WEB_DIST: emptyDist,
        LOG_LEVEL: 'silent',
      }),
      db: handle.db,
      logger: false,
    });
    try {
      rmSync(path.join(emptyDist, 'index.html'));
      // A page before any index.html was ever read: the Portuguese 503 on purpose.
      expect5xx({ status: 503 });
      const res = await other.inject({ method: 'GET', url: '/login' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Tente novamente em alguns instantes.');
    } finally {
      await other.close();
      await handle.close();
      rmSync(emptyDist, { recursive: true, force: true });
    }
  });
});
