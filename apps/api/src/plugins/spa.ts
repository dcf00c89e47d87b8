import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { withRuntimeConfig } from '../lib/runtime-config';
import { contentSecurityPolicy, cspNonce } from './content-security-policy';

/**
 * What the web build writes wherever index.html needs the answer's nonce (apps/web/vite.config.ts `html.cspNonce`:
 * the nonce attributes of its tags and <meta property="csp-nonce">, from which the web gives it to the styles it
 * injects). Every answer replaces it with a fresh one.
 */
export const CSP_NONCE_PLACEHOLDER = '__ORIGEM_CSP_NONCE__';

const UNAVAILABLE_PAGE =
  '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Origem</title>' +
  '<p>O sistema está sendo atualizado. Tente novamente em alguns instantes.</p></html>';

/** Written by the web build next to index.html (apps/web/route-preloads.ts): route path → its chunks. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

type RoutePreloads = { pattern: string[]; links: string }[];

/**
 * The routes of the web build's route-preloads.json, most literal segments first ('/certificado/novo' would be a
 * screen of its own before '/certificado/$id'), each with the <link rel="modulepreload"> tags of its chunks.
 */
function readRoutePreloads(file: string): RoutePreloads {
  let routes: Record<string, string[]>;
  try {
    routes = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return []; // an older build without the file: the page loads its chunks as it discovers them
  }
  const literals = (pattern: string[]) => pattern.filter((part) => !part.startsWith('$')).length;
  return Object.entries(routes)
    .map(([route, files]) => ({
      pattern: route.split('/').filter(Boolean),
      links: files
        .map(
          (file) => `<link rel="modulepreload" crossorigin href="/${file}" nonce="${CSP_NONCE_PLACEHOLDER}">`,
        )
        .join(''),
    }))
    .sort((a, b) => b.pattern.length - a.pattern.length || literals(b.pattern) - literals(a.pattern));
}

/** The preload tags of the route that serves `url` ('' for an address no screen has). */
export function preloadsFor(routes: RoutePreloads, url: string): string {
  const parts = (url.split(/[?#]/, 1)[0] ?? '').split('/').filter(Boolean);
  const route = routes.find(
    ({ pattern }) =>
      pattern.length === parts.length &&
      pattern.every((part, i) => part.startsWith('$') || part === parts[i]),
  );
  return route?.links ?? '';
}

const isApi = (url: string) => /^\/(v1|v2|docs|health|ready|metrics)(\/|$|\?)/.test(url);

/**
 * The built SPA with history-mode fallback; API paths that match nothing stay JSON 404s. A page address answers GET
 * and HEAD alike (HEAD without the body, as for any route).
 */
export function registerSpa(app: FastifyInstance, config: Config): void {
  const root = path.resolve(config.webDist);
  const indexFile = path.join(root, 'index.html');
  const hasSpa = existsSync(indexFile);
  // index.html carries the run-time settings (APP_URL…), so it is never served as the plain built file. Read again
  // when the build changes under a running server (its asset names change with every build).
  // While a build rewrites the folder (vite empties it first), index.html is briefly absent: the page last read is
  // still right for the assets a running browser has, so it is served instead of an error (once, a reopened
  // password-reset link showed a raw JSON 500 at that moment).
  // The route's chunks are listed in the page as modulepreload links (issue 21): the browser fetches them alongside
  // the entry instead of one import level after another once the entry has run.
  let cached = { mtime: -1, html: '', routes: [] as RoutePreloads };
  const page = (url: string): string | undefined => {
    try {
      const mtime = statSync(indexFile).mtimeMs;
      if (mtime !== cached.mtime)
        cached = {
          mtime,
          html: withRuntimeConfig(readFileSync(indexFile, 'utf8'), config),
          routes: readRoutePreloads(path.join(root, ROUTE_PRELOADS_FILE)),
        };
    } catch {
      // Keep the last page read, if any.
    }
    if (!cached.html) return undefined;
    const links = preloadsFor(cached.routes, url);
    return links ? cached.html.replace('</head>', `${links}</head>`) : cached.html;
  };
  const assets = path.join(root, 'assets');
  if (hasSpa && existsSync(assets)) {
    // The build's scripts and styles (assets/, named by their content's hash) never change under their name: a
    // browser keeps them a year without asking again, and receives the Brotli or gzip copy the build wrote beside
    // each (apps/web/precompress.ts) — a third of the bytes, with no compression work per request (issue 21).
    app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '365d',
      immutable: true,
      setHeaders: (res) => res.setHeader('vary', 'accept-encoding'),
    });
  }
  if (hasSpa) {
    app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      decorateReply: false,
      globIgnore: ['assets/**'],
      allowedPath: (pathName) => pathName !== '/index.html' && pathName !== `/${ROUTE_PRELOADS_FILE}`,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!hasSpa || isApi(request.url) || !isPageRequest) {
      return reply.status(404).send({ code: 'NotFound', message: 'Registro não encontrado.' });
    }
    // The page's scripts are all files of this origin; only the styles antd injects at run time need the nonce.
    const stored = page(request.url);
    if (stored === undefined) {
      return reply
        .status(503)
        .header('retry-after', '5')
        .type('text/html; charset=utf-8')
        .send(UNAVAILABLE_PAGE);
    }
    const nonce = cspNonce();
    const html = stored.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
    reply
      .header(
        'content-security-policy',
        contentSecurityPolicy({ nonce: { value: nonce, for: ['style-src'] } }),
      )
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    // HEAD: the GET's headers, its length included, and no body (as Fastify answers HEAD on its own routes).
    if (request.method === 'HEAD') return reply.header('content-length', Buffer.byteLength(html)).send('');
    return reply.send(html);
  });
}
