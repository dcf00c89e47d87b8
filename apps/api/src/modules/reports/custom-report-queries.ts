import { MAX_ALL_ROWS } from '@origem/contract/paging';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customReports } from '../../db/schema';

const columns = {
  id: customReports.id,
  name: customReports.name,
  customization: customReports.customization,
  fields: customReports.fields,
  role_type: customReports.role_type,
  grouping_report_id: customReports.grouping_report_id,
  template_report_id: customReports.template_report_id,
};

export function listCustomReports(db: Executor) {
  return db
    .select(columns)
    .from(customReports)
    .orderBy(asc(customReports.name), asc(customReports.id))
    .limit(MAX_ALL_ROWS);
}

export async function findCustomReport(db: Executor, id: number) {
  const [row] = await db.select(columns).from(customReports).where(eq(customReports.id, id));
  return row ?? null;
}

export async function insertCustomReport(db: Executor, values: typeof customReports.$inferInsert) {
  const [row] = await db.insert(customReports).values(values).returning(columns);
  if (!row) throw new Error('insert returned nothing');
  return row;
}
