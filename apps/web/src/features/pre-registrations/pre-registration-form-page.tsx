import { UnderConstruction } from '../../ui/under-construction';

/** /pre-cadastro (issue 4): placeholder until the screen is delivered. */
export function PreRegistrationFormPage() {
  return <UnderConstruction screen="Pré-cadastro" />;
}
