import type { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * The glue between node:crypto's bytes and pkijs (RFC 3161, OCSP, CRLs, CMS): DER in and out, and the signature
 * algorithms pkijs names by OID as node:crypto's digest names. pkijs parses and builds; every signature is made or
 * checked here with node:crypto over the exact bytes received, never over a re-encoding.
 */

export const arrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** Thrown on bytes that are not the DER structure expected (callers turn it into their own refusal). */
export class MalformedDer extends Error {}

/** One DER value, all the bytes of it (trailing bytes are malformed too). */
export function parseDer(bytes: Uint8Array): asn1js.AsnType {
  const parsed = asn1js.fromBER(arrayBuffer(bytes));
  if (parsed.offset === -1 || parsed.offset !== bytes.byteLength) throw new MalformedDer(parsed.result.error);
  return parsed.result;
}

/** A pkijs structure from DER (`new Type({ schema })`), malformed input as MalformedDer. */
export function readDer<T>(Type: new (params: { schema: asn1js.AsnType }) => T, bytes: Uint8Array): T {
  try {
    return new Type({ schema: parseDer(bytes) });
  } catch (err) {
    throw err instanceof MalformedDer ? err : new MalformedDer((err as Error).message);
  }
}

/**
 * DER of a pkijs structure. `encode`: built here, so encoded from its fields (pkijs otherwise re-emits the bytes a
 * parsed structure came from, which is what a signature needs).
 */
export const derOf = (
  value: { toSchema(encodeFlag?: boolean): { toBER(sizeOnly?: boolean): ArrayBuffer } },
  encode = false,
): Buffer => Buffer.from(value.toSchema(encode).toBER(false));

export const pkiCertificate = (certificate: X509Certificate): pkijs.Certificate =>
  readDer(pkijs.Certificate, certificate.raw);

export const hex = (bytes: ArrayBuffer | Uint8Array): string =>
  Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).toString('hex');

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signaturePolicy: '1.2.840.113549.1.9.16.2.15',
  spUri: '1.2.840.113549.1.9.16.5.1',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
  ocspNoCheck: '1.3.6.1.5.5.7.48.1.5',
  accessOcsp: '1.3.6.1.5.5.7.48.1',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  crlDistributionPoints: '2.5.29.31',
  ekuTimeStamping: '1.3.6.1.5.5.7.3.8',
  ekuOcspSigning: '1.3.6.1.5.5.7.3.9',
} as const;

const DIGESTS: Record<string, string> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

/** node:crypto's name of a digest OID, or null for one we do not accept. */
export const digestName = (oid: string): string | null => DIGESTS[oid] ?? null;

const SIGNATURES: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

/**
 * The digest of a signature algorithm (RSA PKCS#1 v1.5 or ECDSA, as node:crypto verifies them); for a SignerInfo
 * that names plain rsaEncryption, its digest algorithm decides.
 */
export function signatureDigest(signatureOid: string, digestOid?: string): string | null {
  if (signatureOid === OID.rsaEncryption) return digestOid ? digestName(digestOid) : null;
  return SIGNATURES[signatureOid] ?? null;
}
