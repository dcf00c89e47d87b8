import type { PageCanvas } from './page-canvas';

/**
 * What a laid-out block becomes: a column of strips, each a band of the page's width that is drawn whole (a line
 * of text, a table row, a row of columns, an image). A page may break between any two strips; a strip that does
 * not fit what is left of a page moves to the next, or is split there when it can be (a table row that would not
 * fit even a whole page).
 */
export type Strip = {
  height: number;
  draw(page: PageCanvas, x: number, top: number): void;
  /** Space between blocks (a margin): where a page breaks it is dropped, not carried over. */
  spacer?: boolean;
  /** Starts on a new page (a block's `pageBreak: 'before'`). */
  breakBefore?: boolean;
  /** Kept on the page of the strip that follows (a table's header rows, a section's title). */
  keepWithNext?: boolean;
  /** Drawn first at the top of a page this strip is carried onto (the repeated header rows of its table). */
  repeat?: Strip;
  /** Splits so that the first part is at most `room` high; null when no part fits. */
  split?(room: number): [Strip, Strip] | null;
};

/** Empty space of a height. */
export const spacer = (height: number): Strip => ({ height, spacer: true, draw() {} });

/** The height of strips stacked. */
export const stackHeight = (strips: readonly Strip[]) => strips.reduce((sum, s) => sum + s.height, 0);

/** Strips drawn one under the other, from `top`. */
export function drawStack(strips: readonly Strip[], page: PageCanvas, x: number, top: number): void {
  let y = top;
  for (const strip of strips) {
    strip.draw(page, x, y);
    y += strip.height;
  }
}

/** Strips moved right by `dx` (a block's left margin). */
export const shifted = (strips: Strip[], dx: number): Strip[] =>
  dx === 0 ? strips : strips.map((s) => shift(s, dx));

function shift(strip: Strip, dx: number): Strip {
  return {
    ...strip,
    draw: (page, x, top) => strip.draw(page, x + dx, top),
    repeat: strip.repeat && shift(strip.repeat, dx),
    split:
      strip.split &&
      ((room) => {
        const parts = strip.split?.(room);
        return parts ? [shift(parts[0], dx), shift(parts[1], dx)] : null;
      }),
  };
}
