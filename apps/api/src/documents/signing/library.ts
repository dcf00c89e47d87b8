// What the server's modules use of signing, gathered for `loadSigning` (load.ts): import it through that, not directly.
export { chainOf, checkChain, checkSigner, parseTrustList, signerFacts } from './certificate';
export { SignatureRefused } from './errors';
export { inspectPdf } from './pades-inspect';
export { openPkcs12 } from './pkcs12';
export { checkChainRevocation, statusFromAnswers } from './revocation';
export { sealPdf } from './seal';
export { checkTimestampToken, commonNameOf, readTimestampToken } from './timestamp-token';
export { acceptResponse, requestTimestamp, sha256, TimestampUnavailable } from './tsa';
export { gatherValidation } from './validation';
export {
  isIssuedPlusSignature,
  parseCod,
  signCod,
  signPart,
  signPartRemotely,
  verifyCodSignature,
  verifyPart,
} from './xmldsig';
