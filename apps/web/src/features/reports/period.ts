/** The first and last day of the previous month: the usual billing period, used when the address names none. */
export function previousMonth(now = new Date()): { start_date: string; end_date: string } {
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  return { start_date: first.toISOString().slice(0, 10), end_date: last.toISOString().slice(0, 10) };
}
