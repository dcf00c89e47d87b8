import { createHash, timingSafeEqual, verify, type X509Certificate } from 'node:crypto';
import {
  type CodTarget,
  ENVELOPED,
  EXC_C14N,
  type RemoteSigner,
  RSA_SHA256,
  SHA256,
  signEnveloped,
  signEnvelopedRemotely,
} from '@origem/signer/xmldsig';
import { DOMParser, XMLSerializer, type Node as XmlNode } from '@xmldom/xmldom';
import { ExclusiveCanonicalization, SignedXml } from 'xml-crypto';
import { pemOfBase64, x509Of } from './certificate';
import { SignatureRefused } from './errors';

/**
 * The two enveloped XMLDSig signatures of a COD (DOMAIN.md §5, shared/aladi/README.md): the exporter's over `#COD`
 * (placed inside `CODExporter`, after `COD`) and the entity's over `#CODEH` (inside `CertOrigin`, after `CODEH`).
 * Their shape lives in packages/signer (the A3 signer program signs the same way); here the server signs with an A1
 * key and verifies whatever it receives.
 */

export type { CodTarget } from '@origem/signer/xmldsig';

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

const DS = 'http://www.w3.org/2000/09/xmldsig#';

/** Signs `target` of the COD with a key (PEM) and its certificate; returns the document serialised once. */
export function signCod(
  xml: string,
  target: CodTarget,
  privateKeyPem: string,
  certificatePem: string,
): string {
  return signPart(xml, COD_PARTS[target], privateKeyPem, certificatePem);
}

/** Signs one part of a document with an A1 key in memory (enveloped, after the part), as the A3 signer does. */
export function signPart(
  xml: string,
  part: SignedPart,
  privateKeyPem: string,
  certificatePem: string,
): string {
  return signEnveloped(xml, part.id, certificatePem, { privateKeyPem });
}

/**
 * Signs one part (a COD's target or another document's part) with a key held elsewhere: `sign` gets the canonical
 * SignedInfo and answers its RSA-SHA256 value later (a cloud provider, issue 38). The same signature as an A1's.
 */
export function signPartRemotely(
  xml: string,
  part: CodTarget | SignedPart,
  certificatePem: string,
  sign: RemoteSigner,
): Promise<string> {
  const id = typeof part === 'string' ? COD_PARTS[part].id : part.id;
  return signEnvelopedRemotely(xml, id, certificatePem, sign);
}

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

/** The one element named by `id` (or `Id`, with or without a prefix): two of them is a wrapping attempt. */
function elementsWithId(doc: Document, id: string): Element[] {
  const found: Element[] = [];
  for (const element of Array.from(doc.getElementsByTagName('*')) as Element[]) {
    const attributes = element.attributes;
    for (let i = 0; i < attributes.length; i++) {
      const attr = attributes[i] as Attr;
      if ((attr.localName === 'id' || attr.localName === 'Id') && attr.value === id) {
        found.push(element);
        break;
      }
    }
  }
  return found;
}

const dsChildren = (node: Element, name: string) =>
  Array.from(node.childNodes).filter(
    (n): n is Element =>
      n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === DS,
  ) as Element[];
const hasElementChild = (node: Element) => Array.from(node.childNodes).some((n) => n.nodeType === 1);
const oneChild = (node: Element, name: string) => {
  const found = dsChildren(node, name);
  return found.length === 1 ? (found[0] as Element) : null;
};

const excC14n = new ExclusiveCanonicalization();
const c14n = (node: Element) =>
  excC14n.process(node, {
    defaultNsForPrefix: SignedXml.defaultNsForPrefix,
    inclusiveNamespacesPrefixList: [],
  });

/** Our profile's refusal of the reference: the same words whichever path checked it. */
const wrongReference = (who: string, target: string) =>
  new SignatureRefused(`A assinatura ${who} deve cobrir exatamente #${target}.`);

