/** Cache keys of the nomenclature feature (NCM, classification lists, certificate models). */
export const nomenclatureKeys = {
  ncm: ['ncm'] as const,
  ncmSearch: ['ncm', 'search'] as const,
  ncmDetail: (code: string) => ['ncm', 'detail', code] as const,
  ncmReference: (code: string) => ['ncm', 'reference', code] as const,
  lists: ['classification-lists'] as const,
  models: ['certificate-models'] as const,
  modelDeals: ['certificate-models', 'deals'] as const,
  model: (dealId: number) => ['certificate-models', 'detail', dealId] as const,
};
