import { type CmsSigner, type DetachedOptions, signDetached } from './cms';
import {
  appendUpdate,
  fillSignature,
  firstPage,
  pdfDate,
  pdfString,
  readRevision,
  signatureSlot,
  signatureWidget,
  withSignatureField,
} from './pdf-update';

/**
 * PAdES baseline signatures (ETSI EN 319 142, SubFilter ETSI.CAdES.detached) on the PDFs we generate: one
 * incremental update adds the signature dictionary, an invisible signature field on the first page and the
 * catalog's AcroForm; the CMS (cms.ts) covers every byte but the /Contents hex. With a signature timestamp in the
 * CMS it is B-T; pades-dss.ts and pades-timestamp.ts take it to B-LT and B-LTA (pades-lta.ts). The
 * reader (pdf-update.ts) only needs what our writer (documents/pdf/pdf-writer.ts) and these updates write.
 */

export type PadesOptions = {
  /** Who signs, when not only the certificate's name (readers show the certificate's). */
  name?: string;
  reason: string;
  location?: string;
  /** The signing time the PDF claims (/M); the timestamp, when there is one, proves it. */
  at: Date;
};

/** Room in /Contents for an RFC 3161 token beside the CMS: the TSA's signature and its certificates. */
const TIMESTAMP_RESERVE = 12 * 1024;

/** Signs `pdf` (bytes in, bytes out, nothing written anywhere): returns the PDF with its PAdES signature. */
export async function signPdf(
  pdf: Buffer,
  signer: CmsSigner,
  options: PadesOptions,
  cms: DetachedOptions = {},
): Promise<Buffer> {
  const revision = readRevision(pdf);
  const sigRef = `${revision.size} 0`;
  const widgetRef = `${revision.size + 1} 0`;
  // The CMS has a fixed size for a signer (digest and RSA value lengths do not vary): reserve it plus a margin.
  const certificates = [signer.certificate, ...signer.chain].reduce((n, c) => n + c.raw.length, 0);
  const keyBytes = (signer.certificate.publicKey.asymmetricKeyDetails?.modulusLength ?? 8192) / 8;
  const reserve = certificates + keyBytes + 2048 + (cms.timestamp ? TIMESTAMP_RESERVE : 0);
  const sigDict = [
    '<<',
    '/Type /Sig',
    '/Filter /Adobe.PPKLite',
    '/SubFilter /ETSI.CAdES.detached',
    ...signatureSlot(reserve),
    `/M (${pdfDate(options.at)})`,
    ...(options.name ? [`/Name ${pdfString(options.name)}`] : []),
    `/Reason ${pdfString(options.reason)}`,
    ...(options.location ? [`/Location ${pdfString(options.location)}`] : []),
    '>>',
  ].join('\n');
  const out = appendUpdate(
    revision,
    [
      ...withSignatureField(revision, `${widgetRef} R`),
      { ref: sigRef, body: sigDict },
      { ref: widgetRef, body: signatureWidget('Assinatura', sigRef, firstPage(revision)) },
    ],
    revision.size + 2,
  );
  return fillSignature(out, pdf.length, reserve, (ranges) => signDetached(ranges, signer, cms));
}
