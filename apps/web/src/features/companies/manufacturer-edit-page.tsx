import { CompanyEditPage } from './company-edit-page';

/** /empresas-fab/$id: a manufacturer company ('novo' creates). */
export function ManufacturerEditPage() {
  return <CompanyEditPage kind="manufacturer" />;
}
