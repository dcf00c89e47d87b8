import { deflateSync } from 'node:zlib';

/**
 * The few parts of PDF's file structure a streamed table needs (ISO 32000-1 7.3, 7.5): numbered objects written
 * as they are finished, a cross-reference table and a trailer at the end. Objects may name others not yet written
 * (a page its fonts, a footer its page count). A report PDF used pdfkit for this alone, and pdfkit with what it
 * requires weighs ~24 MB in the server (issue 21).
 */

/** An indirect object: numbered when asked for, written once with `PdfWriter.write`. */
export class PdfRef {
  constructor(readonly id: number) {}
}

/** A text string (as opposed to a name, which a plain JS string is). */
export class PdfString {
  constructor(readonly text: string) {}
}

/** A byte string, written in hex (an indexed colour space's palette). */
export class PdfBytes {
  constructor(readonly bytes: Buffer) {}
}

export type PdfValue =
  | number
  | string
  | boolean
  | null
  | PdfRef
  | PdfString
  | PdfBytes
  | Date
  | PdfValue[]
  | { [key: string]: PdfValue | undefined };

const number = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000));

/** A literal string's text with its delimiters, the escape itself and CR (a reader would take it for LF) escaped. */
export const escapeLiteral = (text: string) =>
  text.replace(/[()\\\r]/g, (c) => (c === '\r' ? '\\r' : `\\${c}`));
const literal = (text: string) => `(${escapeLiteral(text)})`;

function text(value: string): string {
  // ASCII as it is; anything else as UTF-16BE with its byte order mark, which every reader takes (7.9.2.2).
  if (/^[\x20-\x7e]*$/.test(value)) return literal(value);
  return `<FEFF${Buffer.from(value, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const date = (d: Date) =>
  `(D:${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z)`;

export function serialize(value: PdfValue): string {
  if (typeof value === 'number') return number(value);
  if (typeof value === 'string') return `/${value}`;
  if (typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (value instanceof PdfRef) return `${value.id} 0 R`;
  if (value instanceof PdfString) return text(value.text);
  if (value instanceof PdfBytes) return `<${value.bytes.toString('hex')}>`;
  if (value instanceof Date) return date(value);
  if (Array.isArray(value)) return `[${value.map(serialize).join(' ')}]`;
  let out = '<<';
  for (const [key, entry] of Object.entries(value))
    if (entry !== undefined) out += ` /${key} ${serialize(entry)}`;
  return `${out} >>`;
}

export class PdfWriter {
  private readonly offsets: number[] = [];
  private pending: Buffer[] = [];
  private written = 0;
  private nextId = 1;

  constructor() {
    // The binary comment tells transfer programs the file is not text.
    this.push(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  }

  ref(): PdfRef {
    return new PdfRef(this.nextId++);
  }

  /**
   * Writes an object: its dictionary and, for a stream, its bytes — deflated at zlib's fastest level unless they
   * are already (`Filter` set) or `deflate` is false.
   */
  write(
    ref: PdfRef,
    dictionary: { [key: string]: PdfValue | undefined },
    stream?: Buffer | string,
    deflate = true,
  ) {
    this.offsets[ref.id] = this.written;
    if (stream === undefined) {
      this.push(Buffer.from(`${ref.id} 0 obj\n${serialize(dictionary)}\nendobj\n`, 'latin1'));
      return;
    }
    let bytes = typeof stream === 'string' ? Buffer.from(stream, 'latin1') : stream;
    let entries = dictionary;
    if (deflate && dictionary.Filter === undefined) {
      bytes = deflateSync(bytes, { level: 1 });
      entries = { ...dictionary, Filter: 'FlateDecode' };
    }
    this.push(
      Buffer.from(`${ref.id} 0 obj\n${serialize({ ...entries, Length: bytes.length })}\nstream\n`, 'latin1'),
    );
    this.push(bytes);
    this.push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  }

  /** The bytes written since the last call. */
  take(): Buffer {
    const out = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
    this.pending = [];
    return out;
  }

  /** The cross-reference table and the trailer: every object asked for must have been written. */
  end(root: PdfRef, info: PdfRef): Buffer {
    const start = this.written;
    let xref = `xref\n0 ${this.nextId}\n0000000000 65535 f \n`;
    for (let id = 1; id < this.nextId; id++) {
      const offset = this.offsets[id];
      if (offset === undefined) throw new Error(`PdfWriter: object ${id} was never written`);
      xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
    }
    this.push(
      Buffer.from(
        `${xref}trailer\n${serialize({ Size: this.nextId, Root: root, Info: info })}\nstartxref\n${start}\n%%EOF\n`,
        'latin1',
      ),
    );
    return this.take();
  }

  private push(bytes: Buffer): void {
    this.pending.push(bytes);
    this.written += bytes.length;
  }
}
