import { UnderConstruction } from '../../ui/under-construction';

/** /pre-cadastro-analise/$id (issue 4): placeholder until the screen is delivered. */
export function PreRegistrationAnalysisPage() {
  return <UnderConstruction screen="Análise de pré-cadastro" />;
}
