import { UnderConstruction } from '../../ui/under-construction';

/** /importadores (issue 4): placeholder until the screen is delivered. */
export function ImportersListPage() {
  return <UnderConstruction screen="Importadores" />;
}
