import {
  type CustomReportInput,
  REPORT_FIELD_KEYS,
  REPORT_FIELDS,
  REPORT_GROUPINGS,
  REPORT_TEMPLATES,
} from '@origem/contract/schemas/reports';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { requireActor } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import * as q from './custom-report-queries';

const AUDIT_TYPE = 'custom_report';

export const listCustomReports = (db: Database) => q.listCustomReports(db);

/** POST /v2/custom_report: saves a layout, with its audit row, in one transaction. */
export async function createCustomReport(db: Database, ctx: ServiceContext, input: CustomReportInput) {
  const actor = requireActor(ctx);
  const values = {
    name: input.name,
    customization: input.customization ?? null,
    // Kept in the catalogue's order, once each, whatever order they came in.
    fields: REPORT_FIELD_KEYS.filter((f) => input.fields.includes(f)),
    role_type: input.role_type,
    template_report_id: input.template_report_id,
    grouping_report_id: input.grouping_report_id,
  };
  return db.transaction(async (tx) => {
    const row = await q.insertCustomReport(tx, { ...values, created_by: actor.id });
    await recordAudit(tx, ctx, { event: 'created', type: AUDIT_TYPE, id: row.id, new: values });
    return row;
  });
}

/** The saved layout a report names, or a 422 on `custom_report_id`. */
export async function requireCustomReport(db: Database, id: number) {
  const row = await q.findCustomReport(db, id);
  if (!row) throw fieldError('custom_report_id', 'Relatório personalizado não encontrado.');
  return row;
}

/** GET /v2/grouping_report. */
export const groupingOptions = () =>
  Object.entries(REPORT_GROUPINGS).map(([id, name]) => ({ id: Number(id), name }));

/** GET /v2/field_report: the columns a template offers for a role type and grouping (all of them, so far). */
export function fieldOptions(query: { template_report_id: number; grouping_report_id: number }) {
  if (!(query.template_report_id in REPORT_TEMPLATES))
    throw fieldError('template_report_id', 'Modelo de relatório inválido.');
  if (!(query.grouping_report_id in REPORT_GROUPINGS))
    throw fieldError('grouping_report_id', 'Agrupamento inválido.');
  return REPORT_FIELD_KEYS.map((id) => ({ id, name: REPORT_FIELDS[id] }));
}
