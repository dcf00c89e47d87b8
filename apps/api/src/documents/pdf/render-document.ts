import { type Block, BlockLayout } from './block-layout';
import { DocumentPages, type PageSetup } from './document-pages';
import { flowPages } from './page-flow';
import { drawStack } from './strip';
import type { TextStyle } from './text-flow';

export type PdfOptions = {
  /** Shown diagonally on every page: 'SEM VALOR' on previews of documents not yet issued. */
  watermark?: string;
  /** The document's title in its metadata (readers show it in the window's title) and its footer. */
  title: string;
  /** Author in the metadata, e.g. the issuing association. */
  author?: string;
  /** The footer's page counter in the document's language (default: Portuguese). */
  pageLabel?: (page: number, pages: number) => string;
  /**
   * The document's creation date in its metadata: the moment of the record it prints (issue, approval, last
   * change), so the same record renders the same bytes wherever and whenever it is rendered.
   */
  createdAt: Date;
  /** The text's size and line height unless a block sets its own (9 pt, 1.15). */
  fontSize?: number;
  lineHeight?: number;
} & Partial<PageSetup>;

const GREY = '#666666';
// Turned 45° counter-clockwise about the page's centre (pdfmake's angle -45, in its downward y).
const WATERMARK = { color: '#c0392b', opacity: 0.18, size: 90, degrees: 45 };

/**
 * Content plus the page frame every Origem document shares (A4, margins, the title and "Página n de N" in the
 * footer, the watermark across every page); the output is the PDF's bytes, the same for the same input.
 */
export function renderDocument(content: Block, options: PdfOptions): Buffer {
  const {
    title,
    author = 'Origem',
    watermark,
    pageLabel = (page, pages) => `Página ${page} de ${pages}`,
    createdAt,
  } = options;
  const doc = new DocumentPages(
    {
      paper: options.paper ?? 'A4',
      orientation: options.orientation ?? 'portrait',
      margins: options.margins ?? [40, 48, 40, 56],
    },
    { title, author, createdAt },
  );
  const style: TextStyle = {
    fontSize: options.fontSize ?? 9,
    lineHeight: options.lineHeight ?? 1.15,
    bold: false,
    italics: false,
    color: 'black',
    alignment: 'left',
  };
  const layout = new BlockLayout(doc);
  flowPages(layout.strips(content, doc.contentWidth, style), doc);

  const mark = watermark ? doc.faces.bold.word(watermark) : null;
  const opacity = mark ? doc.opacity(WATERMARK.opacity) : null;
  return doc.finish((page, index, count) => {
    // The footer: the title on the left, the page counter on the right, 16 pt into the bottom margin.
    const footer = layout.strips(
      {
        columns: [
          { text: title, color: GREY, fontSize: 7 },
          { text: pageLabel(index + 1, count), alignment: 'right', color: GREY, fontSize: 7 },
        ],
        margin: [40, 16, 40, 0],
      },
      doc.width,
      style,
    );
    drawStack(footer, page, 0, doc.contentBottom);
    if (mark && opacity) {
      const face = doc.faces.bold;
      const box = { width: (mark.width * WATERMARK.size) / 1000, height: face.lineHeight(WATERMARK.size) };
      page.translucent(opacity.name, opacity.ref, () =>
        page.rotatedText(face, WATERMARK.size, WATERMARK.color, [mark], box, WATERMARK.degrees),
      );
    }
  });
}
