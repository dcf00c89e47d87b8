import { EmbeddedFace, type FontName } from './embedded-face';
import { type PdfRef, PdfString, PdfWriter } from './pdf-writer';

const FACES: FontName[] = ['regular', 'bold', 'italic', 'boldItalic'];

/**
 * A column: `fit` sizes it to a sample of its widest expected value (or its label, if wider); `share` columns split
 * what is left in that proportion, and wrap.
 */
export type StreamColumn = { label: string; align?: 'left' | 'right' } & (
  | { fit: string; share?: never }
  | { share: number; fit?: never }
);

/** A full-width line of the table: a group's heading, a subtotal or the total (its amount in the last column). */
export type BandKind = 'group' | 'subtotal' | 'total';

export type TableStreamOptions = {
  /** Metadata title, and the left side of every page's footer. */
  title: string;
  author?: string;
  layout: 'landscape' | 'portrait';
  columns: StreamColumn[];
  fontSize?: number;
};

const MARGIN = { top: 48, right: 40, bottom: 56, left: 40 };
/** A4 in points, portrait. */
const A4 = { width: 595.28, height: 841.89 };
const PAD_X = 4;
const PAD_Y = 3.5;
const LEADING = 1.1;
const FOOTER_SIZE = 7;
const INK = '#1f2933';
const MUTED = '#666666';
const HEADER_FILL = '#e8eef5';
const BAND_FILL = '#f3f6f9';
const RULE = '#d5dbe3';

/** The page being written: what its dictionary names, written with it when the page ends. */
type OpenPage = { ref: PdfRef; fonts: Record<string, PdfRef>; xobjects: Record<string, PdfRef> };

