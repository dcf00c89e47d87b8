import { createRequire } from 'node:module';
import path from 'node:path';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

// pdfmake is a CommonJS singleton; its fonts ship with the package (Roboto, every Portuguese accent). It is loaded
// on the first document, not at the server's start (issue 21: ~0.3 s of every start went to loading it).
const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
let loaded: typeof import('pdfmake') | undefined;

function pdfmake(): typeof import('pdfmake') {
  if (loaded) return loaded;
  const lib = require('pdfmake') as typeof import('pdfmake');
  lib.setFonts({
    Roboto: {
      normal: path.join(fontDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  // Documents are built from data, never from addresses a user typed: no URL is fetched and no file but the fonts
  // (and images passed in as bytes) is read.
  lib.setUrlAccessPolicy(() => false);
  lib.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));
  loaded = lib;
  return lib;
}

export type PdfOptions = {
  /** Shown diagonally on every page: 'SEM VALOR' on previews of documents not yet issued. */
  watermark?: string;
  /** The document's title in its metadata (readers show it in the window's title). */
  title: string;
  /** Author and creator in the metadata, e.g. the issuing association. */
  author?: string;
  /** The footer's page counter in the document's language (default: Portuguese). */
  pageLabel?: (page: number, pages: number) => string;
};

/** Content plus the page frame every Origem document shares; the output is the PDF's bytes. */
export async function renderPdf(
  content: Content,
  options: PdfOptions & Partial<TDocumentDefinitions> = { title: '' },
): Promise<Buffer> {
  const {
    watermark,
    title,
    author,
    pageLabel = (page, pages) => `Página ${page} de ${pages}`,
    ...rest
  } = options;
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 56],
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    info: { title, author: author ?? 'Origem', creator: 'Origem', producer: 'Origem' },
    ...(watermark
      ? {
          watermark: {
            text: watermark,
            color: '#c0392b',
            opacity: 0.18,
            bold: true,
            fontSize: 90,
            angle: -45,
          },
        }
      : {}),
    footer: (page, pages) => ({
      columns: [
        { text: title, color: '#666666', fontSize: 7 },
        { text: pageLabel(page, pages), alignment: 'right', color: '#666666', fontSize: 7 },
      ],
      margin: [40, 16, 40, 0],
    }),
    ...rest,
    content,
  };
  return pdfmake().createPdf(definition).getBuffer();
}

/** A QR code block (pdfmake draws it as vectors: sharp at any zoom, scannable on paper). */
export function qrCode(url: string, size = 96): Content {
  return { qr: url, fit: size, eccLevel: 'M' };
}

/** Label over value, the way paper forms show their boxes. */
export function field(label: string, value: string | null | undefined): Content {
  return {
    stack: [
      { text: label.toUpperCase(), fontSize: 6.5, color: '#555555', bold: true },
      { text: value?.trim() ? value : '—', fontSize: 9.5 },
    ],
    margin: [0, 0, 0, 6],
  };
}
