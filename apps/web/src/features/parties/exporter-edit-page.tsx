import { PartyEditPage } from './party-edit-page';
import { EXPORTER_VIEW } from './party-kind';

/** /exportador/$id (`novo` creates) */
export function ExporterEditPage() {
  return <PartyEditPage view={EXPORTER_VIEW} />;
}
