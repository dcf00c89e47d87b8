import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type RouterHistory,
  redirect,
  useRouterState,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { setNavigator } from '../lib/navigation';
import { parseSearchParams, stringifySearchParams } from '../lib/search-params';
import { SESSION_KEYS, sessionStore } from '../lib/session';
import { UnderConstruction } from '../ui/under-construction';
import { guardRedirect } from './guards';
import { AppShell } from './layout/app-shell';
import { PublicLayout } from './layout/public-layout';
import { NotFoundPage } from './not-found-page';
import { PermissionGate } from './permission-gate';
import { findRoute, ROUTES, type RouteEntry } from './route-table';
import { SCREENS } from './screens';

function DocumentTitle() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    const entry = findRoute(pathname);
    document.title = entry ? `${entry.title} · Origem` : 'Página não encontrada · Origem';
  }, [pathname]);
  return null;
}

function Root() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}

const rootRoute = createRootRoute({
  component: Root,
  notFoundComponent: NotFoundPage,
  // SPEC §2 guard, run on every navigation: visitors → /welcome, /regras-origem only for admin/analista.
  beforeLoad: ({ location }) => {
    const target = guardRedirect({
      pathname: location.pathname,
      search: location.search as Record<string, unknown>,
      user: sessionStore.getUser(),
    });
    if (target) throw redirect({ to: target, replace: true });
  },
});

const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });
const mainLayout = createRoute({ getParentRoute: () => rootRoute, id: 'main', component: AppShell });

/** Any routed screen not delivered yet: "Em construção" naming the screen of the current path. */
function RouteUnderConstruction() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return <UnderConstruction screen={findRoute(pathname)?.title ?? 'Tela'} />;
}

function screenFor(entry: RouteEntry) {
  return SCREENS[entry.path] ?? { component: RouteUnderConstruction, validateSearch: undefined };
}

const publicRoutes = ROUTES.filter((entry) => entry.layout === 'public').map((entry) => {
  const screen = screenFor(entry);
  return createRoute({
    getParentRoute: () => publicLayout,
    path: entry.path,
    component: screen.component,
    validateSearch: screen.validateSearch,
  });
});

const mainRoutes = ROUTES.filter((entry) => entry.layout === 'main').map((entry) => {
  const screen = screenFor(entry);
  const Screen = screen.component;
  return createRoute({
    getParentRoute: () => mainLayout,
    path: entry.path,
    component: () => (
      <PermissionGate>
        <Screen />
      </PermissionGate>
    ),
    validateSearch: screen.validateSearch,
  });
});

const routeTree = rootRoute.addChildren([
  publicLayout.addChildren(publicRoutes),
  mainLayout.addChildren(mainRoutes),
]);

/** The app's router: history mode, plain query strings, scroll to top on every route change. */
export function createAppRouter(history: RouterHistory = createBrowserHistory()) {
  const router = createRouter({
    routeTree,
    history,
    parseSearch: parseSearchParams,
    stringifySearch: stringifySearchParams,
    defaultPreload: false,
  });
  setNavigator((to, search) => void router.navigate({ to, search }));
  router.subscribe('onResolved', (event) => {
    if (event.pathChanged) window.scrollTo({ top: 0, left: 0 });
  });
  // Signed out (or in as someone else) in another tab: run the guard again on the current screen.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === SESSION_KEYS.user) void router.invalidate();
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
