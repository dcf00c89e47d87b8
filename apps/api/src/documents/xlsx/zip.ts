import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { inPieces } from '../../lib/pieces';

/**
 * One file of a zip: its path in the archive and its content, read as it is written; an array is content known
 * whole (a workbook's small parts), deflated at once.
 */
export type ZipEntry = { name: string; content: AsyncIterable<string | Buffer> | (string | Buffer)[] };

const FLAGS = 0x0808; // sizes and CRC in a descriptor after the data (bit 3); names in UTF-8 (bit 11)
const DEFLATE = 8;
const VERSION = 20;
// The fastest level: a year's billing sheet is 20 % larger than at zlib's default (386 KB to 320 KB) and is written
// in 0.85 of the time, which brings it under twice its SQL (npm run bench:reports; issue 21).
const LEVEL = constants.Z_BEST_SPEED;

/** Resolves when `stream` takes writes again, or is closed (its reader gone). */
function room(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** A zip record: its little-endian fields in order, each [value, bytes]. */
function record(fields: [number, 2 | 4][]): Buffer {
  const out = Buffer.alloc(fields.reduce((size, [, bytes]) => size + bytes, 0));
  let at = 0;
  for (const [value, bytes] of fields) {
    if (bytes === 2) out.writeUInt16LE(value, at);
    // Past 4 GiB this throws (no zip64): a failed download, never a corrupt file.
    else out.writeUInt32LE(value, at);
    at += bytes;
  }
  return out;
}

/** MS-DOS time and date, as zip headers keep them (local time to the second, halved). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/**
 * A zip archive written as its entries are read: each one deflated in zlib's thread pool while the next part of it
 * is produced, its size and CRC in a descriptor after the data, so nothing is held whole; it leaves 64 KB at a
 * time. Enough of the format for workbooks (docs/adr/010-reports-that-stream.md): no zip64, so an entry stays under
 * 4 GiB.
 */
export function zipStream(entries: Iterable<ZipEntry>, at = new Date()): AsyncGenerator<Buffer> {
  return inPieces(zipParts(entries, at));
}

/** The archive's records and data, as they are produced. */
async function* zipParts(entries: Iterable<ZipEntry>, at: Date): AsyncGenerator<Buffer> {
  const { time, date } = dosTime(at);
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    // signature, version needed, flags, method, time, date, CRC, sizes (in the descriptor), name's length, extra's
    const local = record([
      [0x04034b50, 4],
      [VERSION, 2],
      [FLAGS, 2],
      [DEFLATE, 2],
      [time, 2],
      [date, 2],
      [0, 4],
      [0, 4],
      [0, 4],
      [name.length, 2],
      [0, 2],
    ]);
    yield Buffer.concat([local, name]);

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const content = entry.content;
    if (Array.isArray(content)) {
      const bytes = Buffer.concat(
        content.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part)),
      );
      const data = deflateRawSync(bytes, { level: LEVEL });
      crc = crc32(bytes);
      size = bytes.length;
      compressed = data.length;
      yield data;
    } else {
      const deflate = createDeflateRaw({ level: LEVEL });
      const feed = (async () => {
        for await (const part of content) {
          const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
          crc = crc32(bytes, crc);
          size += bytes.length;
          if (!deflate.write(bytes)) await room(deflate);
          // The archive's reader left (the loop below ended and destroyed the deflater): stop reading the content.
          if (deflate.destroyed) return;
        }
        deflate.end();
      })().catch((error: Error) => deflate.destroy(error));
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        compressed += chunk.length;
        yield chunk;
      }
      await feed;
    }

    const descriptor = record([
      [0x08074b50, 4],
      [crc, 4],
      [compressed, 4],
      [size, 4],
    ]);
    yield descriptor;

    // signature, version made by, version needed, flags, method, time, date, CRC, sizes, name's length, extra's,
    // comment's, disk, internal and external attributes, where its local header starts
    const entryRecord = record([
      [0x02014b50, 4],
      [VERSION, 2],
      [VERSION, 2],
      [FLAGS, 2],
      [DEFLATE, 2],
      [time, 2],
      [date, 2],
      [crc, 4],
      [compressed, 4],
      [size, 4],
      [name.length, 2],
      [0, 2],
      [0, 2],
      [0, 2],
      [0, 2],
      [0, 4],
      [offset, 4],
    ]);
    central.push(entryRecord, name);
    offset += local.length + name.length + compressed + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const count = central.length / 2;
  // signature, this disk, the directory's disk, entries on this disk and in all, the directory's size and offset,
  // comment's length
  const end = record([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [count, 2],
    [count, 2],
    [directory.length, 4],
    [offset, 4],
    [0, 2],
  ]);
  yield directory;
  yield end;
}
