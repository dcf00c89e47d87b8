import { X509Certificate } from 'node:crypto';
import { type CodTarget, signEnveloped } from '@origem/signer/xmldsig';
import { DOMParser, XMLSerializer, type Node as XmlNode } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { pemOfBase64 } from './certificate';
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
