import { downloadFile } from '../../../api/download';
import { auditExportPath } from '../audit-export';

/**
 * GET /v1/audit/export_csv?<the non-empty filters> (no page): the filtered trail as a streamed CSV, saved as
 * audit.csv. downloadFile shows 'Baixando o Arquivo...' and the 'Download em andamento...' overlay.
 */
export function exportAuditCsv(filters: Partial<Record<string, unknown>>): Promise<boolean> {
  return downloadFile(auditExportPath(filters), { defaultName: 'audit.csv' });
}
