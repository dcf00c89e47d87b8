/** The entity screens' addresses (routes in app/route-table.ts); the confederation's record sits under /confederacao. */
export const FEDERATIONS_PATH = '/federacoes';
export const ASSOCIATIONS_PATH = '/associacoes';
export const CONFEDERATIONS_PATH = '/confederacoes';

export const federationPath = (id: number | 'novo') => `${FEDERATIONS_PATH}/${id}`;
export const associationPath = (id: number | 'novo') => `${ASSOCIATIONS_PATH}/${id}`;
export const confederationPath = (id: number | 'novo') => `/confederacao/${id}`;
