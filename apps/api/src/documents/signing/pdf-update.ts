/**
 * Incremental updates of the PDFs we generate and seal (ISO 32000 §7.5.6): new or redefined objects appended after
 * the last `%%EOF` with their own xref section and a trailer pointing back (`/Prev`), the original bytes untouched.
 * A signature, the DSS and a document timestamp are each one update. The reader only needs what our writer writes and
 * what these updates add: classic xref tables and trailers, a flat page tree, dictionaries without `<<` in strings.
 */

export type PdfRevision = {
  pdf: Buffer;
  text: string;
  trailer: string;
  size: number;
  rootRef: string;
  startxref: string;
};

const latin1 = (b: Buffer) => b.toString('latin1');

/** The `<< … >>` dictionary starting at `start` (balanced). */
export function dictAt(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length - 1; i++) {
    const pair = text.slice(i, i + 2);
    if (pair === '<<') {
      depth++;
      i++;
    } else if (pair === '>>') {
      depth--;
      i++;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  throw new Error('PDF malformado: dicionário sem fim');
}

/** The dictionary of indirect object `ref` ("12 0"), its last definition (incremental updates redefine). */
export function objectDict(text: string, ref: string): string {
  const matches = [...text.matchAll(new RegExp(`(?:^|[\\r\\n\\s])${ref} obj\\s*<<`, 'g'))];
  const last = matches[matches.length - 1];
  if (!last) throw new Error(`PDF malformado: objeto ${ref} ausente`);
  return dictAt(text, last.index + last[0].length - 2);
}

export const refOf = (dict: string, key: string) => new RegExp(`/${key}\\s+(\\d+ \\d+) R`).exec(dict)?.[1];

/** A PDF text string: literal when plain ASCII, else UTF-16BE with its byte-order mark. */
export function pdfString(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return `(${value.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  const utf16 = Buffer.from(value, 'utf16le').swap16();
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}

export const pdfDate = (at: Date) => `D:${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/** The last revision's trailer: its size, root and where its xref starts. */
export function readRevision(pdf: Buffer): PdfRevision {
  const text = latin1(pdf);
  const trailerAt = text.lastIndexOf('trailer');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1];
  if (trailerAt < 0 || !startxref) throw new Error('PDF sem tabela xref clássica: não é possível assinar');
  const trailer = dictAt(text, text.indexOf('<<', trailerAt));
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1]);
  const rootRef = refOf(trailer, 'Root');
  if (!size || !rootRef) throw new Error('PDF malformado: trailer sem /Size ou /Root');
  return { pdf, text, trailer, size, rootRef, startxref };
}

/** The first page's object (the signature widgets sit there, invisible). */
export function firstPage(revision: PdfRevision): string {
  const pagesRef = refOf(objectDict(revision.text, revision.rootRef), 'Pages');
  if (!pagesRef) throw new Error('PDF malformado: sem páginas');
  let ref = pagesRef;
  for (let depth = 0; depth < 16; depth++) {
    const dict = objectDict(revision.text, ref);
    if (!/\/Type\s*\/Pages\b/.test(dict)) return ref;
    const kid = /\/Kids\s*\[\s*(\d+ \d+) R/.exec(dict)?.[1];
    if (!kid) break;
    ref = kid;
  }
  throw new Error('PDF malformado: sem páginas');
}

/** An object to write: its reference ("12 0") and body (a dictionary, or a dictionary and its stream). */
export type PdfObject = { ref: string; body: string | { dict: string; stream: Buffer } };

/** A binary stream object's body (DSS certificates, OCSP answers, CRLs). */
export const streamObject = (ref: string, bytes: Buffer): PdfObject => ({
  ref,
  body: { dict: `<< /Length ${bytes.length} >>`, stream: bytes },
});

/**
 * Appends one update: `objects`, an xref section for them and a trailer (`/Size` grown to `size`, `/Root`, `/Info`
 * and `/ID` kept, `/Prev`). Returns the new file.
 */
export function appendUpdate(revision: PdfRevision, objects: PdfObject[], size: number): Buffer {
  const { pdf, trailer, rootRef, startxref } = revision;
  const parts: Buffer[] = [pdf];
  let length = pdf.length;
  const push = (text: string | Buffer) => {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    parts.push(bytes);
    length += bytes.length;
  };
  if (pdf[pdf.length - 1] !== 0x0a) push('\n');
  const entries: { num: number; gen: string; offset: number }[] = [];
  for (const { ref, body } of objects) {
    const [num = '0', gen = '0'] = ref.split(' ');
    entries.push({ num: Number(num), gen: gen.padStart(5, '0'), offset: length });
    if (typeof body === 'string') {
      push(`${ref} obj\n${body}\nendobj\n`);
    } else {
      push(`${ref} obj\n${body.dict}\nstream\n`);
      push(body.stream);
      push('\nendstream\nendobj\n');
    }
  }
  const xrefAt = length;
  let xref = 'xref\n';
  for (const { num, gen, offset } of entries.sort((a, b) => a.num - b.num)) {
    xref += `${num} 1\n${String(offset).padStart(10, '0')} ${gen} n \n`;
  }
  const keep = ['Info', 'ID']
    .map((key) => new RegExp(`/${key}\\s*(\\d+ \\d+ R|\\[[^\\]]*\\])`).exec(trailer)?.[0])
    .filter(Boolean)
    .join('\n');
  push(
    `${xref}trailer\n<<\n/Size ${size}\n/Root ${rootRef} R\n${keep}\n/Prev ${startxref}\n>>\nstartxref\n${xrefAt}\n%%EOF\n`,
  );
  return Buffer.concat(parts);
}

const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 0000000000 0000000000 0000000000]';

