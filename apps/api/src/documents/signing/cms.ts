import { createHash, createPrivateKey, type KeyObject, sign, type X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { arrayBuffer, OID, parseDer, pkiCertificate } from './der';
import { SignatureRefused } from './errors';
import { CmsCheckFailed, checkSigner, readSignedData } from './signed-data';

/**
 * The CMS (RFC 5652) SignedData of a PAdES signature (ETSI EN 319 122 / 319 142): detached, SHA-256, RSA, with the
 * signed attributes content-type, message-digest, ESS signing-certificate-v2 and, where the product claims one,
 * the signature policy identifier (ICP-Brasil DOC-ICP-15.03: AD-RB's attributes; with the signature timestamp,
 * AD-RT). Never a signing-time attribute: PAdES baseline forbids it (the time is the PDF's /M and, proven, the
 * timestamp). The signature timestamp (RFC 3161 over the signature value) is the one unsigned attribute.
 * Structures are pkijs's; the signature value comes from the signer's `sign`, whatever holds the key.
 */

export type CmsSigner = {
  certificate: X509Certificate;
  /** The issuers above it, embedded for verifiers (intermediates and root). */
  chain: X509Certificate[];
  /** RSA PKCS#1 v1.5 with SHA-256 over `data`: a key in memory, a token, a remote signing service. */
  sign(data: Buffer): Promise<Buffer>;
};

/** A signer whose key is in this process's memory (an A1, the entity's seal). */
export function keySigner(
  key: KeyObject | string,
  certificate: X509Certificate,
  chain: X509Certificate[],
): CmsSigner {
  const privateKey = typeof key === 'string' ? createPrivateKey(key) : key;
  return { certificate, chain, sign: async (data) => sign('sha256', data, privateKey) };
}

/** A signature policy (id-aa-ets-sigPolicyId): its OID, the SHA-256 of its document, and where it is published. */
export type SignaturePolicy = { oid: string; hash: Buffer; uri?: string };

export type DetachedOptions = {
  policy?: SignaturePolicy;
  /** The signature timestamp's token for the signature value (its imprint is SHA-256 of those bytes). */
  timestamp?: (signatureValue: Buffer) => Promise<Buffer>;
};

const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
const octets = (bytes: Buffer) => new asn1js.OctetString({ valueHex: arrayBuffer(bytes) });
const sha256Algorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 });

/** ESSCertIDv2 (SHA-256, the default algorithm, so omitted) with the issuer and serial of the certificate. */
function signingCertificateV2(certificate: X509Certificate): asn1js.Sequence {
  const pki = pkiCertificate(certificate);
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: pki.issuer })] }),
    serialNumber: pki.serialNumber,
  });
  const certId = new asn1js.Sequence({
    value: [octets(createHash('sha256').update(certificate.raw).digest()), issuerSerial.toSchema()],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [certId] })] });
}

function policyIdentifier(policy: SignaturePolicy): asn1js.Sequence {
  return new asn1js.Sequence({
    value: [
      new asn1js.ObjectIdentifier({ value: policy.oid }),
      new asn1js.Sequence({ value: [sha256Algorithm().toSchema(), octets(policy.hash)] }),
      ...(policy.uri
        ? [
            new asn1js.Sequence({
              value: [
                new asn1js.Sequence({
                  value: [
                    new asn1js.ObjectIdentifier({ value: OID.spUri }),
                    new asn1js.IA5String({ value: policy.uri }),
                  ],
                }),
              ],
            }),
          ]
        : []),
    ],
  });
}

const berOf = (a: pkijs.Attribute) => Buffer.from(a.toSchema().toBER(false));

