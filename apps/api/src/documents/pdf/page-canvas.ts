import type { EmbeddedFace, ShapedWord } from './embedded-face';
import type { PdfRef } from './pdf-writer';

/**
 * One page's drawing: its content operators and the resources they name (fonts, images, transparency). Callers
 * place things from the page's top-left corner, y downwards, as a layout thinks of them; the canvas writes PDF's
 * own bottom-up coordinates. Numbers keep three decimals at most.
 */

const num = (n: number) => String(Math.round(n * 1000) / 1000);

const rgbCache = new Map<string, string>();
/** '#c0392b' (or '#ccc') → '0.753 0.224 0.169' (kept: a page asks for its few colours many times). */
export function rgb(hex: string): string {
  let text = rgbCache.get(hex);
  if (text === undefined) {
    const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
    text = [1, 3, 5].map((i) => num(Number.parseInt(full.slice(i, i + 2), 16) / 255)).join(' ');
    rgbCache.set(hex, text);
  }
  return text;
}

/** A named colour of the documents, as CSS names them. */
export const color = (name: string) => (name === 'black' ? '#000000' : name === 'white' ? '#ffffff' : name);

export type Rect = { x: number; top: number; width: number; height: number };

export class PageCanvas {
  /** The content stream, an operator a line. */
  ops = '';
  readonly fonts: Record<string, PdfRef> = {};
  readonly xobjects: Record<string, PdfRef> = {};
  readonly states: Record<string, PdfRef> = {};
  /** Areas that open an address when clicked (link annotations, written with the page). */
  readonly links: { rect: Rect; uri: string }[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  private y(top: number): number {
    return this.height - top;
  }

  /** Words on one baseline, the top of the line at `top` (the font's ascender above the baseline). */
  text(face: EmbeddedFace, size: number, fill: string, x: number, top: number, words: readonly ShapedWord[]) {
    face.register(this.fonts);
    const baseline = this.y(top) - (face.ascender / 1000) * size;
    this.ops += `BT ${rgb(color(fill))} rg /${face.id} ${num(size)} Tf 1 0 0 1 ${num(x)} ${num(baseline)} Tm ${face.showWords(words)} ET\n`;
  }

  /** Text turned `degrees` counter-clockwise about the page's centre, its box centred there (a watermark). */
  rotatedText(
    face: EmbeddedFace,
    size: number,
    fill: string,
    words: readonly ShapedWord[],
    box: { width: number; height: number },
    degrees: number,
  ) {
    face.register(this.fonts);
    const rad = (degrees * Math.PI) / 180;
    const [cos, sin] = [Math.cos(rad), Math.sin(rad)];
    const [cx, cy] = [this.width / 2, this.height / 2];
    // Rotate about the centre, then set the text as if upright: its top-left at the centre less half the box.
    const x = -box.width / 2;
    const baseline = box.height / 2 - (face.ascender / 1000) * size;
    this.ops += `q ${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(cx)} ${num(cy)} cm BT ${rgb(color(fill))} rg /${face.id} ${num(size)} Tf 1 0 0 1 ${num(x)} ${num(baseline)} Tm ${face.showWords(words)} ET Q\n`;
  }

  /** Filled rectangles in one colour (one path, one fill). */
  fillRects(rects: readonly Rect[], fill: string) {
    if (rects.length === 0) return;
    let path = '';
    for (const r of rects)
      path += `${num(r.x)} ${num(this.y(r.top + r.height))} ${num(r.width)} ${num(r.height)} re `;
    this.ops += `${rgb(color(fill))} rg ${path}f\n`;
  }

  /** A straight line. */
  line(x1: number, top1: number, x2: number, top2: number, width: number, stroke: string) {
    this.ops += `${num(width)} w ${rgb(color(stroke))} RG ${num(x1)} ${num(this.y(top1))} m ${num(x2)} ${num(this.y(top2))} l S\n`;
  }

  /** An image XObject drawn into a box. */
  image(name: string, ref: PdfRef, box: Rect) {
    this.xobjects[name] = ref;
    this.ops += `q ${num(box.width)} 0 0 ${num(box.height)} ${num(box.x)} ${num(this.y(box.top + box.height))} cm /${name} Do Q\n`;
  }

  /** An area that opens `uri`. */
  link(rect: Rect, uri: string) {
    this.links.push({ rect, uri });
  }

  /** A rectangle as PDF's [left bottom right top]. */
  pdfRect(r: Rect): [number, number, number, number] {
    return [r.x, this.y(r.top + r.height), r.x + r.width, this.y(r.top)].map(
      (n) => Math.round(n * 1000) / 1000,
    ) as [number, number, number, number];
  }

  /** Draws `draw`'s operators at an opacity, through a named graphics state. */
  translucent(name: string, state: PdfRef, draw: () => void) {
    this.states[name] = state;
    this.ops += `q /${name} gs\n`;
    draw();
    this.ops += 'Q\n';
  }
}
