import { EXPORTER_VIEW } from './party-kind';
import { PartyListPage } from './party-list-page';

/** /exportadores */
export function ExportersListPage() {
  return <PartyListPage view={EXPORTER_VIEW} />;
}
