import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PdfString, PdfWriter, serialize } from './pdf-writer';

describe('PDF values', () => {
  it('writes names, numbers, text strings, dates, arrays and dictionaries', () => {
    const writer = new PdfWriter();
    const ref = writer.ref();
    expect(
      serialize({
        Type: 'Page',
        Size: [0, 0, 841.89, 595.2756],
        Ref: ref,
        Flag: true,
        Missing: undefined,
        Empty: null,
        Title: new PdfString('Total (a) \\ b'),
        When: new Date(Date.UTC(2026, 10, 29, 22, 5, 9)),
      }),
    ).toBe(
      '<< /Type /Page /Size [0 0 841.89 595.276] /Ref 1 0 R /Flag true /Empty null /Title (Total \\(a\\) \\\\ b) /When (D:20261129220509Z) >>',
    );
  });

  it('writes a text beyond ASCII as UTF-16BE with its byte order mark', () => {
    expect(serialize(new PdfString('São'))).toBe('<FEFF005300E3006F>');
    expect(serialize(new PdfString('€ “x”'))).toBe('<FEFF20AC0020201C0078201D>');
  });
});

describe('PdfWriter', () => {
  it('numbers objects, deflates streams and points the cross-reference table at each object', () => {
    const writer = new PdfWriter();
    const pages = writer.ref();
    const content = writer.ref();
    const page = writer.ref();
    writer.write(content, {}, 'BT ET\n');
    writer.write(page, { Type: 'Page', Parent: pages, Contents: content });
    const first = writer.take();
    writer.write(pages, { Type: 'Pages', Kids: [page], Count: 1 });
    const root = writer.ref();
    writer.write(root, { Type: 'Catalog', Pages: pages });
    const info = writer.ref();
    writer.write(info, { Producer: new PdfString('Origem') });
    const file = Buffer.concat([first, writer.end(root, info)]);
    const text = file.toString('latin1');

    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = text.slice(startxref).split('\n').slice(2, 8);
    expect(entries[0]).toBe('0000000000 65535 f ');
    entries.slice(1).forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`), `object ${i + 1}`).toBe(true);
    });
    expect(text).toMatch(/trailer\n<< \/Size 6 \/Root 4 0 R \/Info 5 0 R >>/);

    const stream = /2 0 obj\n<< \/Filter \/FlateDecode \/Length (\d+) >>\nstream\n/.exec(text);
    expect(stream).not.toBeNull();
    const start = (stream?.index ?? 0) + (stream?.[0].length ?? 0);
    const bytes = file.subarray(start, start + Number(stream?.[1]));
    expect(inflateSync(bytes).toString()).toBe('BT ET\n');
  });

  it('refuses to end while an object asked for was never written', () => {
    const writer = new PdfWriter();
    const root = writer.ref();
    writer.ref();
    writer.write(root, { Type: 'Catalog' });
    expect(() => writer.end(root, root)).toThrow(/object 2 was never written/);
  });
});
