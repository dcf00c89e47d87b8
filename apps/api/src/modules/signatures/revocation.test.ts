import { X509Certificate } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { SignatureRefused } from '../../documents/signing/errors';
import { openTestDatabase } from '../../test/database';
import { type LoopbackPki, startLoopbackPki } from '../../test/loopback-pki';
import { checkRevocation } from './revocation';

/**
 * The one revocation check (issue 37) on a real database: answers kept in revocation_answers for every instance,
 * read back until their nextUpdate and never beyond; revoked and unknown refused.
 */

let handle: DatabaseHandle;
let pki: LoopbackPki;
const config = { revocationTimeoutMs: 5000 };

beforeAll(async () => {
  handle = await openTestDatabase();
  pki = await startLoopbackPki();
}, 60_000);
afterAll(async () => {
  await pki?.close();
  await handle?.close();
});

const chain = () => [pki.caPem, pki.rootPem].map((p) => new X509Certificate(p));

describe('checkRevocation', () => {
  it('keeps a CRL in the table until its nextUpdate, shared by every caller; then asks again', async () => {
    const person = await pki.issuePerson({ name: 'LCR', cpf: '12345678909', ocsp: false });
    const certificate = new X509Certificate(person.certPem);
    const start = pki.served.crl;
    const statuses = await checkRevocation(handle.db, config, certificate, chain(), new Date(), 'x');
    expect(statuses.map((s) => [s.answer.kind, s.status])).toEqual([
      ['crl', 'good'],
      ['crl', 'good'],
    ]);
    // Both CRLs (the issuing CA's and the root's) fetched once, then read from the table.
    expect(pki.served.crl - start).toBe(2);
    await checkRevocation(handle.db, config, certificate, chain(), new Date(), 'x');
    expect(pki.served.crl - start).toBe(2);
    const rows = await queryRows<{ kind: string; next_update: Date }>(
      handle.db,
      sql`select kind, next_update from revocation_answers order by id`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['crl', 'crl']);
    expect(rows.every((r) => new Date(r.next_update).getTime() > Date.now())).toBe(true);
    // Past its nextUpdate an answer is never used: fetched again.
    await handle.db.execute(sql`update revocation_answers set next_update = now() - interval '1 second'`);
    await checkRevocation(handle.db, config, certificate, chain(), new Date(), 'x');
    expect(pki.served.crl - start).toBe(4);
  });

  it('refuses a revoked certificate ("revogado") and an unknown status', async () => {
    const person = await pki.issuePerson({ name: 'REVOGADA', cpf: '98765432100' });
    await pki.revoke(person);
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => '',
        (err: Error) => (err instanceof SignatureRefused ? err.message : `outro erro: ${err.message}`),
      );
    expect(
      await refusal(
        checkRevocation(
          handle.db,
          config,
          new X509Certificate(person.certPem),
          chain(),
          new Date(),
          'REVOGADA',
        ),
      ),
    ).toMatch(/REVOGADA foi revogado em/);
    const silent = await pki.issuePerson({
      name: 'SEM RESPOSTA',
      cpf: '11144477735',
      ocsp: false,
      crl: false,
    });
    expect(
      await refusal(
        checkRevocation(handle.db, config, new X509Certificate(silent.certPem), chain(), new Date(), 'x'),
      ),
    ).toMatch(/situação desconhecida/);
  });
});
