import { UnderConstruction } from '../../ui/under-construction';

/** /responsavel-legal/$id (issue 4): placeholder until the screen is delivered. */
export function LegalRepresentativeEditPage() {
  return <UnderConstruction screen="Responsável legal" />;
}
