import { UnderConstruction } from '../../ui/under-construction';

/** /fabricantes (issue 4): placeholder until the screen is delivered. */
export function ManufacturersListPage() {
  return <UnderConstruction screen="Fabricantes" />;
}
