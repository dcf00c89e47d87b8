import { createHash, type KeyObject, sign, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { SignatureRefused } from './errors';

/**
 * The CMS (RFC 5652) SignedData of a PAdES baseline signature: detached, SHA-256, RSA, with the signed attributes
 * content-type, message-digest and ESS signing-certificate-v2 (ETSI EN 319 122; the signing time is the PDF's /M,
 * not a CMS attribute). Built with node-forge's ASN.1 and signed with node:crypto (native RSA), all in memory.
 */

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

const U = asn1.Class.UNIVERSAL;
const CTX = asn1.Class.CONTEXT_SPECIFIC;
const T = asn1.Type;
const bin = (b: Buffer) => b.toString('binary');
const buf = (s: string) => Buffer.from(s, 'binary');
const seq = (items: Asn1[]) => asn1.create(U, T.SEQUENCE, true, items);
const set = (items: Asn1[]) => asn1.create(U, T.SET, true, items);
const oid = (id: string) => asn1.create(U, T.OID, false, asn1.oidToDer(id).getBytes());
const octets = (b: Buffer) => asn1.create(U, T.OCTETSTRING, false, bin(b));
const int = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const algorithm = (id: string) => seq([oid(id), asn1.create(U, T.NULL, false, '')]);
const der = (node: Asn1) => buf(asn1.toDer(node).getBytes());
// forge's typings miss fromDer's options; bit strings stay as they are (re-encoding must give the same bytes).
const fromDer = asn1.fromDer as unknown as (
  bytes: forge.util.ByteStringBuffer,
  options: { parseAllBytes: boolean; decodeBitStrings: boolean },
) => Asn1;
const parse = (bytes: Buffer, all = true) =>
  fromDer(forge.util.createBuffer(bin(bytes)), { parseAllBytes: all, decodeBitStrings: false });

/** A certificate's issuer Name and serial number, copied from its DER (re-encoding could change them). */
function issuerAndSerial(certDer: Buffer): Asn1 {
  const tbs = (parse(certDer).value as Asn1[])[0] as Asn1;
  const fields = tbs.value as Asn1[];
  const offset = fields[0]?.tagClass === CTX ? 1 : 0; // the optional [0] version
  return seq([fields[offset + 2] as Asn1, fields[offset] as Asn1]); // issuer Name, serialNumber
}

const attribute = (id: string, value: Asn1) => seq([oid(id), set([value])]);

/** The signed attributes as DER SET OF (sorted by encoding), the bytes the RSA signature covers. */
function signedAttributes(digest: Buffer, certDer: Buffer): { nodes: Asn1[]; der: Buffer } {
  const nodes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(digest)),
    // ESSCertIDv2 with SHA-256, the default algorithm, hence omitted.
    attribute(
      OID.signingCertificateV2,
      seq([seq([seq([octets(createHash('sha256').update(certDer).digest())])])]),
    ),
  ].sort((a, b) => Buffer.compare(der(a), der(b)));
  return { nodes, der: der(set(nodes)) };
}

export type CmsSigner = { key: KeyObject; certificate: X509Certificate; chain: X509Certificate[] };

/** DER of a detached CAdES SignedData over `content` (the PDF's byte ranges). */
export function signDetached(content: Buffer[], signer: CmsSigner): Buffer {
  const hash = createHash('sha256');
  for (const part of content) hash.update(part);
  const certDer = signer.certificate.raw;
  const attrs = signedAttributes(hash.digest(), certDer);
  const signature = sign('sha256', attrs.der, signer.key);
  const signerInfo = seq([
    int(1),
    issuerAndSerial(certDer),
    algorithm(OID.sha256),
    asn1.create(CTX, 0, true, attrs.nodes),
    algorithm(OID.rsaEncryption),
    octets(signature),
  ]);
  const certificates = [signer.certificate, ...signer.chain].map((c) => parse(c.raw));
  const signedData = seq([
    int(1),
    set([algorithm(OID.sha256)]),
    seq([oid(OID.data)]),
    asn1.create(CTX, 0, true, certificates),
    set([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), asn1.create(CTX, 0, true, [signedData])]));
}

const refused = () =>
  new SignatureRefused('A assinatura do PDF não confere: o arquivo foi alterado depois de assinado.');

const oidOf = (node: Asn1 | undefined) => (node?.type === T.OID ? asn1.derToOid(node.value as string) : '');

/**
 * Checks a detached SignedData against the signed content: one signer, SHA-256, the message digest, the
 * signing-certificate-v2 hash and the RSA signature. Returns the signer's certificate for the trust checks.
 */
export function verifyDetached(cms: Buffer, content: Buffer[]): X509Certificate {
  let root: Asn1;
  try {
    root = parse(cms, false);
  } catch {
    throw new SignatureRefused('A assinatura do PDF está corrompida.');
  }
  const [type, wrapped] = (root.value as Asn1[]) ?? [];
  const signedData = (wrapped?.value as Asn1[] | undefined)?.[0];
  if (oidOf(type) !== OID.signedData || !signedData) throw refused();
  const parts = signedData.value as Asn1[];
  const certificates = parts
    .filter((p) => p.tagClass === CTX && p.type === 0)
    .flatMap((p) => p.value as Asn1[])
    .map((c) => new X509Certificate(der(c)));
  const signerInfos = (parts[parts.length - 1]?.value as Asn1[] | undefined) ?? [];
  if (signerInfos.length !== 1) throw refused();
  const info = (signerInfos[0] as Asn1).value as Asn1[];
  const [, sid, digestAlgorithm, attrs, , signatureValue] = info;
  if (!sid || !attrs || attrs.tagClass !== CTX || !signatureValue) throw refused();
  if (oidOf((digestAlgorithm?.value as Asn1[] | undefined)?.[0]) !== OID.sha256) {
    throw new SignatureRefused('A assinatura do PDF usa um algoritmo não aceito (exige-se SHA-256).');
  }
  const sidDer = der(sid);
  const certificate = certificates.find((c) => der(issuerAndSerial(c.raw)).equals(sidDer));
  if (!certificate) throw new SignatureRefused('A assinatura do PDF não traz o certificado digital.');

  const values = new Map<string, Asn1 | undefined>();
  for (const a of attrs.value as Asn1[]) {
    const [id, valueSet] = a.value as Asn1[];
    values.set(oidOf(id), (valueSet?.value as Asn1[] | undefined)?.[0]);
  }
  const hash = createHash('sha256');
  for (const part of content) hash.update(part);
  const digest = values.get(OID.messageDigest)?.value;
  if (typeof digest !== 'string' || !buf(digest).equals(hash.digest())) throw refused();
  // signing-certificate-v2: certs[0].certHash binds the signature to this very certificate.
  const essCert = (
    (
      (values.get(OID.signingCertificateV2)?.value as Asn1[] | undefined)?.[0]?.value as Asn1[] | undefined
    )?.[0]?.value as Asn1[] | undefined
  )?.find((n) => n.type === T.OCTETSTRING)?.value;
  if (
    typeof essCert !== 'string' ||
    !buf(essCert).equals(createHash('sha256').update(certificate.raw).digest())
  ) {
    throw new SignatureRefused('A assinatura do PDF não identifica o certificado que a produziu.');
  }
  // The signature covers the attributes re-tagged as a universal SET.
  const signed = der(set(attrs.value as Asn1[]));
  if (!verify('sha256', signed, certificate.publicKey, buf(signatureValue.value as string))) throw refused();
  return certificate;
}
