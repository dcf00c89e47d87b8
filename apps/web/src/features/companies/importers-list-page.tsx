import { CompanyList } from './company-list';

/** /importadores (SPEC §2). */
export function ImportersListPage() {
  return <CompanyList kind="importers" />;
}
