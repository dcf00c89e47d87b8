import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testCa, testPerson } from '../../documents/signing/test-pki';
import type { Failure, Operation } from '../../test/cloud-provider';
import { expect5xx } from '../../test/expect-5xx';
import { approveSigned, certificateAwaitingSignature, certificateRow } from '../certificates/test-support';
import {
  attemptsOf,
  type CloudSuite,
  callback,
  cloudPath,
  messageOf,
  openCloudSuite,
  signInCloud,
  startAttempt,
  storedCod,
} from './test-support';

/**
 * Issue 38, every way a cloud signature fails — each answered in Portuguese, the certificate left exactly as it was,
 * the attempt ended (it completes once, whatever the provider answers) and a new attempt always possible: the holder
 * refuses, never answers (ten minutes), a wrong or tampered state, the attempt used twice, a certificate of another
 * CPF (or of an untrusted authority) — refused before any hash is sent —, the provider down or silent (503 within
 * 30 s; here the timeout is one second), a signature that does not verify against the certificate it claims.
 */

let s: CloudSuite;
beforeAll(async () => {
  s = await openCloudSuite('cloud-failures-');
}, 120_000);
afterAll(async () => {
  await s?.close();
});
afterEach(() => {
  s.provider.answer('approve');
  for (const op of ['user-discovery', 'authorize', 'token', 'certificate-discovery', 'signature'] as const) {
    s.provider.fail(op, null);
  }
  s.provider.certificateOf(null);
  s.provider.signWith(null);
});

/** A certificate waiting for its first signature, and what a refusal must leave as it was. */
async function awaiting() {
  const id = await certificateAwaitingSignature(s.t, s.r, s.tok.exportador);
  const unchanged = async () => {
    expect((await certificateRow(s.t.db, id))?.status).toBe('AGUARDANDO_ASSINATURA');
    expect(await storedCod(s.t, id)).toBeUndefined();
  };
  return { id, path: cloudPath('first', id), unchanged };
}

/** After a failure, a new attempt signs: nothing was left half-done. */
async function signsAfterwards(id: number, path: string) {
  const res = await signInCloud(s, path, s.tok.exportador);
  expect(res.statusCode, res.body).toBe(200);
  expect((await certificateRow(s.t.db, id))?.status).toBe('ENVIADO');
}

