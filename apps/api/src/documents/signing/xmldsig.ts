import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { pemOfBase64 } from './certificate';
import { SignatureRefused } from './errors';

/**
 * The two enveloped XMLDSig signatures of a COD (DOMAIN.md §5, shared/aladi/README.md): the exporter's over `#COD`
 * (placed inside `CODExporter`, after `COD`) and the entity's over `#CODEH` (inside `CertOrigin`, after `CODEH`).
 * RSA-SHA256, SHA-256 digests, enveloped-signature + exclusive C14N, `X509Data` with the subject and certificate:
 * the shape xmlsec1 and ALADI's validators accept.
 */

export type CodTarget = 'COD' | 'CODEH';

/**
 * Where an enveloped signature sits: it covers the one element `<{id} id="{id}">` and is placed right after it as a
 * child of `parent`; `who` names the signer in refusals ("do exportador"). The COD's two targets are instances; a
 * declaration's XML is another (documents/xml/declaration.ts).
 */
export type SignedPart = { id: string; parent: string; who: string };

const COD_PARTS: Record<CodTarget, SignedPart> = {
  COD: { id: 'COD', parent: 'CODExporter', who: 'do exportador' },
  CODEH: { id: 'CODEH', parent: 'CertOrigin', who: 'da entidade' },
};

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const DS = 'http://www.w3.org/2000/09/xmldsig#';

// Absolute paths for the COD's parts (Envelope/CertOrigin/CODEH/CODExporter/COD, fixed by ALADI's schema):
// xml-crypto evaluates the reference's XPath four times per signature, and a `//*` scan of the whole document each
// time cost a fourth of it. Other documents (the declaration's XML) are small; they keep the general search.
const COD_XPATH: Record<string, string> = {
  CODEH: "/*/*/*[local-name(.)='CODEH' and @id='CODEH']",
  COD: "/*/*/*/*/*[local-name(.)='COD' and @id='COD']",
};
const targetXpath = (target: string) =>
  COD_XPATH[target] ?? `//*[local-name(.)='${target}' and @id='${target}']`;

const base64Of = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/** Signs `target` of the COD with a key (PEM) and its certificate; returns the document serialised once. */
export function signCod(
  xml: string,
  target: CodTarget,
  privateKeyPem: string,
  certificatePem: string,
): string {
  return signPart(xml, COD_PARTS[target], privateKeyPem, certificatePem);
}

/** Signs one part of a document (enveloped, after the part); returns the document serialised once. */
export function signPart(
  xml: string,
  part: SignedPart,
  privateKeyPem: string,
  certificatePem: string,
): string {
  const target = part.id;
  const subject = new X509Certificate(certificatePem).subject.split('\n').reverse().join(',');
  const sig = new SignedXml({
    privateKey: privateKeyPem,
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
  sig.computeSignature(xml, { location: { reference: targetXpath(target), action: 'after' } });
  return sig.getSignedXml();
}

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Parses without a byte-order mark (xmldom throws on one); malformed XML is a refusal, not a crash. */
export function parseCod(xml: string): Document {
  const text = xml.replace(/^\uFEFF/, '');
  let failed = false;
  let doc: Document | undefined;
  try {
    doc = new DOMParser({
      onError: (level: string) => {
        if (level !== 'warning') failed = true;
      },
    }).parseFromString(text, 'text/xml') as unknown as Document;
  } catch {
    failed = true;
  }
  if (failed || !doc?.documentElement) throw new SignatureRefused('O arquivo não é um XML válido.');
  return doc;
}

const elementsByLocalName = (node: Document | Element, name: string) =>
  Array.from((node as Element).getElementsByTagNameNS('*', name)) as Element[];

/** Where each signature must sit: the exporter's is a child of `CODExporter`, the entity's of `CertOrigin`. */
function signatureNode(doc: Document, parentName: string): Element | null {
  const parents = elementsByLocalName(doc, parentName);
  if (parents.length !== 1) return null;
  const parent = parents[0] as Element;
  const children = Array.from(parent.childNodes).filter(
    (n): n is Element =>
      n.nodeType === 1 && (n as Element).localName === 'Signature' && (n as Element).namespaceURI === DS,
  );
  return children.length === 1 ? (children[0] as Element) : null;
}

/**
 * Verifies one signature of a COD: the single element with `id=target` is what the one reference covers (no
 * wrapping), its digest and the signature value hold with the certificate in `KeyInfo`. Returns that certificate
 * (PEM) for the caller's trust, validity and CPF checks; xml-crypto alone trusts any embedded key.
 */
export function verifyCodSignature(xml: string, target: CodTarget): string {
  return verifyPart(xml, COD_PARTS[target]);
}

/** Verifies the enveloped signature of one part (see verifyCodSignature); returns the signer's certificate (PEM). */
export function verifyPart(xml: string, part: SignedPart): string {
  const doc = parseCod(xml);
  const { id: target, who } = part;
  const node = signatureNode(doc, part.parent);
  if (!node) throw new SignatureRefused(`O XML não tem a assinatura ${who} no lugar previsto.`);
  const withId = Array.from(doc.getElementsByTagName('*')).filter(
    (e) => (e as Element).getAttribute('id') === target || (e as Element).getAttribute('Id') === target,
  );
  if (withId.length !== 1 || (withId[0] as Element).localName !== target) {
    throw new SignatureRefused(`O XML tem mais de um elemento ${target} ou ele está fora do lugar.`);
  }
  const certText = elementsByLocalName(node, 'X509Certificate')[0]?.textContent ?? '';
  if (!certText.trim()) throw new SignatureRefused(`A assinatura ${who} não traz o certificado digital.`);
  const certificatePem = pemOfBase64(certText);
  try {
    new X509Certificate(certificatePem);
  } catch {
    throw new SignatureRefused(`O certificado digital da assinatura ${who} é inválido.`);
  }
  const sig = new SignedXml({ publicCert: certificatePem });
  // Only `id` names an element in a COD: one scan for the reference instead of three (Id, ID, id).
  sig.idAttributes = ['id'];
  let valid = false;
  try {
    sig.loadSignature(node);
    const refs = sig.getReferences();
    if (refs.length !== 1 || refs[0]?.uri !== `#${target}`) {
      throw new SignatureRefused(`A assinatura ${who} deve cobrir exatamente #${target}.`);
    }
    valid = sig.checkSignature(xml.replace(/^\uFEFF/, ''));
  } catch (err) {
    if (err instanceof SignatureRefused) throw err;
    valid = false;
  }
  if (!valid) {
    throw new SignatureRefused(
      `A assinatura ${who} não confere: o documento foi alterado depois de assinado ou a assinatura é inválida.`,
    );
  }
  return certificatePem;
}
