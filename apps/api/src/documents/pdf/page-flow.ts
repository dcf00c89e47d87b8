import type { DocumentPages } from './document-pages';
import type { PageCanvas } from './page-canvas';
import type { Strip } from './strip';

/** Rounding slack: a strip that fits to a thousandth of a point fits. */
const SLACK = 0.001;

/**
 * Places strips down the pages between the margins, starting a page when the next strip does not fit: a margin
 * that does not fit is dropped; a strip that fits a fresh page moves there whole (with its table's header rows
 * repeated above it); one taller than a page is split where it can be; a strip kept with the next moves with it.
 */
export function flowPages(strips: readonly Strip[], doc: DocumentPages): void {
  const { left, top } = doc.margins;
  const bottom = doc.contentBottom;
  const fullPage = bottom - top;
  let page: PageCanvas = doc.addPage();
  let y = top;
  /** Where the current page's own content starts (below a repeated header). */
  let start = top;
  const newPage = (repeat?: Strip) => {
    page = doc.addPage();
    y = top;
    if (repeat) {
      repeat.draw(page, left, y);
      y += repeat.height;
    }
    start = y;
  };

  for (let i = 0; i < strips.length; i++) {
    let strip = strips[i] as Strip;
    if (strip.breakBefore) newPage();
    const next = strips[i + 1];
    if (strip.keepWithNext && next && y > start) {
      const together = strip.height + next.height;
      if (together > bottom - y + SLACK && together <= fullPage) newPage();
    }
    for (;;) {
      const room = bottom - y;
      if (strip.height <= room + SLACK) {
        strip.draw(page, left, y);
        y += strip.height;
        break;
      }
      if (strip.spacer) {
        newPage();
        break;
      }
      const carried = strip.height + (strip.repeat?.height ?? 0);
      if (y > start && carried <= fullPage) {
        newPage(strip.repeat);
        continue;
      }
      const parts = strip.split?.(room);
      if (parts) {
        parts[0].draw(page, left, y);
        strip = parts[1];
        newPage(strip.repeat);
        continue;
      }
      if (y > start) {
        newPage(strip.repeat);
        continue;
      }
      // Taller than a page and unsplittable: drawn as it is, past the margin.
      strip.draw(page, left, y);
      y += strip.height;
      break;
    }
  }
}