describe('a cloud signature that fails changes nothing', () => {
  it('the holder refuses: 422 in Portuguese, the attempt ended, a new one signs', async () => {
    const { id, path, unchanged } = await awaiting();
    s.provider.answer('refuse');
    const attempt = await startAttempt(s.t, path, s.tok.exportador);
    const returned = await s.provider.visit(attempt.authorize_url);
    expect(returned.searchParams.get('error')).toBe('access_denied');
    const res = await callback(s.t, s.tok.exportador, returned);
    expect(res.statusCode).toBe(422);
    expect(messageOf(res)).toBe(
      'A assinatura foi recusada no Nuvem Teste. Nada foi alterado: para assinar, comece de novo e autorize no aplicativo do provedor.',
    );
    // The screen links back to the record.
    expect(res.json()).toMatchObject({ document: 'certificado', record_id: id });
    await unchanged();
    expect((await attemptsOf(s.t, id)).map((a) => a.status)).toEqual(['failed']);
    expect(s.provider.calls.at(-1)).toBe('authorize');
    s.provider.answer('approve');
    await signsAfterwards(id, path);
  });

  it('the holder never answers: after ten minutes the attempt is expired, and it never blocked a new one', async () => {
    const { id, path, unchanged } = await awaiting();
    const attempt = await startAttempt(s.t, path, s.tok.exportador);
    const returned = await s.provider.visit(attempt.authorize_url);
    // Ten minutes pass before the browser comes back.
    await s.t.db.execute(
      sql`update cloud_signature_attempts set created_at = created_at - interval '11 minutes',
            expires_at = expires_at - interval '11 minutes' where record_id = ${id}`,
    );
    const late = await callback(s.t, s.tok.exportador, returned);
    expect(late.statusCode).toBe(422);
    expect(messageOf(late)).toContain('A tentativa de assinatura em nuvem expirou (o titular tem 10 minutos');
    await unchanged();
    expect((await attemptsOf(s.t, id)).map((a) => [a.status, a.code_verifier, a.document])).toEqual([
      ['failed', null, null],
    ]);

    // A pending attempt nobody answers does not stand in the way either: the next start replaces it.
    await startAttempt(s.t, path, s.tok.exportador);
    await signsAfterwards(id, path);
    expect((await attemptsOf(s.t, id)).map((a) => a.status)).toEqual(['failed', 'superseded', 'completed']);
  });

  it("a wrong, tampered or another user's state: 422, and the attempt stays its owner's to finish", async () => {
    const { id, path, unchanged } = await awaiting();
    const attempt = await startAttempt(s.t, path, s.tok.exportador);
    const returned = await s.provider.visit(attempt.authorize_url);
    const state = returned.searchParams.get('state') ?? '';
    const code = returned.searchParams.get('code') ?? '';
    const tampered = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`;
    const before = s.provider.calls.length;
    for (const [token, body] of [
      [s.tok.exportador, { state: tampered, code }],
      [s.tok.exportador, { state: 'x', code }],
      [s.tok.exportador, { state: '', code }],
      // The state is bound to the user who started the attempt.
      [s.tok.analista, { state, code }],
    ] as const) {
      const res = await callback(s.t, token, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(messageOf(res)).toContain('não corresponde a nenhuma assinatura em nuvem iniciada por você');
      expect(res.json()).not.toHaveProperty('record_id');
    }
    await unchanged();
    expect((await attemptsOf(s.t, id)).map((a) => a.status)).toEqual(['pending']);
    expect(s.provider.calls.slice(before)).toEqual([]);
    const res = await callback(s.t, s.tok.exportador, returned);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the attempt used twice: it completes once, whatever the provider answers', async () => {
    const { id, path } = await awaiting();
    const attempt = await startAttempt(s.t, path, s.tok.exportador);
    const returned = await s.provider.visit(attempt.authorize_url);
    const before = s.provider.calls.length;
    // Two tabs post the same return at once: one signs, the other is told the attempt was used.
    const [a, b] = await Promise.all([
      callback(s.t, s.tok.exportador, returned),
      callback(s.t, s.tok.exportador, returned),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(messageOf(a.statusCode === 409 ? a : b)).toContain('já foi usada ou substituída');
    const again = await callback(s.t, s.tok.exportador, returned);
    expect(again.statusCode).toBe(409);
    expect((await certificateRow(s.t.db, id))?.status).toBe('ENVIADO');
    expect(s.provider.calls.slice(before).filter((op) => op === 'token')).toHaveLength(1);

    // A failed attempt is spent too: its return posted again does not try again.
    const other = await awaiting();
    s.provider.fail('token', 'error');
    expect5xx({ status: 503, route: '/v1/cloud_signature/callback' });
    const failing = await startAttempt(s.t, other.path, s.tok.exportador);
    const back = await s.provider.visit(failing.authorize_url);
    expect((await callback(s.t, s.tok.exportador, back)).statusCode).toBe(503);
    s.provider.fail('token', null);
    const replay = await callback(s.t, s.tok.exportador, back);
    expect(replay.statusCode).toBe(409);
    await other.unchanged();
  });

  it('a certificate of another CPF, or of an authority not trusted, is refused before any hash is sent', async () => {
    const { id, path, unchanged } = await awaiting();
    const stranger = testCa('AC Estranha');
    const untrusted = testPerson(stranger, { name: 'RESPONSAVEL LEGAL', cpf: s.holders.representative.cpf });
    for (const [handed, words] of [
      [
        s.holders.other,
        `O CPF do certificado digital (${s.holders.other.cpf}) não é o CPF do responsável legal.`,
      ],
      [
        { name: 'RESPONSAVEL LEGAL', certPem: untrusted.certPem },
        'O certificado digital não foi emitido por uma autoridade certificadora confiável (ICP-Brasil).',
      ],
    ] as const) {
      s.provider.certificateOf(handed);
      const before = s.provider.calls.length;
      const res = await signInCloud(s, path, s.tok.exportador);
      expect(res.statusCode, res.body).toBe(422);
      expect(messageOf(res)).toBe(words);
      expect(s.provider.calls.slice(before)).toEqual(['authorize', 'token', 'certificate-discovery']);
      await unchanged();
    }
    expect((await attemptsOf(s.t, id)).map((a) => a.status)).toEqual(['failed', 'failed']);
    s.provider.certificateOf(null);
    await signsAfterwards(id, path);
  });

  it('the provider down or silent: 503 within 30 s, in Portuguese, nothing changed', async () => {
    const { id, path, unchanged } = await awaiting();
    expect5xx({ status: 503, route: '/v1/cloud_signature/callback' });
    const cases: [Operation, Failure][] = [
      ['token', 'silent'],
      ['token', 'drop'],
      ['certificate-discovery', 'silent'],
      ['signature', 'silent'],
      ['signature', 'error'],
    ];
    for (const [op, how] of cases) {
      s.provider.fail(op, how);
      const attempt = await startAttempt(s.t, path, s.tok.exportador);
      const returned = await s.provider.visit(attempt.authorize_url);
      const started = Date.now();
      const res = await callback(s.t, s.tok.exportador, returned);
      const took = Date.now() - started;
      expect(res.statusCode, `${op} ${how}: ${res.body}`).toBe(503);
      expect(messageOf(res)).toBe(
        'O provedor de assinatura em nuvem Nuvem Teste não respondeu a tempo ou está fora do ar. Nada foi alterado: tente de novo em alguns minutos ou use outro meio de assinatura.',
      );
      // One-second timeouts here: a silent provider costs about a second per call, far under 30 s.
      expect(took).toBeLessThan(5_000);
      await unchanged();
      s.provider.fail(op, null);
    }
    expect((await attemptsOf(s.t, id)).every((a) => a.status === 'failed')).toBe(true);
    await signsAfterwards(id, path);
  }, 60_000);

  it('a signature that does not verify against the certificate it claims: 422, nothing changed', async () => {
    const { id, path, unchanged } = await awaiting();
    s.provider.signWith(s.holders.other.keyPem);
    const res = await signInCloud(s, path, s.tok.exportador);
    expect(res.statusCode, res.body).toBe(422);
    expect(messageOf(res)).toBe(
      'A assinatura devolvida pelo Nuvem Teste não confere com o certificado digital informado por ele. Nada foi alterado.',
    );
    await unchanged();
    s.provider.signWith(null);
    await signsAfterwards(id, path);
  });

  it("the official's signature fails the same way and leaves the approved certificate as it was", async () => {
    const { id } = await awaiting();
    await signsAfterwards(id, cloudPath('first', id));
    await approveSigned(s.t, s.tok.analista, id);
    const before = await storedCod(s.t, id);
    s.provider.certificateOf(s.holders.representative);
    const res = await signInCloud(s, cloudPath('second', id), s.tok.analista);
    expect(res.statusCode).toBe(422);
    expect(messageOf(res)).toContain('não é o CPF do usuário que assina pela entidade');
    expect((await certificateRow(s.t.db, id))?.status).toBe('APROVADO');
    expect(await storedCod(s.t, id)).toEqual(before);
  });
});
