import { readFileSync } from 'node:fs';
import { OpenTypeShaping } from './opentype-shaping';
import { escapeLiteral, type PdfRef, PdfString, type PdfValue, type PdfWriter } from './pdf-writer';
import { TrueTypeMetrics } from './truetype-metrics';
import { TrueTypeFile } from './truetype-subset';

// Roboto as pdfmake 0.3.11 shipped it (version 3.014, SIL OFL: fonts/OFL.txt): every Portuguese accent. The files
// live beside this module (and beside the compiled server: scripts/build-api.mjs), so they never change with a
// dependency.
const fontDir = new URL('./fonts/', import.meta.url);
const FONT_FILES = {
  regular: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italic: 'Roboto-Italic.ttf',
  boldItalic: 'Roboto-MediumItalic.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;

/** A font file's bytes (the tests read them back with fontkit). */
export const fontFile = (name: FontName): Buffer => readFileSync(new URL(FONT_FILES[name], fontDir));

/**
 * A character as the table writes it: its glyph, the glyph id as the two bytes of a PDF literal string (escaped
 * where the string's syntax needs it), its width, and whether it took two UTF-16 units (outside the BMP).
 */
type GlyphUse = { gid: number; code: string; advance: number; wide: boolean };

const literalByte = (byte: number) => escapeLiteral(String.fromCharCode(byte));

/**
 * One font file, read once per process: the glyph of each character met so far (an alphabet's worth), its width
 * in thousandths of the size, and what a PDF's font descriptor says of the font. Documents share it; each keeps
 * only the set of glyphs it drew.
 */
class FontProgram {
  readonly file: TrueTypeFile;
  readonly name: string;
  readonly ascender: number;
  readonly descender: number;
  readonly lineGap: number;
  /** The FontDescriptor's entries but its name and font file. */
  readonly descriptor: Record<string, PdfValue>;
  /** Each glyph's width met so far, by glyph id, in thousandths of the size. */
  readonly advances = new Map<number, number>();
  private readonly scale: number;
  private readonly font: TrueTypeMetrics;
  private shaping: OpenTypeShaping | null = null;
  private readonly words = new Map<string, ShapedWord>();
  /** The glyphs met so far, by UTF-16 code unit (a BMP character), and beyond the BMP by code point. */
  private readonly byUnit: (GlyphUse | undefined)[] = new Array(0x10000);
  private readonly astral = new Map<number, GlyphUse>();

  constructor(bytes: Buffer) {
    this.file = new TrueTypeFile(bytes);
    this.font = new TrueTypeMetrics(this.file);
    const f = this.font;
    this.name = f.postscriptName.replaceAll(' ', '_');
    this.scale = 1000 / f.unitsPerEm;
    this.ascender = f.ascent * this.scale;
    this.descender = f.descent * this.scale;
    this.lineGap = f.lineGap * this.scale;
    // The descriptor's flags, as pdfkit set them: fixed pitch, serif (by the OS/2 family class), symbolic, script,
    // italic (PDF 32000-1, table 123).
    const familyClass = f.familyClass >> 8;
    const flags =
      (f.fixedPitch ? 1 : 0) |
      (familyClass >= 1 && familyClass <= 7 ? 2 : 0) |
      4 |
      (familyClass === 10 ? 8 : 0) |
      (f.italic ? 64 : 0);
    this.descriptor = {
      Type: 'FontDescriptor',
      Flags: flags,
      FontBBox: f.bbox.map((n) => n * this.scale),
      ItalicAngle: f.italicAngle,
      Ascent: this.ascender,
      Descent: this.descender,
      CapHeight: (f.capHeight || f.ascent) * this.scale,
      XHeight: (f.xHeight || 0) * this.scale,
      StemV: 0,
    };
  }

  /** The glyph of the character at `i` in `text` (its `wide` says whether it took `i + 1` too). */
  glyphAt(text: string, i: number): GlyphUse {
    const known = this.byUnit[text.charCodeAt(i)];
    if (known) return known;
    const codePoint = text.codePointAt(i) ?? 0;
    const wide = codePoint > 0xffff;
    let use = wide ? this.astral.get(codePoint) : undefined;
    if (!use) {
      const gid = this.font.glyphId(codePoint);
      use = {
        gid,
        code: literalByte(gid >> 8) + literalByte(gid & 0xff),
        advance: this.font.advance(gid) * this.scale,
        wide,
      };
      this.advances.set(gid, use.advance);
      // A lone surrogate is not kept by its unit: the same unit may open a pair later.
      if (wide) this.astral.set(codePoint, use);
      else if (codePoint < 0xd800 || codePoint > 0xdfff) this.byUnit[codePoint] = use;
    }
    return use;
  }

  /**
   * A word as pdfmake set it: its glyphs with the font's ligatures, kerned within the word (pdfmake measured and
   * drew each word, with its trailing spaces, on its own: no kerning across words). Kept per text: a document's
   * words repeat, and across documents its labels.
   */
  word(text: string): ShapedWord {
    const known = this.words.get(text);
    if (known) return known;
    this.shaping ??= new OpenTypeShaping(this.file);
    const characters: number[] = [];
    const units: string[] = [];
    for (let i = 0; i < text.length; i++) {
      const glyph = this.glyphAt(text, i);
      characters.push(glyph.gid);
      units.push(glyph.wide ? text.slice(i, i + 2) : (text[i] as string));
      if (glyph.wide) i++;
    }
    const { gids, spans } = this.shaping.ligate(characters);
    let width = 0;
    let tj = '';
    let run = '';
    let consumed = 0;
    const texts: string[] = [];
    gids.forEach((gid, i) => {
      const span = spans[i] as number;
      texts.push(units.slice(consumed, consumed + span).join(''));
      consumed += span;
      const advance = this.font.advance(gid) * this.scale;
      this.advances.set(gid, advance);
      run += literalByte(gid >> 8) + literalByte(gid & 0xff);
      let kern = 0;
      if (i + 1 < gids.length) kern += this.shaping?.kern(gid, gids[i + 1] as number)[0] ?? 0;
      if (i > 0) kern += this.shaping?.kern(gids[i - 1] as number, gid)[1] ?? 0;
      width += advance + kern * this.scale;
      // TJ moves the next glyph left by its number in thousandths: kerning that widens is negative.
      if (kern !== 0 && i + 1 < gids.length) {
        tj += `(${run})${formatKern(-kern * this.scale)}`;
        run = '';
      }
    });
    if (run) tj += `(${run})`;
    const word = { width, tj, gids, texts };
    if (this.words.size >= WORD_CACHE) this.words.clear();
    this.words.set(text, word);
    return word;
  }
}

/**
 * A word set in a font: its width in thousandths of the size, its TJ elements, the glyphs it draws and the text
 * each stands for (a ligature's letters).
 */
export type ShapedWord = { width: number; tj: string; gids: number[]; texts: string[] };
const WORD_CACHE = 20_000;
const formatKern = (n: number) => String(Math.round(n * 1000) / 1000);

const programs = new Map<FontName, FontProgram>();
function program(name: FontName): FontProgram {
  let found = programs.get(name);
  if (!found) {
    found = new FontProgram(fontFile(name));
    programs.set(name, found);
  }
  return found;
}

/** UTF-16BE hex of a text, as a ToUnicode CMap writes it. */
const utf16Hex = (text: string) => Buffer.from(text, 'utf16le').swap16().toString('hex');

/** Six capital letters from the glyph set: the subset tag a PDF font's name starts with (32000-1, 9.6.4). */
function subsetTag(gids: number[]): string {
  let hash = 2166136261;
  for (const gid of gids) hash = Math.imul(hash ^ gid, 16777619) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++, hash = Math.floor(hash / 26)) tag += String.fromCharCode(65 + (hash % 26));
  return tag;
}

