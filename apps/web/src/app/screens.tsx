import type { adminApiTokenListQuery } from '@origem/contract/schemas/api-tokens';
import type { auditListQuery } from '@origem/contract/schemas/audit';
import type { certificateImportScreenSearch } from '@origem/contract/schemas/certificate-imports';
import type { certificateListQuery } from '@origem/contract/schemas/certificates';
import type { cloudCallbackSearch } from '@origem/contract/schemas/cloud-signature';
import type { companySearchQuery } from '@origem/contract/schemas/companies';
import type { originRuleListQuery } from '@origem/contract/schemas/deals';
import type { declarationLinkListQuery } from '@origem/contract/schemas/declaration-links';
import type { declarationListQuery } from '@origem/contract/schemas/declarations';
import type {
  dispatcherLinkListQuery,
  dispatcherLinkSideQuery,
} from '@origem/contract/schemas/dispatcher-links';
import type { jobListQuery } from '@origem/contract/schemas/jobs';
import type { legalRepresentativeListQuery } from '@origem/contract/schemas/legal-representatives';
import type { certificateModelScreenSearch, ncmScreenSearch } from '@origem/contract/schemas/nomenclature';
import type { partyListSearch } from '@origem/contract/schemas/party-records';
import type { preRegistrationListQuery } from '@origem/contract/schemas/pre-registrations';
import type { prereceiptScreenSearch, reportScreenSearch } from '@origem/contract/schemas/reports';
import type { roleFilterQuery } from '@origem/contract/schemas/roles';
import type { signatureScreenSearch } from '@origem/contract/schemas/signatures';
import type { userSearchQuery } from '@origem/contract/schemas/users';
import { type AsyncRouteComponent, lazyRouteComponent } from '@tanstack/react-router';
import type { loginSearchSchema, resetPasswordSearchSchema } from '../features/auth/auth-search';
import { searchOf } from '../lib/search-params';
import { ROUTES, type RouteEntry } from './route-table';

/** A screen's component, loaded (its own chunk) when its route is first opened. */
export type ScreenComponent = AsyncRouteComponent<unknown>;

/** A route's validateSearch: lib/search-params.ts `searchOf`, typed by the contract's schema of the screen. */
type SearchValidator = (raw: never) => Record<string, unknown>;

export type ScreenBinding = {
  component: ScreenComponent;
  validateSearch: SearchValidator | undefined;
};

/**
 * One screen: the module that holds it, loaded on first use, the component's export name (checked against the
 * module) and, for screens that keep state in the address, `searchOf<typeof schema>()` with the contract's zod
 * schema of their search parameters (it types the links to the screen).
 */
function screen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): { component: ScreenComponent; validateSearch: undefined };
function screen<M extends Record<string, unknown>, V extends SearchValidator>(
  load: () => Promise<M>,
  name: keyof M & string,
  validateSearch: V,
): { component: ScreenComponent; validateSearch: V };
function screen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  validateSearch?: SearchValidator,
): ScreenBinding {
  return { component: lazyRouteComponent(load, name), validateSearch };
}

/**
 * The screens delivered so far, by route path (keys must be paths of ROUTES; a test checks it). Only these are
 * routed and offered in the menu; any other path of ROUTES shows the 404 page until its screen is built. Adding a
 * screen is one line here: its title, menu area and permission come from ROUTES. Each screen is its own chunk, so
 * the first screen (the login form) downloads only what it shows.
 */
