import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API of `npm run serve`; ORIGEM_API_URL points the dev server at another one.
const api = process.env.ORIGEM_API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/v1', '/v2', '/docs', '/health'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: api, changeOrigin: false }])),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
