// The part of fontkit (the font reader pdfkit used) the tests read our fonts back with: the character map,
// advance widths and the metrics a PDF font descriptor gives.
declare module 'fontkit' {
  export type Glyph = { id: number; advanceWidth: number };
  export type Font = {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    capHeight: number;
    xHeight: number;
    italicAngle: number;
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
    'OS/2'?: { sFamilyClass: number };
    post: { isFixedPitch: number };
    head: { macStyle: { italic?: boolean } };
    glyphForCodePoint(codePoint: number): Glyph;
  };
  export function create(buffer: Uint8Array): Font;
}
