import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontFile } from './embedded-face';
import { TrueTypeFile } from './truetype-subset';

const regular = fontFile('regular');

type Outline = { path: { commands: unknown[] }; advanceWidth: number };
type Opened = {
  numGlyphs: number;
  getGlyph(id: number): Outline;
  glyphForCodePoint(cp: number): { id: number };
};
const open = (bytes: Buffer) => fontkit.create(bytes) as unknown as Opened;
const gidOf = (char: string) => open(regular).glyphForCodePoint(char.codePointAt(0) ?? 0).id;
const outline = (font: Opened, gid: number) => JSON.stringify(font.getGlyph(gid).path.commands);

/** The table directory: tag → [checksum, offset, length]. */
function directory(bytes: Buffer): Map<string, [number, number, number]> {
  const tables = new Map<string, [number, number, number]>();
  for (let i = 0; i < bytes.readUInt16BE(4); i++) {
    const at = 12 + i * 16;
    const tag = bytes.toString('latin1', at, at + 4);
    tables.set(tag, [bytes.readUInt32BE(at + 4), bytes.readUInt32BE(at + 8), bytes.readUInt32BE(at + 12)]);
  }
  return tables;
}
function sum(bytes: Buffer): number {
  let total = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    const word = Buffer.alloc(4);
    bytes.copy(word, 0, i, Math.min(i + 4, bytes.length));
    total = (total + word.readUInt32BE(0)) >>> 0;
  }
  return total;
}

describe('TrueType subset with the glyph ids kept', () => {
  const file = new TrueTypeFile(regular);
  // 'ã' is a composite in Roboto: its base letter and tilde come along without being asked for.
  const asked = ['A', 'ç', 'ã', '7'].map(gidOf);
  const subset = file.subset(asked);
  const original = open(regular);
  const cut = open(subset);

  it('keeps the outlines asked for at their ids, and the components of composites', () => {
    expect(cut.numGlyphs).toBe(original.numGlyphs);
    for (const gid of asked) {
      expect(cut.getGlyph(gid).path.commands.length).toBeGreaterThan(0);
      expect(outline(cut, gid)).toBe(outline(original, gid));
      expect(cut.getGlyph(gid).advanceWidth).toBe(original.getGlyph(gid).advanceWidth);
    }
    const tilde = gidOf('ã');
    expect(file.components(tilde).length).toBeGreaterThan(0);
    for (const component of file.components(tilde))
      expect(outline(cut, component)).toBe(outline(original, component));
  });

  it('leaves every other glyph empty, so the file holds only what is drawn', () => {
    for (const char of ['Z', 'q', 'Ñ', '€']) {
      expect(original.getGlyph(gidOf(char)).path.commands.length).toBeGreaterThan(0);
      expect(cut.getGlyph(gidOf(char)).path.commands.length).toBe(0);
    }
    expect(subset.length).toBeLessThan(regular.length / 4);
    expect([...directory(subset).keys()]).toEqual([
      'cvt ',
      'fpgm',
      'glyf',
      'head',
      'hhea',
      'hmtx',
      'loca',
      'maxp',
      'prep',
    ]);
  });

  it('writes valid checksums: each table, and the whole file through head.checkSumAdjustment', () => {
    for (const [tag, [checksum, offset, length]] of directory(subset)) {
      const table = Buffer.from(subset.subarray(offset, offset + length));
      if (tag === 'head') table.writeUInt32BE(0, 8);
      expect(sum(table), tag).toBe(checksum);
    }
    expect(sum(subset)).toBe(0xb1b0afba);
  });

  it('ignores ids the font does not have', () => {
    const bytes = file.subset([-1, 99_999, gidOf('A')]);
    expect(outline(open(bytes), gidOf('A'))).toBe(outline(original, gidOf('A')));
  });

  it('refuses what is not a TrueType font', () => {
    expect(() => new TrueTypeFile(Buffer.from('%PDF-1.7 not a font at all'))).toThrow(/TrueType/);
  });
});