export const SCREENS = {
  '/welcome': screen(() => import('../features/public/welcome-page'), 'WelcomePage'),
  '/login': screen(
    () => import('../features/auth/login-page'),
    'LoginPage',
    searchOf<typeof loginSearchSchema>(),
  ),
  '/esqueceu-senha': screen(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  '/redefinir-senha': screen(
    () => import('../features/auth/reset-password-page'),
    'ResetPasswordPage',
    searchOf<typeof resetPasswordSearchSchema>(),
  ),
  '/ativar-verificacao': screen(() => import('../features/account/mfa-enrollment-page'), 'MfaEnrollmentPage'),
  '/minha-conta': screen(() => import('../features/account/my-account-page'), 'MyAccountPage'),
  '/manutencao': screen(() => import('../features/public/maintenance-page'), 'MaintenancePage'),
  '/': screen(() => import('../features/home/home-page'), 'HomePage'),
  '/usuarios': screen(
    () => import('../features/users/users-list-page'),
    'UsersListPage',
    searchOf<typeof userSearchQuery>(),
  ),
  '/usuarios/$id': screen(() => import('../features/users/user-edit-page'), 'UserEditPage'),
  '/configuracao/perfil': screen(
    () => import('../features/roles/roles-list-page'),
    'RolesListPage',
    searchOf<typeof roleFilterQuery>(),
  ),
  '/configuracao/perfil/$id': screen(() => import('../features/roles/role-edit-page'), 'RoleEditPage'),
  // Issue 15 (billing reports).
  '/relatorios/faturamento-ac': screen(
    () => import('../features/reports/billing-report-page'),
    'AssociationBillingPage',
    searchOf<typeof reportScreenSearch>(),
  ),
  '/relatorios/faturamento-federacao': screen(
    () => import('../features/reports/billing-report-page'),
    'FederationBillingPage',
    searchOf<typeof reportScreenSearch>(),
  ),
  '/relatorios/faturamento-exportador': screen(
    () => import('../features/reports/billing-report-page'),
    'ExporterBillingPage',
    searchOf<typeof reportScreenSearch>(),
  ),
  '/relatorios/faturamento-despachante': screen(
    () => import('../features/reports/billing-report-page'),
    'DispatcherBillingPage',
    searchOf<typeof reportScreenSearch>(),
  ),
  '/relatorios/pre-recibo': screen(
    () => import('../features/reports/prereceipt-page'),
    'PrereceiptPage',
    searchOf<typeof prereceiptScreenSearch>(),
  ),
  '/auditoria': screen(
    () => import('../features/audit/audit-page'),
    'AuditPage',
    searchOf<typeof auditListQuery>(),
  ),
  // Issue 3 (reference data).
  '/acordos': screen(() => import('../features/deals/deals-list-page'), 'DealsListPage'),
  '/acordos/$id': screen(() => import('../features/deals/deal-edit-page'), 'DealEditPage'),
  '/normas-origem': screen(() => import('../features/deals/origin-norms-list-page'), 'OriginNormsListPage'),
  '/normas-origem/$id': screen(() => import('../features/deals/origin-norm-edit-page'), 'OriginNormEditPage'),
  '/regras-origem': screen(
    () => import('../features/deals/origin-rules-list-page'),
    'OriginRulesListPage',
    searchOf<typeof originRuleListQuery>(),
  ),
  '/regras-origem/$id': screen(() => import('../features/deals/origin-rule-edit-page'), 'OriginRuleEditPage'),
  '/federacoes': screen(() => import('../features/entities/federations-list-page'), 'FederationsListPage'),
  '/federacoes/$id': screen(() => import('../features/entities/federation-edit-page'), 'FederationEditPage'),
  '/associacoes': screen(() => import('../features/entities/associations-list-page'), 'AssociationsListPage'),
  '/associacoes/$id': screen(
    () => import('../features/entities/association-edit-page'),
    'AssociationEditPage',
  ),
  '/confederacoes': screen(
    () => import('../features/entities/confederations-list-page'),
    'ConfederationsListPage',
  ),
  '/confederacao/$id': screen(
    () => import('../features/entities/confederation-edit-page'),
    'ConfederationEditPage',
  ),
  '/cadastros': screen(() => import('../features/lookups/lookups-hub-page'), 'LookupsHubPage'),
  '/cadastros/tabelas/$slug': screen(() => import('../features/lookups/lookup-list-page'), 'LookupListPage'),
  '/cadastros/ncm': screen(
    () => import('../features/nomenclature/ncm-page'),
    'NcmPage',
    searchOf<typeof ncmScreenSearch>(),
  ),
  '/cadastros/listas-classificacao': screen(
    () => import('../features/nomenclature/classification-lists-page'),
    'ClassificationListsPage',
  ),
  '/cadastros/modelos-certificado': screen(
    () => import('../features/nomenclature/certificate-models-page'),
    'CertificateModelsPage',
  ),
  '/cadastros/modelos-certificado/$dealId': screen(
    () => import('../features/nomenclature/certificate-model-edit-page'),
    'CertificateModelEditPage',
    searchOf<typeof certificateModelScreenSearch>(),
  ),
  // Issue 4 (parties and pre-registration).
  '/empresas': screen(
    () => import('../features/companies/companies-list-page'),
    'CompaniesListPage',
    searchOf<typeof companySearchQuery>(),
  ),
  '/importadores': screen(
    () => import('../features/companies/importers-list-page'),
    'ImportersListPage',
    searchOf<typeof companySearchQuery>(),
  ),
  '/consignatarios': screen(
    () => import('../features/companies/consignees-list-page'),
    'ConsigneesListPage',
    searchOf<typeof companySearchQuery>(),
  ),
  '/fabricantes': screen(
    () => import('../features/companies/manufacturers-list-page'),
    'ManufacturersListPage',
    searchOf<typeof companySearchQuery>(),
  ),
  '/empresas-fab/$id': screen(
    () => import('../features/companies/manufacturer-edit-page'),
    'ManufacturerEditPage',
  ),
  '/empresas-imp-int/$id': screen(
    () => import('../features/companies/importer-intervenor-edit-page'),
    'ImporterIntervenorEditPage',
  ),
  '/exportadores': screen(
    () => import('../features/parties/exporters-list-page'),
    'ExportersListPage',
    searchOf<typeof partyListSearch>(),
  ),
  '/exportador/$id': screen(() => import('../features/parties/exporter-edit-page'), 'ExporterEditPage'),
  '/despachantes': screen(
    () => import('../features/parties/dispatchers-list-page'),
    'DispatchersListPage',
    searchOf<typeof partyListSearch>(),
  ),
  '/despachante/$id': screen(() => import('../features/parties/dispatcher-edit-page'), 'DispatcherEditPage'),
  '/responsavel-legal': screen(
    () => import('../features/legal-representatives/legal-representatives-list-page'),
    'LegalRepresentativesListPage',
    searchOf<typeof legalRepresentativeListQuery>(),
  ),
  '/responsavel-legal/$id': screen(
    () => import('../features/legal-representatives/legal-representative-edit-page'),
    'LegalRepresentativeEditPage',
  ),
  '/pre-cadastros': screen(
    () => import('../features/pre-registrations/pre-registrations-list-page'),
    'PreRegistrationsListPage',
    searchOf<typeof preRegistrationListQuery>(),
  ),
  '/pre-cadastro-analise/$id': screen(
    () => import('../features/pre-registrations/pre-registration-analysis-page'),
    'PreRegistrationAnalysisPage',
  ),
  '/pre-cadastro': screen(
    () => import('../features/pre-registrations/pre-registration-form-page'),
    'PreRegistrationFormPage',
  ),
  '/pre-cadastro-pendencia/$id': screen(
    () => import('../features/pre-registrations/pre-registration-pendency-page'),
    'PreRegistrationPendencyPage',
  ),
  // Issue 11 (dispatcher-exporter links).
  '/vinculo/lista-vinculos-despachante': screen(
    () => import('../features/dispatcher-links/links-list-page'),
    'DispatcherLinksListPage',
    searchOf<typeof dispatcherLinkSideQuery>(),
  ),
  '/vinculo/lista-vinculos-exportador': screen(
    () => import('../features/dispatcher-links/links-list-page'),
    'ExporterLinksListPage',
    searchOf<typeof dispatcherLinkSideQuery>(),
  ),
  '/vinculo/lista-vinculos-despachante-exportador': screen(
    () => import('../features/dispatcher-links/links-list-page'),
    'CombinedLinksListPage',
    searchOf<typeof dispatcherLinkListQuery>(),
  ),
  '/vinculo/solicita-exportador': screen(
    () => import('../features/dispatcher-links/link-request-page'),
    'RequestExporterLinkPage',
  ),
  '/vinculo/solicita-despachante': screen(
    () => import('../features/dispatcher-links/link-request-page'),
    'RequestDispatcherLinkPage',
  ),
  '/vinculo/analise-vinculo/$id': screen(
    () => import('../features/dispatcher-links/link-analysis-page'),
    'LinkAnalysisPage',
  ),
  // Issue 13 (certificates of origin).
  '/certificado': screen(
    () => import('../features/certificates/certificates-list-page'),
    'CertificatesListPage',
    searchOf<typeof certificateListQuery>(),
  ),
  '/certificado/$id': screen(
    () => import('../features/certificates/certificate-edit-page'),
    'CertificateEditPage',
  ),
  '/certificado-analise/$id': screen(
    () => import('../features/certificates/certificate-analysis-page'),
    'CertificateAnalysisPage',
  ),
  '/certificado-consulta/$id': screen(
    () => import('../features/certificates/certificate-view-page'),
    'CertificateViewPage',
  ),
  // Issue 14 (digital signatures): one A1 screen for certificates and declarations (`?tipo=`).
  '/assinatura-digital-a1/$id': screen(
    () => import('../features/signatures/a1-signature-page'),
    'A1SignaturePage',
    searchOf<typeof signatureScreenSearch>(),
  ),
  // Issue 14 (A3 signatures: the signer program).
  '/assinatura-digital-a3/$id': screen(
    () => import('../features/signatures/a3/a3-signature-page'),
    'A3SignaturePage',
    searchOf<typeof signatureScreenSearch>(),
  ),
  // Issue 38 (cloud certificates): the signing screen and the provider's return address.
  '/assinatura-digital-nuvem/$id': screen(
    () => import('../features/cloud-signature/cloud-signature-page'),
    'CloudSignaturePage',
    searchOf<typeof signatureScreenSearch>(),
  ),
  '/assinatura-nuvem/retorno': screen(
    () => import('../features/cloud-signature/cloud-return-page'),
    'CloudReturnPage',
    searchOf<typeof cloudCallbackSearch>(),
  ),
  '/verificar/$code': screen(
    () => import('../features/certificates/verification-page'),
    'CertificateVerificationPage',
  ),
  // Issue 25 (batch import of certificate drafts).
  '/certificados/importar': screen(
    () => import('../features/certificate-imports/certificate-imports-page'),
    'CertificateImportsPage',
    searchOf<typeof certificateImportScreenSearch>(),
  ),
  // Issue 14 (COD inspection).
  '/certificados/inspecionar-cod': screen(
    () => import('../features/cod-inspection/cod-inspection-page'),
    'CodInspectionPage',
  ),
  '/verificar-cod': screen(
    () => import('../features/cod-inspection/cod-file-verification'),
    'CodFileVerificationPage',
  ),
  '/verificar-documento': screen(
    () => import('../features/document-verification/document-verification-page'),
    'DocumentVerificationPage',
  ),
  // Issue 25 (API tokens).
  '/minha-conta/tokens': screen(() => import('../features/api-tokens/api-tokens-page'), 'ApiTokensPage'),
  '/administracao/tokens': screen(
    () => import('../features/api-tokens/all-api-tokens-page'),
    'AllApiTokensPage',
    searchOf<typeof adminApiTokenListQuery>(),
  ),
  '/integracoes/webhooks': screen(() => import('../features/webhooks/webhooks-page'), 'WebhooksPage'),
  '/administracao/assinatura-nuvem': screen(
    () => import('../features/cloud-signature/providers-page'),
    'ProvidersPage',
  ),
  // Issue 10 (jobs).
  '/administracao/tarefas': screen(
    () => import('../features/jobs/jobs-page'),
    'JobsPage',
    searchOf<typeof jobListQuery>(),
  ),
  // Issue 12 (declarations of origin and declaration links).
  '/declaracao': screen(
    () => import('../features/declarations/declarations-list-page'),
    'DeclarationsListPage',
    searchOf<typeof declarationListQuery>(),
  ),
  '/declaracao/$id': screen(
    () => import('../features/declarations/declaration-edit-page'),
    'DeclarationEditPage',
  ),
  '/declaracao-analise/$id': screen(
    () => import('../features/declarations/declaration-analysis-page'),
    'DeclarationAnalysisPage',
  ),
  '/declaracao-consulta/$id': screen(
    () => import('../features/declarations/declaration-consult-page'),
    'DeclarationConsultPage',
  ),
  '/vinculo_declaracao': screen(
    () => import('../features/declaration-links/declaration-links-list-page'),
    'DeclarationLinksListPage',
    searchOf<typeof declarationLinkListQuery>(),
  ),
} as const satisfies Readonly<Record<string, ScreenBinding>>;

export type ScreenPath = keyof typeof SCREENS;

/** The entries of ROUTES whose screen exists: the router, the guard, the menu and the titles use only these. */
export const DELIVERED_ROUTES: readonly RouteEntry[] = ROUTES.filter((entry) => entry.path in SCREENS);
