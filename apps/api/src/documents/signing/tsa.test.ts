import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opensslVerifiesToken } from '../../test/long-term-tools';
import { type LoopbackPki, startLoopbackPki } from '../../test/loopback-pki';
import { acceptResponse, requestTimestamp, sha256, TimestampUnavailable } from './tsa';

/** The RFC 3161 client against OpenSSL's `ts -reply` (the loopback PKI's TSA). */

let pki: LoopbackPki;
beforeAll(async () => {
  pki = await startLoopbackPki();
});
afterAll(() => pki.close());

const data = Buffer.from('<COD>bytes exatos</COD>');
const unavailable = (work: Promise<unknown>) =>
  work.then(
    () => '',
    (err: Error) => (err instanceof TimestampUnavailable ? err.message : `outro erro: ${err.message}`),
  );

describe('requestTimestamp', () => {
  it('gets a token OpenSSL verifies over the same bytes, naming the authority and its time', async () => {
    const before = Date.now() - 2000;
    const timestamp = await requestTimestamp({ url: pki.tsaUrl, timeoutMs: 5000 }, sha256([data]));
    expect(timestamp.authority).toBe('ACT Teste Loopback');
    expect(timestamp.genTime.getTime()).toBeGreaterThanOrEqual(before);
    expect((await opensslVerifiesToken(timestamp.token, { data }, pki.trustPem)).output).toContain(
      'Verification: OK',
    );
    expect(
      (await opensslVerifiesToken(timestamp.response, { data }, pki.trustPem, 'reply')).output,
    ).toContain('Verification: OK');
  });

  it('sends Basic credentials when the authority asks for them', async () => {
    pki.settings.tsaAuth = { user: 'origem', password: 'segredo-da-act' };
    try {
      expect(
        await unavailable(requestTimestamp({ url: pki.tsaUrl, timeoutMs: 5000 }, sha256([data]))),
      ).toMatch(/HTTP 401/);
      const settings = { url: pki.tsaUrl, timeoutMs: 5000, username: 'origem', password: 'segredo-da-act' };
      expect((await requestTimestamp(settings, sha256([data]))).authority).toBe('ACT Teste Loopback');
    } finally {
      pki.settings.tsaAuth = null;
    }
  });

  it('is unavailable when the authority is down or silent, never hanging', async () => {
    pki.settings.tsaDown = true;
    try {
      expect(
        await unavailable(requestTimestamp({ url: pki.tsaUrl, timeoutMs: 5000 }, sha256([data]))),
      ).toMatch(/HTTP 503/);
    } finally {
      pki.settings.tsaDown = false;
    }
    // A port nobody listens on.
    expect(
      await unavailable(requestTimestamp({ url: 'http://127.0.0.1:9/tsa', timeoutMs: 1000 }, sha256([data]))),
    ).toMatch(/não respondeu/);
  });

  it('refuses an answer for other bytes or another request (nonce)', async () => {
    const timestamp = await requestTimestamp({ url: pki.tsaUrl, timeoutMs: 5000 }, sha256([data]));
    expect(() => acceptResponse(timestamp.response, sha256([Buffer.from('outros')]), null)).toThrow(
      /outros dados/,
    );
    expect(() =>
      acceptResponse(timestamp.response, sha256([data]), Buffer.from('4142434445464748', 'hex')),
    ).toThrow(/nonce/);
    expect(() => acceptResponse(Buffer.from('lixo'), sha256([data]), null)).toThrow(/corrompida/);
  });
});
