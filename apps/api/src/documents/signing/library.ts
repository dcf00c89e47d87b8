// What the server's modules use of signing, gathered for `loadSigning` (load.ts): import it through that, not directly.
export { checkChain, checkSigner, parseTrustList, signerFacts } from './certificate';
export { openPkcs12 } from './pkcs12';
export { sealPdf } from './seal';
export {
  isIssuedPlusSignature,
  parseCod,
  signCod,
  signPart,
  signPartRemotely,
  verifyCodSignature,
  verifyPart,
} from './xmldsig';
