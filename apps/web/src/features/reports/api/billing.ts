import type { BillingSummary, ReportType } from '@origem/contract/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../../api/download';
import { http } from '../../../api/http';

export type BillingKind = 'association' | 'federation' | 'exporter' | 'dispatcher';
export type SummaryAnswer = { data: BillingSummary[]; certificates: number; amount: string };

const SUMMARY_PATHS: Record<BillingKind, string> = {
  association: '/v1/report/trade_association',
  federation: '/v1/report/federation',
  exporter: '/v1/report/exporter',
  dispatcher: '/v1/report/dispatcher',
};

/** GET /v1/report/{federation|trade_association|exporter|dispatcher}: who billed what in the period. */
export function useBillingSummary(
  kind: BillingKind,
  query: { start_date?: string; end_date?: string; name?: string },
) {
  const ready = Boolean(query.start_date && query.end_date);
  return useQuery({
    queryKey: ['reports', kind, query],
    queryFn: ({ signal }) => http.get<SummaryAnswer>(SUMMARY_PATHS[kind], { query, signal }),
    enabled: ready,
  });
}

export type FederationSettings = { grouping_report_id: number; fields: string[]; custom_report_id?: number };

/**
 * Downloads one report file (SPEC §7 "Reports"): GET …/invoice for an association (`ca_id`), exporter or
 * dispatcher (`id`); POST /v1/report/federation/invoice with the report settings (defaults SPEC §9).
 */
export function downloadBillingReport(
  kind: BillingKind,
  id: number,
  period: { start_date: string; end_date: string },
  type: ReportType,
  settings?: FederationSettings,
): Promise<boolean> {
  const defaultName = `faturamento.${type}`;
  switch (kind) {
    case 'association':
      return downloadFile('/v1/report/trade_association/invoice', {
        defaultName,
        query: { ca_id: id, ...period, type },
      });
    case 'exporter':
      return downloadFile('/v1/report/exporter/invoice', { defaultName, query: { id, ...period, type } });
    case 'dispatcher':
      return downloadFile('/v1/report/dispatcher/invoice', { defaultName, query: { id, ...period, type } });
    case 'federation':
      return downloadFile('/v1/report/federation/invoice', {
        defaultName,
        method: 'POST',
        body: {
          id,
          ...period,
          type,
          role_type: 'DEFAULT',
          template_report_id: 1,
          grouping_report_id: settings?.grouping_report_id ?? 2,
          fields: settings?.fields,
          custom_report_id: settings?.custom_report_id ?? null,
        },
      });
  }
}
