import { CompanyList } from './company-list';

/** /empresas (SPEC §2). */
export function CompaniesListPage() {
  return <CompanyList kind="all" />;
}
