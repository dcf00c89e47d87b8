import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../test/database';
import { RUNTIME_META, withRuntimeConfig } from './runtime-config';

const INDEX = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Origem</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index.js"></script></body>
</html>`;

describe('withRuntimeConfig', () => {
  it('writes APP_URL into <head>, before the scripts, escaped', () => {
    const html = withRuntimeConfig(INDEX, { appUrl: 'https://origem.example.org.br' });
    expect(html).toContain(`<meta name="${RUNTIME_META.appUrl}" content="https://origem.example.org.br" />`);
    expect(html.indexOf(RUNTIME_META.appUrl)).toBeLessThan(html.indexOf('<script'));
    expect(withRuntimeConfig(INDEX, { appUrl: 'https://x.org/"><script>' })).toContain(
      'content="https://x.org/&quot;&gt;&lt;script&gt;"',
    );
  });
});

describe('the built page carries the APP_URL the server was started with (issue 9: read at run time)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const dist = mkdtempSync(path.join(tmpdir(), 'origem-dist-'));

  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    const handle = await openTestDatabase();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'origem-test-')),
      WEB_DIST: dist,
      APP_URL: 'https://origem.cni.example.org.br',
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

  it('on every screen address, the root, and index.html itself', async () => {
    for (const url of ['/', '/usuarios/3?page=2', '/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain(
        `<meta name="${RUNTIME_META.appUrl}" content="https://origem.cni.example.org.br" />`,
      );
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('leaves API paths as JSON 404s', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/nada' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NotFound');
  });
});
