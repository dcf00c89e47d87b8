import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * The API reference at /docs (Scalar: the OpenAPI document, its bundle, the page). The plugin's own page starts the
 * bundle with an inline script no strict policy allows, so its page route is answered here, with a nonce, before
 * the plugin's handler runs; the plugin keeps serving the document and the bundle.
 */
export async function apiReferenceRoutes(app: FastifyInstance): Promise<void> {
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.url !== `${PREFIX}/`) return;
    const nonce = cspNonce();
    return reply
      .header('content-security-policy', pagePolicy(nonce))
      .type('text/html; charset=utf-8')
      .send(apiReferencePage(nonce));
  };
  await app.register(scalar, { routePrefix: PREFIX, hooks: { preHandler: page } });
}
