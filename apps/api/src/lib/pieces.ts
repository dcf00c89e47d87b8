import { setImmediate as nextTurn } from 'node:timers/promises';

/** What a file download hands the response at a time: a write per piece, not per page, header or record. */
export const PIECE_BYTES = 64 * 1024;

/**
 * The buffers of `source` gathered into pieces of at least `bytes` (the last may be smaller). After each piece the
 * event loop takes a turn, so other requests run while a long file is produced.
 */
export async function* inPieces(source: AsyncIterable<Buffer>, bytes = PIECE_BYTES): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const part of source) {
    pending.push(part);
    size += part.length;
    if (size < bytes) continue;
    yield pending.length === 1 ? part : Buffer.concat(pending);
    pending = [];
    size = 0;
    await nextTurn();
  }
  if (pending.length) yield Buffer.concat(pending);
}
