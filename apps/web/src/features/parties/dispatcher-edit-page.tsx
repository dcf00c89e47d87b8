import { UnderConstruction } from '../../ui/under-construction';

/** /despachante/$id (issue 4): placeholder until the screen is delivered. */
export function DispatcherEditPage() {
  return <UnderConstruction screen="Despachante" />;
}
