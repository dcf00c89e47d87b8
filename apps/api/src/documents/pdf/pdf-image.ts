import { createHash } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { PdfBytes, type PdfRef, type PdfValue, type PdfWriter } from './pdf-writer';

/**
 * The images a document draws (an association's logo: PNG or JPEG, what the upload accepts), as PDF image
 * XObjects (ISO 32000-1 8.9). A JPEG goes in as it is (DCTDecode). A PNG without transparency keeps its
 * compressed data too, with the PNG predictors declared (7.4.4.4); one with an alpha channel, a transparent
 * colour or interlacing is decoded and written as colour plus a soft mask. Decoded images are kept by content
 * hash (a logo is printed on every document of its association) and written once per document.
 */

export type ImageObject = {
  width: number;
  height: number;
  /** The image's dictionary (Filter included) and bytes, and its soft mask's when it has one. */
  dictionary: Record<string, PdfValue | undefined>;
  data: Buffer;
  mask?: { dictionary: Record<string, PdfValue | undefined>; data: Buffer };
};

const PNG_SIGNATURE = '89504e470d0a1a0a';

function jpeg(bytes: Buffer): ImageObject {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error('JPEG malformado');
    const marker = bytes[at + 1] as number;
    const length = bytes.readUInt16BE(at + 2);
    // Start of frame, any coding (not DHT C4, JPG C8, DAC CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      const components = bytes[at + 9] as number;
      const space = components === 1 ? 'DeviceGray' : components === 4 ? 'DeviceCMYK' : 'DeviceRGB';
      return {
        width,
        height,
        data: bytes,
        dictionary: {
          Type: 'XObject',
          Subtype: 'Image',
          Width: width,
          Height: height,
          ColorSpace: space,
          BitsPerComponent: bytes[at + 4] as number,
          Filter: 'DCTDecode',
          // Adobe's CMYK JPEGs are stored inverted.
          Decode: components === 4 ? [1, 0, 1, 0, 1, 0, 1, 0] : undefined,
        },
      };
    }
    at += 2 + length;
  }
  throw new Error('JPEG sem cabeçalho de quadro');
}

type Png = {
  width: number;
  height: number;
  depth: number;
  type: number;
  interlaced: boolean;
  palette: Buffer | null;
  transparency: Buffer | null;
  data: Buffer;
};

function readPng(bytes: Buffer): Png {
  const png: Png = {
    width: 0,
    height: 0,
    depth: 8,
    type: 2,
    interlaced: false,
    palette: null,
    transparency: null,
    data: Buffer.alloc(0),
  };
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      png.width = body.readUInt32BE(0);
      png.height = body.readUInt32BE(4);
      png.depth = body[8] as number;
      png.type = body[9] as number;
      png.interlaced = body[12] === 1;
    } else if (type === 'PLTE') png.palette = body;
    else if (type === 'tRNS') png.transparency = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  png.data = Buffer.concat(idat);
  if (!png.width || !png.height || png.data.length === 0) throw new Error('PNG sem imagem');
  return png;
}

/** Samples per pixel of each PNG colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The filtered scanlines of one (sub)image undone (PNG 9.2: None, Sub, Up, Average, Paeth). */
function unfilter(data: Buffer, at: number, width: number, height: number, png: Png) {
  const bitsPerPixel = (CHANNELS[png.type] as number) * png.depth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const out = Buffer.alloc(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = data[at] as number;
    const line = data.subarray(at + 1, at + 1 + stride);
    const start = row * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= bpp ? (out[start + i - bpp] as number) : 0;
      const up = row > 0 ? (out[start - stride + i] as number) : 0;
      const upLeft = row > 0 && i >= bpp ? (out[start - stride + i - bpp] as number) : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      out[start + i] = ((line[i] as number) + predicted) & 0xff;
    }
    at += 1 + stride;
  }
  return { pixels: out, stride, next: at };
}

/** Sample `index` of a row (any bit depth), scaled to 8 bits unless it is a palette index. */
function sample(row: Buffer, index: number, depth: number, scale: boolean): number {
  if (depth === 8) return row[index] as number;
  if (depth === 16) return row[index * 2] as number;
  const perByte = 8 / depth;
  const byte = row[Math.floor(index / perByte)] as number;
  const value = (byte >> (8 - depth * ((index % perByte) + 1))) & ((1 << depth) - 1);
  return scale ? Math.round((value * 255) / ((1 << depth) - 1)) : value;
}