/** DER of a detached SignedData over `content` (the PDF's byte ranges). */
export async function signDetached(
  content: Buffer[],
  signer: CmsSigner,
  options: DetachedOptions = {},
): Promise<Buffer> {
  const hash = createHash('sha256');
  for (const part of content) hash.update(part);
  // DER's SET OF: the attributes in the order of their encodings.
  const signedAttributes = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
    attribute(OID.messageDigest, octets(hash.digest())),
    attribute(OID.signingCertificateV2, signingCertificateV2(signer.certificate)),
    ...(options.policy ? [attribute(OID.signaturePolicy, policyIdentifier(options.policy))] : []),
  ].sort((a, b) => Buffer.compare(berOf(a), berOf(b)));
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: signedAttributes });
  const toSign = Buffer.from(signedAttrs.toSchema().toBER(false));
  toSign[0] = 0x31; // signed as a universal SET, embedded as [0] IMPLICIT
  const signatureValue = await signer.sign(toSign);
  const pki = pkiCertificate(signer.certificate);
  const info = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: pki.issuer, serialNumber: pki.serialNumber }),
    digestAlgorithm: sha256Algorithm(),
    signedAttrs,
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: OID.rsaEncryption,
      algorithmParams: new asn1js.Null(),
    }),
    signature: octets(signatureValue),
  });
  if (options.timestamp) {
    const token = await options.timestamp(signatureValue);
    info.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [attribute(OID.timeStampToken, parseDer(token))],
    });
  }
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    digestAlgorithms: [sha256Algorithm()],
    certificates: [signer.certificate, ...signer.chain].map(pkiCertificate),
    signerInfos: [info],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: signedData.toSchema(true),
  });
  return Buffer.from(contentInfo.toSchema().toBER(false));
}

export type VerifiedCms = {
  certificate: X509Certificate;
  /** Every certificate the CMS carries (the signer's chain, for the report and the DSS). */
  certificates: X509Certificate[];
  signatureValue: Buffer;
  /** The signature timestamp's token as embedded, not yet checked. */
  timestampToken: Buffer | null;
  policy: { oid: string; hash: Buffer } | null;
  /** A CMS signing-time attribute (PAdES baseline forbids it; reported, not refused). */
  signingTime: Date | null;
};

const FAILURES: Record<string, string> = {
  malformed: 'A assinatura do PDF está corrompida.',
  algorithm: 'A assinatura do PDF usa um algoritmo não aceito (exige-se SHA-256 ou superior).',
  certificate: 'A assinatura do PDF não traz o certificado digital.',
  ess: 'A assinatura do PDF não identifica o certificado que a produziu.',
  digest: 'A assinatura do PDF não confere: o arquivo foi alterado depois de assinado.',
  signature: 'A assinatura do PDF não confere: o arquivo foi alterado depois de assinado.',
};

/**
 * Checks a detached SignedData against the signed content: one signer, the message digest, the
 * signing-certificate-v2 hash and the signature value. Returns what a verifier reports next (trust, timestamp,
 * policy); throws a refusal in Portuguese.
 */
export function verifyDetached(cms: Buffer, content: Buffer[]): VerifiedCms {
  try {
    const read = readSignedData(cms);
    const signer = checkSigner(read, content, { requireEss: true });
    const token = signer.unsigned.get(OID.timeStampToken)?.[0];
    const policy = signer.signed.get(OID.signaturePolicy)?.[0];
    const time = signer.signed.get(OID.signingTime)?.[0];
    let policyFacts: VerifiedCms['policy'] = null;
    if (policy instanceof asn1js.Sequence) {
      const [id, hash] = policy.valueBlock.value;
      const value = hash instanceof asn1js.Sequence ? hash.valueBlock.value[1] : undefined;
      if (id instanceof asn1js.ObjectIdentifier) {
        policyFacts = {
          oid: id.valueBlock.toString(),
          hash:
            value instanceof asn1js.OctetString
              ? Buffer.from(value.valueBlock.valueHexView)
              : Buffer.alloc(0),
        };
      }
    }
    return {
      certificate: signer.certificate,
      certificates: read.certificates,
      signatureValue: signer.signatureValue,
      timestampToken: token ? Buffer.from(token.valueBeforeDecodeView) : null,
      policy: policyFacts,
      signingTime:
        time instanceof asn1js.UTCTime || time instanceof asn1js.GeneralizedTime ? time.toDate() : null,
    };
  } catch (err) {
    if (err instanceof CmsCheckFailed)
      throw new SignatureRefused(FAILURES[err.failure] ?? FAILURES.malformed);
    throw new SignatureRefused(FAILURES.malformed as string);
  }
}
