import { createHash, verify, X509Certificate } from 'node:crypto';
import { ErrorCode } from '@origem/contract/errors';
import {
  CLOUD_ATTEMPT_MINUTES,
  type CloudAttempt,
  type CloudCallback,
  type CloudCallbackResult,
  type CloudDiscovery,
  type CloudRecord,
  cloudSignatureMessages as text,
} from '@origem/contract/schemas/cloud-signature';
import { formatCpf } from '@origem/contract/validators/tax-id';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { loadSigning } from '../../documents/signing/load';
import type { FileStorage } from '../../files/storage';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, fieldError, forbidden } from '../../lib/errors';
import { sha256 } from '../../lib/secrets';
import * as q from './attempt-queries';
import { checkProviderCertificate } from './certificate-check';
import { newAttemptSecrets } from './pkce';
import { callbackUrl, type KeyedProvider, providerByKey, signingProviders } from './provider-service';
import { authorizeUrl, discoverHolder, exchangeCode, fetchCertificate, signHash } from './psc-client';
import { type Purpose, TARGETS } from './targets';

/**
 * Signing with a cloud certificate (issue 38), in three calls:
 *  1. discovery — who must sign, and which providers keep a certificate of their CPF (each provider's user discovery);
 *  2. start — the holder picked a provider: an attempt is stored (state's hash, the sealed PKCE verifier, the
 *     document handed out, expiry in ten minutes) and the browser is sent to the provider's authorize page;
 *  3. callback — the browser came back with `code` and `state` (or an error): the attempt is claimed once, the code
 *     exchanged, the certificate fetched and checked as A1/A3 certificates are, ONE signature of the SignedInfo's
 *     digest asked for and checked against that certificate, and the signed document goes through the A3 path's
 *     accept step, which verifies and stores it as an A1 signature and moves the record on.
 * Every refusal is answered in Portuguese and changes nothing but the attempt, which ends failed; the provider's
 * code and access token live in this request's memory only.
 */

const ATTEMPT_MS = CLOUD_ATTEMPT_MINUTES * 60_000;
/** The access token's lifetime asked for: it signs at once, within the attempt's window. */
const TOKEN_LIFETIME_SECONDS = CLOUD_ATTEMPT_MINUTES * 60;

const refusal = (message: string, status = 422) => new AppError(status, ErrorCode.FlowActionRefused, message);

/** The attempt is this session's: a personal API token cannot open a browser at the provider. */
function requireSession(ctx: ServiceContext): void {
  if (ctx.apiToken) throw forbidden(text.noSession);
}

function signerCpfOf(signer: { cpf: string | null }): string {
  const cpf = signer.cpf?.replace(/\D/g, '') ?? '';
  if (cpf.length !== 11) throw refusal(text.missingCpf);
  return cpf;
}

/** GET …/signature/cloud/{id}: who must sign and, provider by provider, whether it keeps their certificate. */
export async function discover(
  db: Database,
  ctx: ServiceContext,
  config: Config,
  actor: Actor,
  purpose: Purpose,
  id: number,
): Promise<CloudDiscovery> {
  requireSession(ctx);
  const handed = await TARGETS[purpose].handOut(db, ctx, actor, id, new Date());
  const cpf = signerCpfOf(handed.signer);
  const providers = await signingProviders(db, config);
  const statuses = await Promise.all(
    providers.map((p) =>
      discoverHolder(p, cpf, config.cloudSignature.timeoutMs).catch(() => 'unavailable' as const),
    ),
  );
  return {
    signer: { name: handed.signer.name, cpf: formatCpf(cpf) },
    providers: providers.map((p, i) => ({ key: p.key, name: p.name, status: statuses[i] ?? 'unavailable' })),
  };
}

/**
 * POST …/signature/cloud/{id}: a new attempt with the provider the holder picked (older pending ones of this user on
 * this signature stop waiting), and the authorize address the browser goes to.
 */
export async function start(
  db: Database,
  ctx: ServiceContext,
  config: Config,
  actor: Actor,
  purpose: Purpose,
  id: number,
  providerKey: string,
): Promise<CloudAttempt> {
  requireSession(ctx);
  const provider = await providerByKey(db, config, providerKey);
  if (!provider) throw fieldError('provider', text.unknownProvider);
  const target = TARGETS[purpose];
  const startedAt = new Date();
  const handed = await target.handOut(db, ctx, actor, id, startedAt);
  const cpf = signerCpfOf(handed.signer);
  const { state, verifier, challenge } = newAttemptSecrets();
  const expiresAt = new Date(startedAt.getTime() + ATTEMPT_MS);
  await db.transaction(async (tx) => {
    await q.supersedePending(tx, purpose, id, actor.id);
    await q.insertAttempt(tx, {
      stateHash: sha256(state),
      purpose,
      recordId: id,
      userId: actor.id,
      providerKey: provider.key,
      providerName: provider.name,
      signerCpf: cpf,
      verifier,
      document: handed.document,
      createdAt: startedAt,
      expiresAt,
    });
    await recordAudit(tx, ctx, {
      event: 'cloud_signature_requested',
      type: target.auditType,
      id,
      new: {
        provider: provider.name,
        target: typeof target.part === 'string' ? target.part : target.part.id,
      },
    });
  });
  return {
    authorize_url: authorizeUrl(provider, {
      redirectUri: callbackUrl(config),
      state,
      challenge,
      cpf,
      lifetimeSeconds: TOKEN_LIFETIME_SECONDS,
    }),
    expires_at: expiresAt.toISOString(),
  };
}