// Adam7: the seven passes' starting column and row and their steps.
const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Every pixel as 8-bit colour (grey or RGB) plus 8-bit alpha. */
function decodePng(png: Png): { color: Buffer; alpha: Buffer; channels: number } {
  const data = inflateSync(png.data);
  const grey = png.type === 0 || png.type === 4;
  const channels = grey ? 1 : 3;
  const color = Buffer.alloc(png.width * png.height * channels);
  const alpha = Buffer.alloc(png.width * png.height, 255);
  const samples = CHANNELS[png.type] as number;
  const key = png.transparency;
  const put = (row: Buffer, column: number, x: number, y: number) => {
    const pixel = y * png.width + x;
    const base = column * samples;
    if (png.type === 3) {
      const index = sample(row, column, png.depth, false);
      for (let c = 0; c < 3; c++) color[pixel * 3 + c] = png.palette?.[index * 3 + c] ?? 0;
      if (key && index < key.length) alpha[pixel] = key[index] as number;
      return;
    }
    for (let c = 0; c < channels; c++) color[pixel * channels + c] = sample(row, base + c, png.depth, true);
    if (png.type === 4 || png.type === 6) alpha[pixel] = sample(row, base + channels, png.depth, true);
    else if (key) {
      // A transparent colour: the pixel's raw samples equal tRNS's (16-bit values, compared at their depth).
      const raw = (c: number) =>
        png.depth === 16 ? row.readUInt16BE((base + c) * 2) : sample(row, base + c, png.depth, false);
      let transparent = true;
      for (let c = 0; c < channels; c++) if (raw(c) !== key.readUInt16BE(c * 2)) transparent = false;
      if (transparent) alpha[pixel] = 0;
    }
  };
  const passes = png.interlaced ? PASSES : ([[0, 0, 1, 1]] as const);
  let at = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const width = Math.ceil((png.width - x0) / dx);
    const height = Math.ceil((png.height - y0) / dy);
    if (width <= 0 || height <= 0) continue;
    const { pixels, stride, next } = unfilter(data, at, width, height, png);
    at = next;
    for (let r = 0; r < height; r++) {
      const row = pixels.subarray(r * stride, (r + 1) * stride);
      for (let c = 0; c < width; c++) put(row, c, x0 + c * dx, y0 + r * dy);
    }
  }
  return { color, alpha, channels };
}

function png(bytes: Buffer): ImageObject {
  const p = readPng(bytes);
  const base = { Type: 'XObject', Subtype: 'Image', Width: p.width, Height: p.height };
  // 16-bit samples need PDF 1.5: those are decoded too.
  if (!p.interlaced && p.type !== 4 && p.type !== 6 && !p.transparency && p.depth <= 8) {
    const colors = p.type === 2 ? 3 : 1;
    const space: PdfValue =
      p.type === 3
        ? [
            'Indexed',
            'DeviceRGB',
            (p.palette?.length ?? 3) / 3 - 1,
            new PdfBytes(p.palette ?? Buffer.alloc(3)),
          ]
        : colors === 3
          ? 'DeviceRGB'
          : 'DeviceGray';
    return {
      width: p.width,
      height: p.height,
      data: p.data,
      dictionary: {
        ...base,
        ColorSpace: space,
        BitsPerComponent: p.depth,
        Filter: 'FlateDecode',
        DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: p.depth, Columns: p.width },
      },
    };
  }
  const { color, alpha, channels } = decodePng(p);
  return {
    width: p.width,
    height: p.height,
    data: deflateSync(color),
    dictionary: {
      ...base,
      ColorSpace: channels === 1 ? 'DeviceGray' : 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    },
    mask: {
      data: deflateSync(alpha),
      dictionary: { ...base, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' },
    },
  };
}

const cache = new Map<string, ImageObject>();
const CACHE_SIZE = 32;

/** An image's XObject parts, from its bytes (decoded once per process and content). */
export function imageObject(bytes: Buffer, mime: string): ImageObject {
  const key = createHash('sha1').update(bytes).digest('hex');
  let found = cache.get(key);
  if (!found) {
    found =
      mime === 'image/jpeg' || bytes.toString('hex', 0, 2) === 'ffd8'
        ? jpeg(bytes)
        : bytes.toString('hex', 0, 8) === PNG_SIGNATURE
          ? png(bytes)
          : (() => {
              throw new Error(`imagem ${mime} não suportada`);
            })();
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, found);
  }
  return found;
}

/** Writes the image (and its soft mask) into a document. */
export function writeImage(writer: PdfWriter, image: ImageObject): PdfRef {
  let mask: PdfRef | undefined;
  if (image.mask) {
    mask = writer.ref();
    writer.write(mask, image.mask.dictionary, image.mask.data);
  }
  const ref = writer.ref();
  writer.write(ref, { ...image.dictionary, SMask: mask }, image.data);
  return ref;
}
