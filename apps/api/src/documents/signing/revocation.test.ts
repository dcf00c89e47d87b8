import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackPki, startLoopbackPki } from '../../test/loopback-pki';
import { SignatureRefused } from './errors';
import {
  certificateStatus,
  checkChainRevocation,
  type RevocationCache,
  statusFromAnswers,
} from './revocation';

/**
 * Revocation against OpenSSL's own OCSP responder and CRLs (the loopback PKI): good, revoked, unknown, and the
 * cache kept until nextUpdate and never beyond.
 */

let pki: LoopbackPki;
beforeAll(async () => {
  pki = await startLoopbackPki();
});
afterAll(() => pki.close());

/** The cache as a map (the server's is a table: modules/signatures/revocation-cache.ts). */
function memoryCache() {
  const kept = new Map<string, { der: Buffer; nextUpdate: Date }>();
  const cache: RevocationCache = {
    find: async (kind, url, key, now) => {
      const entry = kept.get(`${kind} ${url} ${key}`);
      return entry && entry.nextUpdate > now ? entry.der : null;
    },
    keep: async (answer) => {
      kept.set(`${answer.kind} ${answer.url} ${answer.key}`, answer);
    },
  };
  return { cache, kept };
}

const settings = { timeoutMs: 5000 };
const chainOf = (pem: string) => [pem, pki.caPem, pki.rootPem].map((p) => new X509Certificate(p));

async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (err) {
    if (err instanceof SignatureRefused) return err.message;
    throw err;
  }
  throw new Error('deveria ter recusado');
}

describe('revocation at signing time', () => {
  it('asks OCSP first, the issuing CA through the root CRL, and says good', async () => {
    const person = await pki.issuePerson({ name: 'MARIA', cpf: '12345678909' });
    const { cache } = memoryCache();
    const before = { ...pki.served };
    const statuses = await checkChainRevocation(chainOf(person.certPem), cache, settings, {
      at: new Date(),
      who: 'quem assina',
    });
    expect(statuses.map((s) => [s.answer.kind, s.status])).toEqual([
      ['ocsp', 'good'],
      ['crl', 'good'],
    ]);
    expect(pki.served.ocsp - before.ocsp).toBe(1);
    expect(pki.served.crl - before.crl).toBe(1);
  });

  it('refuses a revoked certificate with "revogado"; a signature made before still reads good then', async () => {
    const person = await pki.issuePerson({ name: 'JOAO', cpf: '98765432100' });
    const before = new Date(Date.now() - 60_000);
    await pki.revoke(person);
    const { cache } = memoryCache();
    const message = await refusal(() =>
      checkChainRevocation(chainOf(person.certPem), cache, settings, { at: new Date(), who: 'JOAO' }),
    );
    expect(message).toMatch(/JOAO foi revogado em/);
    // The same answer, for a signature made before the revocation.
    const [status] = await checkChainRevocation(chainOf(person.certPem), cache, settings, {
      at: before,
      who: 'JOAO',
    });
    expect(status?.status).toBe('revoked');
    const chain = chainOf(person.certPem);
    const read = statusFromAnswers(
      chain[0] as X509Certificate,
      chain[1] as X509Certificate,
      { ocsps: [status?.answer.der as Buffer], crls: [] },
      before,
    );
    expect(read?.statusAt).toBe('good');
  });

  it('falls back to the CRL; refuses when no address answers (unknown) or none is named', async () => {
    const crlOnly = await pki.issuePerson({ name: 'SO LCR', cpf: '11144477735', ocsp: false });
    const { cache } = memoryCache();
    const [status] = await checkChainRevocation(chainOf(crlOnly.certPem), cache, settings, {
      at: new Date(),
      who: 'x',
    });
    expect(status?.answer.kind).toBe('crl');
    await pki.revoke(crlOnly);
    expect(
      await refusal(() =>
        checkChainRevocation(chainOf(crlOnly.certPem), memoryCache().cache, settings, {
          at: new Date(),
          who: 'SO LCR',
        }),
      ),
    ).toMatch(/revogado/);

    const none = await pki.issuePerson({ name: 'SEM ENDERECO', cpf: '52998224725', ocsp: false, crl: false });
    expect(
      await refusal(() =>
        checkChainRevocation(chainOf(none.certPem), cache, settings, { at: new Date(), who: 'x' }),
      ),
    ).toMatch(/situação desconhecida.*não indica onde consultar/);
  });

  it('keeps answers until their nextUpdate and never beyond; never one without', async () => {
    const person = await pki.issuePerson({ name: 'CACHE', cpf: '39053344705', ocsp: false });
    const chain = chainOf(person.certPem);
    const { cache, kept } = memoryCache();
    pki.settings.crlSeconds = 2;
    try {
      const start = pki.served.crl;
      await certificateStatus(chain[0] as X509Certificate, chain[1] as X509Certificate, cache, settings);
      await certificateStatus(chain[0] as X509Certificate, chain[1] as X509Certificate, cache, settings);
      expect(pki.served.crl - start).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await certificateStatus(chain[0] as X509Certificate, chain[1] as X509Certificate, cache, settings);
      expect(pki.served.crl - start).toBe(2);
    } finally {
      pki.settings.crlSeconds = 3600;
    }
    // The OCSP responder here gives no nextUpdate: its answers are asked each time, never kept.
    const withOcsp = await pki.issuePerson({ name: 'OCSP', cpf: '71428793860' });
    const ocspChain = chainOf(withOcsp.certPem);
    const start = pki.served.ocsp;
    await certificateStatus(
      ocspChain[0] as X509Certificate,
      ocspChain[1] as X509Certificate,
      cache,
      settings,
    );
    await certificateStatus(
      ocspChain[0] as X509Certificate,
      ocspChain[1] as X509Certificate,
      cache,
      settings,
    );
    expect(pki.served.ocsp - start).toBe(2);
    expect([...kept.keys()].some((k) => k.startsWith('ocsp'))).toBe(false);
  });
});
