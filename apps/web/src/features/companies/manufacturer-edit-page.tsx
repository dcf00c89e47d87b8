import { UnderConstruction } from '../../ui/under-construction';

/** /empresas-fab/$id (issue 4): placeholder until the screen is delivered. */
export function ManufacturerEditPage() {
  return <UnderConstruction screen="Empresa fabricante" />;
}