/** The same refusal, now saying which record it was about (the callback page links back to it). */
function aboutRecord(err: unknown, record: CloudRecord): unknown {
  if (!(err instanceof AppError)) return err;
  return new AppError(err.status, err.code, err.message, err.errors, { ...err.details, ...record });
}

/**
 * The provider's RSA-SHA256 value of the canonical SignedInfo: its digest is the one hash sent, and the raw
 * PKCS#1 v1.5 signature that comes back must verify with the certificate the provider handed out.
 */
async function signAtProvider(
  provider: KeyedProvider,
  accessToken: string,
  certificatePem: string,
  xml: string,
  purpose: Purpose,
  recordId: number,
  timeoutMs: number,
): Promise<string> {
  const target = TARGETS[purpose];
  const { signPartRemotely } = await loadSigning();
  const publicKey = new X509Certificate(certificatePem).publicKey;
  return signPartRemotely(xml, target.part, certificatePem, async (signedInfo) => {
    const hash = createHash('sha256').update(signedInfo).digest();
    const raw = await signHash(
      provider,
      accessToken,
      { id: `origem-${purpose}-${recordId}`, alias: target.alias(recordId), hash },
      timeoutMs,
    );
    let valid = false;
    try {
      valid = verify('sha256', signedInfo, publicKey, raw);
    } catch {
      valid = false;
    }
    if (!valid) throw refusal(text.signatureInvalid(provider.name));
    return raw;
  });
}

/** POST /v1/cloud_signature/callback: what the provider put on the callback address, for the signed-in user. */
export async function complete(
  db: Database,
  files: FileStorage,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  input: CloudCallback,
): Promise<CloudCallbackResult> {
  requireSession(ctx);
  const claim = await q.claimAttempt(db, sha256(input.state), actor.id, text.attemptExpired);
  if (claim.kind === 'unknown') throw refusal(text.stateInvalid);
  const target = TARGETS[claim.row.purpose];
  const record: CloudRecord = {
    document: target.document,
    record_id: claim.row.record_id,
    purpose: claim.row.purpose,
  };
  if (claim.kind !== 'claimed') {
    throw aboutRecord(
      claim.kind === 'used' ? refusal(text.attemptUsed, 409) : refusal(text.attemptExpired),
      record,
    );
  }

  const { row, verifier } = claim;
  const timeoutMs = config.cloudSignature.timeoutMs;
  try {
    const provider = await providerByKey(db, config, row.provider_key);
    if (!provider) throw refusal(text.unknownProvider);
    if (input.error) {
      throw refusal(
        input.error === 'access_denied'
          ? text.holderRefused(provider.name)
          : text.providerRefused(provider.name, input.error.slice(0, 60)),
      );
    }
    if (!input.code) throw refusal(text.noCode(provider.name));
    const { accessToken, identification } = await exchangeCode(
      provider,
      { code: input.code, verifier, redirectUri: callbackUrl(config) },
      timeoutMs,
    );
    if (identification?.length === 11 && identification !== row.signer_cpf) {
      throw refusal(text.otherIdentity(provider.name));
    }
    const certificatePem = await fetchCertificate(provider, accessToken, timeoutMs);
    // Before any hash leaves: the certificate must be the signer's, valid and trusted.
    await checkProviderCertificate(
      db,
      config,
      certificatePem,
      { cpf: row.signer_cpf, who: target.who },
      new Date(),
    );
    const signed = await signAtProvider(
      provider,
      accessToken,
      certificatePem,
      row.document,
      row.purpose,
      row.record_id,
      timeoutMs,
    );
    const done = await target.accept(
      db,
      files,
      config,
      ctx,
      actor,
      row.record_id,
      { xml: row.document, issuedAt: row.created_at },
      signed,
      async (tx) => {
        if (!(await q.completeAttempt(tx, row.id))) throw refusal(text.attemptUsed, 409);
      },
    );
    return { message: done.message ?? 'Assinatura registrada.', ...record };
  } catch (err) {
    await closeFailed(db, ctx, row, target.auditType, err);
    throw aboutRecord(err, record);
  }
}

/** The attempt ends failed, with the reason the signer read, in the audit trail too. */
async function closeFailed(
  db: Database,
  ctx: ServiceContext,
  row: q.AttemptRow,
  auditType: 'certificate' | 'declaration',
  err: unknown,
): Promise<void> {
  const reason = err instanceof AppError ? err.message : 'Falha inesperada.';
  await db.transaction(async (tx) => {
    if (!(await q.failAttempt(tx, row.id, reason))) return;
    await recordAudit(tx, ctx, {
      event: 'cloud_signature_failed',
      type: auditType,
      id: row.record_id,
      new: { provider: row.provider_name, reason },
    });
  });
}
