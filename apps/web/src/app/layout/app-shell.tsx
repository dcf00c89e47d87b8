import { useRouterState } from '@tanstack/react-router';
import { useSession } from '../../lib/session';
import { findRoute } from '../route-table';
import { MainLayout } from './main-layout';
import { PublicLayout } from './public-layout';

/**
 * Layout of the main routes: the side menu for a signed-in user. Only '/' is reachable by a visitor
 * (the guard turns them away from the rest), and gets the public frame.
 */
export function AppShell() {
  const { isSignedIn } = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (isSignedIn) return <MainLayout />;
  // Just signed out (or out in another tab) on a protected screen: render nothing while the guard moves on, so
  // the screen's queries do not run again without a token.
  return findRoute(pathname)?.access === 'public' ? <PublicLayout /> : null;
}
