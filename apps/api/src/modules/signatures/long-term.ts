import { readFileSync } from 'node:fs';
import { ErrorCode } from '@origem/contract/errors';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { loadSigning } from '../../documents/signing/load';
import type { LongTermServices } from '../../documents/signing/pades-lta';
import type { Timestamp, TsaSettings } from '../../documents/signing/tsa';
import { AppError } from '../../lib/errors';
import { revocationSettings } from './revocation';
import { databaseCache } from './revocation-cache';
import { configuredTrust } from './trust';

/**
 * The long-term services the server's signatures use: the configured time-stamping authority (TSA_URL and its
 * credentials) and revocation checked through the shared cache. What the seal (print-signed) and the evidence
 * records (evidence.ts) stand on.
 */

let clientPfx: { path: string; bytes: Buffer } | null = null;

/** The TSA settings, the client certificate's file read once; null when no authority is configured. */
export function tsaSettings(config: Pick<Config, 'timestampAuthority'>): TsaSettings | null {
  const tsa = config.timestampAuthority;
  if (!tsa) return null;
  if (tsa.clientPfx && clientPfx?.path !== tsa.clientPfx) {
    clientPfx = { path: tsa.clientPfx, bytes: readFileSync(tsa.clientPfx) };
  }
  return {
    url: tsa.url,
    username: tsa.username,
    password: tsa.password,
    clientPfx: tsa.clientPfx ? clientPfx?.bytes : undefined,
    clientPassword: tsa.clientPassword,
    policy: tsa.policy,
    timeoutMs: tsa.timeoutMs,
  };
}

/** The authority down, slow or refusing: a 503 the user may retry (nothing was changed). */
export const timestampUnavailable = (detail: string) =>
  new AppError(
    503,
    ErrorCode.ServiceUnavailable,
    `A autoridade de carimbo do tempo não respondeu; tente novamente em alguns minutos. (${detail})`,
  );

/** A timestamp over a SHA-256 digest from the configured authority (TimestampUnavailable when it fails). */
export async function timestampOf(config: Config, digest: Buffer): Promise<Timestamp> {
  const settings = tsaSettings(config);
  const { requestTimestamp, TimestampUnavailable } = await loadSigning();
  if (!settings)
    throw new TimestampUnavailable('nenhuma autoridade de carimbo do tempo configurada (TSA_URL)');
  return requestTimestamp(settings, digest);
}

/**
 * The services of a B-LTA seal, or null when no TSA is configured (outside production the demonstration seal then
 * signs at baseline B; in production the caller refuses). In production a certificate outside the trust list is
 * refused; elsewhere (the demonstration seal) it is embedded without revocation answers.
 */
export async function longTermServices(db: Executor, config: Config): Promise<LongTermServices | null> {
  if (!config.timestampAuthority) return null;
  const { gatherValidation } = await loadSigning();
  const trust = (await configuredTrust(config)) ?? [];
  return {
    policy: config.signaturePolicy ?? undefined,
    timestamp: (digest) => timestampOf(config, digest),
    validation: (certificate, pool, who) =>
      gatherValidation(certificate, pool, {
        trust,
        cache: databaseCache(db),
        settings: revocationSettings(config),
        at: new Date(),
        who,
        requireTrusted: config.production,
      }),
  };
}