/** A finished object, written at once: its dictionary and, for a stream, its bytes (deflated). */
function pdfObject(
  writer: PdfWriter,
  data: Parameters<PdfWriter['write']>[1],
  stream?: Buffer | string,
): PdfRef {
  const ref = writer.ref();
  writer.write(ref, data, stream);
  return ref;
}

/**
 * A font as one document writes it: text as glyph ids (character codes are the font's own glyph ids, Identity-H),
 * each character straight from the font's character map. No shaping: table text goes without kerning or
 * ligatures, which at this size nobody sees and which keeps copied text plain. At the end `embed` writes the font
 * cut to the glyphs drawn, their widths and the text a reader copies for them.
 */
export class EmbeddedFace {
  private readonly program: FontProgram;
  private readonly drawn: Uint8Array;
  private dictionary: PdfRef | null = null;
  /** The text a reader copies for each glyph id drawn (the ToUnicode map). */
  private readonly unicode = new Map<number, string>();

  constructor(
    /** The font's resource name on the pages. */
    readonly id: string,
    name: FontName,
    private readonly writer: PdfWriter,
  ) {
    this.program = program(name);
    this.drawn = new Uint8Array(this.program.file.numGlyphs);
  }

  /** The top of the tallest letters above the baseline, in thousandths of the size. */
  get ascender(): number {
    return this.program.ascender;
  }

