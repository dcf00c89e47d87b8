/**
 * A TrueType font cut down to the glyphs a document draws, keeping every glyph's id: the others stay in the font
 * with no outline. Ids that never change let a PDF use them as its character codes (CIDToGIDMap Identity), so a
 * document writes its text as it goes and the font is cut at the end from the set it used, without renumbering
 * glyphs or composites. Only the tables a PDF reader needs for an embedded TrueType program are kept (ISO 32000-1
 * 9.9: head, hhea, hmtx, maxp, loca, glyf and the hinting cvt, fpgm, prep); the file is parsed once per process and
 * a cut costs a copy of the glyphs' bytes, where fontkit's subsetter decodes and re-encodes every table.
 */

type Table = { offset: number; length: number };
const KEPT = ['cvt ', 'fpgm', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'prep'] as const;
const COPIED = ['cvt ', 'fpgm', 'hhea', 'hmtx', 'maxp', 'prep'];

// Composite glyph flags (OpenType 'glyf').
const ARGS_ARE_WORDS = 0x0001;
const HAS_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const HAS_XY_SCALE = 0x0040;
const HAS_2X2 = 0x0080;

const pad4 = (n: number) => (n + 3) & ~3;

/** The checksum of a table: its bytes as big-endian 32-bit words, zero-padded, summed modulo 2³². */
function checksum(bytes: Buffer): number {
  const padded = bytes.length % 4 ? Buffer.concat([bytes, Buffer.alloc(4 - (bytes.length % 4))]) : bytes;
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

export class TrueTypeFile {
  private readonly tables = new Map<string, Table>();
  /** The checksums of the tables a subset copies unchanged, computed once. */
  private readonly copiedChecksums = new Map<string, number>();
  /** Where each glyph's outline starts in 'glyf', and where the last one ends: numGlyphs + 1 offsets. */
  private readonly loca: Uint32Array;
  readonly numGlyphs: number;

  constructor(private readonly bytes: Buffer) {
    if (bytes.readUInt32BE(0) !== 0x00010000)
      throw new Error('TrueTypeFile: not a TrueType font (glyf outlines)');
    const count = bytes.readUInt16BE(4);
    for (let i = 0; i < count; i++) {
      const record = 12 + i * 16;
      const tag = bytes.toString('latin1', record, record + 4);
      this.tables.set(tag, {
        offset: bytes.readUInt32BE(record + 8),
        length: bytes.readUInt32BE(record + 12),
      });
    }
    for (const tag of KEPT)
      if (tag !== 'cvt ' && tag !== 'fpgm' && tag !== 'prep' && !this.tables.has(tag))
        throw new Error(`TrueTypeFile: the font has no '${tag}' table`);
    for (const tag of COPIED) this.copiedChecksums.set(tag, checksum(this.table(tag)));
    this.numGlyphs = this.table('maxp').readUInt16BE(4);
    const longOffsets = this.table('head').readInt16BE(50) === 1;
    const loca = this.table('loca');
    this.loca = new Uint32Array(this.numGlyphs + 1);
    for (let g = 0; g <= this.numGlyphs; g++)
      this.loca[g] = longOffsets ? loca.readUInt32BE(g * 4) : loca.readUInt16BE(g * 2) * 2;
  }

  /** A table's bytes; empty when the font has none. */
  table(tag: string): Buffer {
    const t = this.tables.get(tag);
    return t ? this.bytes.subarray(t.offset, t.offset + t.length) : Buffer.alloc(0);
  }

  private outline(gid: number): Buffer {
    const start = this.loca[gid] ?? 0;
    const end = this.loca[gid + 1] ?? start;
    return this.table('glyf').subarray(start, end);
  }

  /** The glyphs a composite glyph is built from (none for a simple or empty one). */
  components(gid: number): number[] {
    const outline = this.outline(gid);
    if (outline.length < 10 || outline.readInt16BE(0) >= 0) return [];
    const found: number[] = [];
    let at = 10;
    for (;;) {
      const flags = outline.readUInt16BE(at);
      found.push(outline.readUInt16BE(at + 2));
      at += 4 + (flags & ARGS_ARE_WORDS ? 4 : 2);
      if (flags & HAS_SCALE) at += 2;
      else if (flags & HAS_XY_SCALE) at += 4;
      else if (flags & HAS_2X2) at += 8;
      if (!(flags & MORE_COMPONENTS) || at + 4 > outline.length) return found;
    }
  }

  /**
   * The font with only these glyphs' outlines (and .notdef's, and those their composites use); every other id is
   * an empty glyph. Ids out of range are ignored.
   */
  subset(gids: Iterable<number>): Buffer {
    const keep = new Uint8Array(this.numGlyphs);
    const pending = [0, ...gids];
    while (pending.length) {
      const gid = pending.pop() as number;
      if (gid < 0 || gid >= this.numGlyphs || keep[gid]) continue;
      keep[gid] = 1;
      pending.push(...this.components(gid));
    }
    const outlines: Buffer[] = [];
    const loca = Buffer.alloc((this.numGlyphs + 1) * 4);
    let offset = 0;
    for (let g = 0; g < this.numGlyphs; g++) {
      loca.writeUInt32BE(offset, g * 4);
      if (!keep[g]) continue;
      const outline = this.outline(g);
      outlines.push(outline);
      offset += outline.length;
    }
    loca.writeUInt32BE(offset, this.numGlyphs * 4);
    const head = Buffer.from(this.table('head'));
    head.writeUInt32BE(0, 8); // checkSumAdjustment, set below over the whole file
    head.writeInt16BE(1, 50); // indexToLocFormat: long offsets

    const contents: Record<(typeof KEPT)[number], Buffer> = {
      'cvt ': this.table('cvt '),
      fpgm: this.table('fpgm'),
      glyf: Buffer.concat(outlines),
      head,
      hhea: this.table('hhea'),
      hmtx: this.table('hmtx'),
      loca,
      maxp: this.table('maxp'),
      prep: this.table('prep'),
    };
    const tags = KEPT.filter((tag) => contents[tag].length > 0);
    const directorySize = 12 + tags.length * 16;
    const size = tags.reduce((sum, tag) => sum + pad4(contents[tag].length), directorySize);
    const out = Buffer.alloc(size);
    const power = 2 ** Math.floor(Math.log2(tags.length));
    out.writeUInt32BE(0x00010000, 0);
    out.writeUInt16BE(tags.length, 4);
    out.writeUInt16BE(power * 16, 6);
    out.writeUInt16BE(Math.log2(power), 8);
    out.writeUInt16BE(tags.length * 16 - power * 16, 10);
    let at = directorySize;
    let headAt = 0;
    // The file's checksum is its directory's plus its tables' (each starts on a word and is zero-padded).
    let fileSum = 0;
    tags.forEach((tag, i) => {
      const data = contents[tag];
      const record = 12 + i * 16;
      const sum = this.copiedChecksums.get(tag) ?? checksum(data);
      fileSum = (fileSum + sum) >>> 0;
      out.write(tag, record, 'latin1');
      out.writeUInt32BE(sum, record + 4);
      out.writeUInt32BE(at, record + 8);
      out.writeUInt32BE(data.length, record + 12);
      data.copy(out, at);
      if (tag === 'head') headAt = at;
      at += pad4(data.length);
    });
    fileSum = (fileSum + checksum(out.subarray(0, directorySize))) >>> 0;
    out.writeUInt32BE((0xb1b0afba - fileSum) >>> 0, headAt + 8);
    return out;
  }
}
