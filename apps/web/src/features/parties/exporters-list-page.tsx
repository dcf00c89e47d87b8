import { UnderConstruction } from '../../ui/under-construction';

/** /exportadores (issue 4): placeholder until the screen is delivered. */
export function ExportersListPage() {
  return <UnderConstruction screen="Exportadores" />;
}
