import { auditListQuery } from '@origem/contract/schemas/audit';
import { companySearchQuery } from '@origem/contract/schemas/companies';
import { legalRepresentativeListQuery } from '@origem/contract/schemas/legal-representatives';
import { partyListSearch } from '@origem/contract/schemas/party-records';
import { preRegistrationListQuery } from '@origem/contract/schemas/pre-registrations';
import { roleFilterQuery } from '@origem/contract/schemas/roles';
import { userSearchQuery } from '@origem/contract/schemas/users';
import type { ReactNode } from 'react';
import { AuditPage } from '../features/audit/audit-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage, loginSearchSchema } from '../features/auth/login-page';
import { ResetPasswordPage, resetPasswordSearchSchema } from '../features/auth/reset-password-page';
import { CompaniesListPage } from '../features/companies/companies-list-page';
import { ConsigneesListPage } from '../features/companies/consignees-list-page';
import { ImporterIntervenorEditPage } from '../features/companies/importer-intervenor-edit-page';
import { ImportersListPage } from '../features/companies/importers-list-page';
import { ManufacturerEditPage } from '../features/companies/manufacturer-edit-page';
import { ManufacturersListPage } from '../features/companies/manufacturers-list-page';
import { DealEditPage } from '../features/deals/deal-edit-page';
import { DealsListPage } from '../features/deals/deals-list-page';
import { OriginNormEditPage } from '../features/deals/origin-norm-edit-page';
import { OriginNormsListPage } from '../features/deals/origin-norms-list-page';
import { OriginRuleEditPage } from '../features/deals/origin-rule-edit-page';
import { OriginRulesListPage } from '../features/deals/origin-rules-list-page';
import { AssociationEditPage } from '../features/entities/association-edit-page';
import { AssociationsListPage } from '../features/entities/associations-list-page';
import { ConfederationEditPage } from '../features/entities/confederation-edit-page';
import { ConfederationsListPage } from '../features/entities/confederations-list-page';
import { FederationEditPage } from '../features/entities/federation-edit-page';
import { FederationsListPage } from '../features/entities/federations-list-page';
import { HomePage } from '../features/home/home-page';
import { LegalRepresentativeEditPage } from '../features/legal-representatives/legal-representative-edit-page';
import { LegalRepresentativesListPage } from '../features/legal-representatives/legal-representatives-list-page';
import { LookupListPage } from '../features/lookups/lookup-list-page';
import { LookupsHubPage } from '../features/lookups/lookups-hub-page';
import { CertificateModelEditPage } from '../features/nomenclature/certificate-model-edit-page';
import { CertificateModelsPage } from '../features/nomenclature/certificate-models-page';
import { ClassificationListsPage } from '../features/nomenclature/classification-lists-page';
import { NcmPage } from '../features/nomenclature/ncm-page';
import { DispatcherEditPage } from '../features/parties/dispatcher-edit-page';
import { DispatchersListPage } from '../features/parties/dispatchers-list-page';
import { ExporterEditPage } from '../features/parties/exporter-edit-page';
import { ExportersListPage } from '../features/parties/exporters-list-page';
import { PreRegistrationAnalysisPage } from '../features/pre-registrations/pre-registration-analysis-page';
import { PreRegistrationFormPage } from '../features/pre-registrations/pre-registration-form-page';
import { PreRegistrationPendencyPage } from '../features/pre-registrations/pre-registration-pendency-page';
import { PreRegistrationsListPage } from '../features/pre-registrations/pre-registrations-list-page';
import { MaintenancePage } from '../features/public/maintenance-page';
import { WelcomePage } from '../features/public/welcome-page';
import { RoleEditPage } from '../features/roles/role-edit-page';
import { RolesListPage } from '../features/roles/roles-list-page';
import { UserEditPage } from '../features/users/user-edit-page';
import { UsersListPage } from '../features/users/users-list-page';
import { routeSearch } from '../lib/search-params';

