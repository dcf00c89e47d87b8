import { CompanyList } from './company-list';

/** /consignatarios (SPEC §2). */
export function ConsigneesListPage() {
  return <CompanyList kind="intervenors" />;
}