/** The lines of a signature dictionary's /ByteRange and /Contents, reserved for `reserve` bytes of CMS. */
export const signatureSlot = (reserve: number) => [
  BYTE_RANGE_PLACEHOLDER,
  `/Contents <${'0'.repeat(reserve * 2)}>`,
];

/**
 * Fills the slot reserved in the update just appended (after `from`): the /ByteRange around /Contents, then the
 * CMS that `make` produces over those ranges, written as hex into /Contents.
 */
export async function fillSignature(
  out: Buffer,
  from: number,
  reserve: number,
  make: (ranges: Buffer[]) => Promise<Buffer>,
): Promise<Buffer> {
  const rangeAt = out.indexOf(BYTE_RANGE_PLACEHOLDER, from, 'latin1');
  const contentsStart = out.indexOf('/Contents <', rangeAt, 'latin1') + '/Contents '.length;
  const contentsEnd = contentsStart + reserve * 2 + 2;
  const range = `/ByteRange [0 ${contentsStart} ${contentsEnd} ${out.length - contentsEnd}]`;
  out.write(range.slice(0, -1).padEnd(BYTE_RANGE_PLACEHOLDER.length - 1, ' '), rangeAt, 'latin1');
  const cms = await make([out.subarray(0, contentsStart), out.subarray(contentsEnd)]);
  if (cms.length > reserve) throw new Error('Assinatura maior que o espaço reservado no PDF');
  out.write(cms.toString('hex').toUpperCase(), contentsStart + 1, 'latin1');
  return out;
}

/**
 * The catalog and first page redefined with one more signature field: its widget joins the AcroForm's /Fields
 * (created on the first signature) and the page's /Annots. Returns the two objects to write.
 */
export function withSignatureField(revision: PdfRevision, widget: string): PdfObject[] {
  const catalog = objectDict(revision.text, revision.rootRef);
  const pageRef = firstPage(revision);
  const page = objectDict(revision.text, pageRef);
  if (/\/Annots\s+\d/.test(page)) throw new Error('PDF com /Annots indireto: não suportado');
  if (/\/AcroForm\s+\d/.test(catalog)) throw new Error('PDF com /AcroForm indireto: não suportado');
  const newPage = /\/Annots\s*\[/.test(page)
    ? page.replace(/\/Annots\s*\[/, `/Annots [${widget} `)
    : `${page.slice(0, -2)}/Annots [${widget}]\n>>`;
  const newCatalog = /\/AcroForm\s*<</.test(catalog)
    ? catalog.replace(/\/Fields\s*\[/, `/Fields [${widget} `)
    : `${catalog.slice(0, -2)}/AcroForm << /Fields [${widget}] /SigFlags 3 >>\n>>`;
  return [
    { ref: revision.rootRef, body: newCatalog },
    { ref: pageRef, body: newPage },
  ];
}

/** The widget annotation of an invisible signature field named `name` whose value is `sigRef`. */
export const signatureWidget = (name: string, sigRef: string, pageRef: string) =>
  `<< /Type /Annot /Subtype /Widget /FT /Sig /T ${pdfString(name)} /V ${sigRef} R /P ${pageRef} R /Rect [0 0 0 0] /F 132 >>`;

/** A signature dictionary's place: its /ByteRange and the bytes of its /Contents (padding included). */
export type SignatureSpan = { at: number; range: [number, number, number, number]; contents: Buffer };

/** Every /ByteRange of the file, in order, with the /Contents each surrounds. */
export function signatureSpans(pdf: Buffer): SignatureSpan[] {
  const text = latin1(pdf);
  const spans: SignatureSpan[] = [];
  for (const m of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const range = m.slice(1, 5).map(Number) as [number, number, number, number];
    const hex = text.slice(range[1], range[2]);
    const contents = /^<[0-9a-fA-F]*>$/.test(hex) ? Buffer.from(hex.slice(1, -1), 'hex') : Buffer.alloc(0);
    spans.push({ at: m.index, range, contents });
  }
  return spans;
}
