import type { Database } from '../../db/client';
import type { Actor } from '../../lib/context';
import { csvLine } from '../audit/csv';
import { analystPerformance } from './performance-queries';

const HEADER = [
  'Mês',
  'Analista',
  'E-mail',
  'Declarações analisadas',
  'Mediana declarações (horas)',
  'Certificados analisados',
  'Mediana certificados (horas)',
];

const hours = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Seconds → hours with a decimal comma ("3,5"); blank when there was nothing to measure. */
export function formatHours(seconds: number | null): string {
  return seconds === null ? '' : hours.format(seconds / 3600);
}

/**
 * performance_audit.csv (DOMAIN.md §10): per analyst and month, what each decided and the median time from
 * sending to decision. UTF-8 with a BOM and `;`, as the audit export; written as it is read.
 */
export async function* performanceCsv(
  db: Database,
  actor: Actor,
  filter: { start_date?: string; end_date?: string; user_id?: number },
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(HEADER)}`;
  const rows = await analystPerformance(db, actor, filter);
  let chunk = '';
  for (const row of rows) {
    const [year, month] = row.month.split('-');
    chunk += csvLine([
      `${month}/${year}`,
      row.name,
      row.email,
      row.declarations,
      formatHours(row.declaration_median_seconds),
      row.certificates,
      formatHours(row.certificate_median_seconds),
    ]);
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
