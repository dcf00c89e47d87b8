import { COMPANY_TYPE, type CompanyTypeId } from '@origem/contract/schemas/companies';

/** The four lists of SPEC §2: every company, and one per type. */
export type CompanyListKind = 'all' | 'importers' | 'intervenors' | 'manufacturers';

export type CompanyListConfig = {
  path: string;
  title: string;
  hint: string;
  /** Fixed type of the list; the full list filters by type instead. */
  type?: CompanyTypeId;
  /** Table label and empty-state text. */
  label: string;
  empty: string;
};

export const COMPANY_LISTS: Record<CompanyListKind, CompanyListConfig> = {
  all: {
    path: '/empresas',
    title: 'Empresas',
    hint: 'Importadores, fabricantes e consignatários (intervenientes) que os documentos de origem citam.',
    label: 'Lista de empresas',
    empty: 'Nenhuma empresa encontrada.',
  },
  importers: {
    path: '/importadores',
    title: 'Importadores',
    hint: 'Empresas que compram as mercadorias no exterior e aparecem como importadoras nos certificados.',
    type: COMPANY_TYPE.importer,
    label: 'Lista de importadores',
    empty: 'Nenhum importador encontrado.',
  },
  intervenors: {
    path: '/consignatarios',
    title: 'Consignatários',
    hint: 'Intervenientes (operadores de terceiro país) que faturam ou recebem as mercadorias.',
    type: COMPANY_TYPE.intervenor,
    label: 'Lista de consignatários',
    empty: 'Nenhum consignatário encontrado.',
  },
  manufacturers: {
    path: '/fabricantes',
    title: 'Fabricantes',
    hint: 'Empresas que produzem as mercadorias exportadas.',
    type: COMPANY_TYPE.manufacturer,
    label: 'Lista de fabricantes',
    empty: 'Nenhum fabricante encontrado.',
  },
};

export const MANUFACTURER_FORM_PATH = '/empresas-fab';
export const IMPORTER_INTERVENOR_FORM_PATH = '/empresas-imp-int';

/** Where a company of this type is edited. */
export function formPathOf(type: number, id: number | 'novo'): string {
  return `${type === COMPANY_TYPE.manufacturer ? MANUFACTURER_FORM_PATH : IMPORTER_INTERVENOR_FORM_PATH}/${id}`;
}

/** The list a company of this type belongs to (where its form leads back). */
export function listOfType(type: number | undefined): CompanyListConfig {
  if (type === COMPANY_TYPE.manufacturer) return COMPANY_LISTS.manufacturers;
  if (type === COMPANY_TYPE.intervenor) return COMPANY_LISTS.intervenors;
  return COMPANY_LISTS.importers;
}

/** "Novo …" of each type: the label and the create address (`?type=` preselects importer or intervenor). */
export const NEW_COMPANY: Record<CompanyTypeId, { label: string; href: string }> = {
  1: { label: 'Novo importador', href: `${formPathOf(1, 'novo')}?type=1` },
  2: { label: 'Novo fabricante', href: formPathOf(2, 'novo') },
  3: { label: 'Novo consignatário', href: `${formPathOf(3, 'novo')}?type=3` },
};
