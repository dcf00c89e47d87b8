import { X509Certificate } from 'node:crypto';
import { SignedXml } from 'xml-crypto';

/**
 * How a COD (or a declaration's part) is signed (DOMAIN.md §5, shared/aladi/README.md), shared by the server (A1:
 * the key in memory) and the A3 signer program (the key stays in the token): an enveloped XMLDSig over `#COD` (placed after `COD`, inside
 * `CODExporter`) or `#CODEH` (after `CODEH`, inside `CertOrigin`). RSA-SHA256, SHA-256 digests, enveloped-signature
 * + exclusive C14N, `X509Data` with the subject and certificate: the shape xmlsec1 and ALADI's validators accept.
 */

export type CodTarget = 'COD' | 'CODEH';

export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
export const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
export const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

// Absolute paths for the COD's parts (Envelope/CertOrigin/CODEH/CODExporter/COD, fixed by ALADI's schema):
// xml-crypto evaluates the reference's XPath four times per signature, and a `//*` scan of the whole document each
// time cost a fourth of it. Other documents (the declaration's XML) are small; they keep the general search.
const COD_XPATH: Record<string, string> = {
  CODEH: "/*/*/*[local-name(.)='CODEH' and @id='CODEH']",
  COD: "/*/*/*/*/*[local-name(.)='COD' and @id='COD']",
};
export const targetXpath = (target: string) =>
  COD_XPATH[target] ?? `//*[local-name(.)='${target}' and @id='${target}']`;

const base64Of = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Who produces the RSA-SHA256 value over the canonical SignedInfo: a PEM key (A1), or a function that has a token
 * sign the bytes (A3, PKCS#11 CKM_SHA256_RSA_PKCS) and returns the raw signature.
 */
export type CodSigner = { privateKeyPem: string } | { sign: (signedInfo: Buffer) => Buffer };

/**
 * A signer that answers later: a cloud provider (PSC) signs the SignedInfo's SHA-256 over the network and returns
 * the raw PKCS#1 v1.5 value.
 */
export type RemoteSigner = (signedInfo: Buffer) => Promise<Buffer>;

/** The RSA-SHA256 algorithm with the value produced elsewhere (xml-crypto calls it with the canonical SignedInfo). */
function externalAlgorithm(
  produce: (signedInfo: Buffer, done: (err: Error | null, value?: string) => void) => void,
) {
  return class {
    getSignature(signedInfo: string, _key: unknown, callback?: (err: Error | null, value?: string) => void) {
      let value = '';
      produce(Buffer.from(signedInfo, 'utf8'), (err, result) => {
        if (callback) callback(err, result);
        else if (err) throw err;
        else value = result ?? '';
      });
      return value;
    }
    verifySignature(): boolean {
      throw new Error('not used for signing');
    }
    getAlgorithmName(): string {
      return RSA_SHA256;
    }
  };
}

/** The enveloped signature of `target`, set up (the reference, KeyInfo, where it goes) and waiting to be computed. */
function envelopedSignature(target: string, certificatePem: string, privateKeyPem: string | null) {
  const subject = new X509Certificate(certificatePem).subject.split('\n').reverse().join(',');
  const sig = new SignedXml({
    // xml-crypto insists on a key even when the algorithm never reads it.
    privateKey: privateKeyPem ?? 'external',
    publicCert: certificatePem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
    getKeyInfoContent: ({ prefix } = {}) => {
      const p = prefix ? `${prefix}:` : '';
      return `<${p}X509Data><${p}X509SubjectName>${escapeText(subject)}</${p}X509SubjectName><${p}X509Certificate>${base64Of(certificatePem)}</${p}X509Certificate></${p}X509Data>`;
    },
  });
  sig.addReference({
    xpath: targetXpath(target),
    digestAlgorithm: SHA256,
    transforms: [ENVELOPED, EXC_C14N],
  });
  return sig;
}

const placement = (target: string) => ({
  location: { reference: targetXpath(target), action: 'after' as const },
});

/**
 * Signs the element `<{target} id="{target}">` (a COD's `COD` or `CODEH`, a declaration's part) with `signer` and
 * its certificate, enveloped right after it; returns the document serialised once.
 */
export function signEnveloped(
  xml: string,
  target: string,
  certificatePem: string,
  signer: CodSigner,
): string {
  const sig = envelopedSignature(
    target,
    certificatePem,
    'privateKeyPem' in signer ? signer.privateKeyPem : null,
  );
  if ('sign' in signer) {
    sig.SignatureAlgorithms = {
      [RSA_SHA256]: externalAlgorithm((signedInfo, done) =>
        done(null, signer.sign(signedInfo).toString('base64')),
      ),
    };
  }
  sig.computeSignature(xml, placement(target));
  return sig.getSignedXml();
}

/** `signEnveloped` with a signer that answers later (the same signature, its value awaited). */
export function signEnvelopedRemotely(
  xml: string,
  target: string,
  certificatePem: string,
  sign: RemoteSigner,
): Promise<string> {
  const sig = envelopedSignature(target, certificatePem, null);
  sig.SignatureAlgorithms = {
    [RSA_SHA256]: externalAlgorithm((signedInfo, done) => {
      sign(signedInfo).then(
        (value) => done(null, value.toString('base64')),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    }),
  };
  return new Promise((resolve, reject) => {
    sig.computeSignature(xml, placement(target), (err) => {
      if (err) reject(err);
      else resolve(sig.getSignedXml());
    });
  });
}