export type ScreenBinding = {
  component: () => ReactNode;
  /** The route's validateSearch (lenient: a bad parameter falls back to its default). */
  validateSearch?: (raw: Record<string, unknown>) => Record<string, unknown>;
};

/**
 * The screens delivered so far, by route path (keys must be paths of ROUTES; a test checks it).
 * Every other route of the table renders <UnderConstruction> with its title.
 */
export const SCREENS: Readonly<Record<string, ScreenBinding>> = {
  '/welcome': { component: WelcomePage },
  '/login': { component: LoginPage, validateSearch: routeSearch(loginSearchSchema) },
  '/esqueceu-senha': { component: ForgotPasswordPage },
  '/redefinir-senha': {
    component: ResetPasswordPage,
    validateSearch: routeSearch(resetPasswordSearchSchema),
  },
  '/manutencao': { component: MaintenancePage },
  '/': { component: HomePage },
  '/usuarios': { component: UsersListPage, validateSearch: routeSearch(userSearchQuery) },
  '/usuarios/$id': { component: UserEditPage },
  '/configuracao/perfil': { component: RolesListPage, validateSearch: routeSearch(roleFilterQuery) },
  '/configuracao/perfil/$id': { component: RoleEditPage },
  '/auditoria': { component: AuditPage, validateSearch: routeSearch(auditListQuery) },
  // Issue 3 (reference data): placeholders until each screen is delivered; list screens add validateSearch.
  '/acordos': { component: DealsListPage },
  '/acordos/$id': { component: DealEditPage },
  '/normas-origem': { component: OriginNormsListPage },
  '/normas-origem/$id': { component: OriginNormEditPage },
  '/regras-origem': { component: OriginRulesListPage },
  '/regras-origem/$id': { component: OriginRuleEditPage },
  '/federacoes': { component: FederationsListPage },
  '/federacoes/$id': { component: FederationEditPage },
  '/associacoes': { component: AssociationsListPage },
  '/associacoes/$id': { component: AssociationEditPage },
  '/confederacoes': { component: ConfederationsListPage },
  '/confederacao/$id': { component: ConfederationEditPage },
  '/cadastros': { component: LookupsHubPage },
  '/cadastros/tabelas/$slug': { component: LookupListPage },
  '/cadastros/ncm': { component: NcmPage },
  '/cadastros/listas-classificacao': { component: ClassificationListsPage },
  '/cadastros/modelos-certificado': { component: CertificateModelsPage },
  '/cadastros/modelos-certificado/$dealId': { component: CertificateModelEditPage },
  // Issue 4 (parties and pre-registration).
  '/empresas': { component: CompaniesListPage, validateSearch: routeSearch(companySearchQuery) },
  '/importadores': { component: ImportersListPage, validateSearch: routeSearch(companySearchQuery) },
  '/consignatarios': { component: ConsigneesListPage, validateSearch: routeSearch(companySearchQuery) },
  '/fabricantes': { component: ManufacturersListPage, validateSearch: routeSearch(companySearchQuery) },
  '/empresas-fab/$id': { component: ManufacturerEditPage },
  '/empresas-imp-int/$id': { component: ImporterIntervenorEditPage },
  '/exportadores': { component: ExportersListPage, validateSearch: routeSearch(partyListSearch) },
  '/exportador/$id': { component: ExporterEditPage },
  '/despachantes': { component: DispatchersListPage, validateSearch: routeSearch(partyListSearch) },
  '/despachante/$id': { component: DispatcherEditPage },
  '/responsavel-legal': {
    component: LegalRepresentativesListPage,
    validateSearch: routeSearch(legalRepresentativeListQuery),
  },
  '/responsavel-legal/$id': { component: LegalRepresentativeEditPage },
  '/pre-cadastros': {
    component: PreRegistrationsListPage,
    validateSearch: routeSearch(preRegistrationListQuery),
  },
  '/pre-cadastro-analise/$id': { component: PreRegistrationAnalysisPage },
  '/pre-cadastro': { component: PreRegistrationFormPage },
  '/pre-cadastro-pendencia/$id': { component: PreRegistrationPendencyPage },
};
