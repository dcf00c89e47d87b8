/**
 * MERCOSUL's origin criteria in the two regimes (issue 36): Dec. CMC 01/09 until 17 Jul 2024, Dec. CMC 05/23 from
 * 18 Jul 2024. One source for the seed (the Portuguese texts are the rules' descriptions) and the certificate PDF
 * (an ALADI form prints in Spanish: each version's own translation, so the printed criterion is the one in force on
 * the invoice date, not the code's generic text).
 */

export const MERCOSUL_REGIME_CHANGE = { until: '2024-07-17', from: '2024-07-18' } as const;

export type RegimeCriterion = {
  code: string;
  pt: string;
  es: string;
  en: string;
  valid_from?: string;
  valid_until?: string;
};

const { until, from } = MERCOSUL_REGIME_CHANGE;

export const MERCOSUL_REGIME_CRITERIA: RegimeCriterion[] = [
  {
    code: 'ST',
    valid_until: until,
    pt: 'Salto tarifário: os materiais não originários estão classificados em posição (4 dígitos) diferente da mercadoria final (regra geral, Dec. CMC nº 01/09, Art. 3º).',
    es: 'Salto de partida: los materiales no originarios se clasifican en una partida (4 dígitos) distinta de la de la mercadería final (regla general, Dec. CMC n.º 01/09, art. 3).',
    en: 'Change of tariff heading: the non-originating materials are classified in a heading (4 digits) other than that of the final good (general rule, Dec. CMC No. 01/09, Art. 3).',
  },
  {
    code: 'ST',
    valid_from: from,
    pt: 'Salto tarifário: a mudança de classificação que o requisito específico de origem (REO) da mercadoria exige na lista da Dec. CMC nº 05/23.',
    es: 'Salto de clasificación: el cambio de clasificación que exige el requisito específico de origen (REO) de la mercadería en la lista de la Dec. CMC n.º 05/23.',
    en: "Change of tariff classification: the change the good's product-specific rule requires in the list of Dec. CMC No. 05/23.",
  },
  {
    code: 'CR',
    valid_until: until,
    pt: 'Conteúdo regional: o valor CIF dos materiais não originários não excede 40% do valor FOB (Dec. CMC nº 01/09, Art. 3º).',
    es: 'Contenido regional: el valor CIF de los materiales no originarios no excede el 40 % del valor FOB (Dec. CMC n.º 01/09, art. 3).',
    en: 'Regional value content: the CIF value of the non-originating materials does not exceed 40% of the FOB value (Dec. CMC No. 01/09, Art. 3).',
  },
  {
    code: 'CR',
    valid_from: from,
    pt: 'Valor de conteúdo: o valor CIF dos materiais não originários não excede o máximo do REO da mercadoria (45% do valor FOB para o Brasil; Dec. CMC nº 05/23).',
    es: 'Valor de contenido: el valor CIF de los materiales no originarios no excede el máximo del REO de la mercadería (45 % del valor FOB para Brasil; Dec. CMC n.º 05/23).',
    en: "Value content: the CIF value of the non-originating materials does not exceed the maximum of the good's product-specific rule (45% of the FOB value for Brazil; Dec. CMC No. 05/23).",
  },
  {
    code: 'RE',
    valid_until: until,
    pt: 'Requisito específico de origem: a mercadoria cumpre o requisito fixado para a sua classificação no Anexo II da Dec. CMC nº 01/09.',
    es: 'Requisito específico de origen: la mercadería cumple el requisito fijado para su clasificación en el Anexo II de la Dec. CMC n.º 01/09.',
    en: 'Specific rule of origin: the good meets the requirement set for its classification in Annex II of Dec. CMC No. 01/09.',
  },
  {
    code: 'RE',
    valid_from: from,
    pt: 'Requisito específico de origem (REO): a mercadoria cumpre o requisito da lista da Dec. CMC nº 05/23 para a sua classificação (não há mais regra geral).',
    es: 'Requisito específico de origen (REO): la mercadería cumple el requisito de la lista de la Dec. CMC n.º 05/23 para su clasificación (ya no hay regla general).',
    en: 'Product-specific rule: the good meets the requirement of the list of Dec. CMC No. 05/23 for its classification (there is no longer a general rule).',
  },
];
