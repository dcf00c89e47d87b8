import { UnderConstruction } from '../../ui/under-construction';

/** /consignatarios (issue 4): placeholder until the screen is delivered. */
export function ConsigneesListPage() {
  return <UnderConstruction screen="Consignatários" />;
}
