import { DEFAULT_ROLE_PERMISSIONS, type RoleSlug, SYSTEM_ROLES } from '@origem/contract/permissions';
import type { UserDetail } from '@origem/contract/schemas/auth';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { parseSearchParams, stringifySearchParams } from './lib/search-params';
import { SESSION_KEYS, sessionStore } from './lib/session';

/** A session user of a system role with the default permissions of that role. */
export function makeUser(role: RoleSlug, overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: 1,
    name: `Pessoa ${SYSTEM_ROLES[role].label}`,
    email: `${role}@origem.local`,
    cpf: null,
    role: { id: 1, name: role, display_name: SYSTEM_ROLES[role].label, type: SYSTEM_ROLES[role].type },
    permissions: [...DEFAULT_ROLE_PERMISSIONS[role]],
    change_password: false,
    trade_association: null,
    federation: null,
    confederation_id: null,
    page_federation_image_path: null,
    exporter: null,
    dispatcher: null,
    manufacturer: null,
    ...overrides,
  };
}

/** Writes a session the way login does (localStorage) and makes the store re-read it. */
export function storeSession(user: UserDetail | null, token = 'token-de-teste'): void {
  localStorage.clear();
  if (user) {
    localStorage.setItem(SESSION_KEYS.token, token);
    localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  }
  sessionStore.reload();
}

/** A fetch stub answering each call with the next of the given responses. */
export function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  // The signed-in frame re-reads GET /v1/user/detail when it opens (app/use-session-refresh.ts): answered here
  // with the stored user and kept out of `fetchMock`, so each test sees only the calls of its own scenario.
  const fetchStub: typeof fetch = (input, init) => {
    const stored = localStorage.getItem(SESSION_KEYS.user);
    if (String(input) === '/v1/user/detail' && stored && sessionStorageHasToken()) {
      return Promise.resolve(jsonResponse(200, JSON.parse(stored)));
    }
    return fetchMock(input, init);
  };
  vi.stubGlobal('fetch', fetchStub);
  return fetchMock;
}

function sessionStorageHasToken(): boolean {
  return localStorage.getItem(SESSION_KEYS.token) !== null;
}

export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Renders `ui` as the only route of a memory router, inside the app's providers. */
export function renderInApp(ui: ReactNode, path = '/') {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
    parseSearch: parseSearchParams,
    stringifySearch: stringifySearchParams,
  });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
