import { createHash, type X509Certificate } from 'node:crypto';
import {
  appendUpdate,
  objectDict,
  type PdfObject,
  readRevision,
  signatureSpans,
  streamObject,
} from './pdf-update';

/**
 * The Document Security Store (ETSI EN 319 142-1 §5.4, ISO 32000-2 §12.8.4.3) that takes a B-T signature to B-LT:
 * one incremental update with the certificates of the signer's and the TSA's chains and the OCSP answers and CRLs
 * gathered at signing time, each a stream, listed in /Certs, /OCSPs and /CRLs, and per signature in /VRI (keyed by
 * the SHA-1 of its /Contents, as readers look it up). The catalog gains /DSS and the ESIC extension level 5 that
 * declares DSS and document timestamps in a PDF 1.7 file.
 */

export type ValidationData = { certificates: X509Certificate[]; ocsps: Buffer[]; crls: Buffer[] };

const refs = (objects: PdfObject[]) => `[${objects.map((o) => `${o.ref} R`).join(' ')}]`;

/** Distinct byte strings (the same CRL for two certificates is embedded once). */
function distinct(list: Buffer[]): Buffer[] {
  const seen = new Set<string>();
  return list.filter((b) => {
    const key = createHash('sha256').update(b).digest('hex');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function addDss(pdf: Buffer, data: ValidationData): Buffer {
  const revision = readRevision(pdf);
  let next = revision.size;
  const stream = (bytes: Buffer) => streamObject(`${next++} 0`, bytes);
  const certs = distinct(data.certificates.map((c) => c.raw)).map(stream);
  const ocsps = distinct(data.ocsps).map(stream);
  const crls = distinct(data.crls).map(stream);
  const vri = signatureSpans(pdf)
    .map(({ contents }) => createHash('sha1').update(contents).digest('hex').toUpperCase())
    .map((key) => `/${key} << /Cert ${refs(certs)} /OCSP ${refs(ocsps)} /CRL ${refs(crls)} >>`)
    .join('\n');
  const dssRef = `${next++} 0`;
  const dss = `<< /Type /DSS /Certs ${refs(certs)} /OCSPs ${refs(ocsps)} /CRLs ${refs(crls)} /VRI << ${vri} >> >>`;
  const catalog = objectDict(revision.text, revision.rootRef).replace(/\/DSS\s+\d+ \d+ R/, '');
  const extensions = /\/Extensions/.test(catalog)
    ? ''
    : '/Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 5 >> >>\n';
  const newCatalog = `${catalog.slice(0, -2)}/DSS ${dssRef} R\n${extensions}>>`;
  return appendUpdate(
    revision,
    [{ ref: revision.rootRef, body: newCatalog }, ...certs, ...ocsps, ...crls, { ref: dssRef, body: dss }],
    next,
  );
}
