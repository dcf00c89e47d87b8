import {
  appendUpdate,
  fillSignature,
  firstPage,
  readRevision,
  signatureSlot,
  signatureWidget,
  withSignatureField,
} from './pdf-update';
import { sha256 } from './tsa';

/**
 * The document timestamp that takes a B-LT PDF to B-LTA (ETSI EN 319 142-1 §5.5): a /DocTimeStamp signature
 * dictionary (SubFilter ETSI.RFC3161) whose /Contents is an RFC 3161 token over every byte of the file but that
 * /Contents, so the signature, its timestamp and the DSS are dated and sealed together.
 */

/** Room for the token: the TSA's signature and its certificates. */
const RESERVE = 16 * 1024;

export async function addDocumentTimestamp(
  pdf: Buffer,
  timestamp: (digest: Buffer) => Promise<Buffer>,
): Promise<Buffer> {
  const revision = readRevision(pdf);
  const sigRef = `${revision.size} 0`;
  const widgetRef = `${revision.size + 1} 0`;
  const dict = [
    '<<',
    '/Type /DocTimeStamp',
    '/Filter /Adobe.PPKLite',
    '/SubFilter /ETSI.RFC3161',
    ...signatureSlot(RESERVE),
    '>>',
  ].join('\n');
  const out = appendUpdate(
    revision,
    [
      ...withSignatureField(revision, `${widgetRef} R`),
      { ref: sigRef, body: dict },
      { ref: widgetRef, body: signatureWidget('Carimbo do tempo', sigRef, firstPage(revision)) },
    ],
    revision.size + 2,
  );
  return fillSignature(out, pdf.length, RESERVE, (ranges) => timestamp(sha256(ranges)));
}