const rgbCache = new Map<string, string>();
/** '#e8eef5' → '0.910 0.933 0.961' (kept: a row asks for its colour every time). */
const rgb = (hex: string) => {
  let text = rgbCache.get(hex);
  if (text === undefined) {
    text = [1, 3, 5].map((i) => (Number.parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');
    rgbCache.set(hex, text);
  }
  return text;
};
const num = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * A table written page by page: each row goes onto the current page as it comes and a full page leaves
 * for the output as soon as the next one starts, so neither the time per row nor the memory grows with the number
 * of rows (the documents' layout, render-document.ts, holds a whole document). A4, the header repeated on every page, rows never
 * split across pages, and "Página n de N" in the footer: each page shows a small form whose text is written once
 * the last page is known.
 *
 * Read the bytes with `take()` as pages complete and `finish()` at the end.
 */
export class PdfTableStream {
  private readonly writer = new PdfWriter();
  private readonly width: number;
  private readonly height: number;
  private readonly pagesRef: PdfRef;
  private readonly pages: PdfRef[] = [];
  private readonly info: Record<string, PdfString | Date>;
  private readonly faces = {} as Record<FontName, EmbeddedFace>;
  private readonly size: number;
  private readonly lineHeight: number;
  private readonly x: number[] = [];
  private readonly widths: number[] = [];
  private readonly columns: StreamColumn[];
  private readonly footers: PdfRef[] = [];
  private readonly title: string;
  private y = MARGIN.top;
  private tableStarted = false;
  private newPages = 0;
  /**
   * The current page's content, in PDF's own bottom-up coordinates, each operator followed by a newline. The table
   * writes the whole page and deflates it at once when the page ends (`endPage`): a Buffer per operator was most
   * of a row's cost, and zlib's default level most of a page's (issue 21).
   */
  private pending = '';
  private page: OpenPage | null = null;

  constructor(options: TableStreamOptions) {
    this.title = options.title;
    this.columns = options.columns;
    this.size = options.fontSize ?? 7.5;
    const landscape = options.layout === 'landscape';
    this.width = landscape ? A4.height : A4.width;
    this.height = landscape ? A4.width : A4.height;
    this.pagesRef = this.writer.ref();
    this.info = {
      Title: new PdfString(options.title),
      Author: new PdfString(options.author ?? 'Origem'),
      Creator: new PdfString('Origem'),
      Producer: new PdfString('Origem'),
      CreationDate: new Date(),
    };
    FACES.forEach((name, i) => {
      this.faces[name] = new EmbeddedFace(`F${i + 1}`, name, this.writer);
    });
    this.lineHeight = this.faces.regular.lineHeight(this.size) * LEADING;
    this.addPage();
    this.newPages = 0;
    this.layoutColumns();
  }

  /** Whether a page was started since the last call (a producer hands over the finished one then). */
  pageTurned(): boolean {
    const turned = this.newPages > 0;
    this.newPages = 0;
    return turned;
  }

  /** A line of text above the table (title, subject, period); wraps at the page's width. */
  heading(text: string, style: { size: number; bold?: boolean; color?: string; after?: number }): void {
    this.paragraph(style.bold ? this.faces.bold : this.faces.regular, text, style.size, style.color ?? INK);
    this.y += style.after ?? 0;
  }

  /** A paragraph in italics where the table would be (an empty report). */
  note(text: string): void {
    this.y += 4;
    this.paragraph(this.faces.italic, text, 9, INK);
  }

  private paragraph(face: EmbeddedFace, text: string, size: number, color: string): void {
    const lineHeight = face.lineHeight(size, true);
    let ops = '';
    for (const line of this.wrapTo(face, text, this.contentWidth(), size)) {
      ops += this.textOps(face, line, MARGIN.left, this.y, size);
      this.y += lineHeight;
    }
    this.writeText(face, color, ops, size);
  }

  /** One line of the table, a cell per column. */
  row(cells: string[]): void {
    const face = this.faces.regular;
    const lines = cells.map((cell, i) => this.wrap(face, cell, i));
    const height = Math.max(1, ...lines.map((l) => l.length)) * this.lineHeight + 2 * PAD_Y;
    this.ensureRoom(height);
    this.writeCells(face, lines);
    this.y += height;
    this.rule(0.5, RULE);
  }

  /** A group's heading, a subtotal or the total: its text across the table, the amount in the last column. */
  band(kind: BandKind, text: string, amount: string | null = null): void {
    const face = kind === 'group' ? this.faces.boldItalic : this.faces.bold;
    const last = this.columns.length - 1;
    const span = (amount === null ? this.contentWidth() : (this.x[last] ?? 0) - MARGIN.left) - 2 * PAD_X;
    // With few columns the amount's left leaves the text little room: the text takes the width, the amount a line.
    const beside = span >= this.contentWidth() / 3;
    const lines = this.wrapTo(face, text, beside ? span : this.contentWidth() - 2 * PAD_X);
    const amountLine = beside ? 0 : lines.length;
    if (amount !== null && !beside) lines.push('');
    const height = lines.length * this.lineHeight + 2 * PAD_Y;
    // A group's heading stays on the page of its first row.
    this.ensureRoom(kind === 'group' ? height + this.lineHeight + 2 * PAD_Y : height);
    if (kind !== 'subtotal') {
      this.fillRect(height, BAND_FILL);
    }
    let ops = '';
    lines.forEach((line, l) => {
      ops += this.textOps(face, line, MARGIN.left + PAD_X, this.y + PAD_Y + l * this.lineHeight);
    });
    if (amount !== null)
      ops += this.cellOps(face, amount, last, this.y + PAD_Y + amountLine * this.lineHeight, 'right');
    this.writeText(face, INK, ops);
    this.y += height;
    if (kind === 'group') this.rule(0.5, RULE);
    else {
      this.rule(kind === 'total' ? 1.25 : 0.75, INK);
      this.y += 2;
    }
  }

  /** The bytes produced since the last call: the pages already finished. */
  take(): Buffer {
    return this.writer.take();
  }

  /** Writes the page count into every footer, closes the document and returns its last bytes. */
  finish(): Buffer {
    this.endPage();
    const face = this.faces.regular;
    const total = this.footers.length;
    const { width, height } = this;
    // Right-aligned on the baseline of the footer's left side (whose top `addPage` places 16 pt into the margin).
    const baseline = MARGIN.bottom - 16 - (face.ascender / 1000) * FOOTER_SIZE;
    this.footers.forEach((form, i) => {
      const text = `Página ${i + 1} de ${total}`;
      const x = width - MARGIN.right - face.width(text, FOOTER_SIZE);
      // Its few dozen bytes gain nothing from deflate, which would cost a zlib stream per page.
      this.writer.write(
        form,
        {
          Type: 'XObject',
          Subtype: 'Form',
          BBox: [0, 0, width, height],
          Resources: { Font: { [face.id]: face.ref() } },
        },
        `BT ${rgb(MUTED)} rg /${face.id} ${FOOTER_SIZE} Tf ${num(x)} ${num(baseline)} Td ${face.literal(text)} Tj ET`,
        false,
      );
    });
    for (const name of FACES) this.faces[name].embed();
    this.writer.write(this.pagesRef, { Type: 'Pages', Kids: this.pages, Count: this.pages.length });
    const root = this.writer.ref();
    this.writer.write(root, { Type: 'Catalog', Pages: this.pagesRef });
    const info = this.writer.ref();
    this.writer.write(info, this.info);
    return this.writer.end(root, info);
  }

  private contentWidth(): number {
    return this.width - MARGIN.left - MARGIN.right;
  }

  private layoutColumns(): void {
    const bold = this.faces.bold;
    const natural = this.columns.map((c) =>
      c.fit === undefined
        ? 0
        : Math.max(bold.width(c.label, this.size), bold.width(c.fit, this.size)) + 2 * PAD_X,
    );
    const shares = this.columns.reduce((sum, c) => sum + (c.share ?? 0), 0);
    const used = natural.reduce((a, b) => a + b, 0);
    const rest = Math.max(0, this.contentWidth() - used);
    let x = MARGIN.left;
    this.columns.forEach((c, i) => {
      // Without a shared column the fitted ones widen alike, so the table still spans the page.
      const width =
        c.share !== undefined
          ? (rest * c.share) / shares
          : shares === 0
            ? ((natural[i] ?? 0) * this.contentWidth()) / Math.max(used, 1)
            : (natural[i] ?? 0);
      this.x.push(x);
      this.widths.push(width);
      x += width;
    });
  }

  private ensureRoom(height: number): void {
    if (!this.tableStarted) {
      this.tableStarted = true;
      this.y += 4;
      this.header();
    }
    if (this.y + height <= this.height - MARGIN.bottom) return;
    this.addPage();
    this.header();
  }

  private addPage(): void {
    this.endPage();
    // The finished page is written out; only its reference is kept (the page tree lists it at the end).
    this.page = { ref: this.writer.ref(), fonts: {}, xobjects: {} };
    this.pages.push(this.page.ref);
    this.newPages += 1;
    this.y = MARGIN.top;
    const top = this.height - MARGIN.bottom + 16;
    const face = this.faces.regular;
    this.writeText(face, MUTED, this.textOps(face, this.title, MARGIN.left, top, FOOTER_SIZE), FOOTER_SIZE);
    const form = this.writer.ref();
    const name = `Pg${this.footers.length + 1}`;
    this.footers.push(form);
    this.page.xobjects[name] = form;
    this.pending += `/${name} Do\n`;
  }

  /** Each column's wrapped lines, from the current line's top. */
  private writeCells(face: EmbeddedFace, lines: string[][]): void {
    let ops = '';
    lines.forEach((cellLines, i) => {
      cellLines.forEach((line, l) => {
        ops += this.cellOps(face, line, i, this.y + PAD_Y + l * this.lineHeight);
      });
    });
    this.writeText(face, INK, ops);
  }

  private header(): void {
    const face = this.faces.bold;
    const lines = this.columns.map((c, i) => this.wrap(face, c.label, i));
    const height = Math.max(...lines.map((l) => l.length)) * this.lineHeight + 2 * PAD_Y;
    this.fillRect(height, HEADER_FILL);
    this.writeCells(face, lines);
    this.y += height;
    this.rule(1, INK);
  }

  /** A horizontal line across the table at the current line's top. */
  private rule(width: number, color: string): void {
    const y = num(this.bottomUp(this.y));
    this.pending += `${num(width)} w ${rgb(color)} RG ${MARGIN.left} ${y} m ${num(MARGIN.left + this.contentWidth())} ${y} l S\n`;
  }

  /** A band of colour across the table from the current line's top. */
  private fillRect(height: number, color: string): void {
    const bottom = this.bottomUp(this.y + height);
    this.pending += `${rgb(color)} rg ${MARGIN.left} ${num(bottom)} ${num(this.contentWidth())} ${num(height)} re f\n`;
  }

  /** Writes the finished page: its content (deflated at zlib's fastest level), then its dictionary. */
  private endPage(): void {
    if (!this.page) return;
    const content = this.writer.ref();
    this.writer.write(content, {}, this.pending);
    this.writer.write(this.page.ref, {
      Type: 'Page',
      Parent: this.pagesRef,
      MediaBox: [0, 0, this.width, this.height],
      Contents: content,
      Resources: { ProcSet: ['PDF', 'Text'], Font: this.page.fonts, XObject: this.page.xobjects },
    });
    this.pending = '';
    this.page = null;
  }

  /** A distance from the page's top (the table's layout) as PDF's y, from the bottom. */
  private bottomUp(top: number): number {
    return this.height - top;
  }

  /** Text operators for one text fragment whose top is at `top`, in the face and size of its text object. */
  private textOps(face: EmbeddedFace, text: string, x: number, top: number, size = this.size): string {
    if (!text) return '';
    const baseline = this.bottomUp(top) - (face.ascender / 1000) * size;
    return `1 0 0 1 ${num(x)} ${num(baseline)} Tm ${face.literal(text)} Tj\n`;
  }

  private cellOps(
    face: EmbeddedFace,
    text: string,
    column: number,
    top: number,
    align = this.columns[column]?.align,
  ) {
    const left = (this.x[column] ?? 0) + PAD_X;
    const x =
      align === 'right' ? left + (this.widths[column] ?? 0) - 2 * PAD_X - face.width(text, this.size) : left;
    return this.textOps(face, text, x, top);
  }

  /** One text object: a row's cells, a heading's lines; one face, size and colour. */
  private writeText(face: EmbeddedFace, color: string, ops: string, size = this.size): void {
    if (!ops) return;
    if (this.page) face.register(this.page.fonts);
    this.pending += `BT /${face.id} ${num(size)} Tf ${rgb(color)} rg\n${ops}ET\n`;
  }

  private wrap(face: EmbeddedFace, text: string, column: number): string[] {
    // Amounts never wrap: a right-aligned figure may run into its neighbour's padding.
    if (this.columns[column]?.align === 'right') return [text];
    return this.wrapTo(face, text, (this.widths[column] ?? 0) - 2 * PAD_X);
  }

  /**
   * Greedy word wrap; a word wider than the line is cut after its last separator that fits ('/', '-', '.', '_':
   * codes such as invoice numbers break between their parts), else where it must be.
   */
  private wrapTo(face: EmbeddedFace, text: string, width: number, size = this.size): string[] {
    const fits = (s: string) => face.width(s, size) <= width;
    if (fits(text)) return [text];
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (line.length > 1 && !fits(line)) {
        let cut = line.length - 1;
        while (cut > 1 && !fits(line.slice(0, cut))) cut--;
        const separator = Math.max(...['/', '-', '.', '_'].map((c) => line.lastIndexOf(c, cut - 1)));
        if (separator > 0) cut = separator + 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
    return lines;
  }
}
