import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStaticStyles } from './antd-static-styles';
import { precompress } from './precompress';
import { preloadDeps } from './preload-deps';
import { routePreloads } from './route-preloads';

// The API of `npm run serve`; ORIGEM_API_URL points the dev server at another one.
const api = process.env.ORIGEM_API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/v1', '/v2', '/docs', '/health'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), routePreloads(), preloadDeps(), antdStaticStyles(), precompress()],
  // The server replaces this in index.html with each answer's nonce (apps/api/src/plugins/spa.ts): the web gives it
  // to the styles antd injects, under a policy without 'unsafe-inline'.
  html: { cspNonce: '__ORIGEM_CSP_NONCE__' },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: api, changeOrigin: false }])),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Read by scripts/check-bundle-size.mjs (npm run size): what /login loads, chunk by chunk.
    manifest: true,
    // Every browser the app supports preloads modules natively: no polyfill in the first screen's chunk.
    // (preload-deps.ts sets its resolveDependencies.)
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // antd's @rc-component/* packages declare no `sideEffects`, so importing one export (antd's ConfigProvider
      // reads a context of @rc-component/form and the tooltip provider of @rc-component/trigger) kept the whole
      // package in the first screen's chunk. They are plain React components with no import-time effects.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }] },
    },
  },
});
