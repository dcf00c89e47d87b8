import { UnderConstruction } from '../../ui/under-construction';

/** /pre-cadastro-pendencia/$id (issue 4): placeholder until the screen is delivered. */
export function PreRegistrationPendencyPage() {
  return <UnderConstruction screen="Pendência do pré-cadastro" />;
}
