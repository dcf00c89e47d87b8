import './app/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ipRedirectTarget } from './app/guards';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { nonceCreatedStyles, readCspNonce } from './lib/csp-nonce';
import { readRuntimeConfig } from './lib/runtime-config';
import { zodWithoutEval } from './lib/zod-setup';
import { keepAccessibleNamesPortuguese } from './ui/accessible-names';

// Opened through a raw IP address: go to the same path on the official host (SPEC §2) before anything renders.
const officialAddress = ipRedirectTarget(window.location, readRuntimeConfig().appUrl);

if (officialAddress) {
  window.location.replace(officialAddress);
} else {
  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root não encontrado.');
  keepAccessibleNamesPortuguese();
  // The page's policy allows no inline style without its nonce (apps/api/src/plugins/content-security-policy.ts).
  const cspNonce = readCspNonce();
  if (cspNonce) nonceCreatedStyles(cspNonce);
  zodWithoutEval();
  const router = createAppRouter();
  const queryClient = createQueryClient();
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} cspNonce={cspNonce}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
