import { and, type Column, gte, lt, type SQL, sql } from 'drizzle-orm';

/** The day after `date` (YYYY-MM-DD). */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * `column` within the days `start`..`end` (YYYY-MM-DD, either may be absent) as Brasília days: "até 10/03" includes
 * the whole of that day. Half-open bounds on the timestamp, so the column's index serves it.
 */
export function withinBrasiliaDays(
  column: Column,
  start: string | undefined,
  end: string | undefined,
): SQL | undefined {
  return and(
    start ? gte(column, sql`${`${start}T00:00:00-03:00`}::timestamptz`) : undefined,
    end ? lt(column, sql`${`${nextDay(end)}T00:00:00-03:00`}::timestamptz`) : undefined,
  );
}

/** The Brasília calendar day (YYYY-MM-DD) of an instant: Brazil has kept UTC−3 all year since 2019. */
export function brasiliaDay(at: Date): string {
  return new Date(at.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
}

/** The day before `date` (YYYY-MM-DD). */
export function previousDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** YYYY-MM-DD → DD/MM/YYYY, as the screens and messages write a day. */
export const dayText = (date: string) => date.slice(0, 10).split('-').reverse().join('/');
