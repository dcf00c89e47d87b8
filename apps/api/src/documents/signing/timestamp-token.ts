import { createHash, type X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { checkChain } from './certificate';
import { digestName, MalformedDer, OID, readDer } from './der';
import { SignatureRefused } from './errors';
import { CmsCheckFailed, checkSigner, encapsulated, readSignedData } from './signed-data';

/**
 * RFC 3161 time-stamp tokens (a SignedData whose content is a TSTInfo), read and checked: the imprint is the
 * digest of the bytes the token claims to date, the TSA's signature holds, its certificate is a time-stamping one
 * (extended key usage id-kp-timeStamping) and chains to the trust list at the token's time.
 */

export type TimestampFacts = {
  /** When the authority says the bytes existed. */
  genTime: Date;
  /** The authority, as its certificate names it (its common name, else the whole subject). */
  authority: string;
  serial: string;
  policy: string;
  imprint: { algorithm: string; digest: Buffer };
  certificate: X509Certificate;
  /** The certificates the token carries (the TSA's and, usually, its chain). */
  certificates: X509Certificate[];
};

const refused = (message: string) => new SignatureRefused(message);

export const commonNameOf = (certificate: X509Certificate) =>
  /(?:^|\n)CN=([^\n]+)/.exec(certificate.subject)?.[1] ?? certificate.subject.replace(/\n/g, ', ');

/** Parses and checks the token's own signature (not yet what it dates, nor its trust). */
export function readTimestampToken(token: Uint8Array): TimestampFacts {
  let read: ReturnType<typeof readSignedData>;
  let tstInfo: pkijs.TSTInfo;
  try {
    read = readSignedData(token);
    if (read.signedData.encapContentInfo.eContentType !== OID.tstInfo)
      throw new MalformedDer('não é TSTInfo');
    const content = encapsulated(read.signedData);
    tstInfo = readDer(pkijs.TSTInfo, content);
    const signer = checkSigner(read, [content], { requireEss: true });
    const algorithm = digestName(tstInfo.messageImprint.hashAlgorithm.algorithmId);
    if (!algorithm) throw new CmsCheckFailed('algorithm');
    if (!signer.certificate.keyUsage?.includes(OID.ekuTimeStamping)) {
      throw refused('O carimbo do tempo não foi assinado por um certificado de carimbo do tempo.');
    }
    return {
      genTime: tstInfo.genTime,
      authority: commonNameOf(signer.certificate),
      serial: Buffer.from(tstInfo.serialNumber.valueBlock.valueHexView).toString('hex'),
      policy: tstInfo.policy,
      imprint: {
        algorithm,
        digest: Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView),
      },
      certificate: signer.certificate,
      certificates: read.certificates,
    };
  } catch (err) {
    if (err instanceof SignatureRefused) throw err;
    if (err instanceof CmsCheckFailed && err.failure !== 'malformed') {
      throw refused('A assinatura do carimbo do tempo não confere.');
    }
    throw refused('O carimbo do tempo está corrompido.');
  }
}

/** The digest the token's imprint must equal for `data` (its parts concatenated). */
export function imprintOf(facts: TimestampFacts, data: Buffer[]): Buffer {
  const hash = createHash(facts.imprint.algorithm);
  for (const part of data) hash.update(part);
  return hash.digest();
}

/**
 * The whole check of a token dating `data`: its signature, its imprint over these very bytes, and the TSA's
 * certificate chaining to `trust` at the token's time. Throws a refusal in Portuguese; returns the token's facts.
 */
export function checkTimestampToken(
  token: Uint8Array,
  data: Buffer[],
  trust: X509Certificate[],
): TimestampFacts {
  const facts = readTimestampToken(token);
  if (!imprintOf(facts, data).equals(facts.imprint.digest)) {
    throw refused('O carimbo do tempo foi emitido para outros dados: não corresponde a este documento.');
  }
  try {
    checkChain(facts.certificate.toString(), { trust, at: facts.genTime });
  } catch {
    throw refused(
      `A autoridade de carimbo do tempo (${facts.authority}) não é confiável ou não estava válida na data do carimbo.`,
    );
  }
  return facts;
}
