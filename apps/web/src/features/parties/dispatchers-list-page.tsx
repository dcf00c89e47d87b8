import { UnderConstruction } from '../../ui/under-construction';

/** /despachantes (issue 4): placeholder until the screen is delivered. */
export function DispatchersListPage() {
  return <UnderConstruction screen="Despachantes" />;
}
