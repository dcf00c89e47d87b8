import { UnderConstruction } from '../../ui/under-construction';

/** /responsavel-legal (issue 4): placeholder until the screen is delivered. */
export function LegalRepresentativesListPage() {
  return <UnderConstruction screen="Responsáveis legais" />;
}
