import { createHash, verify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { digestName, MalformedDer, OID, readDer, signatureDigest } from './der';

/**
 * One signer of a CMS SignedData checked as RFC 5652 §5.4 says, shared by the PDF's signature and the RFC 3161
 * tokens: the content's digest equals the signed message-digest attribute, the signature value holds over the
 * signed attributes as a DER SET (the bytes received, re-tagged, never re-encoded), with the key of the certificate
 * the signer identifier names, and the ESS signing-certificate(-v2) attribute, when present, hashes to that very
 * certificate. What failed is a code; each caller words its own refusal.
 */

export type CmsFailure = 'malformed' | 'algorithm' | 'digest' | 'signature' | 'certificate' | 'ess';

export class CmsCheckFailed extends Error {
  constructor(readonly failure: CmsFailure) {
    super(failure);
  }
}

export type ReadSignedData = { signedData: pkijs.SignedData; certificates: X509Certificate[] };

/** A ContentInfo holding a SignedData, and its certificates as node:crypto reads them. */
export function readSignedData(der: Uint8Array): ReadSignedData {
  let signedData: pkijs.SignedData;
  try {
    const info = readDer(pkijs.ContentInfo, der);
    if (info.contentType !== OID.signedData) throw new CmsCheckFailed('malformed');
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch (err) {
    if (err instanceof CmsCheckFailed) throw err;
    throw new CmsCheckFailed('malformed');
  }
  const certificates = (signedData.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER(false))));
  return { signedData, certificates };
}

/** The values of each attribute (signed or unsigned) by OID. */
export function attributesOf(
  attrs: pkijs.SignedAndUnsignedAttributes | undefined,
): Map<string, asn1js.AsnType[]> {
  const map = new Map<string, asn1js.AsnType[]>();
  for (const a of attrs?.attributes ?? []) map.set(a.type, a.values as asn1js.AsnType[]);
  return map;
}

const octets = (value: asn1js.AsnType | undefined): Buffer | null =>
  value instanceof asn1js.OctetString ? Buffer.from(value.valueBlock.valueHexView) : null;

/** The certificate a SignerInfo identifies (issuer and serial, or subject key identifier). */
function signerCertificate(info: pkijs.SignerInfo, certificates: X509Certificate[]): X509Certificate | null {
  const sid = info.sid as pkijs.IssuerAndSerialNumber | asn1js.Constructed;
  for (const certificate of certificates) {
    const pki = readDer(pkijs.Certificate, certificate.raw);
    if (sid instanceof pkijs.IssuerAndSerialNumber) {
      if (pki.issuer.isEqual(sid.issuer) && pki.serialNumber.isEqual(sid.serialNumber)) return certificate;
    } else {
      const ski = pki.extensions?.find((e) => e.extnID === '2.5.29.14')?.parsedValue as asn1js.OctetString;
      const wanted = (sid as asn1js.Constructed).valueBlock?.value?.[0];
      const keyId = wanted instanceof asn1js.Primitive ? Buffer.from(wanted.valueBlock.valueHexView) : null;
      if (ski && keyId && Buffer.from(ski.valueBlock.valueHexView).equals(keyId)) return certificate;
    }
  }
  return null;
}

/** ESS: the first certificate identifier's hash (v2: its algorithm, SHA-256 by default; v1: SHA-1). */
function essHash(attributes: Map<string, asn1js.AsnType[]>): { algorithm: string; hash: Buffer } | null {
  const v2 = attributes.get(OID.signingCertificateV2)?.[0];
  const v1 = attributes.get('1.2.840.113549.1.9.16.2.12')?.[0];
  const attr = v2 ?? v1;
  if (!(attr instanceof asn1js.Sequence)) return null;
  const certs = attr.valueBlock.value[0];
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : null;
  if (!(first instanceof asn1js.Sequence)) return null;
  const [a, b] = first.valueBlock.value;
  if (!v2) return octets(a) ? { algorithm: 'sha1', hash: octets(a) as Buffer } : null;
  if (a instanceof asn1js.Sequence) {
    const oid = a.valueBlock.value[0];
    const name = oid instanceof asn1js.ObjectIdentifier ? digestName(oid.valueBlock.toString()) : null;
    const hash = octets(b);
    return name && hash ? { algorithm: name, hash } : null;
  }
  const hash = octets(a);
  return hash ? { algorithm: 'sha256', hash } : null;
}

export type CheckedSigner = {
  certificate: X509Certificate;
  info: pkijs.SignerInfo;
  signed: Map<string, asn1js.AsnType[]>;
  unsigned: Map<string, asn1js.AsnType[]>;
  /** The signature value, what a signature timestamp's imprint covers. */
  signatureValue: Buffer;
};

/**
 * Checks the one SignerInfo of `signedData` over `content` (the detached content's parts, or the encapsulated
 * content for a token). Throws CmsCheckFailed naming what failed.
 */
export function checkSigner(
  read: ReadSignedData,
  content: Buffer[],
  options: { requireEss: boolean },
): CheckedSigner {
  const { signedData, certificates } = read;
  if (signedData.signerInfos.length !== 1) throw new CmsCheckFailed('malformed');
  const info = signedData.signerInfos[0] as pkijs.SignerInfo;
  const digest = digestName(info.digestAlgorithm.algorithmId);
  const signatureHash = signatureDigest(
    info.signatureAlgorithm.algorithmId,
    info.digestAlgorithm.algorithmId,
  );
  if (!digest || !signatureHash || digest === 'sha1') throw new CmsCheckFailed('algorithm');
  const certificate = signerCertificate(info, certificates);
  if (!certificate) throw new CmsCheckFailed('certificate');
  if (!info.signedAttrs) throw new CmsCheckFailed('malformed');
  const signed = attributesOf(info.signedAttrs);
  const hash = createHash(digest);
  for (const part of content) hash.update(part);
  const expected = octets(signed.get(OID.messageDigest)?.[0]);
  if (!expected?.equals(hash.digest())) throw new CmsCheckFailed('digest');
  // The signature covers the attributes as received, their [0] IMPLICIT tag read as a universal SET.
  const attrsDer = Buffer.from(new Uint8Array(info.signedAttrs.encodedValue));
  if (attrsDer.length === 0) throw new CmsCheckFailed('malformed');
  attrsDer[0] = 0x31;
  const signatureValue = Buffer.from(info.signature.valueBlock.valueHexView);
  let holds = false;
  try {
    holds = verify(signatureHash, attrsDer, certificate.publicKey, signatureValue);
  } catch {
    holds = false;
  }
  if (!holds) throw new CmsCheckFailed('signature');
  const ess = essHash(signed);
  if (ess) {
    if (!createHash(ess.algorithm).update(certificate.raw).digest().equals(ess.hash)) {
      throw new CmsCheckFailed('ess');
    }
  } else if (options.requireEss) {
    throw new CmsCheckFailed('ess');
  }
  return { certificate, info, signed, unsigned: attributesOf(info.unsignedAttrs), signatureValue };
}

/** The encapsulated content of a SignedData (a token's TSTInfo), as received. */
export function encapsulated(signedData: pkijs.SignedData): Buffer {
  const content = signedData.encapContentInfo.eContent;
  if (!content) throw new MalformedDer('sem conteúdo encapsulado');
  // A constructed (BER) OCTET STRING is read as its parts concatenated.
  if (content.idBlock.isConstructed) {
    return Buffer.concat(
      (content.valueBlock.value as asn1js.OctetString[]).map((p) => Buffer.from(p.valueBlock.valueHexView)),
    );
  }
  return Buffer.from(content.valueBlock.valueHexView);
}
