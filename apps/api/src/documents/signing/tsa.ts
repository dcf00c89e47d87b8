import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { arrayBuffer, derOf, MalformedDer, OID, parseDer, readDer } from './der';
import { SignatureRefused } from './errors';
import { ExchangeFailed, exchange } from './http';
import { readTimestampToken, type TimestampFacts } from './timestamp-token';

/**
 * The RFC 3161 client: a TimeStampReq for a SHA-256 digest (with a nonce and the TSA's certificate asked for) posted
 * to the configured authority (TSA_URL), with Basic credentials or a client certificate when it needs them. The
 * answer is accepted only if granted, for this digest and nonce, and signed by a time-stamping certificate.
 */

export type TsaSettings = {
  url: string;
  username?: string;
  password?: string;
  /** A PKCS#12 client certificate for TLS, when the authority authenticates clients so. */
  clientPfx?: Buffer;
  clientPassword?: string;
  /** The TSA policy to ask for (reqPolicy), when the authority has several. */
  policy?: string;
  timeoutMs: number;
};

export type Timestamp = TimestampFacts & {
  /** The TimeStampToken (a CMS ContentInfo), the bytes embedded in signatures and documents. */
  token: Buffer;
  /** The whole TimeStampResp as the authority sent it (served as `application/timestamp-reply`). */
  response: Buffer;
};

/** The authority could not be reached or did not grant a usable timestamp: issuance waits and tries again. */
export class TimestampUnavailable extends Error {}

export const sha256 = (data: Buffer[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of data) hash.update(part);
  return hash.digest();
};

function query(digest: Buffer, nonce: Buffer, policy?: string): Buffer {
  return derOf(
    new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        hashedMessage: new asn1js.OctetString({ valueHex: arrayBuffer(digest) }),
      }),
      ...(policy ? { reqPolicy: policy } : {}),
      nonce: new asn1js.Integer({ valueHex: arrayBuffer(nonce) }),
      certReq: true,
    }),
  );
}

/** A timestamp over `digest` (SHA-256 of the bytes to date) from the authority. */
export async function requestTimestamp(settings: TsaSettings, digest: Buffer): Promise<Timestamp> {
  // A positive nonce in minimal DER: its first byte non-zero with the high bit clear.
  const nonce = randomBytes(8);
  nonce[0] = ((nonce[0] ?? 0) & 0x7f) | 0x40;
  let body: Buffer;
  try {
    ({ body } = await exchange(settings.url, {
      method: 'POST',
      body: query(digest, nonce, settings.policy),
      contentType: 'application/timestamp-query',
      accept: 'application/timestamp-reply',
      timeoutMs: settings.timeoutMs,
      maxBytes: 256 * 1024,
      ...(settings.username
        ? { basic: { username: settings.username, password: settings.password ?? '' } }
        : {}),
      ...(settings.clientPfx
        ? { pfx: { bytes: settings.clientPfx, password: settings.clientPassword ?? '' } }
        : {}),
    }));
  } catch (err) {
    throw new TimestampUnavailable(
      `A autoridade de carimbo do tempo não respondeu: ${err instanceof ExchangeFailed ? err.message : String(err)}`,
    );
  }
  return acceptResponse(body, digest, nonce);
}

/** The TimeStampResp checked against the request; its token's bytes are taken as sent, never re-encoded. */
export function acceptResponse(body: Buffer, digest: Buffer, nonce: Buffer | null): Timestamp {
  let token: Buffer;
  let nonceSent: Buffer | null;
  try {
    const response = readDer(pkijs.TimeStampResp, body);
    const status = response.status.status;
    if (status !== 0 && status !== 1) {
      const text = response.status.statusStrings?.map((s) => s.valueBlock.value).join('; ');
      throw new TimestampUnavailable(
        `A autoridade de carimbo do tempo recusou o pedido (situação ${status}${text ? `: ${text}` : ''}).`,
      );
    }
    const outer = parseDer(body) as asn1js.Sequence;
    const tokenNode = outer.valueBlock.value[1];
    if (!tokenNode) throw new MalformedDer('resposta sem token');
    token = Buffer.from(tokenNode.valueBeforeDecodeView);
    const tst = readDer(
      pkijs.TSTInfo,
      Buffer.from(
        (
          new pkijs.SignedData({ schema: (response.timeStampToken as pkijs.ContentInfo).content })
            .encapContentInfo.eContent as asn1js.OctetString
        ).valueBlock.valueHexView,
      ),
    );
    nonceSent = tst.nonce ? Buffer.from(tst.nonce.valueBlock.valueHexView) : null;
  } catch (err) {
    if (err instanceof TimestampUnavailable) throw err;
    throw new TimestampUnavailable('A resposta da autoridade de carimbo do tempo está corrompida.');
  }
  let facts: TimestampFacts;
  try {
    facts = readTimestampToken(token);
  } catch (err) {
    throw new TimestampUnavailable(err instanceof SignatureRefused ? err.message : String(err));
  }
  if (facts.imprint.algorithm !== 'sha256' || !facts.imprint.digest.equals(digest)) {
    throw new TimestampUnavailable('A autoridade de carimbo do tempo datou outros dados que os enviados.');
  }
  if (nonce && !nonceSent?.equals(nonce)) {
    throw new TimestampUnavailable(
      'A resposta da autoridade de carimbo do tempo não é a deste pedido (nonce).',
    );
  }
  return { ...facts, token, response: body };
}
