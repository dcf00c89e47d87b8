import { useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useSession } from '../lib/session';
import { useAfterFirstPaint } from '../ui/after-first-paint';
import { ForbiddenResult } from '../ui/status-pages';
import { type MenuUser, mayOpenRoute } from './menu';
import { findRoute } from './route-table';
import { DELIVERED_ROUTES } from './screens';

/**
 * Whether a screen was shown since the page loaded. The first one renders after the frame (header, side menu) is
 * painted, in slices (ui/after-first-paint.tsx); later ones replace a screen in view at once, without a blank.
 */
let firstScreenShown = false;

/**
 * A signed-in user who opens a screen its permissions (or, for /regras-origem, its role) do not reach — a typed or
 * shared link — gets the "sem permissão" page in place of the screen, whose calls would all answer 403. The server
 * still refuses on its own.
 */
export function PermissionGate({ children }: { children: ReactNode }) {
  const painted = useAfterFirstPaint(!firstScreenShown);
  useEffect(() => {
    if (painted) firstScreenShown = true;
  }, [painted]);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { user } = useSession();
  const entry = findRoute(pathname, DELIVERED_ROUTES);
  if (!painted) return null;
  if (!user || !entry || mayOpenRoute(entry, user as MenuUser)) return children;
  return <ForbiddenResult />;
}
