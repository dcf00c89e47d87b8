import type { TrueTypeFile } from './truetype-subset';

/**
 * What a PDF needs to know of a TrueType font to write text with it (ISO 32000-1 9.6–9.8): each character's glyph
 * (the 'cmap'), each glyph's advance ('hhea', 'hmtx'), the descriptor's metrics ('head', 'hhea', 'OS/2', 'post') and
 * the PostScript name ('name'). Read straight from the tables of the file the subset cuts (truetype-subset.ts),
 * so a report PDF loads no font library (fontkit and pdfkit's ~24 MB; issue 21). The test checks every figure
 * against fontkit.
 */

function required(file: TrueTypeFile, tag: string): Buffer {
  const table = file.table(tag);
  if (table.length === 0) throw new Error(`TrueTypeMetrics: the font has no '${tag}' table`);
  return table;
}

/**
 * A code point → glyph id lookup from the font's Unicode BMP subtable (format 4, what the Roboto we ship has):
 * characters outside it, like those it lacks, draw .notdef.
 */
function characterMap(cmap: Buffer): (codePoint: number) => number {
  const subtables = new Map<string, Buffer>();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const at = 4 + i * 8;
    const table = cmap.subarray(cmap.readUInt32BE(at + 4));
    subtables.set(`${cmap.readUInt16BE(at)}/${cmap.readUInt16BE(at + 2)}/${table.readUInt16BE(0)}`, table);
  }
  const bmp = subtables.get('3/1/4') ?? subtables.get('0/3/4') ?? subtables.get('0/4/4');
  if (!bmp) throw new Error('TrueTypeMetrics: the font has no Unicode character map');
  const segments = bmp.readUInt16BE(6) / 2;
  const ends = 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (codePoint > bmp.readUInt16BE(ends + s * 2)) continue;
      const start = bmp.readUInt16BE(starts + s * 2);
      if (codePoint < start) return 0;
      const delta = bmp.readInt16BE(deltas + s * 2);
      const rangeAt = rangeOffsets + s * 2;
      const rangeOffset = bmp.readUInt16BE(rangeAt);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = bmp.readUInt16BE(rangeAt + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** The PostScript name (name id 6), from a Windows (UTF-16BE) or Macintosh (Roman) record. */
function postscriptName(name: Buffer): string {
  const strings = name.readUInt16BE(4);
  for (let i = 0; i < name.readUInt16BE(2); i++) {
    const at = 6 + i * 12;
    if (name.readUInt16BE(at + 6) !== 6) continue;
    const start = strings + name.readUInt16BE(at + 10);
    const bytes = name.subarray(start, start + name.readUInt16BE(at + 8));
    const platform = name.readUInt16BE(at);
    if (platform === 3 || platform === 0) return Buffer.from(bytes).swap16().toString('utf16le');
    if (platform === 1) return bytes.toString('latin1');
  }
  return 'Font';
}

export class TrueTypeMetrics {
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly bbox: [number, number, number, number];
  readonly italicAngle: number;
  readonly italic: boolean;
  readonly fixedPitch: boolean;
  /** OS/2's sFamilyClass (class in the high byte), 0 without OS/2. */
  readonly familyClass: number;
  /** OS/2 version 2 and later; 0 otherwise. */
  readonly capHeight: number;
  readonly xHeight: number;
  readonly postscriptName: string;
  private readonly hmtx: Buffer;
  private readonly longMetrics: number;
  private readonly lookup: (codePoint: number) => number;

  constructor(file: TrueTypeFile) {
    const head = required(file, 'head');
    const hhea = required(file, 'hhea');
    const post = required(file, 'post');
    this.unitsPerEm = head.readUInt16BE(18);
    this.bbox = [head.readInt16BE(36), head.readInt16BE(38), head.readInt16BE(40), head.readInt16BE(42)];
    this.italic = (head.readUInt16BE(44) & 2) !== 0;
    this.ascent = hhea.readInt16BE(4);
    this.descent = hhea.readInt16BE(6);
    this.lineGap = hhea.readInt16BE(8);
    this.longMetrics = hhea.readUInt16BE(34);
    this.hmtx = required(file, 'hmtx');
    this.italicAngle = post.readInt32BE(4) / 65536;
    this.fixedPitch = post.readUInt32BE(12) !== 0;
    const os2 = file.table('OS/2');
    this.familyClass = os2.length >= 32 ? os2.readInt16BE(30) : 0;
    const modern = os2.length >= 90 && os2.readUInt16BE(0) >= 2;
    this.xHeight = modern ? os2.readInt16BE(86) : 0;
    this.capHeight = modern ? os2.readInt16BE(88) : 0;
    this.postscriptName = postscriptName(required(file, 'name'));
    this.lookup = characterMap(required(file, 'cmap'));
  }

  /** The glyph drawn for a character; 0 (.notdef) when the font has none. */
  glyphId(codePoint: number): number {
    return this.lookup(codePoint);
  }

  /** A glyph's advance in font units (glyphs past the long metrics share the last one's). */
  advance(gid: number): number {
    return this.hmtx.readUInt16BE(Math.min(gid, this.longMetrics - 1) * 4);
  }
}
