/** TanStack Query keys and paths of the declaration screens (SPEC §7 "Declaration"). */
export const declarationKeys = {
  all: ['declarations'] as const,
  list: () => ['declarations', 'list'] as const,
  detail: (id: number) => ['declarations', 'detail', id] as const,
};

/** The list (v2) and each declaration's own calls (v1). */
export const DECLARATION_LIST_PATH = '/v2/declaration';
export const DECLARATION_PATH = '/v1/declaration';

/** Screens of a declaration (SPEC §2). */
export const DECLARATION_SCREENS = {
  list: '/declaracao',
  edit: (id: number | 'novo') => `/declaracao/${id}`,
  analysis: (id: number) => `/declaracao-analise/${id}`,
  consult: (id: number) => `/declaracao-consulta/${id}`,
} as const;
