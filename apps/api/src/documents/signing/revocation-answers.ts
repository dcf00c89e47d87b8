import { createHash, verify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { arrayBuffer, derOf, OID, pkiCertificate, readDer, signatureDigest } from './der';

/**
 * OCSP answers (RFC 6960) and CRLs (RFC 5280) read and checked against the certificate they speak of and its
 * issuer: the answer's signature (by the issuer, or an OCSP responder the issuer delegated with id-kp-OCSPSigning),
 * which certificate it covers, and what it says of it. Parsing is pkijs's; each signature is checked here with
 * node:crypto over the bytes received.
 */

export type RevocationKind = 'ocsp' | 'crl';

/** What an answer says of one certificate. */
export type AnswerStatus =
  | { status: 'good' }
  | { status: 'revoked'; revokedAt: Date }
  | { status: 'unknown' };

export type ReadAnswer = AnswerStatus & { thisUpdate: Date; nextUpdate: Date | null };

/** An answer that cannot be used: malformed, not signed by whom it must be, or about another certificate. */
export class UnusableAnswer extends Error {}

const buf = (view: Uint8Array | ArrayBuffer) =>
  Buffer.from(view instanceof ArrayBuffer ? new Uint8Array(view) : view);
/** A serial number's digits without leading zeros (DER may carry one for the sign). */
const serialOf = (integer: asn1js.Integer) =>
  buf(integer.valueBlock.valueHexView)
    .toString('hex')
    .replace(/^(00)+/, '');

function holds(algorithmId: string, data: Uint8Array, key: X509Certificate, signature: Uint8Array): boolean {
  const digest = signatureDigest(algorithmId);
  if (!digest) return false;
  try {
    return verify(digest, data, key.publicKey, signature);
  } catch {
    return false;
  }
}

/** The OCSP request for `certificate` (CertID with SHA-1 hashes, as responders universally accept). */
export function ocspRequest(certificate: X509Certificate, issuer: X509Certificate): Buffer {
  return derOf(
    new pkijs.OCSPRequest({
      tbsRequest: new pkijs.TBSRequest({
        requestList: [new pkijs.Request({ reqCert: certId(certificate, issuer) })],
      }),
    }),
    true,
  );
}

/** A key for the certificate an OCSP answer speaks of: its issuer key hash and serial. */
export function ocspKey(certificate: X509Certificate, issuer: X509Certificate): string {
  const id = certId(certificate, issuer);
  return `${buf(id.issuerKeyHash.valueBlock.valueHexView).toString('hex')}:${serialOf(id.serialNumber)}`;
}

function certId(
  certificate: X509Certificate,
  issuer: X509Certificate,
  hash = 'sha1',
  oid: string = OID.sha1,
) {
  const cert = pkiCertificate(certificate);
  const ca = pkiCertificate(issuer);
  const digest = (bytes: Uint8Array) => createHash(hash).update(bytes).digest();
  return new pkijs.CertID({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: oid, algorithmParams: new asn1js.Null() }),
    issuerNameHash: new asn1js.OctetString({
      valueHex: arrayBuffer(digest(new Uint8Array(ca.subject.toSchema().toBER(false)))),
    }),
    issuerKeyHash: new asn1js.OctetString({
      valueHex: arrayBuffer(digest(ca.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)),
    }),
    serialNumber: cert.serialNumber,
  });
}

