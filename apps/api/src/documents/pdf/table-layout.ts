import { type ColumnWidth, columnsMinMax, columnWidths } from './column-widths';
import type { PageCanvas } from './page-canvas';
import { drawStack, type Strip, stackHeight } from './strip';

/**
 * Tables as pdfmake drew them: each cell padded (4 pt left and right, 2 pt above and below), rules between rows
 * and columns, header rows repeated at the top of every page the table continues on. A row is a strip: it moves
 * whole to the next page when it does not fit, and is split between its cells' lines only when it would not fit
 * a whole page (a long remark in a framed box); the part carried over gets the header, or a rule, above it.
 */

/** A table's rules and padding (pdfmake's table layouts). */
export type TableLines = 'grid' | 'lightHorizontalLines';

type Rules = {
  hWidth(i: number): number;
  vWidth(i: number): number;
  hColor(i: number): string;
  vColor: string;
  padLeft(i: number): number;
  padRight(i: number): number;
};

const PAD_Y = 2;

function rules(lines: TableLines, rows: number, columns: number, headerRows: number, color: string): Rules {
  if (lines === 'lightHorizontalLines')
    return {
      hWidth: (i) => (i === 0 || i === rows ? 0 : i === headerRows ? 2 : 1),
      vWidth: () => 0,
      hColor: (i) => (i === 1 ? 'black' : '#aaa'),
      vColor: 'black',
      padLeft: (i) => (i === 0 ? 0 : 8),
      padRight: (i) => (i === columns - 1 ? 0 : 8),
    };
  return {
    hWidth: () => 1,
    vWidth: () => 1,
    hColor: () => color,
    vColor: color,
    padLeft: () => 4,
    padRight: () => 4,
  };
}

/** A cell as the table needs it: its measure (for 'auto' and '*' columns) and its strips at a width. */
export type TableCell = { min: number; max: number; layout(width: number): Strip[] };

export type TableSpec = {
  widths: ColumnWidth[];
  rows: TableCell[][];
  headerRows?: number;
  lines?: TableLines;
  /** The rules' colour in a grid (black unless given). */
  color?: string;
};

/** Space the rules and padding take across the table: before each column's content, and after the last. */
function offsets(r: Rules, columns: number) {
  const before: number[] = [];
  let previousRight = 0;
  for (let i = 0; i < columns; i++) {
    before.push(previousRight + r.vWidth(i) + r.padLeft(i));
    previousRight = r.padRight(i);
  }
  const total = before.reduce((a, b) => a + b, 0) + previousRight + r.vWidth(columns);
  return { before, total };
}

function sized(spec: TableSpec) {
  const columns = spec.widths.length;
  return spec.widths
    .map((width, c) => ({
      width,
      min: Math.max(0, ...spec.rows.map((row) => row[c]?.min ?? 0)),
      max: Math.max(0, ...spec.rows.map((row) => row[c]?.max ?? 0)),
    }))
    .slice(0, columns);
}

/** The narrowest and widest the table can be. */
export function measureTable(spec: TableSpec): { min: number; max: number } {
  const r = rules(spec.lines ?? 'grid', spec.rows.length, spec.widths.length, spec.headerRows ?? 0, 'black');
  const { min, max } = columnsMinMax(sized(spec));
  const { total } = offsets(r, spec.widths.length);
  return { min: min + total, max: max + total };
}

