import type { X509Certificate } from 'node:crypto';
import { checkChain, type SignerFacts, signerFacts } from './certificate';
import { type CmsSigner, signDetached, verifyDetached } from './cms';
import { SignatureRefused } from './errors';

/**
 * PAdES baseline signatures (ETSI EN 319 142, SubFilter ETSI.CAdES.detached) on the PDFs we generate: an
 * incremental update adds the signature dictionary, an invisible signature field on the first page and the
 * catalog's AcroForm, leaving the original bytes untouched; the CMS (cms.ts) covers every byte but the /Contents
 * hex. The parser only needs what our writer (documents/pdf/pdf-writer.ts) writes: a classic xref table and
 * trailer, a flat page tree.
 */

export type PadesOptions = {
  /** Who signs, when not only the certificate's name (readers show the certificate's). */
  name?: string;
  reason: string;
  location?: string;
  at: Date;
};

const latin1 = (b: Buffer) => b.toString('latin1');

/** The `<< … >>` dictionary starting at `start` (balanced; our PDFs carry no `<<` inside strings there). */
function dictAt(text: string, start: number): string {
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
function objectDict(text: string, ref: string): string {
  const matches = [...text.matchAll(new RegExp(`(?:^|[\\r\\n\\s])${ref} obj\\s*<<`, 'g'))];
  const last = matches[matches.length - 1];
  if (!last) throw new Error(`PDF malformado: objeto ${ref} ausente`);
  return dictAt(text, last.index + last[0].length - 2);
}

const refOf = (dict: string, key: string) => new RegExp(`/${key}\\s+(\\d+ \\d+) R`).exec(dict)?.[1];

/** A PDF text string: literal when plain ASCII, else UTF-16BE with its byte-order mark. */
function pdfString(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return `(${value.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  const utf16 = Buffer.from(value, 'utf16le').swap16();
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}

const pdfDate = (at: Date) => `D:${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

function firstPage(text: string, pagesRef: string): string {
  let ref = pagesRef;
  for (let depth = 0; depth < 16; depth++) {
    const dict = objectDict(text, ref);
    if (!/\/Type\s*\/Pages\b/.test(dict)) return ref;
    const kid = /\/Kids\s*\[\s*(\d+ \d+) R/.exec(dict)?.[1];
    if (!kid) break;
    ref = kid;
  }
  throw new Error('PDF malformado: sem páginas');
}

const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 0000000000 0000000000 0000000000]';

/** Signs `pdf` (bytes in, bytes out, nothing written anywhere): returns the PDF with its PAdES signature. */
export function signPdf(pdf: Buffer, signer: CmsSigner, options: PadesOptions): Buffer {
  const text = latin1(pdf);
  const trailerAt = text.lastIndexOf('trailer');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1];
  if (trailerAt < 0 || !startxref) throw new Error('PDF sem tabela xref clássica: não é possível assinar');
  const trailer = dictAt(text, text.indexOf('<<', trailerAt));
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1]);
  const rootRef = refOf(trailer, 'Root');
  if (!size || !rootRef) throw new Error('PDF malformado: trailer sem /Size ou /Root');
  const catalog = objectDict(text, rootRef);
  const pagesRef = refOf(catalog, 'Pages');
  if (!pagesRef || /\/AcroForm/.test(catalog)) throw new Error('PDF com formulário: não suportado');
  const pageRef = firstPage(text, pagesRef);
  const page = objectDict(text, pageRef);
  if (/\/Annots\s+\d/.test(page)) throw new Error('PDF com /Annots indireto: não suportado');

  const sigRef = `${size} 0`;
  const widgetRef = `${size + 1} 0`;
  const widget = `${widgetRef} R`;
  const newPage = /\/Annots\s*\[/.test(page)
    ? page.replace(/\/Annots\s*\[/, `/Annots [${widget} `)
    : `${page.slice(0, -2)}/Annots [${widget}]\n>>`;
  const newCatalog = `${catalog.slice(0, -2)}/AcroForm << /Fields [${widget}] /SigFlags 3 >>\n>>`;

  // The CMS has a fixed size for a signer (digest and RSA value lengths do not vary): reserve it plus a margin.
  const certificates = [signer.certificate, ...signer.chain].reduce((n, c) => n + c.raw.length, 0);
  const reserve = certificates + (signer.key.asymmetricKeyDetails?.modulusLength ?? 8192) / 8 + 1024;
  const sigDict = [
    '<<',
    '/Type /Sig',
    '/Filter /Adobe.PPKLite',
    '/SubFilter /ETSI.CAdES.detached',
    BYTE_RANGE_PLACEHOLDER,
    `/Contents <${'0'.repeat(reserve * 2)}>`,
    `/M (${pdfDate(options.at)})`,
    ...(options.name ? [`/Name ${pdfString(options.name)}`] : []),
    `/Reason ${pdfString(options.reason)}`,
    ...(options.location ? [`/Location ${pdfString(options.location)}`] : []),
    '>>',
  ].join('\n');
  const objects: [string, string][] = [
    [rootRef, newCatalog],
    [pageRef, newPage],
    [sigRef, sigDict],
    [
      widgetRef,
      `<< /Type /Annot /Subtype /Widget /FT /Sig /T ${pdfString('Assinatura')} /V ${sigRef} R /P ${pageRef} R /Rect [0 0 0 0] /F 132 >>`,
    ],
  ];
  let update = text.endsWith('\n') ? '' : '\n';
  const entries: { num: number; gen: string; offset: number }[] = [];
  for (const [ref, body] of objects) {
    const [num = '0', gen = '0'] = ref.split(' ');
    entries.push({ num: Number(num), gen: gen.padStart(5, '0'), offset: pdf.length + update.length });
    update += `${ref} obj\n${body}\nendobj\n`;
  }
  const xrefAt = pdf.length + update.length;
  update += 'xref\n';
  for (const { num, gen, offset } of entries.sort((a, b) => a.num - b.num)) {
    update += `${num} 1\n${String(offset).padStart(10, '0')} ${gen} n \n`;
  }
  const keep = ['Info', 'ID']
    .map((key) => new RegExp(`/${key}\\s*(\\d+ \\d+ R|\\[[^\\]]*\\])`).exec(trailer)?.[0])
    .filter(Boolean)
    .join('\n');
  update += `trailer\n<<\n/Size ${size + 2}\n/Root ${rootRef} R\n${keep}\n/Prev ${startxref}\n>>\nstartxref\n${xrefAt}\n%%EOF\n`;

  const out = Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
  const rangeAt = out.indexOf(BYTE_RANGE_PLACEHOLDER, pdf.length, 'latin1');
  const contentsStart = out.indexOf('/Contents <', rangeAt, 'latin1') + '/Contents '.length;
  const contentsEnd = contentsStart + reserve * 2 + 2;
  const range = `/ByteRange [0 ${contentsStart} ${contentsEnd} ${out.length - contentsEnd}]`;
  out.write(range.slice(0, -1).padEnd(BYTE_RANGE_PLACEHOLDER.length - 1, ' '), rangeAt, 'latin1');
  const cms = signDetached([out.subarray(0, contentsStart), out.subarray(contentsEnd)], signer);
  if (cms.length > reserve) throw new Error('Assinatura maior que o espaço reservado no PDF');
  out.write(cms.toString('hex').toUpperCase(), contentsStart + 1, 'latin1');
  return out;
}

export type PdfSignature = { signer: SignerFacts; signedAt: Date | null };

const changed = () =>
  new SignatureRefused('O PDF foi alterado depois de assinado: a assinatura não cobre o arquivo inteiro.');

/**
 * Our own check of a signed PDF: its last signature must cover the whole file but its /Contents (no later
 * update), the CMS must hold over those bytes, and the signer's certificate must chain to the trust list at the
 * signing time the PDF states (or `at`). Throws a refusal in Portuguese.
 */
export function verifyPdfSignature(
  pdf: Buffer,
  options: { trust: X509Certificate[]; at?: Date },
): PdfSignature {
  const text = latin1(pdf);
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = ranges[ranges.length - 1];
  if (!last) throw new SignatureRefused('O PDF não tem assinatura digital.');
  const [a, b, c, d] = last.slice(1).map(Number) as [number, number, number, number];
  if (a !== 0 || c <= b || c + d !== pdf.length || last.index > b) throw changed();
  const hex = text.slice(b, c);
  if (!/^<[0-9a-fA-F]+>$/.test(hex)) throw changed();
  const certificate = verifyDetached(Buffer.from(hex.slice(1, -1), 'hex'), [
    pdf.subarray(0, b),
    pdf.subarray(c),
  ]);
  const objectStart = text.lastIndexOf(' obj', last.index);
  const m = /\/M\s*\(D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)/.exec(text.slice(objectStart, c + 512));
  const [year = 0, month = 1, day = 0, hour = 0, minute = 0, second = 0] = m?.slice(1).map(Number) ?? [];
  const signedAt = m ? new Date(Date.UTC(year, month - 1, day, hour, minute, second)) : null;
  const pem = certificate.toString();
  const facts = signerFacts(pem);
  checkChain(pem, { trust: options.trust, at: options.at ?? signedAt ?? new Date() });
  return { signer: facts, signedAt };
}
