import type { SelectOption } from '../../../ui/remote-select';

/** GET /v1/exporter/all (the exporters the session reaches) feeds the staff's exporter select. */
export const EXPORTER_OPTIONS_PATH = '/v1/exporter/all';
/** GET /v1/job_position/all (reference data, lookups module). */
export const JOB_POSITION_OPTIONS_PATH = '/v1/job_position/all';

export type NamedOption = { id: number; name: string };
export const namedOption = (row: NamedOption): SelectOption => ({ value: row.id, label: row.name });