/** The table's rows as strips, at a width. */
export function tableStrips(spec: TableSpec, width: number): Strip[] {
  const rows = spec.rows.length;
  const columns = spec.widths.length;
  const headerRows = spec.headerRows ?? 0;
  const r = rules(spec.lines ?? 'grid', rows, columns, headerRows, spec.color ?? 'black');
  const { total } = offsets(r, columns);
  const widths = columnWidths(sized(spec), width - total);
  // Each column's left edge (where its left rule starts) and its content's.
  const left: number[] = [0];
  const content: number[] = [];
  widths.forEach((w, i) => {
    const edge = left[i] as number;
    content.push(edge + r.vWidth(i) + r.padLeft(i));
    left.push(edge + r.vWidth(i) + r.padLeft(i) + r.padRight(i) + w);
  });
  const tableWidth = left[columns] as number;

  const hRule = (page: PageCanvas, x: number, y: number, i: number) => {
    const w = r.hWidth(i);
    if (w > 0) page.line(x, y + w / 2, x + tableWidth, y + w / 2, w, r.hColor(i));
  };

  /** Row `index` with these cells' strips; `opening` when the table's top rule is drawn above it. */
  const rowStrip = (index: number, cells: Strip[][], opening: boolean): Strip => {
    const above = opening ? r.hWidth(index) : 0;
    const below = r.hWidth(index + 1);
    const contentHeight = Math.max(0, ...cells.map(stackHeight));
    const strip: Strip = {
      height: above + PAD_Y + contentHeight + PAD_Y + below,
      draw(page, x, top) {
        if (opening) hRule(page, x, top, index);
        const rowTop = top + above;
        cells.forEach((strips, c) => {
          drawStack(strips, page, x + (content[c] as number), rowTop + PAD_Y);
        });
        const bottom = rowTop + PAD_Y + contentHeight + PAD_Y;
        for (let i = 0; i <= columns; i++) {
          const w = r.vWidth(i);
          if (w > 0) {
            const lineX = x + (left[i] as number) + w / 2;
            page.line(lineX, rowTop - r.hWidth(index), lineX, bottom + below, w, r.vColor);
          }
        }
        hRule(page, x, bottom, index + 1);
      },
      split(room) {
        const fits = room - above - 2 * PAD_Y - below;
        const heads: Strip[][] = [];
        const tails: Strip[][] = [];
        for (const strips of cells) {
          let used = 0;
          let n = 0;
          while (n < strips.length && used + (strips[n] as Strip).height <= fits)
            used += (strips[n++] as Strip).height;
          heads.push(strips.slice(0, n));
          // Space left at the break is not carried over.
          let rest = strips.slice(n);
          while (rest[0]?.spacer) rest = rest.slice(1);
          tails.push(rest);
        }
        if (heads.every((h) => h.length === 0)) return null;
        return [rowStrip(index, heads, opening), rowStrip(index, tails, false)];
      },
    };
    return strip;
  };

  const strips = spec.rows.map((row, index) =>
    rowStrip(
      index,
      row.map((cell, c) => cell.layout(widths[c] as number)),
      index === 0,
    ),
  );
  const header = headerRows > 0 ? headerStrip(strips.slice(0, headerRows)) : null;
  return strips.map((strip, index) => {
    if (index < headerRows) return { ...strip, keepWithNext: true };
    // Carried to a new page, a row gets the header rows above it, or the rule that closes the table's top (the
    // first row draws that rule itself, but not the part of it a split carries over).
    const repeat = header ?? ruleStrip(r.hWidth(index), (page, x, top) => hRule(page, x, top, index));
    return { ...strip, repeat: index === 0 ? undefined : repeat, split: strip.split && carry(strip, repeat) };
  });
}

/** Split parts keep the row's repeat (the header or the rule above a row carried over). */
function carry(strip: Strip, repeat: Strip | undefined): Strip['split'] {
  return (room) => {
    const parts = strip.split?.(room);
    if (!parts) return null;
    const [head, tail] = parts;
    return [head, { ...tail, repeat, split: tail.split && carry(tail, repeat) }];
  };
}

const headerStrip = (rows: Strip[]): Strip => ({
  height: stackHeight(rows),
  draw: (page, x, top) => drawStack(rows, page, x, top),
});

const ruleStrip = (height: number, draw: Strip['draw']): Strip | undefined =>
  height > 0 ? { height, draw } : undefined;
