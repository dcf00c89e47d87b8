import { CompanyEditPage } from './company-edit-page';

/** /empresas-imp-int/$id: an importer or intervenor company ('novo' creates; `?type=3` for an intervenor). */
export function ImporterIntervenorEditPage() {
  return <CompanyEditPage kind="importer-intervenor" />;
}