/**
 * The signature in the one shape we sign (packages/signer: exclusive C14N, RSA-SHA256, one reference with the
 * enveloped + exclusive C14N transforms and a SHA-256 digest), checked on the DOM already parsed and the elements
 * already located: what xml-crypto's checkSignature does, without parsing the document again and without the XPath
 * scans that were three quarters of its time. As there, the SignedInfo is canonicalised, its signature value checked
 * with the certificate's key, and the reference read back from the canonical (signed) bytes; the referenced element
 * is canonicalised without this signature and its digest compared. `null`: another shape (an inclusive prefix list,
 * other algorithms), left to xml-crypto.
 */
function checkOurProfile(
  signature: Element,
  target: Element,
  id: string,
  certificate: X509Certificate,
  who: string,
): boolean | null {
  const signedInfoNode = oneChild(signature, 'SignedInfo');
  const method = signedInfoNode && oneChild(signedInfoNode, 'CanonicalizationMethod');
  if (!method || method.getAttribute('Algorithm') !== EXC_C14N || hasElementChild(method)) return null;
  // exclusive C14N would take a prefix list from the referenced element's own CanonicalizationMethod child.
  if (dsChildren(target, 'CanonicalizationMethod').length > 0) return null;
  const signedInfoCanon = c14n(signedInfoNode as Element);
  const signedInfo = new DOMParser().parseFromString(signedInfoCanon, 'text/xml')
    .documentElement as unknown as Element | null;
  if (signedInfo?.localName !== 'SignedInfo' || signedInfo.namespaceURI !== DS) return false;
  if (oneChild(signedInfo, 'SignatureMethod')?.getAttribute('Algorithm') !== RSA_SHA256) return null;
  const references = dsChildren(signedInfo, 'Reference');
  if (references.length !== 1 || references[0]?.getAttribute('URI') !== `#${id}`) {
    throw wrongReference(who, id);
  }
  const reference = references[0] as Element;
  const transformsNode = oneChild(reference, 'Transforms');
  const transforms = transformsNode ? dsChildren(transformsNode, 'Transform') : [];
  if (
    transforms.length !== 2 ||
    transforms[0]?.getAttribute('Algorithm') !== ENVELOPED ||
    transforms[1]?.getAttribute('Algorithm') !== EXC_C14N ||
    transforms.some(hasElementChild) ||
    oneChild(reference, 'DigestMethod')?.getAttribute('Algorithm') !== SHA256
  ) {
    return null;
  }
  const expected = Buffer.from(oneChild(reference, 'DigestValue')?.textContent ?? '', 'base64');
  const value = Buffer.from(oneChild(signature, 'SignatureValue')?.textContent ?? '', 'base64');
  if (expected.length === 0 || value.length === 0) return false;
  // RSA-SHA256 is what SignedInfo names: another kind of key is not ours to accept here.
  if (certificate.publicKey.asymmetricKeyType !== 'rsa') return null;
  if (!verify('sha256', Buffer.from(signedInfoCanon, 'utf8'), certificate.publicKey, value)) return false;
  // The enveloped transform removes this signature when it lies inside what it covers (never in a COD: it follows
  // its part); then the copy is canonicalised, as the original must not change.
  let covered = target;
  if (isInside(signature, target)) {
    const path: number[] = [];
    for (let n: Node = signature; n !== target; n = n.parentNode as Node) {
      path.unshift(Array.from((n.parentNode as Node).childNodes).indexOf(n as ChildNode));
    }
    covered = target.cloneNode(true) as Element;
    const copy = path.reduce<Node>((at, i) => at.childNodes[i] as Node, covered);
    copy.parentNode?.removeChild(copy);
  }
  const digest = createHash('sha256').update(c14n(covered), 'utf8').digest();
  return digest.length === expected.length && timingSafeEqual(digest, expected);
}

function isInside(node: Node, ancestor: Node): boolean {
  for (let n = node.parentNode; n; n = n.parentNode) if (n === ancestor) return true;
  return false;
}

