import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy, cspNonce } from './content-security-policy';

const PREFIX = '/docs';

/**
 * Style elements made by a script get the page's nonce, before any other script runs: the reference's bundle injects
 * its CSS that way and has no nonce option. Markup injected into the page is parsed, never made through
 * createElement, so it still gets no nonce. The web does the same (apps/web/src/lib/csp-nonce.ts).
 */
const NONCE_STYLES = `(function (nonce) {
  var create = document.createElement.bind(document);
  document.createElement = function (name, options) {
    var element = create(name, options);
    if (String(name).toLowerCase() === 'style') element.nonce = nonce;
    return element;
  };
})(document.currentScript.nonce);`;

// Relative addresses, as the plugin's own page uses, so the page works behind a proxy's path prefix. Nothing from
// the vendor's servers, which the policy refuses: no fonts from its CDN, no AI agent (it searches the vendor's
// registry), no developer toolbar.
const SETTINGS = {
  url: './openapi.json',
  withDefaultFonts: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  _integration: 'fastify',
};

/**
 * The page's own policy: the base one, its two inline scripts and the bundle's styles by nonce, and style
 * attributes, which the bundle sets on the elements it measures the scroll bar with. Only this page allows those,
 * and it shows nothing but the server's own OpenAPI document. Its bundled zod still probes once for eval, which stays
 * refused (zod then parses without it).
 */
const pagePolicy = (nonce: string) =>
  contentSecurityPolicy({
    nonce: { value: nonce, for: ['script-src', 'style-src'] },
    sources: { 'style-src-attr': ["'unsafe-inline'"] },
  });

/** The reference page: the vendor's bundle from this server, started by an inline script carrying the nonce. */
export function apiReferencePage(nonce: string): string {
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Origem — referência da API</title>
  </head>
  <body>
    <div id="app"></div>
    <script nonce="${nonce}">${NONCE_STYLES}</script>
    <script src="js/scalar.js"></script>
    <script nonce="${nonce}">Scalar.createApiReference('#app', ${JSON.stringify(SETTINGS)});</script>
  </body>
</html>`;
}

/** The vendor's browser bundle, where @scalar/fastify-api-reference ships it (beside its entry, dist/js/). */
function bundlePath(): string {
  const entry = createRequire(import.meta.url).resolve('@scalar/fastify-api-reference');
  return path.join(path.dirname(entry), 'js', 'standalone.js');
}

/**
 * The API reference at /docs: the page (its inline scripts with a nonce no vendor page carries), the OpenAPI
 * document and Scalar's browser bundle, read from disk as it is asked for. The vendor's Fastify plugin read its 7 MB
 * bundle into a string at every start and kept it, with the YAML and OpenAPI parsers it loads, in every idle
 * instance (issue 21: a server at rest in 150 MB).
 */
export async function apiReferenceRoutes(app: FastifyInstance): Promise<void> {
  const hidden = { schema: { hide: true } };
  const bundle = bundlePath();
  app.get(PREFIX, hidden, (request, reply) => reply.redirect(`${request.url.split('?')[0]}/`, 301));
  app.get(`${PREFIX}/`, hidden, (_request, reply) => {
    const nonce = cspNonce();
    return reply
      .header('content-security-policy', pagePolicy(nonce))
      .type('text/html; charset=utf-8')
      .send(apiReferencePage(nonce));
  });
  app.get(`${PREFIX}/openapi.json`, hidden, (_request, reply) =>
    reply.header('content-disposition', 'filename=origem-api.json').send(app.swagger()),
  );
  app.get(`${PREFIX}/openapi.yaml`, hidden, (_request, reply) =>
    reply
      .type('application/yaml')
      .header('content-disposition', 'filename=origem-api.yaml')
      .send(app.swagger({ yaml: true })),
  );
  app.get(`${PREFIX}/js/scalar.js`, hidden, (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(createReadStream(bundle)),
  );
}
