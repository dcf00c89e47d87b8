import { UnderConstruction } from '../../ui/under-construction';

/** /pre-cadastros (issue 4): placeholder until the screen is delivered. */
export function PreRegistrationsListPage() {
  return <UnderConstruction screen="Pré-cadastros" />;
}