/** Another shape than ours: xml-crypto's general check on the document text. */
function checkWithXmlCrypto(
  xml: string,
  signature: Element,
  id: string,
  certificatePem: string,
  who: string,
) {
  const sig = new SignedXml({ publicCert: certificatePem });
  // Only `id` names an element in a COD: one scan for the reference instead of three (Id, ID, id).
  sig.idAttributes = ['id'];
  sig.loadSignature(signature);
  const refs = sig.getReferences();
  if (refs.length !== 1 || refs[0]?.uri !== `#${id}`) throw wrongReference(who, id);
  return sig.checkSignature(xml.replace(/^\uFEFF/, ''));
}

/**
 * Verifies one signature of a COD: the single element with `id=target` is what the one reference covers (no
 * wrapping), its digest and the signature value hold with the certificate in `KeyInfo`. Returns that certificate
 * (PEM) for the caller's trust, validity and CPF checks; the XMLDSig check alone trusts any embedded key. `doc`:
 * the same XML already parsed, when the caller checks both signatures or reads the document too.
 */
export function verifyCodSignature(xml: string, target: CodTarget, doc?: Document): string {
  return verifyPart(xml, COD_PARTS[target], doc);
}

/** Verifies the enveloped signature of one part (see verifyCodSignature); returns the signer's certificate (PEM). */
export function verifyPart(xml: string, part: SignedPart, doc: Document = parseCod(xml)): string {
  const { id: target, who } = part;
  const node = signatureNode(doc, part.parent);
  if (!node) throw new SignatureRefused(`O XML não tem a assinatura ${who} no lugar previsto.`);
  const withId = elementsWithId(doc, target);
  if (withId.length !== 1 || (withId[0] as Element).localName !== target) {
    throw new SignatureRefused(`O XML tem mais de um elemento ${target} ou ele está fora do lugar.`);
  }
  const texts = elementsByLocalName(node, 'X509Certificate')
    .map((element) => element.textContent ?? '')
    .filter((text) => text.trim());
  if (texts.length === 0) throw new SignatureRefused(`A assinatura ${who} não traz o certificado digital.`);
  // KeyInfo may carry the chain too, in any order (other signing tools put the CA first): the signer's certificate is
  // the one whose key verifies the signature.
  let readable = 0;
  for (const text of texts) {
    const certificatePem = pemOfBase64(text);
    let certificate: X509Certificate;
    try {
      certificate = x509Of(certificatePem);
    } catch {
      continue;
    }
    readable += 1;
    let valid = false;
    try {
      valid =
        checkOurProfile(node, withId[0] as Element, target, certificate, who) ??
        checkWithXmlCrypto(xml, node, target, certificatePem, who);
    } catch (err) {
      if (err instanceof SignatureRefused) throw err;
      valid = false;
    }
    if (valid) return certificatePem;
  }
  if (readable === 0) throw new SignatureRefused(`O certificado digital da assinatura ${who} é inválido.`);
  throw new SignatureRefused(
    `A assinatura ${who} não confere: o documento foi alterado depois de assinado ou a assinatura é inválida.`,
  );
}

/**
 * Whether `signed` is exactly `issued` plus the signature of `target` (a COD's part or another document's): what an
 * A3 signer posts back must be the document it was handed, so a valid signature over some other document is
 * refused. Both are compared as parsed and serialised again, with the new signature removed.
 */
export function isIssuedPlusSignature(
  signed: string,
  issued: string,
  target: CodTarget | SignedPart,
): boolean {
  const part = typeof target === 'string' ? COD_PARTS[target] : target;
  const doc = parseCod(signed);
  const node = signatureNode(doc, part.parent);
  if (!node) return false;
  node.parentNode?.removeChild(node);
  const serializer = new XMLSerializer();
  return (
    serializer.serializeToString(doc as unknown as XmlNode) ===
    serializer.serializeToString(parseCod(issued) as unknown as XmlNode)
  );
}
