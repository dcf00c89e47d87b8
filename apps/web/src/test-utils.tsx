import { DEFAULT_ROLE_PERMISSIONS, type RoleSlug, SYSTEM_ROLES } from '@origem/contract/permissions';
import type { UserDetail } from '@origem/contract/schemas/auth';
import {
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
    mfa: { enabled: false, required: false, enrollment_only: false },
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

/** A call the stub of `stubApiByPath` received: a JSON body parsed, a FormData one kept as sent. */
export type ApiCall = { method: string; url: string; body: unknown };

/**
 * A fetch stub answering each GET from `gets` by path (404 for a path it lacks) and every other call with
 * `answer`; returns the calls as they arrive.
 */
export function stubApiByPath(
  gets: Record<string, unknown>,
  answer: (call: ApiCall) => Response | Promise<Response>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0] ?? url;
    const body =
      init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
    const call = { method, url, body };
    calls.push(call);
    if (method === 'GET') return path in gets ? jsonResponse(200, gets[path]) : jsonResponse(404, {});
    return answer(call);
  });
  return calls;
}

/** How `stubApiByRoute` answers one route: from the request and its full URL. */
export type RouteAnswer = (init: RequestInit | undefined, url: string) => Response;

/** A fetch stub answering by method and path ('GET /v1/country/all'); an unexpected call fails the test loudly. */
export function stubApiByRoute(answers: Record<string, RouteAnswer>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const answer = answers[key];
    if (!answer) throw new Error(`chamada inesperada: ${key}`);
    return answer(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
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

/** One page of a list answer (GET …?page=1) holding all of `data`. */
export function onePage<T>(data: T[], perPage = 15) {
  return { data, current_page: 1, per_page: perPage, total: data.length, last_page: 1, total_capped: false };
}

/** `routeTree` in a memory router opened at `path`, inside the app's providers. */
function renderRouter(routeTree: AnyRoute, path: string) {
  const router = createRouter({
    routeTree,
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

/** Renders `ui` as the only route of a memory router, inside the app's providers. */
export function renderInApp(ui: ReactNode, path = '/') {
  return renderRouter(createRootRoute({ component: () => ui }), path);
}

type ScreenRoute =
  | (() => ReactNode)
  | {
      component: () => ReactNode;
      /** The route's search validation, for a screen that reads it from its route. */
      validateSearch?: (raw: Record<string, unknown>) => Record<string, unknown>;
    };

/**
 * Screens on their real route patterns ('/declaracao/$id': a component, or a stand-in text for a screen the test
 * only navigates to), without the app shell (faster under jsdom), opened at `path` inside the app's providers.
 */
export function renderRoutes(path: string, routes: Record<string, ScreenRoute>) {
  const root = createRootRoute({ component: Outlet });
  const children = Object.entries(routes).map(([pattern, route]) =>
    createRoute({
      getParentRoute: () => root,
      path: pattern,
      ...(typeof route === 'function' ? { component: route } : route),
    }),
  );
  return renderRouter(root.addChildren(children), path);
}

/** Waits for the open dialog (antd modal) whose text includes `text`. */
export function findDialog(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!found) throw new Error(`sem o diálogo "${text}"`);
    return found;
  });
}

/** Waits for the toast (antd message) whose text includes `text`: routine successes need no click. */
export function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-message-notice')].find((n) =>
      n.textContent?.includes(text),
    );
    if (!found) throw new Error(`sem o aviso "${text}"`);
    return found;
  });
}

/** Clicks `button` in the dialog showing `text`. */
export async function answerDialog(text: string, button: string): Promise<void> {
  fireEvent.click(within(await findDialog(text)).getByRole('button', { name: button }));
}
