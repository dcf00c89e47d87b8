import { UnderConstruction } from '../../ui/under-construction';

/** /empresas (issue 4): placeholder until the screen is delivered. */
export function CompaniesListPage() {
  return <UnderConstruction screen="Empresas" />;
}
