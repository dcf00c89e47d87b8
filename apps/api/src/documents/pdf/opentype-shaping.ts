import type { TrueTypeFile } from './truetype-subset';

/**
 * The two OpenType features that change how Latin text sets in Roboto, read from the font's own tables: standard
 * ligatures (GSUB 'liga': fi, fl, ffi, ffl) and pair kerning (GPOS 'kern', pairs of glyphs and of glyph classes).
 * pdfmake measured and drew every word through fontkit with both on; applying them the same way keeps every
 * word's width, and so every line break, as the documents had them (issue 39). Only what Roboto uses is read:
 * LigatureSubst format 1 and PairPos formats 1 and 2 (possibly behind an extension lookup), for the Latin script's
 * default language; the test checks the result against fontkit on the documents' words.
 */

type Coverage = (gid: number) => number;
type ClassDef = (gid: number) => number;

function coverage(table: Buffer, at: number): Coverage {
  const format = table.readUInt16BE(at);
  const count = table.readUInt16BE(at + 2);
  if (format === 1) {
    const glyphs = new Map<number, number>();
    for (let i = 0; i < count; i++) glyphs.set(table.readUInt16BE(at + 4 + i * 2), i);
    return (gid) => glyphs.get(gid) ?? -1;
  }
  return (gid) => {
    for (let i = 0; i < count; i++) {
      const record = at + 4 + i * 6;
      const start = table.readUInt16BE(record);
      if (gid >= start && gid <= table.readUInt16BE(record + 2))
        return table.readUInt16BE(record + 4) + gid - start;
    }
    return -1;
  };
}

function classDef(table: Buffer, at: number): ClassDef {
  const format = table.readUInt16BE(at);
  if (format === 1) {
    const start = table.readUInt16BE(at + 2);
    const count = table.readUInt16BE(at + 4);
    return (gid) =>
      gid >= start && gid < start + count ? table.readUInt16BE(at + 6 + (gid - start) * 2) : 0;
  }
  const count = table.readUInt16BE(at + 2);
  return (gid) => {
    for (let i = 0; i < count; i++) {
      const record = at + 4 + i * 6;
      if (gid >= table.readUInt16BE(record) && gid <= table.readUInt16BE(record + 2))
        return table.readUInt16BE(record + 4);
    }
    return 0;
  };
}

/**
 * The subtables (their offsets in the table) of the lookups a feature names for the Latin script's default
 * language (else the default script's), in lookup order, with extension lookups (`extension`) unwrapped.
 */
function featureSubtables(
  table: Buffer,
  feature: string,
  extension: number,
): { lookup: number; type: number; at: number }[] {
  if (table.length === 0) return [];
  const scripts = table.readUInt16BE(4);
  const features = table.readUInt16BE(6);
  const lookups = table.readUInt16BE(8);
  let langSys = -1;
  for (const wanted of ['latn', 'DFLT']) {
    for (let i = 0; i < table.readUInt16BE(scripts) && langSys < 0; i++) {
      const record = scripts + 2 + i * 6;
      if (table.toString('latin1', record, record + 4) !== wanted) continue;
      const script = scripts + table.readUInt16BE(record + 4);
      const defaultLangSys = table.readUInt16BE(script);
      if (defaultLangSys) langSys = script + defaultLangSys;
    }
    if (langSys >= 0) break;
  }
  if (langSys < 0) return [];
  const indices = new Set<number>();
  for (let i = 0; i < table.readUInt16BE(langSys + 4); i++) {
    const record = features + 2 + table.readUInt16BE(langSys + 6 + i * 2) * 6;
    if (table.toString('latin1', record, record + 4) !== feature) continue;
    const at = features + table.readUInt16BE(record + 4);
    for (let j = 0; j < table.readUInt16BE(at + 2); j++) indices.add(table.readUInt16BE(at + 4 + j * 2));
  }
  const found: { lookup: number; type: number; at: number }[] = [];
  for (const index of [...indices].sort((a, b) => a - b)) {
    const lookup = lookups + table.readUInt16BE(lookups + 2 + index * 2);
    const lookupType = table.readUInt16BE(lookup);
    for (let s = 0; s < table.readUInt16BE(lookup + 4); s++) {
      let at = lookup + table.readUInt16BE(lookup + 6 + s * 2);
      let type = lookupType;
      if (type === extension) {
        type = table.readUInt16BE(at + 2);
        at += table.readUInt32BE(at + 4);
      }
      found.push({ lookup: index, type, at });
    }
  }
  return found;
}

/** Bytes of a ValueRecord of this format, and where its XAdvance sits in it (-1: absent). */
const valueSize = (format: number) => 2 * [...format.toString(2)].filter((bit) => bit === '1').length;
const xAdvanceAt = (format: number) => (format & 4 ? 2 * ((format & 1) + ((format >> 1) & 1)) : -1);

type Ligatures = { coverage: Coverage; sets: { components: number[]; glyph: number }[][] };
/** A pair subtable's verdict: null when it does not apply (the next subtable is tried), else the two advances. */
type PairRule = (first: number, second: number) => [number, number] | null;

