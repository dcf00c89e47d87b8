import { deflateSync } from 'node:zlib';

/**
 * PNG files of every kind a logo upload may bring (grey, RGB, palette, with alpha or a transparent colour, 8 or 16
 * bits, interlaced or not), written from a function of the pixel, to test the documents' image reader on.
 */

export type PngKind = {
  type: 'grey' | 'rgb' | 'palette' | 'grey-alpha' | 'rgba';
  depth?: 8 | 16;
  interlaced?: boolean;
  /** A transparent colour (tRNS): grey or RGB, or for a palette the alpha of each entry. */
  transparent?: number[];
};

/** A pixel as [r, g, b, a] (0–255); for a palette image, its entry in `palette` (the red value). */
type Pixel = (x: number, y: number) => [number, number, number, number];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

const COLOR_TYPE = { grey: 0, rgb: 2, palette: 3, 'grey-alpha': 4, rgba: 6 } as const;
const SAMPLES = { grey: 1, rgb: 3, palette: 1, 'grey-alpha': 2, rgba: 4 } as const;
const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export function encodePng(
  width: number,
  height: number,
  pixel: Pixel,
  kind: PngKind,
  palette: [number, number, number][] = [],
): Buffer {
  const depth = kind.depth ?? 8;
  const channels = SAMPLES[kind.type];
  const bytesPer = depth / 8;
  const samplesOf = (x: number, y: number): number[] => {
    const [r, g, b, a] = pixel(x, y);
    if (kind.type === 'palette') return [r];
    const grey = r;
    return {
      grey: [grey],
      rgb: [r, g, b],
      'grey-alpha': [grey, a],
      rgba: [r, g, b, a],
    }[kind.type];
  };
  const scanlines: Buffer[] = [];
  const passes = kind.interlaced ? PASSES : ([[0, 0, 1, 1]] as const);
  for (const [x0, y0, dx, dy] of passes) {
    for (let y = y0; y < height; y += dy) {
      const xs: number[] = [];
      for (let x = x0; x < width; x += dx) xs.push(x);
      if (xs.length === 0) continue;
      const row = Buffer.alloc(1 + xs.length * channels * bytesPer);
      xs.forEach((x, i) => {
        samplesOf(x, y).forEach((value, c) => {
          const at = 1 + (i * channels + c) * bytesPer;
          if (depth === 16) row.writeUInt16BE(value * 257, at);
          else row[at] = value;
        });
      });
      scanlines.push(row);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = COLOR_TYPE[kind.type];
  header[12] = kind.interlaced ? 1 : 0;
  const extra: Buffer[] = [];
  if (kind.type === 'palette') extra.push(chunk('PLTE', Buffer.from(palette.flat())));
  if (kind.transparent) {
    const trns =
      kind.type === 'palette'
        ? Buffer.from(kind.transparent)
        : Buffer.concat(
            kind.transparent.map((v) => {
              const b = Buffer.alloc(2);
              b.writeUInt16BE(depth === 16 ? v * 257 : v);
              return b;
            }),
          );
    extra.push(chunk('tRNS', trns));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extra,
    chunk('IDAT', deflateSync(Buffer.concat(scanlines))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
