import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_SAMPLES,
  DECLARATION_SAMPLE,
  PRE_REGISTRATION_SAMPLE,
  PRERECEIPT_SAMPLE,
} from '../../test/document-samples';
import { CERTIFICATE_TEXT } from './certificate-text';
import { type FontName, fontFile } from './embedded-face';
import { OpenTypeShaping } from './opentype-shaping';
import { TrueTypeMetrics } from './truetype-metrics';
import { TrueTypeFile } from './truetype-subset';

type Laid = { glyphs: { id: number }[]; advanceWidth: number };
type Shaper = { layout(text: string): Laid };

/** Every string of the samples and of the certificate's own words, cut into words as the layout cuts them. */
function words(): string[] {
  const strings: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object' && !Buffer.isBuffer(value))
      Object.values(value).forEach(collect);
  };
  collect([CERTIFICATE_SAMPLES, DECLARATION_SAMPLE, PRERECEIPT_SAMPLE, PRE_REGISTRATION_SAMPLE]);
  for (const text of Object.values(CERTIFICATE_TEXT)) {
    collect(text);
    strings.push(text.certificationText('Associação Comercial de Santos'), text.issued('10/03/2026', '—'));
  }
  strings.push(
    'AV To WAVE Tô Yo LTDA. P.O. final fluxo efficient affix offline “Te” ‘Ya’ Vá 7/8',
    'SEM VALOR',
  );
  const found = new Set<string>();
  for (const s of strings) for (const w of s.split(/(?<=\s)/)) found.add(w);
  for (const s of strings) found.add(s);
  return [...found];
}

// fontkit (what pdfmake measured and drew with) is the reference: same glyphs, same advance for every word.
describe.each(['regular', 'bold', 'italic', 'boldItalic'] as FontName[])('shaping in %s', (name) => {
  const bytes = fontFile(name);
  const file = new TrueTypeFile(bytes);
  const metrics = new TrueTypeMetrics(file);
  const ours = new OpenTypeShaping(file);
  const reference = fontkit.create(bytes) as unknown as Shaper;

  it("gives every word of the documents fontkit's glyphs (ligatures) and width (kerning)", () => {
    const differences: string[] = [];
    let kerned = 0;
    let ligated = 0;
    const all = words();
    for (const word of all) {
      const characters = [...word].map((c) => metrics.glyphId(c.codePointAt(0) ?? 0));
      const { gids } = ours.ligate(characters);
      let width = 0;
      gids.forEach((gid, i) => {
        width += metrics.advance(gid);
        if (i + 1 < gids.length) width += ours.kern(gid, gids[i + 1] as number)[0];
        if (i > 0) width += ours.kern(gids[i - 1] as number, gid)[1];
      });
      const expected = reference.layout(word);
      if (gids.length < characters.length) ligated++;
      const plain = characters.reduce((sum, gid) => sum + metrics.advance(gid), 0);
      if (width !== plain && gids.length === characters.length) kerned++;
      const same = expected.glyphs.map((g) => g.id).join() === gids.join() && expected.advanceWidth === width;
      if (!same)
        differences.push(`${JSON.stringify(word)}: ${gids.join()} ${width}, not ${expected.advanceWidth}`);
    }
    expect(differences.slice(0, 5)).toEqual([]);
    // The test means something: hundreds of words, many kerned, the fi/fl/ffi ligatures met.
    expect(all.length).toBeGreaterThan(300);
    expect(kerned).toBeGreaterThan(50);
    expect(ligated).toBeGreaterThanOrEqual(3);
  });
});
