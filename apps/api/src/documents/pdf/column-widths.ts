/**
 * How columns (of a table, or side by side) share a width, as pdfmake's ColumnCalculator did: fixed widths first,
 * then 'auto' columns at their widest content when everything fits (between their narrowest and widest in
 * proportion when only the narrowest fits), and '*' columns split what is left equally. When not even the
 * narrowest contents fit, 'auto' columns take their narrowest and '*' ones the narrowest of the widest star.
 */

export type ColumnWidth = number | '*' | 'auto';
export type SizedColumn = { width: ColumnWidth; min: number; max: number };

export function columnWidths(columns: readonly SizedColumn[], available: number): number[] {
  const widths = columns.map((c) => (typeof c.width === 'number' ? c.width : 0));
  let rest = available - widths.reduce((a, b) => a + b, 0);
  const autos = columns.flatMap((c, i) => (c.width === 'auto' ? [i] : []));
  const stars = columns.flatMap((c, i) => (c.width === '*' ? [i] : []));
  const autoMin = autos.reduce((sum, i) => sum + (columns[i]?.min ?? 0), 0);
  const autoMax = autos.reduce((sum, i) => sum + (columns[i]?.max ?? 0), 0);
  const starMin = Math.max(0, ...stars.map((i) => columns[i]?.min ?? 0));
  const starMax = Math.max(0, ...stars.map((i) => columns[i]?.max ?? 0));
  const minW = autoMin + starMin * stars.length;
  const maxW = autoMax + starMax * stars.length;
  if (minW >= rest) {
    for (const i of autos) widths[i] = columns[i]?.min ?? 0;
    for (const i of stars) widths[i] = starMin;
    return widths;
  }
  for (const i of autos) {
    const c = columns[i] as SizedColumn;
    widths[i] = maxW < rest ? c.max : c.min + ((c.max - c.min) * (rest - minW)) / (maxW - minW);
    rest -= widths[i] as number;
  }
  for (const i of stars) widths[i] = rest / stars.length;
  return widths;
}

/** The narrowest and widest the columns can be together (a block's measure, for an 'auto' column around it). */
export function columnsMinMax(columns: readonly SizedColumn[]): { min: number; max: number } {
  let min = 0;
  let max = 0;
  let stars = 0;
  let starMin = 0;
  let starMax = 0;
  for (const c of columns) {
    if (c.width === '*') {
      stars++;
      starMin = Math.max(starMin, c.min);
      starMax = Math.max(starMax, c.max);
    } else if (c.width === 'auto') {
      min += c.min;
      max += c.max;
    } else {
      min += c.width || c.min;
      max += c.width || c.max;
    }
  }
  return { min: min + stars * starMin, max: max + stars * starMax };
}