/** Reads an OCSP response about `certificate`; throws UnusableAnswer when it cannot be relied on. */
export function readOcsp(der: Uint8Array, certificate: X509Certificate, issuer: X509Certificate): ReadAnswer {
  let basic: pkijs.BasicOCSPResponse;
  try {
    const response = readDer(pkijs.OCSPResponse, der);
    if (response.responseStatus.valueBlock.valueDec !== 0 || !response.responseBytes) {
      throw new UnusableAnswer(
        `o respondedor OCSP recusou o pedido (${response.responseStatus.valueBlock.valueDec})`,
      );
    }
    if (response.responseBytes.responseType !== OID.ocspBasic)
      throw new UnusableAnswer('resposta OCSP de outro tipo');
    basic = readDer(pkijs.BasicOCSPResponse, response.responseBytes.response.valueBlock.valueHexView);
  } catch (err) {
    if (err instanceof UnusableAnswer) throw err;
    throw new UnusableAnswer('resposta OCSP corrompida');
  }
  const tbs = basic.tbsResponseData.tbsView;
  const signature = basic.signature.valueBlock.valueHexView;
  const algorithm = basic.signatureAlgorithm.algorithmId;
  const embedded = (basic.certs ?? []).map((c) => new X509Certificate(derOf(c)));
  // The issuer itself, or a responder it certified for OCSP signing (RFC 6960 §4.2.2.2).
  const signedByIssuer = holds(algorithm, tbs, issuer, signature);
  const delegate = signedByIssuer
    ? null
    : embedded.find(
        (c) =>
          c.checkIssued(issuer) &&
          c.verify(issuer.publicKey) &&
          c.keyUsage?.includes(OID.ekuOcspSigning) &&
          holds(algorithm, tbs, c, signature),
      );
  if (!signedByIssuer && !delegate)
    throw new UnusableAnswer('a resposta OCSP não foi assinada pelo emissor do certificado');
  const wanted = serialOf(pkiCertificate(certificate).serialNumber);
  for (const single of basic.tbsResponseData.responses) {
    if (serialOf(single.certID.serialNumber) !== wanted) continue;
    const hashOid = single.certID.hashAlgorithm.algorithmId;
    const hashName = hashOid === OID.sha1 ? 'sha1' : hashOid === OID.sha256 ? 'sha256' : null;
    if (!hashName) continue;
    const expected = certId(certificate, issuer, hashName, hashOid);
    if (
      !buf(single.certID.issuerKeyHash.valueBlock.valueHexView).equals(
        buf(expected.issuerKeyHash.valueBlock.valueHexView),
      ) ||
      !buf(single.certID.issuerNameHash.valueBlock.valueHexView).equals(
        buf(expected.issuerNameHash.valueBlock.valueHexView),
      )
    ) {
      continue;
    }
    const times = { thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate ?? null };
    const status = single.certStatus as asn1js.BaseBlock;
    // CertStatus: good [0] IMPLICIT NULL, revoked [1] IMPLICIT RevokedInfo, unknown [2] IMPLICIT NULL.
    if (status.idBlock.tagClass === 3 && status.idBlock.tagNumber === 0) return { status: 'good', ...times };
    if (status.idBlock.tagClass === 3 && status.idBlock.tagNumber === 1) {
      const time = (status as asn1js.Constructed).valueBlock.value[0] as asn1js.GeneralizedTime;
      return { status: 'revoked', revokedAt: time.toDate(), ...times };
    }
    return { status: 'unknown', ...times };
  }
  throw new UnusableAnswer('a resposta OCSP não fala deste certificado');
}

/** Reads a CRL issued by `issuer` for `certificate`; throws UnusableAnswer when it cannot be relied on. */
export function readCrl(der: Uint8Array, certificate: X509Certificate, issuer: X509Certificate): ReadAnswer {
  let crl: pkijs.CertificateRevocationList;
  try {
    crl = readDer(pkijs.CertificateRevocationList, der);
  } catch {
    throw new UnusableAnswer('LCR corrompida');
  }
  const cert = pkiCertificate(certificate);
  if (!crl.issuer.isEqual(cert.issuer)) throw new UnusableAnswer('a LCR é de outro emissor');
  if (
    !holds(
      crl.signatureAlgorithm.algorithmId,
      crl.tbsView,
      issuer,
      crl.signatureValue.valueBlock.valueHexView,
    )
  ) {
    throw new UnusableAnswer('a assinatura da LCR não confere');
  }
  const times = { thisUpdate: crl.thisUpdate.value, nextUpdate: crl.nextUpdate?.value ?? null };
  const wanted = serialOf(cert.serialNumber);
  const entry = crl.revokedCertificates?.find((r) => serialOf(r.userCertificate) === wanted);
  return entry
    ? { status: 'revoked', revokedAt: entry.revocationDate.value, ...times }
    : { status: 'good', ...times };
}

/** The answer's validity, for the cache: when it was made and until when it may be relied on. */
export function answerTimes(
  kind: RevocationKind,
  der: Uint8Array,
  certificate: X509Certificate,
  issuer: X509Certificate,
) {
  return kind === 'ocsp' ? readOcsp(der, certificate, issuer) : readCrl(der, certificate, issuer);
}

/** The OCSP responders (AIA) and CRL distribution points a certificate names, as it names them (http only). */
export function revocationAddresses(certificate: X509Certificate): { ocsp: string[]; crl: string[] } {
  const cert = pkiCertificate(certificate);
  const ocsp: string[] = [];
  const crl: string[] = [];
  for (const extension of cert.extensions ?? []) {
    if (extension.extnID === OID.authorityInfoAccess) {
      const access = extension.parsedValue as pkijs.InfoAccess;
      for (const d of access.accessDescriptions ?? []) {
        if (d.accessMethod === OID.accessOcsp && d.accessLocation.type === 6)
          ocsp.push(String(d.accessLocation.value));
      }
    }
    if (extension.extnID === OID.crlDistributionPoints) {
      const points = extension.parsedValue as pkijs.CRLDistributionPoints;
      for (const point of points.distributionPoints ?? []) {
        const names = Array.isArray(point.distributionPoint) ? point.distributionPoint : [];
        for (const name of names as pkijs.GeneralName[]) if (name.type === 6) crl.push(String(name.value));
      }
    }
  }
  const http = (url: string) => /^https?:\/\//i.test(url);
  return { ocsp: ocsp.filter(http), crl: crl.filter(http) };
}
