import { UnderConstruction } from '../../ui/under-construction';

/** /empresas-imp-int/$id (issue 4): placeholder until the screen is delivered. */
export function ImporterIntervenorEditPage() {
  return <UnderConstruction screen="Empresa importadora ou interveniente" />;
}
