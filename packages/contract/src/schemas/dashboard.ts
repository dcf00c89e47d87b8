import { z } from 'zod';

/**
 * The home page's data (SPEC §7 "Dashboard"), always within the caller's scope (DOMAIN.md §2). Status counts are
 * exactly what the certificate and declaration lists show with that status filter, so each figure links to its list.
 */

/** How many months the "issued per month" chart covers, the current one included. */
export const DASHBOARD_MONTHS = 12;
/** Rows of each activity list. */
export const DASHBOARD_LIST_SIZE = 10;

const statusCount = z.object({ status: z.string(), label: z.string(), count: z.number().int() });

export const dashboardTotalSchema = z.object({
  certificates: z.array(statusCount),
  declarations: z.array(statusCount),
  /** Certificates issued per month (Brasília), oldest first, every month of the window present. */
  issued_by_month: z.array(z.object({ month: z.string(), count: z.number().int() })),
  /** Certificates issued in the same window per deal, most first. */
  issued_by_deal: z.array(z.object({ deal_id: z.number(), deal: z.string(), count: z.number().int() })),
});
export type DashboardTotal = z.infer<typeof dashboardTotalSchema>;

const statusRef = z.object({ id: z.string(), name: z.string() });

export const dashboardCertificateSchema = z.object({
  id: z.number(),
  certificate_number: z.string().nullable(),
  invoice_number: z.string(),
  exporter: z.string(),
  deal: z.string(),
  status: statusRef,
  updated_at: z.string(),
});
export const dashboardDeclarationSchema = z.object({
  id: z.number(),
  product_name: z.string(),
  ncm: z.string(),
  exporter: z.string(),
  status: statusRef,
  updated_at: z.string(),
});
export const dashboardActivitySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  user: z.string().nullable(),
  event: z.string(),
  auditable_type: z.string(),
  auditable_id: z.number().nullable(),
  /** The audited record's type key ('certificate', 'declaration'…): the screen links the entry to the record. */
  record_type: z.string(),
});
export type DashboardCertificate = z.infer<typeof dashboardCertificateSchema>;
export type DashboardDeclaration = z.infer<typeof dashboardDeclarationSchema>;
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;

/** The states each "awaiting analysis" list holds. */
export const CERTIFICATE_AWAITING = ['ENVIADO', 'EM_ANALISE'] as const;
export const DECLARATION_AWAITING = ['ENVIADA', 'EM_ANALISE'] as const;

/**
 * The audit entries that are not work: signing in and out, the sessions' and API tokens' comings and goings, the
 * account's own password and lockout. The recent activity leaves them out (issue 22): it shows what was created,
 * sent, approved, issued…
 */
export const NON_WORK_AUDIT_TYPES: readonly string[] = [
  'session',
  'api_token',
  'token',
  'personal_access_token',
];
export const NON_WORK_AUDIT_EVENTS: readonly string[] = [
  'login',
  'login_failed',
  'logout',
  'refresh',
  'token_refreshed',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'account_locked',
  'login_mfa_challenge',
  'mfa_setup_started',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_failed',
  'mfa_recovery_code_used',
  'mfa_recovery_codes_regenerated',
  'mfa_reset',
  'session_ended',
  'sessions_ended',
];
