import {
  type AnyRoute,
  type AnyValidator,
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
  redirect,
  useRouterState,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { setNavigator } from '../lib/navigation';
import { parseSearchParams, stringifySearchParams } from '../lib/search-params';
import { SESSION_KEYS, sessionStore } from '../lib/session';
import { guardRedirect } from './guards';
import { PublicLayout } from './layout/public-layout';
import { findRoute, type LayoutPath, type RouteEntry } from './route-table';
import { DELIVERED_ROUTES, SCREENS, type ScreenComponent, type ScreenPath } from './screens';

function DocumentTitle() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    const entry = findRoute(pathname, DELIVERED_ROUTES);
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
  // Loaded on first use, like the signed-in frame below: the first screen (the login form) needs neither.
  notFoundComponent: lazyRouteComponent(() => import('./not-found-page'), 'NotFoundPage'),
  // SPEC §2 guard, run on every navigation: visitors → /welcome; a signed-in user on /login is sent on.
  beforeLoad: ({ location }) => {
    const target = guardRedirect(
      {
        pathname: location.pathname,
        search: location.search as Record<string, unknown>,
        user: sessionStore.getUser(),
      },
      DELIVERED_ROUTES,
    );
    if (target) throw redirect({ href: target, replace: true });
  },
});

const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });
const mainLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'main',
  component: lazyRouteComponent(() => import('./layout/app-shell'), 'AppShell'),
});

type PublicScreenPath = Extract<ScreenPath, LayoutPath<'public'>>;
type MainScreenPath = Extract<ScreenPath, LayoutPath<'main'>>;

type SearchOfScreen<P extends ScreenPath> = (typeof SCREENS)[P]['validateSearch'];

// The validator is its own type parameter: read through a generic path, SCREENS[path] would widen to the union of
// every screen's validator, and every link would be typed by the wrong search.
function publicScreenRoute<
  P extends PublicScreenPath,
  V extends SearchOfScreen<P> & AnyValidator = SearchOfScreen<P>,
>(path: P) {
  const { component, validateSearch } = SCREENS[path] as { component: ScreenComponent; validateSearch: V };
  return createRoute({ getParentRoute: () => publicLayout, path, component, validateSearch });
}

function mainScreenRoute<
  P extends MainScreenPath,
  V extends SearchOfScreen<P> & AnyValidator = SearchOfScreen<P>,
>(path: P) {
  const { component, validateSearch } = SCREENS[path] as { component: ScreenComponent; validateSearch: V };
  return createRoute({ getParentRoute: () => mainLayout, path, component: gated(component), validateSearch });
}

const PermissionGate = lazyRouteComponent(() => import('./permission-gate'), 'PermissionGate');

/** The screen behind the "sem permissão" check; the router loads both before it shows the route. */
function gated(Screen: ScreenComponent): ScreenComponent {
  const Gated = () => (
    <PermissionGate>
      <Screen />
    </PermissionGate>
  );
  return Object.assign(Gated, {
    preload: () => Promise.all([PermissionGate.preload?.(), Screen.preload?.()]).then(() => undefined),
  });
}

/**
 * The screen routes of one layout, keyed by path. `R` names each route's own type (typed links and search):
 * Object.fromEntries cannot carry a per-key type, hence the one assertion; the keys are the layout's delivered
 * paths by construction.
 */
function routesOf<P extends ScreenPath, R extends { [K in P]: AnyRoute }>(
  layout: RouteEntry['layout'],
  make: (path: P) => AnyRoute,
): R {
  const paths = DELIVERED_ROUTES.filter((entry) => entry.layout === layout).map((entry) => entry.path as P);
  return Object.fromEntries(paths.map((path) => [path, make(path)])) as R;
}

// Only delivered screens are routed: any other path, listed in ROUTES or not, gets the 404 page.
const publicRoutes = routesOf<
  PublicScreenPath,
  { [P in PublicScreenPath]: ReturnType<typeof publicScreenRoute<P, SearchOfScreen<P>>> }
>('public', publicScreenRoute);
const mainRoutes = routesOf<
  MainScreenPath,
  { [P in MainScreenPath]: ReturnType<typeof mainScreenRoute<P, SearchOfScreen<P>>> }
>('main', mainScreenRoute);

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

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
