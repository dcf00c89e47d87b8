import { EmbeddedFace, type FontName } from './embedded-face';
import { PageCanvas } from './page-canvas';
import { type ImageObject, writeImage } from './pdf-image';
import { type PdfRef, PdfString, PdfWriter } from './pdf-writer';

/**
 * A document's pages: their size and margins, the fonts and images they share, and the file written at the end
 * (pages, embedded font subsets, metadata). Pages stay open until `finish`, so the footer that says "Página n de
 * N" and the watermark are drawn once the page count is known. The same input gives the same bytes: nothing here
 * reads the clock (the creation date is the caller's) or depends on the instance.
 */

/** Paper sizes in points, portrait (pdfmake's A4 and LETTER). */
const PAPER = { A4: { width: 595.28, height: 841.89 }, Letter: { width: 612, height: 792 } } as const;

export type PageSetup = {
  paper: keyof typeof PAPER;
  orientation: 'portrait' | 'landscape';
  /** Left, top, right, bottom, in points. */
  margins: [number, number, number, number];
};

export type DocumentInfo = { title: string; author: string; createdAt: Date };

const FACES: FontName[] = ['regular', 'bold', 'italic', 'boldItalic'];

export class DocumentPages {
  readonly writer = new PdfWriter();
  readonly width: number;
  readonly height: number;
  readonly margins: { left: number; top: number; right: number; bottom: number };
  readonly faces = {} as Record<FontName, EmbeddedFace>;
  readonly pages: PageCanvas[] = [];
  private readonly images = new Map<ImageObject, { name: string; ref: PdfRef }>();
  private readonly states = new Map<number, { name: string; ref: PdfRef }>();

  constructor(
    setup: PageSetup,
    private readonly info: DocumentInfo,
  ) {
    const paper = PAPER[setup.paper];
    const landscape = setup.orientation === 'landscape';
    this.width = landscape ? paper.height : paper.width;
    this.height = landscape ? paper.width : paper.height;
    const [left, top, right, bottom] = setup.margins;
    this.margins = { left, top, right, bottom };
    FACES.forEach((name, i) => {
      this.faces[name] = new EmbeddedFace(`F${i + 1}`, name, this.writer);
    });
  }

  /** The width between the side margins. */
  get contentWidth(): number {
    return this.width - this.margins.left - this.margins.right;
  }

  /** The last line a page's content may reach, from the top. */
  get contentBottom(): number {
    return this.height - this.margins.bottom;
  }

  addPage(): PageCanvas {
    const page = new PageCanvas(this.width, this.height);
    this.pages.push(page);
    return page;
  }

  /** An image drawn in this document: written once, however many times it is drawn. */
  image(image: ImageObject): { name: string; ref: PdfRef } {
    let found = this.images.get(image);
    if (!found) {
      found = { name: `Im${this.images.size + 1}`, ref: writeImage(this.writer, image) };
      this.images.set(image, found);
    }
    return found;
  }

  /** A graphics state filling and stroking at this opacity (a watermark's). */
  opacity(alpha: number): { name: string; ref: PdfRef } {
    let found = this.states.get(alpha);
    if (!found) {
      const ref = this.writer.ref();
      this.writer.write(ref, { Type: 'ExtGState', ca: alpha, CA: alpha });
      found = { name: `Gs${this.states.size + 1}`, ref };
      this.states.set(alpha, found);
    }
    return found;
  }

  /**
   * The file: `decorate` draws on each page what depends on the page count (footer, watermark), then every page,
   * the fonts cut to what was drawn, and the metadata are written.
   */
  finish(decorate: (page: PageCanvas, index: number, count: number) => void): Buffer {
    if (this.pages.length === 0) this.addPage();
    const pagesRef = this.writer.ref();
    const kids = this.pages.map((page, index) => {
      decorate(page, index, this.pages.length);
      const content = this.writer.ref();
      this.writer.write(content, {}, page.ops);
      const annots = page.links.map(({ rect, uri }) => {
        const annot = this.writer.ref();
        this.writer.write(annot, {
          Type: 'Annot',
          Subtype: 'Link',
          Rect: page.pdfRect(rect),
          Border: [0, 0, 0],
          A: { S: 'URI', URI: new PdfString(uri) },
        });
        return annot;
      });
      const ref = this.writer.ref();
      this.writer.write(ref, {
        Type: 'Page',
        Parent: pagesRef,
        MediaBox: [0, 0, this.width, this.height],
        Contents: content,
        Resources: {
          ProcSet: ['PDF', 'Text', 'ImageB', 'ImageC'],
          Font: page.fonts,
          XObject: Object.keys(page.xobjects).length ? page.xobjects : undefined,
          ExtGState: Object.keys(page.states).length ? page.states : undefined,
        },
        Annots: annots.length ? annots : undefined,
      });
      return ref;
    });
    for (const name of FACES) this.faces[name].embed();
    this.writer.write(pagesRef, { Type: 'Pages', Kids: kids, Count: kids.length });
    const root = this.writer.ref();
    this.writer.write(root, { Type: 'Catalog', Pages: pagesRef });
    const info = this.writer.ref();
    this.writer.write(info, {
      Title: new PdfString(this.info.title),
      Author: new PdfString(this.info.author),
      Creator: new PdfString('Origem'),
      Producer: new PdfString('Origem'),
      CreationDate: this.info.createdAt,
    });
    return this.writer.end(root, info);
  }
}
