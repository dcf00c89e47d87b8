import type { Block } from './block-layout';
import type { PdfOptions } from './render-document';

export type { Block } from './block-layout';
export type { PdfOptions } from './render-document';

/**
 * Content plus the page frame every Origem document shares; the output is the PDF's bytes, the same for the same
 * input (render-document.ts). The layout and what it loads (the line breaker's Unicode tables, the QR encoder, the
 * fonts) come on the first document, not at the server's start.
 */
export async function renderPdf(content: Block, options: PdfOptions): Promise<Buffer> {
  const { renderDocument } = await import('./render-document');
  return renderDocument(content, options);
}

/** A QR code block (drawn as vectors: sharp at any zoom, scannable on paper). */
export function qrCode(url: string, size = 96): Block {
  return { qr: url, fit: size };
}

/** Label over value, the way paper forms show their boxes. */
export function field(label: string, value: string | null | undefined): Block {
  return {
    stack: [
      { text: label.toUpperCase(), fontSize: 6.5, color: '#555555', bold: true },
      { text: value?.trim() ? value : '—', fontSize: 9.5 },
    ],
    margin: [0, 0, 0, 6],
  };
}
