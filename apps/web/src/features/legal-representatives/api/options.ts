import { formatNameWithTaxId } from '../../../ui/format';
import type { SelectOption } from '../../../ui/remote-select';
import type { TypeAheadSource } from '../../../ui/type-ahead-select';

/** GET /v1/job_position/all (reference data, lookups module). */
export const JOB_POSITION_OPTIONS_PATH = '/v1/job_position/all';

export type NamedOption = { id: number; name: string };
export const namedOption = (row: NamedOption): SelectOption => ({ value: row.id, label: row.name });

/**
 * The staff's exporter select: a type-ahead over GET /v1/exporter?name (the exporters the session reaches, which
 * grow by the thousand), the chosen one read from GET /v1/exporter/{id}.
 */
export type ExporterOption = NamedOption & { cpf?: string | null; cnpj?: string | null };
export const exporterSource: TypeAheadSource<ExporterOption> = {
  path: '/v1/exporter',
  searchParam: 'name',
  toOption: (exporter) => ({ value: exporter.id, label: formatNameWithTaxId(exporter) }),
  detailPath: (id) => `/v1/exporter/${id}`,
};
