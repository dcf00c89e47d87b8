import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { TrueTypeMetrics } from './truetype-metrics';
import { TrueTypeFile } from './truetype-subset';

const fontDir = new URL('./fonts/', import.meta.url);

type Reference = {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  italicAngle: number;
  capHeight: number;
  xHeight: number;
  postscriptName: string;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  head: { macStyle: { italic?: boolean } };
  post: { isFixedPitch: number };
  'OS/2': { sFamilyClass: number };
  glyphForCodePoint(codePoint: number): { id: number; advanceWidth: number };
};

// fontkit, an independent reader, is the reference for every figure a PDF's font takes from the file.
describe.each(['Roboto-Regular.ttf', 'Roboto-Medium.ttf', 'Roboto-Italic.ttf', 'Roboto-MediumItalic.ttf'])(
  'TrueType metrics of %s',
  (file) => {
    const bytes = readFileSync(new URL(file, fontDir));
    const ours = new TrueTypeMetrics(new TrueTypeFile(bytes));
    const reference = fontkit.create(bytes) as unknown as Reference;

    it("reads the descriptor's figures and the PostScript name as fontkit does", () => {
      const { bbox } = reference;
      expect({
        unitsPerEm: ours.unitsPerEm,
        ascent: ours.ascent,
        descent: ours.descent,
        lineGap: ours.lineGap,
        bbox: ours.bbox,
        italicAngle: ours.italicAngle,
        italic: ours.italic,
        fixedPitch: ours.fixedPitch,
        familyClass: ours.familyClass,
        capHeight: ours.capHeight,
        xHeight: ours.xHeight,
        postscriptName: ours.postscriptName,
      }).toEqual({
        unitsPerEm: reference.unitsPerEm,
        ascent: reference.ascent,
        descent: reference.descent,
        lineGap: reference.lineGap,
        bbox: [bbox.minX, bbox.minY, bbox.maxX, bbox.maxY],
        italicAngle: reference.italicAngle,
        italic: Boolean(reference.head.macStyle.italic),
        fixedPitch: Boolean(reference.post.isFixedPitch),
        familyClass: reference['OS/2'].sFamilyClass,
        capHeight: reference.capHeight,
        xHeight: reference.xHeight,
        postscriptName: reference.postscriptName,
      });
      expect(ours.postscriptName).toMatch(/^Roboto-/);
      expect(ours.italic).toBe(file.includes('Italic'));
    });

    it('maps every character of the BMP and beyond to the same glyph, with the same advance', () => {
      const differences: string[] = [];
      let drawn = 0;
      for (let codePoint = 0; codePoint <= 0x1ffff; codePoint++) {
        if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
        const expected = reference.glyphForCodePoint(codePoint);
        const gid = ours.glyphId(codePoint);
        if (gid !== 0) drawn++;
        if (gid !== expected.id || ours.advance(gid) !== expected.advanceWidth)
          differences.push(
            `U+${codePoint.toString(16)}: ${gid}/${ours.advance(gid)}, not ${expected.id}/${expected.advanceWidth}`,
          );
      }
      expect(differences.slice(0, 5)).toEqual([]);
      // The Portuguese alphabet and more: hundreds of characters have a glyph.
      expect(drawn).toBeGreaterThan(800);
      expect(ours.glyphId('ç'.codePointAt(0) ?? 0)).not.toBe(0);
      expect(ours.glyphId(0x1f600)).toBe(0);
    });
  },
);
