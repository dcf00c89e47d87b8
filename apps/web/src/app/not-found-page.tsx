import { useSession } from '../lib/session';
import { NotFoundResult } from '../ui/status-pages';
import { MainLayout } from './layout/main-layout';
import { PublicLayout } from './layout/public-layout';

/** Any path outside the delivered screens: the spec's error page, inside the menu frame when signed in. */
export function NotFoundPage() {
  const { isSignedIn } = useSession();
  const Frame = isSignedIn ? MainLayout : PublicLayout;
  return (
    <Frame>
      <NotFoundResult />
    </Frame>
  );
}
