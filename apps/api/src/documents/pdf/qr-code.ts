import { encode } from 'uqr';
import type { PageCanvas, Rect } from './page-canvas';

/**
 * A QR code drawn as vectors (sharp at any zoom, scannable on paper), as pdfmake drew it: error correction M, the
 * smallest version that holds the text, modules of a whole number of points (the code fits in `fit`), no quiet
 * zone of its own (the layout leaves white around it), on a white square. The dark modules of a row are drawn as
 * one rectangle per run, all in one path.
 */
export function qrCode(
  text: string,
  fit: number,
): { size: number; draw(page: PageCanvas, x: number, top: number): void } {
  const { data, size: n } = encode(text, { ecc: 'M', border: 0 });
  const module = Math.floor(fit / n);
  const size = n * module;
  return {
    size,
    draw(page, x, top) {
      page.fillRects([{ x, top, width: size, height: size }], 'white');
      const runs: Rect[] = [];
      data.forEach((row, r) => {
        for (let c = 0; c < n; c++) {
          if (!row[c]) continue;
          const start = c;
          while (c + 1 < n && row[c + 1]) c++;
          runs.push({
            x: x + start * module,
            top: top + r * module,
            width: (c - start + 1) * module,
            height: module,
          });
        }
      });
      page.fillRects(runs, 'black');
    },
  };
}