function ligatureSubtable(table: Buffer, at: number): Ligatures {
  const sets: Ligatures['sets'] = [];
  for (let i = 0; i < table.readUInt16BE(at + 4); i++) {
    const set = at + table.readUInt16BE(at + 6 + i * 2);
    const ligatures: Ligatures['sets'][number] = [];
    for (let j = 0; j < table.readUInt16BE(set); j++) {
      const ligature = set + table.readUInt16BE(set + 2 + j * 2);
      const components: number[] = [];
      for (let c = 1; c < table.readUInt16BE(ligature + 2); c++)
        components.push(table.readUInt16BE(ligature + 2 + c * 2));
      ligatures.push({ components, glyph: table.readUInt16BE(ligature) });
    }
    sets.push(ligatures);
  }
  return { coverage: coverage(table, at + table.readUInt16BE(at + 2)), sets };
}

function pairSubtable(table: Buffer, at: number): PairRule | null {
  const format = table.readUInt16BE(at);
  const covered = coverage(table, at + table.readUInt16BE(at + 2));
  const format1 = table.readUInt16BE(at + 4);
  const format2 = table.readUInt16BE(at + 6);
  const size1 = valueSize(format1);
  const size2 = valueSize(format2);
  const read = (record: number): [number, number] => [
    xAdvanceAt(format1) < 0 ? 0 : table.readInt16BE(record + xAdvanceAt(format1)),
    xAdvanceAt(format2) < 0 ? 0 : table.readInt16BE(record + size1 + xAdvanceAt(format2)),
  ];
  if (format === 1) {
    return (first, second) => {
      const index = covered(first);
      if (index < 0) return null;
      const set = at + table.readUInt16BE(at + 10 + index * 2);
      const stride = 2 + size1 + size2;
      for (let i = 0; i < table.readUInt16BE(set); i++) {
        const record = set + 2 + i * stride;
        if (table.readUInt16BE(record) === second) return read(record + 2);
      }
      return null;
    };
  }
  if (format !== 2) return null;
  const class1 = classDef(table, at + table.readUInt16BE(at + 8));
  const class2 = classDef(table, at + table.readUInt16BE(at + 10));
  const class2Count = table.readUInt16BE(at + 14);
  return (first, second) => {
    if (covered(first) < 0) return null;
    return read(at + 16 + (class1(first) * class2Count + class2(second)) * (size1 + size2));
  };
}

export class OpenTypeShaping {
  private readonly ligatures: Ligatures[];
  /** Each kerning lookup as its subtables in order (the first that applies decides for the lookup). */
  private readonly kerning: PairRule[][];
  private readonly pairs = new Map<number, [number, number]>();

  constructor(file: TrueTypeFile) {
    const gsub = file.table('GSUB');
    this.ligatures = featureSubtables(gsub, 'liga', 7)
      .filter((s) => s.type === 4 && gsub.readUInt16BE(s.at) === 1)
      .map((s) => ligatureSubtable(gsub, s.at));
    const gpos = file.table('GPOS');
    const lookups = new Map<number, PairRule[]>();
    for (const s of featureSubtables(gpos, 'kern', 9)) {
      const rule = s.type === 2 ? pairSubtable(gpos, s.at) : null;
      if (rule) lookups.set(s.lookup, [...(lookups.get(s.lookup) ?? []), rule]);
    }
    this.kerning = [...lookups.values()];
  }

  /** The glyphs with the font's standard ligatures applied, and how many characters each stands for. */
  ligate(gids: number[]): { gids: number[]; spans: number[] } {
    let spans = gids.map(() => 1);
    for (const { coverage: covered, sets } of this.ligatures) {
      const out: number[] = [];
      const outSpans: number[] = [];
      for (let i = 0; i < gids.length; i++) {
        const gid = gids[i] as number;
        const set = covered(gid) >= 0 ? sets[covered(gid)] : undefined;
        const match = set?.find((l) => l.components.every((c, k) => gids[i + 1 + k] === c));
        if (!match) {
          out.push(gid);
          outSpans.push(spans[i] as number);
          continue;
        }
        out.push(match.glyph);
        let span = 0;
        for (let k = 0; k <= match.components.length; k++) span += spans[i + k] as number;
        outSpans.push(span);
        i += match.components.length;
      }
      gids = out;
      spans = outSpans;
    }
    return { gids, spans };
  }

  /** The advances kerning adds to the first and second glyph of a pair, in font units. */
  kern(first: number, second: number): [number, number] {
    const key = first * 65536 + second;
    let found = this.pairs.get(key);
    if (!found) {
      found = [0, 0];
      for (const subtables of this.kerning) {
        for (const rule of subtables) {
          const value = rule(first, second);
          if (!value) continue;
          found = [found[0] + value[0], found[1] + value[1]];
          break;
        }
      }
      this.pairs.set(key, found);
    }
    return found;
  }
}
