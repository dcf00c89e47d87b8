import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfPixels } from '../../test/pdf';
import { encodePng, type PngKind } from '../../test/png';
import { renderDocument } from './render-document';

/**
 * Logos of every PNG kind and a JPEG, drawn by our image reader and read back by poppler: the colours where they
 * were, and white where the image was transparent.
 */

const RED: [number, number, number] = [220, 30, 30];
const BLUE: [number, number, number] = [30, 60, 200];
const SIZE = 40;
/** Left half red, right half blue; the top-right quarter is where transparent images are clear. */
const pixel = (x: number, y: number): [number, number, number, number] => {
  const clear = x >= SIZE / 2 && y < SIZE / 2;
  const [r, g, b] = x < SIZE / 2 ? RED : BLUE;
  return [r, g, b, clear ? 0 : 255];
};
const greyPixel = (x: number, y: number): [number, number, number, number] => {
  const clear = x >= SIZE / 2 && y < SIZE / 2;
  const v = x < SIZE / 2 ? 40 : 200;
  return [v, v, v, clear ? 0 : 255];
};

/** The image on an A4 page, 200 pt square from the top-left margin (40, 48), read at 72 dpi. */
function drawn(bytes: Buffer, mime = 'image/png') {
  const pdf = renderDocument(
    { image: { bytes, mime }, fit: [200, 200] },
    { title: 'Logo', createdAt: new Date(0) },
  );
  const page = pdfPixels(pdf);
  return {
    bottomLeft: page.rgb(40 + 20, 48 + 180),
    bottomRight: page.rgb(40 + 180, 48 + 180),
    topRight: page.rgb(40 + 180, 48 + 20),
  };
}

const near = (actual: number[], expected: number[], tolerance = 12) =>
  actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) <= tolerance);

describe('images in documents', () => {
  const colour: [string, PngKind][] = [
    ['RGB', { type: 'rgb' }],
    ['RGB, 16 bits', { type: 'rgb', depth: 16 }],
    ['RGB interlaced', { type: 'rgb', interlaced: true }],
    ['RGBA', { type: 'rgba' }],
    ['RGBA, 16 bits', { type: 'rgba', depth: 16 }],
    ['RGBA interlaced', { type: 'rgba', interlaced: true }],
    ['RGB with a transparent colour', { type: 'rgb', transparent: [...BLUE] }],
  ];
  it.each(colour)('%s: the colours where they were, white where transparent', (_, kind) => {
    // The transparent colour case makes all of the blue clear; the others only the top-right quarter.
    const source =
      kind.transparent !== undefined
        ? (x: number, y: number) => pixel(x, y).slice(0, 3).concat(255) as [number, number, number, number]
        : pixel;
    const { bottomLeft, bottomRight, topRight } = drawn(encodePng(SIZE, SIZE, source, kind));
    expect(near(bottomLeft, RED), `${bottomLeft}`).toBe(true);
    const clear = kind.type === 'rgba' || kind.transparent !== undefined;
    expect(near(bottomRight, kind.transparent ? [255, 255, 255] : BLUE), `${bottomRight}`).toBe(true);
    expect(near(topRight, clear ? [255, 255, 255] : BLUE), `${topRight}`).toBe(true);
  });

  it.each([
    ['grey', { type: 'grey' }],
    ['grey with alpha', { type: 'grey-alpha' }],
    ['grey, 16 bits', { type: 'grey', depth: 16 }],
  ] as [string, PngKind][])('%s', (_, kind) => {
    const { bottomLeft, bottomRight, topRight } = drawn(encodePng(SIZE, SIZE, greyPixel, kind));
    expect(near(bottomLeft, [40, 40, 40]), `${bottomLeft}`).toBe(true);
    expect(near(bottomRight, [200, 200, 200]), `${bottomRight}`).toBe(true);
    expect(
      near(topRight, kind.type === 'grey-alpha' ? [255, 255, 255] : [200, 200, 200]),
      `${topRight}`,
    ).toBe(true);
  });

  it.each([
    ['palette', false, false],
    ['palette with a transparent entry', true, false],
    ['palette, interlaced, with a transparent entry', true, true],
  ])('%s', (_, transparent, interlaced) => {
    // Entries: 0 red, 1 blue, 2 blue too but clear when the palette has alpha.
    const index = (x: number, y: number): [number, number, number, number] => {
      const i = x < SIZE / 2 ? 0 : y < SIZE / 2 ? 2 : 1;
      return [i, 0, 0, 255];
    };
    const png = encodePng(
      SIZE,
      SIZE,
      index,
      { type: 'palette', interlaced, transparent: transparent ? [255, 255, 0] : undefined },
      [RED, BLUE, BLUE],
    );
    const { bottomLeft, bottomRight, topRight } = drawn(png);
    expect(near(bottomLeft, RED), `${bottomLeft}`).toBe(true);
    expect(near(bottomRight, BLUE), `${bottomRight}`).toBe(true);
    expect(near(topRight, transparent ? [255, 255, 255] : BLUE), `${topRight}`).toBe(true);
  });

  it('a JPEG goes in as it is', () => {
    // A JPEG made by poppler itself from a page with the red and blue halves.
    const source = renderDocument(
      {
        image: {
          bytes: encodePng(SIZE, SIZE, (x, y) => pixel(x, y + SIZE), { type: 'rgb' }),
          mime: 'image/png',
        },
        fit: [200, 200],
      },
      { title: 'x', createdAt: new Date(0), margins: [0, 0, 0, 0] },
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'origem-jpeg-'));
    try {
      writeFileSync(path.join(dir, 'in.pdf'), source);
      execFileSync('pdftoppm', [
        '-jpeg',
        '-r',
        '72',
        '-x',
        '0',
        '-y',
        '0',
        '-W',
        '200',
        '-H',
        '200',
        path.join(dir, 'in.pdf'),
        path.join(dir, 'out'),
      ]);
      const jpeg = readFileSync(path.join(dir, readdirSync(dir).find((f) => f.endsWith('.jpg')) ?? ''));
      expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
      const pdf = renderDocument(
        { image: { bytes: jpeg, mime: 'image/jpeg' }, fit: [200, 200] },
        { title: 'Logo', createdAt: new Date(0) },
      );
      // The JPEG's bytes are in the file untouched.
      expect(pdf.includes(jpeg)).toBe(true);
      const page = pdfPixels(pdf);
      expect(near(page.rgb(40 + 20, 48 + 100), RED, 30), `${page.rgb(60, 148)}`).toBe(true);
      expect(near(page.rgb(40 + 180, 48 + 100), BLUE, 30), `${page.rgb(220, 148)}`).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
