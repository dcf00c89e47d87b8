import { PartyEditPage } from './party-edit-page';
import { DISPATCHER_VIEW } from './party-kind';

/** /despachante/$id (`novo` creates) */
export function DispatcherEditPage() {
  return <PartyEditPage view={DISPATCHER_VIEW} />;
}
