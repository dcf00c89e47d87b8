import { CompanyList } from './company-list';

/** /fabricantes (SPEC §2). */
export function ManufacturersListPage() {
  return <CompanyList kind="manufacturers" />;
}
