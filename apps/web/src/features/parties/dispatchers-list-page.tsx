import { DISPATCHER_VIEW } from './party-kind';
import { PartyListPage } from './party-list-page';

/** /despachantes */
export function DispatchersListPage() {
  return <PartyListPage view={DISPATCHER_VIEW} />;
}