  /** The line height: ascender to descender, and the font's gap between lines when asked. */
  lineHeight(size: number, includeGap = false): number {
    const p = this.program;
    return ((p.ascender + (includeGap ? p.lineGap : 0) - p.descender) / 1000) * size;
  }

  width(text: string, size: number): number {
    let units = 0;
    for (let i = 0; i < text.length; i++) {
      const glyph = this.program.glyphAt(text, i);
      if (glyph.wide) i++;
      units += glyph.advance;
    }
    return (units * size) / 1000;
  }

  /**
   * The text as a PDF literal string of glyph ids, for a Tj operator: `(…)`, each character two bytes (held as
   * two characters under 256, which the content stream writes as latin1).
   */
  literal(text: string): string {
    let out = '(';
    for (let i = 0; i < text.length; i++) {
      const glyph = this.program.glyphAt(text, i);
      this.draw(glyph.gid, glyph.wide ? text.slice(i, i + 2) : (text[i] as string));
      if (glyph.wide) i++;
      out += glyph.code;
    }
    return `${out})`;
  }

  /** A word as pdfmake set it (ligatures, kerning within the word): see `FontProgram.word`. */
  word(text: string): ShapedWord {
    return this.program.word(text);
  }

  /** Words drawn one after the other: a TJ operator (their glyphs are marked for the subset). */
  showWords(words: readonly ShapedWord[]): string {
    let out = '[';
    for (const word of words) {
      word.gids.forEach((gid, i) => {
        this.draw(gid, word.texts[i] as string);
      });
      out += word.tj;
    }
    return `${out}] TJ`;
  }

  /**
   * Marks a glyph drawn, and the text a reader copies for it: the first this document drew with it (characters
   * that share a glyph, a space and a no-break space, copy as whichever came first), so the file depends on the
   * document alone, not on what the process drew before.
   */
  private draw(gid: number, text: string): void {
    this.drawn[gid] = 1;
    if (gid !== 0 && !this.unicode.has(gid)) this.unicode.set(gid, text);
  }

  /** The font's dictionary, written by `embed`. */
  ref(): PdfRef {
    this.dictionary ??= this.writer.ref();
    return this.dictionary;
  }

  /** The font in a page's (or a form's) resources. */
  register(fonts: Record<string, PdfRef>): void {
    fonts[this.id] ??= this.ref();
  }

  /** Writes the font if a page uses it: its program cut to the glyphs drawn, widths and ToUnicode map. */
  embed(): void {
    if (!this.dictionary) return;
    const p = this.program;
    const gids: number[] = [];
    this.drawn.forEach((drawn, gid) => {
      if (drawn) gids.push(gid);
    });
    const name = `${subsetTag(gids)}+${p.name}`;
    const program = p.file.subset(gids);
    // Length1, the program's length before deflating, is required of a TrueType font file (32000-1, table 127).
    // zlib's fastest level: a tenth larger than its default, in a third of the time.
    const file = pdfObject(this.writer, { Length1: program.length }, program);
    const descriptor = pdfObject(this.writer, { ...p.descriptor, FontName: name, FontFile2: file });
    const cidFont = pdfObject(this.writer, {
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: new PdfString('Adobe'), Ordering: new PdfString('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: this.widths(gids),
      CIDToGIDMap: 'Identity',
    });
    this.writer.write(this.dictionary, {
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: name,
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: this.toUnicode(gids),
    });
  }

  /** The W array: each run of consecutive glyph ids as its first id and the widths of the run. */
  private widths(gids: number[]): (number | number[])[] {
    const w: (number | number[])[] = [];
    let run: number[] = [];
    gids.forEach((gid, i) => {
      if (i === 0 || gid !== (gids[i - 1] ?? 0) + 1) {
        run = [];
        w.push(gid, run);
      }
      run.push(this.program.advances.get(gid) ?? 0);
    });
    return w;
  }

  private toUnicode(gids: number[]): PdfRef {
    const pairs = gids.flatMap((gid) => {
      const text = this.unicode.get(gid);
      return text === undefined ? [] : [`<${gid.toString(16).padStart(4, '0')}> <${utf16Hex(text)}>`];
    });
    const blocks: string[] = [];
    for (let i = 0; i < pairs.length; i += 100) {
      const block = pairs.slice(i, i + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    return pdfObject(
      this.writer,
      {},
      [
        '/CIDInit /ProcSet findresource begin',
        '12 dict begin',
        'begincmap',
        '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
        '/CMapName /Adobe-Identity-UCS def',
        '/CMapType 2 def',
        '1 begincodespacerange',
        '<0000> <ffff>',
        'endcodespacerange',
        ...blocks,
        'endcmap',
        'CMapName currentdict /CMap defineresource pop',
        'end',
        'end',
      ].join('\n'),
    );
  }
}
